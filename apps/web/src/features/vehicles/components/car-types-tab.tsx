import PlusOutlined from '@ant-design/icons/PlusOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CarType } from '@fleetdesk/contracts/vehicles';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { useAccess } from '../../../lib/access';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useDeleteCarType } from '../api/delete-car-type';
import { carTypesQuery } from '../api/get-car-types';
import { CarTypeModal } from './car-type-modal';

/** The tenant's car types (rental categories) with their monthly rent and deposit. */
export function CarTypesTab() {
  const { t } = useTranslation('vehicles');
  const { message } = App.useApp();
  const access = useAccess();
  const remove = useDeleteCarType();
  const [editing, setEditing] = useState<CarType | null | undefined>(undefined);
  const filters = useMemo<FilterField[]>(
    () => [{ type: 'text', name: 'carTypeName', label: t('carTypes.name'), placeholder: t('carTypes.search') }],
    [t],
  );
  const canEdit = access.can('rentCar:edit');
  const canDelete = access.can('rentCar:delete');
  const columns: ListColumn<CarType>[] = [
    { key: 'carTypeName', title: t('carTypes.name'), dataIndex: 'carTypeName' },
    {
      key: 'monthlyRent',
      title: t('carTypes.monthlyRent'),
      align: 'right',
      render: (_, c) => formatMoney(c.monthlyRent),
    },
    { key: 'deposit', title: t('carTypes.deposit'), align: 'right', render: (_, c) => formatMoney(c.deposit) },
    { key: 'cars', title: t('carTypes.cars'), align: 'right', dataIndex: 'cars' },
    { key: 'remark', title: t('carTypes.remark'), render: (_, c) => c.remark ?? '-' },
    { key: 'createdAt', title: t('columns.createdAt'), render: (_, c) => formatDateTime(c.createdAt) },
  ];
  if (canEdit || canDelete) {
    columns.push({
      key: 'actions',
      title: t('columns.actions'),
      fixed: 'right',
      render: (_, c) => (
        <Space size={0}>
          {canEdit && (
            <Button type="link" size="small" onClick={() => setEditing(c)}>
              {t('actions.edit')}
            </Button>
          )}
          {canDelete && (
            <Popconfirm
              title={t('carTypes.deleteConfirm', { name: c.carTypeName })}
              onConfirm={() =>
                remove
                  .mutateAsync(c.id)
                  .then(() => message.success(t('carTypes.deleted', { name: c.carTypeName })))
                  .catch(() => undefined)
              }
            >
              <Button type="link" size="small" danger>
                {t('actions.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    });
  }
  return (
    <>
      <ListPage<CarType>
        id="car-types"
        filters={filters}
        toolbar={
          access.can('rentCar:add') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {t('carTypes.create')}
            </Button>
          ) : null
        }
        columns={columns}
        rowKey={(c) => c.id}
        query={(p) => carTypesQuery({ carTypeName: p.filters.carTypeName, pageNum: p.pageNum, pageSize: p.pageSize })}
      />
      {editing !== undefined && <CarTypeModal carType={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}
