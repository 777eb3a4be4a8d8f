import LeftOutlined from '@ant-design/icons/LeftOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import RightOutlined from '@ant-design/icons/RightOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PriceInput, PriceRow, PriceUpdateInput } from '@fleetdesk/contracts/short-term';
import { InlineFailure, useInlineFailure } from '../../../components/inline-failure';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { useAccess } from '../../../lib/access';
import { serverFieldErrors } from '../../../lib/field-failure';
import { formatDate, formatMoney } from '../../../lib/format';
import {
  carTypesQuery,
  priceDaysQuery,
  pricesQuery,
  storeOptionsQuery,
  useDeletePrice,
  useSavePrice,
  useSetPriceDays,
} from '../api/short-term';
import { dayRanges, isWeekend, monthGrid } from '../model/price-days';

type PriceValues = Omit<PriceInput, 'storeId' | 'carTypeId'> & { storeId?: number; carTypeId?: number };

function PriceForm({ price, onClose }: { price: PriceRow | null; onClose: () => void }) {
  const { t } = useTranslation('shortTerm');
  const stores = useQuery(storeOptionsQuery());
  const types = useQuery(carTypesQuery());
  const [form] = Form.useForm<PriceValues>();
  const save = useSavePrice();
  const inline = useInlineFailure();
  const [unlimited, setUnlimited] = useState(price ? price.mileageLimitKm === null : true);
  const submit = async () => {
    const v = await form.validateFields();
    const body = {
      ...v,
      storeId: v.storeId!,
      carTypeId: v.carTypeId!,
      mileageLimitKm: unlimited ? null : v.mileageLimitKm,
    };
    try {
      const done = await inline.run(() =>
        save.mutateAsync(
          price ? ({ ...body, id: price.id, version: price.version } as PriceUpdateInput) : (body as PriceInput),
        ),
      );
      if (done) onClose();
    } catch (e) {
      const named = serverFieldErrors(e);
      if (named.length) form.setFields(named.map((x) => ({ name: x.path as keyof PriceValues, errors: [x.message] })));
    }
  };
  const money = (name: keyof PriceValues, label: string, required = false) => (
    <Form.Item name={name} label={label} rules={required ? [{ required: true }] : undefined}>
      <InputNumber min={0} max={1_000_000} precision={2} style={{ width: 150 }} />
    </Form.Item>
  );
  const pct = (name: keyof PriceValues, label: string) => (
    <Form.Item name={name} label={label}>
      <InputNumber min={0} max={90} precision={2} suffix="%" style={{ width: 120 }} />
    </Form.Item>
  );
  return (
    <Modal
      open
      width={720}
      title={price ? t('prices.edit', { store: price.storeName, type: price.carTypeName }) : t('prices.create')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('save')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <InlineFailure failure={inline.failure} onClose={inline.clear} />
      <Form<PriceValues>
        form={form}
        layout="vertical"
        initialValues={
          price ?? { discount7: 0, discount15: 0, discount30: 0, overKmPrice: 0, damageDeposit: 0, violationDeposit: 0 }
        }
      >
        <Space wrap>
          <Form.Item name="storeId" label={t('fields.store')} rules={[{ required: true }]}>
            <Select
              disabled={!!price}
              style={{ width: 200 }}
              options={(stores.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
            />
          </Form.Item>
          <Form.Item name="carTypeId" label={t('fields.carType')} rules={[{ required: true }]}>
            <Select
              disabled={!!price}
              style={{ width: 200 }}
              showSearch
              optionFilterProp="label"
              options={(types.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            />
          </Form.Item>
        </Space>
        <Space wrap>
          {money('weekdayPrice', t('prices.weekday'), true)}
          {money('weekendPrice', t('prices.weekend'), true)}
        </Space>
        <Space wrap>
          {pct('discount7', t('prices.discount7'))}
          {pct('discount15', t('prices.discount15'))}
          {pct('discount30', t('prices.discount30'))}
        </Space>
        <Space wrap align="end">
          <Form.Item label={t('prices.mileageLimit')}>
            <Space>
              <Select
                aria-label={t('prices.mileageLimit')}
                value={unlimited ? 'none' : 'limit'}
                onChange={(v) => setUnlimited(v === 'none')}
                style={{ width: 130 }}
                options={[
                  { value: 'none', label: t('quote.unlimited') },
                  { value: 'limit', label: t('prices.limited') },
                ]}
              />
              {!unlimited && (
                <Form.Item name="mileageLimitKm" noStyle rules={[{ required: true }]}>
                  <InputNumber min={1} max={5000} precision={0} suffix={t('prices.kmPerDay')} style={{ width: 150 }} />
                </Form.Item>
              )}
            </Space>
          </Form.Item>
          {money('overKmPrice', t('prices.overKm'))}
        </Space>
        <Space wrap>
          {money('damageDeposit', t('quote.damageDeposit'))}
          {money('violationDeposit', t('quote.violationDeposit'))}
        </Space>
      </Form>
    </Modal>
  );
}

const monthOf = (day: string) => day.slice(0, 7);
function shiftMonth(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return d.toISOString().slice(0, 7);
}

/** The date prices of one store and car type: a month's grid, days chosen by click, a price set on them or cleared. */
export function PriceDaysDialog({ price, onClose, today }: { price: PriceRow; onClose: () => void; today?: string }) {
  const { t } = useTranslation('shortTerm');
  const access = useAccess();
  const { message } = App.useApp();
  const [month, setMonth] = useState(monthOf(today ?? formatDate(new Date())));
  const grid = monthGrid(month);
  const days = grid.filter((d): d is string => !!d);
  const query = useQuery(
    priceDaysQuery({ storeId: price.storeId, carTypeId: price.carTypeId, from: days[0]!, to: days.at(-1)! }),
  );
  const special = new Map((query.data?.days ?? []).map((d) => [d.day, d.price]));
  const [chosen, setChosen] = useState<string[]>([]);
  const [value, setValue] = useState<number | null>(null);
  const set = useSetPriceDays();
  const canEdit = access.can('sevenShort:edit');
  const toggle = (d: string) => setChosen((c) => (c.includes(d) ? c.filter((x) => x !== d) : [...c, d]));
  const apply = async (p: number | null) => {
    const runs = dayRanges(chosen).map((r) => ({
      storeId: price.storeId,
      carTypeId: price.carTypeId,
      from: r.from,
      to: r.to,
      price: p,
    }));
    await set.mutateAsync(runs);
    setChosen([]);
    void message.success(
      p === null ? t('prices.cleared', { count: chosen.length }) : t('prices.set', { count: chosen.length }),
    );
  };
  const weekdays = [0, 1, 2, 3, 4, 5, 6].map((i) => t(`prices.weekdays.${i}`));
  return (
    <Modal
      open
      width={640}
      title={t('prices.daysTitle', { store: price.storeName, type: price.carTypeName })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('close')}</Button>}
      destroyOnHidden
    >
      <Space style={{ marginBottom: 8 }}>
        <Button
          aria-label={t('prices.prevMonth')}
          icon={<LeftOutlined />}
          onClick={() => setMonth(shiftMonth(month, -1))}
        />
        <strong data-testid="price-month">{month}</strong>
        <Button
          aria-label={t('prices.nextMonth')}
          icon={<RightOutlined />}
          onClick={() => setMonth(shiftMonth(month, 1))}
        />
        <span className="fd-muted">
          {t('prices.baseHint', { weekday: formatMoney(price.weekdayPrice), weekend: formatMoney(price.weekendPrice) })}
        </span>
      </Space>
      <div className="fd-short-month" role="group" aria-label={month}>
        {weekdays.map((w) => (
          <div key={w} className="fd-muted">
            {w}
          </div>
        ))}
        {grid.map((d, i) => {
          if (!d) return <div key={`pad${i}`} />;
          const own = special.get(d);
          const base = isWeekend(d) ? price.weekendPrice : price.weekdayPrice;
          return (
            <button
              key={d}
              type="button"
              className="fd-short-day"
              aria-pressed={chosen.includes(d)}
              aria-label={d}
              disabled={!canEdit}
              onClick={() => toggle(d)}
            >
              <div>{Number(d.slice(8))}</div>
              <div className={own !== undefined ? 'fd-short-day-special' : 'fd-muted'}>{formatMoney(own ?? base)}</div>
            </button>
          );
        })}
      </div>
      {canEdit && (
        <Space wrap style={{ marginTop: 12 }}>
          <span>{t('prices.chosen', { count: chosen.length })}</span>
          <InputNumber
            aria-label={t('prices.dayPrice')}
            min={0}
            max={1_000_000}
            precision={2}
            value={value}
            onChange={(v) => setValue(v)}
            style={{ width: 150 }}
          />
          <Button
            type="primary"
            disabled={!chosen.length || value === null}
            loading={set.isPending}
            onClick={() => void apply(value).catch(() => undefined)}
          >
            {t('prices.setPrice')}
          </Button>
          <Button disabled={!chosen.length} onClick={() => void apply(null).catch(() => undefined)}>
            {t('prices.clear')}
          </Button>
          <Button type="link" onClick={() => setChosen(days)}>
            {t('prices.chooseMonth')}
          </Button>
        </Space>
      )}
    </Modal>
  );
}

/** `/sevenShort/prices`: the prices per store and car type, their form, and each one's date prices. */
export function PricesTab() {
  const { t } = useTranslation('shortTerm');
  const access = useAccess();
  const { modal } = App.useApp();
  const stores = useQuery(storeOptionsQuery());
  const types = useQuery(carTypesQuery());
  const remove = useDeletePrice();
  const [form, setForm] = useState<PriceRow | 'new' | null>(null);
  const [days, setDays] = useState<PriceRow | null>(null);
  const fields = useMemo<FilterField[]>(
    () => [
      {
        type: 'select',
        name: 'storeId',
        label: t('fields.store'),
        options: (stores.data ?? []).map((s) => ({ value: String(s.id), label: s.name })),
      },
      {
        type: 'select',
        name: 'carTypeId',
        label: t('fields.carType'),
        options: (types.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
      },
    ],
    [t, stores.data, types.data],
  );
  const pct = (v: number) => (v ? `${v}%` : '-');
  const columns: ListColumn<PriceRow>[] = [
    { key: 'store', title: t('columns.store'), dataIndex: 'storeName', fixed: 'left' },
    { key: 'type', title: t('columns.carType'), dataIndex: 'carTypeName' },
    { key: 'weekday', title: t('prices.weekday'), align: 'right', render: (_, p) => formatMoney(p.weekdayPrice) },
    { key: 'weekend', title: t('prices.weekend'), align: 'right', render: (_, p) => formatMoney(p.weekendPrice) },
    {
      key: 'discounts',
      title: t('prices.discounts'),
      render: (_, p) => `${pct(p.discount7)} / ${pct(p.discount15)} / ${pct(p.discount30)}`,
    },
    {
      key: 'km',
      title: t('prices.mileageLimit'),
      render: (_, p) =>
        p.mileageLimitKm === null ? t('quote.unlimited') : `${p.mileageLimitKm} ${t('prices.kmPerDay')}`,
    },
    {
      key: 'deposits',
      title: t('columns.deposits'),
      render: (_, p) => `${formatMoney(p.damageDeposit)} + ${formatMoney(p.violationDeposit)}`,
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_, p) => (
        <Space size={0} wrap onClick={(e) => e.stopPropagation()}>
          <Button type="link" onClick={() => setDays(p)}>
            {t('prices.days')}
          </Button>
          {access.can('sevenShort:edit') && (
            <Button type="link" onClick={() => setForm(p)}>
              {t('edit')}
            </Button>
          )}
          {access.can('sevenShort:delete') && (
            <Button
              type="link"
              danger
              onClick={() =>
                modal.confirm({
                  title: t('prices.deleteConfirm', { store: p.storeName, type: p.carTypeName }),
                  okButtonProps: { danger: true },
                  onOk: () => remove.mutateAsync(p.id),
                })
              }
            >
              {t('delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <ListPage<PriceRow>
        id="short-prices"
        filters={fields}
        toolbar={
          access.can('sevenShort:add') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm('new')}>
              {t('prices.create')}
            </Button>
          ) : null
        }
        columns={columns}
        rowKey={(p) => p.id}
        query={(p) =>
          pricesQuery({
            ...(p.filters.storeId ? { storeId: Number(p.filters.storeId) } : {}),
            ...(p.filters.carTypeId ? { carTypeId: Number(p.filters.carTypeId) } : {}),
            pageNum: p.pageNum,
            pageSize: p.pageSize,
          })
        }
        emptyText={t('prices.empty')}
      />
      {form && <PriceForm price={form === 'new' ? null : form} onClose={() => setForm(null)} />}
      {days && <PriceDaysDialog price={days} onClose={() => setDays(null)} />}
    </>
  );
}
