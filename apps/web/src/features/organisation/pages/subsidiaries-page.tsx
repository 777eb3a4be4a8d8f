import PlusOutlined from '@ant-design/icons/PlusOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Rent } from '@fleetdesk/contracts/organisation';
import { useAccess } from '../../../lib/access';
import { rentsQuery } from '../../../lib/organisation-lists';
import { useSetRentStatus } from '../api/set-rent-status';
import { RentForm } from '../components/rent-form';
import { RentStatusTag } from '../components/status-tags';
import '../i18n';
import './organisation.css';

/** `/oa/companySetting`: the tenant's rents (subsidiaries), add / edit, disable / enable. */
export default function SubsidiariesPage() {
  const { t } = useTranslation('organisation');
  const { modal, message } = App.useApp();
  const access = useAccess();
  const list = useQuery(rentsQuery());
  const setStatus = useSetRentStatus();
  const [editing, setEditing] = useState<{ rent?: Rent } | null>(null);
  const canEdit = access.can('oaCompany:edit');

  const toggle = (rent: Rent) => {
    const action = rent.status === 'active' ? 'disable' : 'enable';
    modal.confirm({
      title: t(`rents.${action}Title`, { name: rent.name }),
      content: t(`rents.${action}Text`),
      okText: t(`rents.${action}`),
      okButtonProps: { danger: action === 'disable' },
      onOk: async () => {
        const done = await setStatus
          .mutateAsync({ id: rent.id, status: action === 'disable' ? 'disabled' : 'active' })
          .then(
            () => true,
            () => false,
          );
        if (done) void message.success(t(`rents.${action}Done`, { name: rent.name }));
      },
    });
  };

  return (
    <section className="fd-org-page" data-testid="subsidiaries">
      <div className="fd-org-page-head">
        <h1 className="fd-page-title">{t('rents.title')}</h1>
        <Space>
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('common:actions.refresh')}
            onClick={() => void list.refetch()}
          />
          {access.can('oaCompany:add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
              {t('rents.add')}
            </Button>
          )}
        </Space>
      </div>
      {list.isError && !list.data ? (
        <Result
          status="warning"
          title={t('common:list.loadFailed')}
          extra={<Button onClick={() => void list.refetch()}>{t('common:actions.retry')}</Button>}
        />
      ) : (
        <Table<Rent>
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('rents.empty') }}
          columns={[
            { key: 'name', title: t('rents.fields.name'), dataIndex: 'name' },
            { key: 'shortName', title: t('rents.fields.shortName'), dataIndex: 'shortName' },
            { key: 'code', title: t('rents.fields.code'), dataIndex: 'code' },
            { key: 'city', title: t('rents.fields.city'), dataIndex: 'city' },
            {
              key: 'contact',
              title: t('rents.fields.contact'),
              render: (_, r) => [r.contactName, r.contactPhone].filter(Boolean).join(' ') || '-',
            },
            { key: 'licenceNo', title: t('rents.fields.licenceNo'), render: (_, r) => r.licenceNo ?? '-' },
            { key: 'employees', title: t('rents.fields.employees'), dataIndex: 'employees', align: 'right' },
            { key: 'cars', title: t('rents.fields.cars'), dataIndex: 'cars', align: 'right' },
            { key: 'status', title: t('fields.status'), render: (_, r) => <RentStatusTag status={r.status} /> },
            ...(canEdit
              ? [
                  {
                    key: 'actions',
                    title: t('fields.actions'),
                    render: (_: unknown, r: Rent) => (
                      <Space size={0}>
                        <Button type="link" size="small" onClick={() => setEditing({ rent: r })}>
                          {t('actions.edit')}
                        </Button>
                        <Button type="link" size="small" danger={r.status === 'active'} onClick={() => toggle(r)}>
                          {r.status === 'active' ? t('rents.disable') : t('rents.enable')}
                        </Button>
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {editing && <RentForm rent={editing.rent} onClose={() => setEditing(null)} />}
    </section>
  );
}
