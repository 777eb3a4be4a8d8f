import PlusOutlined from '@ant-design/icons/PlusOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  WORKSHOP_KIND_TITLES,
  WORKSHOP_KINDS,
  WORKSHOP_SERVICE_TITLES,
  WORKSHOP_SERVICES,
  WorkshopAccountInput,
  WorkshopInput,
  WorkshopUpdateInput,
  type Workshop,
  type WorkshopAccount,
  type WorkshopKind,
  type WorkshopService,
} from '@fleetdesk/contracts/maintenance';
import { InlineFailure, useInlineFailure } from '../../../components/inline-failure';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { useModalForm } from '../../../components/use-modal-form';
import { useAccess } from '../../../lib/access';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import {
  useCreateAccount,
  useDeleteWorkshop,
  useSaveWorkshop,
  workshopAccountsQuery,
  workshopsQuery,
} from '../api/maintenance';
import { checked } from '../../../components/form-check/form-check';
import { useTitle } from '../components/titles';

interface WorkshopValues {
  rentId: number | null;
  name?: string;
  kind: WorkshopKind;
  address?: string;
  contactName?: string;
  contactPhone?: string;
  services: WorkshopService[];
  labourRate?: number | null;
  enabled: boolean;
  remark?: string;
}

/** Adding or changing a workshop: own or partner, the company it serves, the services it does, its labour rate. */
export function WorkshopForm({ workshop, onClose }: { workshop: Workshop | null; onClose: () => void }) {
  const { t } = useTranslation('maintenance');
  const title = useTitle();
  const { message } = App.useApp();
  const rents = useSession((s) => s.user?.rents ?? []);
  const save = useSaveWorkshop();
  const inline = useInlineFailure();
  const [form] = Form.useForm<WorkshopValues>();
  const { submit, saving } = useModalForm<WorkshopValues, Workshop, unknown>({
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
    onSuccess: () => void message.success(t('workshops.saved')),
    onClose,
  });
  const initialValues: WorkshopValues = workshop
    ? {
        rentId: workshop.rentId,
        name: workshop.name,
        kind: workshop.kind,
        address: workshop.address,
        contactName: workshop.contactName,
        contactPhone: workshop.contactPhone,
        services: workshop.services,
        labourRate: workshop.labourRate,
        enabled: workshop.enabled,
        remark: workshop.remark ?? undefined,
      }
    : { rentId: null, kind: 'partner', services: ['routine', 'repair'], labourRate: 120, enabled: true };
  const finish = async (v: WorkshopValues) => {
    const fields = {
      rentId: v.rentId ?? null,
      name: v.name?.trim() ?? '',
      kind: v.kind,
      address: v.address?.trim() ?? '',
      contactName: v.contactName?.trim() ?? '',
      contactPhone: v.contactPhone?.trim() ?? '',
      services: v.services ?? [],
      labourRate: v.labourRate ?? undefined,
      enabled: v.enabled,
      remark: v.remark?.trim() || null,
    };
    const input = workshop
      ? checked(form, WorkshopUpdateInput, { ...fields, id: workshop.id, version: workshop.version }, t)
      : checked(form, WorkshopInput, fields, t);
    if (input) await submit(input);
  };
  return (
    <Modal
      open
      width={680}
      title={workshop ? t('workshops.edit') : t('workshops.add')}
      onOk={() => form.submit()}
      onCancel={onClose}
      okText={t('common:actions.save')}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form<WorkshopValues> form={form} layout="vertical" onFinish={finish} initialValues={initialValues}>
        <InlineFailure failure={inline.failure} onClose={inline.clear} />
        <div className="fd-maint-grid">
          <Form.Item name="name" label={t('workshops.name')} required>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="kind" label={t('workshops.kind')} required>
            <Radio.Group options={WORKSHOP_KINDS.map((k) => ({ value: k, label: title(WORKSHOP_KIND_TITLES[k]) }))} />
          </Form.Item>
          <Form.Item name="rentId" label={t('workshops.rent')}>
            <Select
              options={[
                { value: null as unknown as number, label: t('workshops.wholeCompany') },
                ...rents.map((r) => ({ value: r.id, label: r.shortName || r.name })),
              ]}
            />
          </Form.Item>
          <Form.Item name="labourRate" label={t('workshops.labourRate')} required>
            <InputNumber<number>
              min={0}
              max={10_000}
              precision={2}
              prefix="¥"
              suffix={t('workshops.perHour')}
              className="fd-maint-full"
            />
          </Form.Item>
          <Form.Item name="contactName" label={t('fields.contactName')} required>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item name="contactPhone" label={t('fields.contactPhone')} required>
            <Input maxLength={20} />
          </Form.Item>
        </div>
        <Form.Item name="address" label={t('fields.address')} required>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="services" label={t('workshops.services')} required>
          <Checkbox.Group
            options={WORKSHOP_SERVICES.map((s) => ({ value: s, label: title(WORKSHOP_SERVICE_TITLES[s]) }))}
          />
        </Form.Item>
        <Form.Item name="remark" label={t('fields.note')}>
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
        <Form.Item name="enabled" label={t('workshops.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface AccountValues {
  username?: string;
  name?: string;
  mobile?: string;
  password?: string;
}

/** "Give a sign-in": the workshop's own user, who sees only its work orders and may complete them. */
export function AccountForm({ workshop, onClose }: { workshop: Workshop; onClose: () => void }) {
  const { t } = useTranslation('maintenance');
  const { message } = App.useApp();
  const create = useCreateAccount();
  const inline = useInlineFailure();
  const [form] = Form.useForm<AccountValues>();
  const { submit, saving } = useModalForm<AccountValues, WorkshopAccount, unknown>({
    form,
    submit: async (input) => {
      inline.clear();
      try {
        return await create.mutateAsync(input as never);
      } catch (e) {
        inline.capture(e);
        throw e;
      }
    },
    onSuccess: (a) => void message.success(t('workshops.accountCreated', { username: a.username })),
    onClose,
  });
  const finish = async (v: AccountValues) => {
    const input = checked(
      form,
      WorkshopAccountInput,
      {
        workshopId: workshop.id,
        username: v.username?.trim() ?? '',
        name: v.name?.trim() ?? '',
        mobile: v.mobile?.trim() ?? '',
        password: v.password ?? '',
      },
      t,
    );
    if (input) await submit(input);
  };
  return (
    <Modal
      open
      title={t('workshops.accountTitle', { name: workshop.name })}
      onOk={() => form.submit()}
      onCancel={onClose}
      okText={t('workshops.accountOk')}
      confirmLoading={saving}
      destroyOnHidden
    >
      <p className="fd-muted">{t('workshops.accountHint')}</p>
      <Form<AccountValues> form={form} layout="vertical" onFinish={finish} autoComplete="off">
        <InlineFailure failure={inline.failure} onClose={inline.clear} />
        <Form.Item name="username" label={t('workshops.username')} required>
          <Input maxLength={32} autoComplete="off" />
        </Form.Item>
        <Form.Item name="name" label={t('workshops.userName')} required>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="mobile" label={t('workshops.mobile')} required>
          <Input maxLength={11} />
        </Form.Item>
        <Form.Item name="password" label={t('workshops.password')} required>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A workshop's sign-ins. */
function AccountsDrawer({ workshop, onClose }: { workshop: Workshop; onClose: () => void }) {
  const { t } = useTranslation('maintenance');
  const accounts = useQuery(workshopAccountsQuery(workshop.id));
  return (
    <Drawer open width={560} title={t('workshops.accountsOf', { name: workshop.name })} onClose={onClose}>
      <Table<WorkshopAccount>
        size="small"
        rowKey="userId"
        loading={accounts.isLoading}
        dataSource={accounts.data ?? []}
        pagination={false}
        locale={{ emptyText: t('workshops.noAccounts') }}
        columns={[
          { key: 'username', title: t('workshops.username'), dataIndex: 'username' },
          { key: 'name', title: t('workshops.userName'), dataIndex: 'name' },
          { key: 'mobile', title: t('workshops.mobile'), dataIndex: 'mobile' },
          {
            key: 'enabled',
            title: t('workshops.enabled'),
            render: (_, a) => (a.enabled ? <Tag color="green">{t('plans.on')}</Tag> : <Tag>{t('plans.off')}</Tag>),
          },
          { key: 'created', title: t('workshops.created'), render: (_, a) => formatDateTime(a.createdAt) },
        ]}
      />
    </Drawer>
  );
}

/** `/maintenance/workshops`: own and partner workshops, their sign-ins. */
export function WorkshopsList() {
  const { t } = useTranslation('maintenance');
  const title = useTitle();
  const access = useAccess();
  const { message } = App.useApp();
  const remove = useDeleteWorkshop();
  const [editing, setEditing] = useState<Workshop | 'new' | null>(null);
  const [account, setAccount] = useState<Workshop | null>(null);
  const [accounts, setAccounts] = useState<Workshop | null>(null);
  const fields = useMemo<FilterField[]>(
    () => [
      { type: 'text', name: 'keyword', label: t('filters.keyword'), placeholder: t('workshops.keywordHint') },
      {
        type: 'select',
        name: 'kind',
        label: t('workshops.kind'),
        options: WORKSHOP_KINDS.map((k) => ({ value: k, label: title(WORKSHOP_KIND_TITLES[k]) })),
      },
      {
        type: 'select',
        name: 'enabled',
        label: t('workshops.enabled'),
        options: [
          { value: 'true', label: t('plans.on') },
          { value: 'false', label: t('plans.off') },
        ],
      },
    ],
    [t, title],
  );
  const canEdit = access.can('maintenance:edit');
  const columns: ListColumn<Workshop>[] = [
    { key: 'name', title: t('workshops.name'), dataIndex: 'name' },
    {
      key: 'kind',
      title: t('workshops.kind'),
      render: (_, w) => <Tag color={w.kind === 'own' ? 'blue' : 'default'}>{title(WORKSHOP_KIND_TITLES[w.kind])}</Tag>,
    },
    { key: 'rent', title: t('workshops.rent'), render: (_, w) => w.rentName ?? t('workshops.wholeCompany') },
    {
      key: 'services',
      title: t('workshops.services'),
      render: (_, w) => w.services.map((s) => title(WORKSHOP_SERVICE_TITLES[s])).join(t('due.itemSeparator')),
    },
    { key: 'contact', title: t('workshops.contact'), render: (_, w) => `${w.contactName} ${w.contactPhone}` },
    { key: 'address', title: t('fields.address'), dataIndex: 'address', ellipsis: true },
    { key: 'rate', title: t('workshops.labourRate'), align: 'right', render: (_, w) => formatMoney(w.labourRate) },
    { key: 'open', title: t('workshops.openOrders'), align: 'right', dataIndex: 'openOrders' },
    {
      key: 'accounts',
      title: t('workshops.accounts'),
      align: 'right',
      render: (_, w) => (
        <Button type="link" size="small" onClick={() => setAccounts(w)}>
          {w.accounts}
        </Button>
      ),
    },
    {
      key: 'enabled',
      title: t('workshops.enabled'),
      render: (_, w) => (w.enabled ? <Tag color="green">{t('plans.on')}</Tag> : <Tag>{t('plans.off')}</Tag>),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      fixed: 'right',
      render: (_, w) => (
        <Space size={0}>
          {canEdit ? (
            <Button type="link" size="small" onClick={() => setEditing(w)}>
              {t('actions.edit')}
            </Button>
          ) : null}
          {canEdit ? (
            <Button type="link" size="small" onClick={() => setAccount(w)}>
              {t('workshops.giveAccount')}
            </Button>
          ) : null}
          {access.can('maintenance:delete') ? (
            <Popconfirm
              title={t('workshops.deleteConfirm', { name: w.name })}
              onConfirm={async () => {
                await remove.mutateAsync(w.id);
                void message.success(t('workshops.deleted'));
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
      <ListPage<Workshop>
        id="maintenance-workshops"
        filters={fields}
        toolbar={
          canEdit ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('workshops.add')}
            </Button>
          ) : undefined
        }
        columns={columns}
        rowKey={(w) => w.id}
        query={(p) =>
          workshopsQuery({
            ...(p.filters.keyword ? { keyword: p.filters.keyword } : {}),
            ...(p.filters.kind === 'own' || p.filters.kind === 'partner' ? { kind: p.filters.kind } : {}),
            ...(p.filters.enabled ? { enabled: p.filters.enabled === 'true' } : {}),
            pageNum: p.pageNum,
            pageSize: p.pageSize,
          })
        }
        emptyText={t('workshops.empty')}
      />
      {editing ? <WorkshopForm workshop={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {account ? <AccountForm workshop={account} onClose={() => setAccount(null)} /> : null}
      {accounts ? <AccountsDrawer workshop={accounts} onClose={() => setAccounts(null)} /> : null}
    </>
  );
}
