import PlusOutlined from '@ant-design/icons/PlusOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoreInput, StoreRow, StoreUpdateInput } from '@fleetdesk/contracts/short-term';
import { CarLink } from '../../../components/entity-links';
import { InlineFailure, useInlineFailure } from '../../../components/inline-failure';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { useAccess } from '../../../lib/access';
import { serverFieldErrors } from '../../../lib/field-failure';
import { formatDateTime, formatMoney, formatPlate } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import {
  carOptionsQuery,
  storeCarsQuery,
  storesQuery,
  useAddStoreCars,
  useDeleteStore,
  useRemoveStoreCar,
  useSaveStore,
} from '../api/short-term';
import { BookingLinkOf } from '../components/booking-link';

type StoreValues = Omit<StoreInput, 'rentId'> & { rentId?: number };

/** The store form: where it is (address, map coordinates), its hours, notice, days ahead and delivery. */
function StoreForm({ store, onClose }: { store: StoreRow | null; onClose: () => void }) {
  const { t } = useTranslation('shortTerm');
  const rents = useSession((s) => s.user?.rents ?? []);
  const rentId = useSession((s) => s.user?.rentId);
  const [form] = Form.useForm<StoreValues>();
  const save = useSaveStore();
  const inline = useInlineFailure();
  const submit = async () => {
    const v = await form.validateFields();
    const body = { ...v, rentId: v.rentId! };
    try {
      const done = await inline.run(() =>
        save.mutateAsync(
          store ? ({ ...body, id: store.id, version: store.version } as StoreUpdateInput) : (body as StoreInput),
        ),
      );
      if (done) onClose();
    } catch (e) {
      const named = serverFieldErrors(e);
      if (named.length) form.setFields(named.map((x) => ({ name: x.path as keyof StoreValues, errors: [x.message] })));
    }
  };
  return (
    <Modal
      open
      width={720}
      title={store ? t('stores.edit', { name: store.name }) : t('stores.create')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('save')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <InlineFailure failure={inline.failure} onClose={inline.clear} />
      <Form<StoreValues>
        form={form}
        layout="vertical"
        initialValues={
          store ?? {
            rentId,
            opensAt: '08:00',
            closesAt: '20:00',
            minNoticeHours: 2,
            maxDaysAhead: 90,
            deliveryRadiusKm: 0,
            deliveryFee: 0,
            enabled: true,
          }
        }
      >
        <Space wrap>
          <Form.Item name="name" label={t('stores.name')} rules={[{ required: true, whitespace: true }]}>
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name="rentId" label={t('stores.rent')} rules={[{ required: true }]}>
            <Select
              style={{ width: 200 }}
              options={rents.map((r) => ({ value: r.id, label: r.shortName || r.name }))}
            />
          </Form.Item>
          <Form.Item name="phone" label={t('stores.phone')} rules={[{ required: true, whitespace: true }]}>
            <Input maxLength={20} />
          </Form.Item>
        </Space>
        <Form.Item name="address" label={t('stores.address')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="lat" label={t('stores.lat')} rules={[{ required: true }]}>
            <InputNumber min={-90} max={90} precision={6} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="lon" label={t('stores.lon')} rules={[{ required: true }]}>
            <InputNumber min={-180} max={180} precision={6} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            name="opensAt"
            label={t('stores.opensAt')}
            rules={[{ required: true, pattern: /^([01]\d|2[0-3]):[0-5]\d$/, message: t('stores.hhmm') }]}
          >
            <Input maxLength={5} placeholder="08:00" style={{ width: 100 }} />
          </Form.Item>
          <Form.Item
            name="closesAt"
            label={t('stores.closesAt')}
            rules={[{ required: true, pattern: /^([01]\d|2[0-3]):[0-5]\d$/, message: t('stores.hhmm') }]}
          >
            <Input maxLength={5} placeholder="20:00" style={{ width: 100 }} />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name="minNoticeHours" label={t('stores.minNoticeHours')} rules={[{ required: true }]}>
            <InputNumber min={0} max={168} precision={0} />
          </Form.Item>
          <Form.Item name="maxDaysAhead" label={t('stores.maxDaysAhead')} rules={[{ required: true }]}>
            <InputNumber min={1} max={365} precision={0} />
          </Form.Item>
          <Form.Item name="deliveryRadiusKm" label={t('stores.deliveryRadiusKm')} extra={t('stores.noDelivery')}>
            <InputNumber min={0} max={200} precision={0} />
          </Form.Item>
          <Form.Item name="deliveryFee" label={t('stores.deliveryFee')}>
            <InputNumber min={0} max={1_000_000} precision={2} />
          </Form.Item>
          <Form.Item name="enabled" label={t('stores.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}

/** The cars of a store: add by plate (moving them from another store), take out. */
function StoreCars({ store, onClose }: { store: StoreRow; onClose: () => void }) {
  const { t } = useTranslation('shortTerm');
  const access = useAccess();
  const { message, modal } = App.useApp();
  const [page, setPage] = useState(1);
  const cars = useQuery(storeCarsQuery({ storeId: store.id, pageNum: page, pageSize: 20 }));
  const [plate, setPlate] = useState('');
  const options = useQuery({ ...carOptionsQuery(plate), enabled: access.can('sevenShort:edit') });
  const [chosen, setChosen] = useState<number[]>([]);
  const add = useAddStoreCars();
  const remove = useRemoveStoreCar();
  const inline = useInlineFailure();
  return (
    <Drawer open width={720} title={t('stores.carsOf', { name: store.name })} onClose={onClose}>
      <InlineFailure failure={inline.failure} onClose={inline.clear} />
      {access.can('sevenShort:edit') && (
        <Space wrap style={{ marginBottom: 12 }}>
          <Select
            mode="multiple"
            aria-label={t('stores.addCars')}
            placeholder={t('stores.plateHint')}
            style={{ minWidth: 280 }}
            showSearch
            filterOption={false}
            onSearch={setPlate}
            value={chosen}
            onChange={setChosen}
            options={(options.data ?? []).map((c) => ({ value: c.id, label: formatPlate(c.plate) }))}
          />
          <Button
            type="primary"
            disabled={!chosen.length}
            loading={add.isPending}
            onClick={() =>
              void inline
                .run(() => add.mutateAsync({ storeId: store.id, carIds: chosen }))
                .then((done) => {
                  if (!done) return;
                  setChosen([]);
                  void message.success(t('stores.carsAdded'));
                })
                .catch(() => undefined)
            }
          >
            {t('stores.addCars')}
          </Button>
        </Space>
      )}
      <Table
        size="small"
        rowKey="carId"
        loading={cars.isLoading}
        dataSource={cars.data?.rows ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, total: cars.data?.total ?? 0, pageSize: 20, onChange: setPage, simple: true }}
        locale={{ emptyText: t('stores.noCars') }}
        columns={[
          { key: 'plate', title: t('columns.car'), render: (_, c) => <CarLink id={c.carId} plate={c.plate} /> },
          { key: 'type', title: t('columns.carType'), render: (_, c) => c.carTypeName ?? '-' },
          { key: 'added', title: t('stores.addedAt'), render: (_, c) => formatDateTime(c.addedAt) },
          {
            key: 'booking',
            title: t('stores.liveBooking'),
            render: (_, c) => (c.liveBookingId ? <BookingLinkOf id={c.liveBookingId} /> : '-'),
          },
          ...(access.can('sevenShort:edit')
            ? [
                {
                  key: 'actions',
                  title: t('columns.actions'),
                  render: (_: unknown, c: { carId: number; plate: string; liveBookingId: number | null }) => (
                    <Button
                      type="link"
                      danger
                      disabled={!!c.liveBookingId}
                      onClick={() =>
                        modal.confirm({
                          title: t('stores.removeCar', { plate: formatPlate(c.plate) }),
                          onOk: () => remove.mutateAsync({ storeId: store.id, carId: c.carId }),
                        })
                      }
                    >
                      {t('stores.remove')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Drawer>
  );
}

/** `/sevenShort/stores`: the stores (keyword, enabled), the form, their cars. */
export function StoresTab() {
  const { t } = useTranslation('shortTerm');
  const access = useAccess();
  const { modal } = App.useApp();
  const remove = useDeleteStore();
  const [form, setForm] = useState<StoreRow | 'new' | null>(null);
  const [cars, setCars] = useState<StoreRow | null>(null);
  const fields = useMemo<FilterField[]>(
    () => [
      { type: 'text', name: 'keyword', label: t('filters.keyword'), placeholder: t('stores.keywordHint') },
      {
        type: 'select',
        name: 'enabled',
        label: t('stores.enabled'),
        options: [
          { value: 'true', label: t('stores.on') },
          { value: 'false', label: t('stores.off') },
        ],
      },
    ],
    [t],
  );
  const columns: ListColumn<StoreRow>[] = [
    { key: 'name', title: t('stores.name'), fixed: 'left', dataIndex: 'name' },
    { key: 'address', title: t('stores.address'), dataIndex: 'address', ellipsis: true },
    { key: 'hours', title: t('stores.hours'), render: (_, s) => `${s.opensAt}–${s.closesAt}` },
    { key: 'cars', title: t('stores.cars'), dataIndex: 'carCount' },
    { key: 'notice', title: t('stores.minNoticeHours'), dataIndex: 'minNoticeHours' },
    { key: 'ahead', title: t('stores.maxDaysAhead'), dataIndex: 'maxDaysAhead' },
    {
      key: 'delivery',
      title: t('stores.delivery'),
      render: (_, s) =>
        s.deliveryRadiusKm
          ? t('stores.deliveryWithin', { km: s.deliveryRadiusKm, fee: formatMoney(s.deliveryFee) })
          : t('stores.noDelivery'),
    },
    {
      key: 'enabled',
      title: t('stores.enabled'),
      render: (_, s) => (s.enabled ? <Tag color="green">{t('stores.on')}</Tag> : <Tag>{t('stores.off')}</Tag>),
    },
    { key: 'rent', title: t('stores.rent'), render: (_, s) => s.rentName ?? '-' },
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_, s) => (
        <Space size={0} wrap onClick={(e) => e.stopPropagation()}>
          <Button type="link" onClick={() => setCars(s)}>
            {t('stores.cars')}
          </Button>
          {access.can('sevenShort:edit') && (
            <Button type="link" onClick={() => setForm(s)}>
              {t('edit')}
            </Button>
          )}
          {access.can('sevenShort:delete') && (
            <Button
              type="link"
              danger
              onClick={() =>
                modal.confirm({
                  title: t('stores.deleteConfirm', { name: s.name }),
                  okButtonProps: { danger: true },
                  onOk: () => remove.mutateAsync(s.id),
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
      <ListPage<StoreRow>
        id="short-stores"
        filters={fields}
        toolbar={
          access.can('sevenShort:add') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm('new')}>
              {t('stores.create')}
            </Button>
          ) : null
        }
        columns={columns}
        rowKey={(s) => s.id}
        query={(p) =>
          storesQuery({
            ...(p.filters.keyword ? { keyword: p.filters.keyword } : {}),
            ...(p.filters.enabled ? { enabled: p.filters.enabled === 'true' } : {}),
            pageNum: p.pageNum,
            pageSize: p.pageSize,
          })
        }
        onRow={(s) => ({ onClick: () => setCars(s), className: 'fd-clickable' })}
        emptyText={t('stores.empty')}
      />
      {form && <StoreForm store={form === 'new' ? null : form} onClose={() => setForm(null)} />}
      {cars && <StoreCars store={cars} onClose={() => setCars(null)} />}
    </>
  );
}
