import PlusOutlined from '@ant-design/icons/PlusOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { LocalText } from '@fleetdesk/contracts/common';
import {
  EXTRA_KIND_TITLES,
  EXTRA_KINDS,
  ExtraInput,
  ExtraUpdateInput,
  ProtectionInput,
  ProtectionUpdateInput,
  type ExtraKind,
} from '@fleetdesk/contracts/short-term';
import { useModalForm } from '../../../components/use-modal-form';
import { formatMoney } from '../../../lib/format';
import { issueMessage } from '../../../lib/validation';
import {
  extrasQuery,
  protectionsQuery,
  useDeleteExtra,
  useDeleteProtection,
  useSaveExtra,
  useSaveProtection,
  type ExtraRow,
  type ProtectionRow,
} from '../api/rental-settings';

/** Catalogue titles of the contracts in the current language. */
export function useTitle(): (text: LocalText) => string {
  const { i18n } = useTranslation();
  return (text) => (i18n.language === 'en-US' ? text['en-US'] : text['zh-CN']);
}

/** Checks a body with a contracts schema; the issues land on their fields. False when refused. */
function checked<T>(
  schema: z.ZodType<T>,
  body: unknown,
  form: { setFields: (f: { name: string; errors: string[] }[]) => void },
  t: Parameters<typeof issueMessage>[1],
): T | null {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const byField = new Map<string, string>();
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (!byField.has(key)) byField.set(key, issueMessage(issue, t));
  }
  form.setFields([...byField].map(([name, error]) => ({ name, errors: [error] })));
  return null;
}

const money = (max = 100_000) => (
  <InputNumber<number> min={0} max={max} precision={2} prefix="¥" className="fd-rs-full" />
);

// ---------------------------------------------------------------- protections

interface ProtectionValues {
  name: string;
  dayPrice: number | null;
  deductible: number | null;
  tyresGlass: boolean;
  enabled: boolean;
  sort: number | null;
}

