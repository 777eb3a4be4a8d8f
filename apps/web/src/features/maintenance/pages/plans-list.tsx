import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlanInput, PlanUpdateInput, type Plan } from '@fleetdesk/contracts/maintenance';
import { CarLink } from '../../../components/entity-links';
import { InlineFailure, useInlineFailure } from '../../../components/inline-failure';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { useModalForm } from '../../../components/use-modal-form';
import { useAccess } from '../../../lib/access';
import { formatPlate } from '../../../lib/format';
import { carTypesQuery, plansQuery, useDeletePlan, useSavePlan } from '../api/maintenance';
import { checked } from '../../../components/form-check/form-check';
import { CarPicker } from '../components/pickers';
import { intervalText } from './due-list';

interface PlanValues {
  name?: string;
  target: 'carType' | 'car';
  carTypeId?: number | null;
  carId?: number | null;
  intervalKm?: number | null;
  intervalMonths?: number | null;
  items: { name?: string; partNo?: string | null; quantity?: number | null }[];
  enabled: boolean;
}

const PLAN_FIELDS = new Set(['name', 'carTypeId', 'carId', 'intervalKm', 'intervalMonths', 'items', 'enabled']);

/** A plan for a car type or one car: km and/or months, and the items a service does. */
export function PlanForm({ plan, onClose }: { plan: Plan | null; onClose: () => void }) {
  const { t } = useTranslation('maintenance');
  const { message } = App.useApp();
  const save = useSavePlan();
  const inline = useInlineFailure();
  const types = useQuery(carTypesQuery());
  const [form] = Form.useForm<PlanValues>();
  const target = Form.useWatch('target', form) ?? (plan?.carId ? 'car' : 'carType');
  const { submit, saving } = useModalForm<PlanValues, Plan, unknown>({
    form,
    submit: async (input) => {
      inline.clear();
      try {
        return await save.mutateAsync(input as never);
      } catch (e) {
        inline.capture(e);
        throw e;
      }
    },
    onSuccess: () => void message.success(t('plans.saved')),
    onClose,
  });
  const initialValues: PlanValues = plan
    ? {
        name: plan.name,
        target: plan.carId ? 'car' : 'carType',
        carTypeId: plan.carTypeId,
        carId: plan.carId,
        intervalKm: plan.intervalKm,
        intervalMonths: plan.intervalMonths,
        items: plan.items.map((i) => ({ name: i.name, partNo: i.partNo ?? null, quantity: i.quantity ?? null })),
        enabled: plan.enabled,
      }
    : { target: 'carType', intervalKm: 10_000, intervalMonths: 6, items: [{ name: '' }], enabled: true };
  const finish = async (v: PlanValues) => {
    const fields = {
      name: v.name?.trim() ?? '',
      carTypeId: v.target === 'carType' ? (v.carTypeId ?? null) : null,
      carId: v.target === 'car' ? (plan?.carId ?? v.carId ?? null) : null,
      intervalKm: v.intervalKm ?? null,
      intervalMonths: v.intervalMonths ?? null,
      items: (v.items ?? [])
        .filter((i) => i.name?.trim())
        .map((i) => ({ name: i.name!.trim(), partNo: i.partNo?.trim() || null, quantity: i.quantity ?? null })),
      enabled: v.enabled,
    };
    const input = plan
      ? checked(form, PlanUpdateInput, { ...fields, id: plan.id, version: plan.version }, t, PLAN_FIELDS)
      : checked(form, PlanInput, fields, t, PLAN_FIELDS);
    if (!input) {
      // The target's error goes on the field on screen.
      if (v.target === 'car' && form.getFieldError('carTypeId').length)
        form.setFields([{ name: 'carId', errors: form.getFieldError('carTypeId') }]);
      return;
    }
    await submit(input);
  };
  return (
    <Modal
      open
      width={680}
      title={plan ? t('plans.edit') : t('plans.add')}
      onOk={() => form.submit()}
      onCancel={onClose}
      okText={t('common:actions.save')}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form<PlanValues>
        form={form}
        layout="vertical"
        onFinish={finish}
        initialValues={initialValues}
        aria-label={t('plans.add')}
      >
        <InlineFailure failure={inline.failure} onClose={inline.clear} />
        <Form.Item name="name" label={t('plans.name')} required>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="target" label={t('plans.target')}>
          <Radio.Group
            disabled={!!plan}
            options={[
              { value: 'carType', label: t('plans.forCarType') },
              { value: 'car', label: t('plans.forCar') },
            ]}
          />
        </Form.Item>
        {target === 'carType' ? (
          <Form.Item name="carTypeId" label={t('fields.carType')} required>
            <Select
              disabled={!!plan}
              loading={types.isLoading}
              options={(types.data ?? []).map((c) => ({ value: c.id, label: c.carTypeName }))}
            />
          </Form.Item>
        ) : plan ? (
          <Form.Item label={t('fields.plate')}>
            <span className="fd-plate">{formatPlate(plan.plate)}</span>
          </Form.Item>
        ) : (
          <Form.Item name="carId" label={t('fields.plate')} required>
            <CarPicker />
          </Form.Item>
        )}
        <div className="fd-maint-grid">
          <Form.Item name="intervalKm" label={t('plans.intervalKm')} extra={t('plans.intervalHint')}>
            <InputNumber<number>
              min={500}
              max={200_000}
              step={1000}
              precision={0}
              suffix="km"
              className="fd-maint-full"
            />
          </Form.Item>
          <Form.Item name="intervalMonths" label={t('plans.intervalMonths')}>
            <InputNumber<number> min={1} max={60} precision={0} suffix={t('plans.months')} className="fd-maint-full" />
          </Form.Item>
        </div>
        <Form.Item label={t('plans.items')}>
          <Form.List name="items">
            {(items, { add, remove }) => (
              <div className="fd-maint-items">
                {items.map((item, i) => (
                  <Space key={item.key} align="baseline" className="fd-maint-item">
                    <Form.Item name={[item.name, 'name']} noStyle>
                      <Input
                        placeholder={t('plans.itemName')}
                        aria-label={t('plans.itemNameOf', { n: i + 1 })}
                        maxLength={40}
                      />
                    </Form.Item>
                    <Form.Item name={[item.name, 'partNo']} noStyle>
                      <Input placeholder={t('lines.partNo')} maxLength={40} className="fd-maint-partno" />
                    </Form.Item>
                    <Form.Item name={[item.name, 'quantity']} noStyle>
                      <InputNumber<number> placeholder={t('lines.quantity')} min={0} max={1000} precision={2} />
                    </Form.Item>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('plans.removeItem', { n: i + 1 })}
                      onClick={() => remove(item.name)}
                    />
                  </Space>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({ name: '' })}>
                  {t('plans.addItem')}
                </Button>
              </div>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item name="enabled" label={t('plans.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** `/maintenance/plans`: the service plans, per car type and per car. */
export function PlansList() {
  const { t } = useTranslation('maintenance');
  const access = useAccess();
  const remove = useDeletePlan();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<Plan | 'new' | null>(null);
  const fields = useMemo<FilterField[]>(
    () => [
      { type: 'text', name: 'keyword', label: t('filters.keyword'), placeholder: t('plans.keywordHint') },
      {
        type: 'select',
        name: 'target',
        label: t('plans.target'),
        options: [
          { value: 'carType', label: t('plans.forCarType') },
          { value: 'car', label: t('plans.forCar') },
        ],
      },
    ],
    [t],
  );
  const columns: ListColumn<Plan>[] = [
    { key: 'name', title: t('plans.name'), dataIndex: 'name' },
    {
      key: 'target',
      title: t('plans.target'),
      render: (_, p) =>
        p.carId ? (
          <span>
            <Tag>{t('plans.forCar')}</Tag>
            <CarLink id={p.carId} plate={p.plate} tab="maintenance" />
          </span>
        ) : (
          <span>
            <Tag color="blue">{t('plans.forCarType')}</Tag>
            {p.carTypeName}
          </span>
        ),
    },
    { key: 'interval', title: t('plans.interval'), render: (_, p) => intervalText(p, t) },
    {
      key: 'items',
      title: t('plans.items'),
      ellipsis: true,
      render: (_, p) => p.items.map((i) => i.name).join(t('due.itemSeparator')) || '-',
    },
    { key: 'cars', title: t('plans.cars'), align: 'right', dataIndex: 'cars' },
    {
      key: 'enabled',
      title: t('plans.enabled'),
      render: (_, p) => (p.enabled ? <Tag color="green">{t('plans.on')}</Tag> : <Tag>{t('plans.off')}</Tag>),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      fixed: 'right',
      render: (_, p) => (
        <Space size={0}>
          {access.can('maintenance:edit') ? (
            <Button type="link" size="small" onClick={() => setEditing(p)}>
              {t('actions.edit')}
            </Button>
          ) : null}
          {access.can('maintenance:delete') ? (
            <Popconfirm
              title={t('plans.deleteConfirm', { name: p.name })}
              onConfirm={async () => {
                await remove.mutateAsync(p.id);
                void message.success(t('plans.deleted'));
              }}
            >
              <Button type="link" size="small" danger>
                {t('actions.delete')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];
  return (
    <>
      <ListPage<Plan>
        id="maintenance-plans"
        filters={fields}
        toolbar={
          access.can('maintenance:edit') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('plans.add')}
            </Button>
          ) : undefined
        }
        columns={columns}
        rowKey={(p) => p.id}
        query={(p) =>
          plansQuery({
            ...(p.filters.keyword ? { keyword: p.filters.keyword } : {}),
            ...(p.filters.target === 'car' || p.filters.target === 'carType' ? { target: p.filters.target } : {}),
            pageNum: p.pageNum,
            pageSize: p.pageSize,
          })
        }
        emptyText={t('plans.empty')}
      />
      {editing ? <PlanForm plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
