import PlusOutlined from '@ant-design/icons/PlusOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RENT_STATUSES, type Rent } from '@fleetdesk/contracts/organisation';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { hasKeyword, localPaged } from '../../../components/list-page/local-list';
import { useAccess } from '../../../lib/access';
import { rentsQuery } from '../../../lib/organisation-lists';
import { useSetRentStatus } from '../api/set-rent-status';
import { RentForm } from '../components/rent-form';
import { RentStatusTag } from '../components/status-tags';
import '../i18n';
import './organisation.css';

/**
 * The rents are few and their call answers them all (the address book, the employee form and other areas read the
 * same list): they are filtered and paged here, under the one `rentsKey` that the rent mutations invalidate.
 */
const query = localPaged(
  rentsQuery(),
  (r: Rent, f) =>
    hasKeyword(f.keyword, r.name, r.shortName, r.code, r.city, r.licenceNo, r.contactName, r.contactPhone) &&
    (!f.status || r.status === f.status),
);

/** `/oa/companySetting`: the tenant's rents (subsidiaries), add / edit, disable / enable. */
export default function SubsidiariesPage() {
  const { t } = useTranslation('organisation');
  const { modal, message } = App.useApp();
  const access = useAccess();
  const filters = useMemo<FilterField[]>(
    () => [
      { type: 'text', name: 'keyword', label: t('filters.keyword'), placeholder: t('rents.keywordHint') },
      {
        type: 'select',
        name: 'status',
        label: t('fields.status'),
        options: RENT_STATUSES.map((s) => ({ value: s, label: t(`rentStatus.${s}`) })),
      },
    ],
    [t],
  );
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

  const columns: ListColumn<Rent>[] = [
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
  ];

  return (
    <section data-testid="subsidiaries">
      <ListPage<Rent>
        id="organisation-rents"
        title={t('rents.title')}
        toolbar={
          access.can('oaCompany:add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
              {t('rents.add')}
            </Button>
          )
        }
        filters={filters}
        columns={columns}
        rowKey={(r) => r.id}
        query={query}
        emptyText={t('rents.empty')}
      />
      {editing && <RentForm rent={editing.rent} onClose={() => setEditing(null)} />}
    </section>
  );
}