function ProtectionForm({ row, onClose }: { row?: ProtectionRow; onClose: () => void }) {
  const { t } = useTranslation('rental-settings');
  const { message } = App.useApp();
  const save = useSaveProtection();
  const { form, submit, saving } = useModalForm<ProtectionValues, unknown, z.input<typeof ProtectionInput>>({
    submit: (input) => save.mutateAsync(input as never),
    onSuccess: () => void message.success(t('protections.saved')),
    onClose,
  });
  const finish = (v: ProtectionValues) => {
    const body = {
      name: v.name?.trim() ?? '',
      dayPrice: v.dayPrice,
      deductible: v.deductible ?? 0,
      tyresGlass: v.tyresGlass,
      enabled: v.enabled,
      sort: v.sort ?? 0,
      ...(row ? { id: row.id, version: row.version } : {}),
    };
    const input = checked(row ? ProtectionUpdateInput : ProtectionInput, body, form as never, t);
    if (input) void submit(input);
  };
  return (
    <Modal
      open
      title={row ? t('protections.editTitle', { name: row.name }) : t('protections.createTitle')}
      okText={t('actions.save')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form<ProtectionValues>
        form={form}
        layout="vertical"
        onFinish={finish}
        aria-label={t('protections.title')}
        initialValues={row ?? { name: '', dayPrice: null, deductible: 0, tyresGlass: false, enabled: true, sort: 0 }}
      >
        <Form.Item name="name" label={t('fields.name')}>
          <Input maxLength={30} />
        </Form.Item>
        <div className="fd-rs-grid">
          <Form.Item name="dayPrice" label={t('fields.dayPrice')}>
            {money()}
          </Form.Item>
          <Form.Item name="deductible" label={t('fields.deductible')} extra={t('protections.deductibleHint')}>
            {money()}
          </Form.Item>
          <Form.Item name="sort" label={t('fields.sort')}>
            <InputNumber<number> min={0} max={999} precision={0} className="fd-rs-full" />
          </Form.Item>
        </div>
        <Space size="large" wrap>
          <Form.Item name="tyresGlass" label={t('fields.tyresGlass')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="enabled" label={t('fields.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}

/** The protection tiers a booking offers (per day, with the deductible), sorted; CRUD with `sevenSetting:edit`. */
export function ProtectionsCard({ editable }: { editable: boolean }) {
  const { t } = useTranslation('rental-settings');
  const { message } = App.useApp();
  const list = useQuery(protectionsQuery());
  const remove = useDeleteProtection();
  const [editing, setEditing] = useState<ProtectionRow | 'new' | null>(null);
  return (
    <Card
      size="small"
      title={t('protections.title')}
      data-testid="protections"
      className="fd-rs-card"
      extra={
        editable ? (
          <Button size="small" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('protections.create')}
          </Button>
        ) : null
      }
    >
      <Table<ProtectionRow>
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        loading={list.isPending}
        dataSource={[...(list.data ?? [])].sort((a, b) => a.sort - b.sort)}
        locale={{ emptyText: list.isError ? t('loadFailed') : t('protections.empty') }}
        columns={[
          { key: 'name', title: t('fields.name'), dataIndex: 'name' },
          { key: 'day', title: t('fields.dayPrice'), render: (_, r) => formatMoney(r.dayPrice) },
          { key: 'deductible', title: t('fields.deductible'), render: (_, r) => formatMoney(r.deductible) },
          {
            key: 'tyres',
            title: t('fields.tyresGlass'),
            render: (_, r) => (r.tyresGlass ? t('yes') : t('no')),
          },
          {
            key: 'enabled',
            title: t('fields.enabled'),
            render: (_, r) => (r.enabled ? <Tag color="green">{t('on')}</Tag> : <Tag>{t('off')}</Tag>),
          },
          ...(editable
            ? [
                {
                  key: 'actions',
                  title: t('actions.title'),
                  render: (_: unknown, r: ProtectionRow) => (
                    <Space size="small">
                      <Button size="small" onClick={() => setEditing(r)}>
                        {t('actions.edit')}
                      </Button>
                      <Popconfirm
                        title={t('protections.deleteConfirm', { name: r.name })}
                        onConfirm={() =>
                          remove.mutateAsync(r.id).then(() => void message.success(t('protections.deleted')))
                        }
                      >
                        <Button size="small" danger>
                          {t('actions.delete')}
                        </Button>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing ? (
        <ProtectionForm row={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      ) : null}
    </Card>
  );
}

// ---------------------------------------------------------------- extras

interface ExtraValues {
  name: string;
  kind: ExtraKind;
  dayPrice: number | null;
  maxPrice: number | null;
  enabled: boolean;
}

function ExtraForm({ row, onClose }: { row?: ExtraRow; onClose: () => void }) {
  const { t } = useTranslation('rental-settings');
  const title = useTitle();
  const { message } = App.useApp();
  const save = useSaveExtra();
  const { form, submit, saving } = useModalForm<ExtraValues, unknown, z.input<typeof ExtraInput>>({
    submit: (input) => save.mutateAsync(input as never),
    onSuccess: () => void message.success(t('extras.saved')),
    onClose,
  });
  const finish = (v: ExtraValues) => {
    const body = {
      name: v.name?.trim() ?? '',
      kind: v.kind,
      dayPrice: v.dayPrice,
      maxPrice: v.maxPrice ?? null,
      enabled: v.enabled,
      ...(row ? { id: row.id, version: row.version } : {}),
    };
    const input = checked(row ? ExtraUpdateInput : ExtraInput, body, form as never, t);
    if (input) void submit(input);
  };
  return (
    <Modal
      open
      title={row ? t('extras.editTitle', { name: row.name }) : t('extras.createTitle')}
      okText={t('actions.save')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form<ExtraValues>
        form={form}
        layout="vertical"
        onFinish={finish}
        aria-label={t('extras.title')}
        initialValues={row ?? { name: '', kind: 'childSeat', dayPrice: null, maxPrice: null, enabled: true }}
      >
        <Form.Item name="name" label={t('fields.name')}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="kind" label={t('fields.kind')}>
          <Select options={EXTRA_KINDS.map((k) => ({ value: k, label: title(EXTRA_KIND_TITLES[k]) }))} />
        </Form.Item>
        <div className="fd-rs-grid">
          <Form.Item name="dayPrice" label={t('fields.dayPriceUnit')}>
            {money()}
          </Form.Item>
          <Form.Item name="maxPrice" label={t('fields.maxPrice')} extra={t('extras.maxHint')}>
            {money()}
          </Form.Item>
        </div>
        <Form.Item name="enabled" label={t('fields.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The extras a booking offers (child seat, additional driver, ...): per unit and day, with a cap per stay. */
export function ExtrasCard({ editable }: { editable: boolean }) {
  const { t } = useTranslation('rental-settings');
  const title = useTitle();
  const { message } = App.useApp();
  const list = useQuery(extrasQuery());
  const remove = useDeleteExtra();
  const [editing, setEditing] = useState<ExtraRow | 'new' | null>(null);
  return (
    <Card
      size="small"
      title={t('extras.title')}
      data-testid="extras"
      className="fd-rs-card"
      extra={
        editable ? (
          <Button size="small" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('extras.create')}
          </Button>
        ) : null
      }
    >
      <Table<ExtraRow>
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        loading={list.isPending}
        dataSource={list.data ?? []}
        locale={{ emptyText: list.isError ? t('loadFailed') : t('extras.empty') }}
        columns={[
          { key: 'name', title: t('fields.name'), dataIndex: 'name' },
          { key: 'kind', title: t('fields.kind'), render: (_, r) => title(EXTRA_KIND_TITLES[r.kind]) },
          { key: 'day', title: t('fields.dayPriceUnit'), render: (_, r) => formatMoney(r.dayPrice) },
          {
            key: 'max',
            title: t('fields.maxPrice'),
            render: (_, r) => (r.maxPrice === null ? t('extras.noCap') : formatMoney(r.maxPrice)),
          },
          {
            key: 'enabled',
            title: t('fields.enabled'),
            render: (_, r) => (r.enabled ? <Tag color="green">{t('on')}</Tag> : <Tag>{t('off')}</Tag>),
          },
          ...(editable
            ? [
                {
                  key: 'actions',
                  title: t('actions.title'),
                  render: (_: unknown, r: ExtraRow) => (
                    <Space size="small">
                      <Button size="small" onClick={() => setEditing(r)}>
                        {t('actions.edit')}
                      </Button>
                      <Popconfirm
                        title={t('extras.deleteConfirm', { name: r.name })}
                        onConfirm={() => remove.mutateAsync(r.id).then(() => void message.success(t('extras.deleted')))}
                      >
                        <Button size="small" danger>
                          {t('actions.delete')}
                        </Button>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing ? <ExtraForm row={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}
