import PlusOutlined from '@ant-design/icons/PlusOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { useAccess } from '../../../lib/access';
import { formatMoney } from '../../../lib/format';
import { carTypesQuery, ratesQuery, useDeleteRate, type RateRow } from '../api/time-share';
import { RateForm } from '../components/rate-form';

/** `/sevenTime/rates`: the rates per city and car type. */
export function RatesTab() {
  const { t } = useTranslation('time-share');
  const access = useAccess();
  const { message } = App.useApp();
  const types = useQuery(carTypesQuery());
  const remove = useDeleteRate();
  const [editing, setEditing] = useState<RateRow | 'new' | null>(null);

  const fields = useMemo<FilterField[]>(
    () => [
      { type: 'text', name: 'city', label: t('fields.city') },
      {
        type: 'select',
        name: 'carTypeId',
        label: t('fields.carType'),
        options: (types.data ?? []).map((c) => ({ value: String(c.id), label: c.carTypeName })),
      },
    ],
    [t, types.data],
  );
  const perMinute = (v: number) => t('rates.perMinute', { amount: formatMoney(v) });
  const columns: ListColumn<RateRow>[] = [
    { key: 'city', title: t('fields.city'), dataIndex: 'city', fixed: 'left' },
    { key: 'type', title: t('fields.carType'), dataIndex: 'carTypeName' },
    { key: 'day', title: t('fields.dayMinutePrice'), render: (_, r) => perMinute(r.dayMinutePrice) },
    { key: 'night', title: t('fields.nightMinutePrice'), render: (_, r) => perMinute(r.nightMinutePrice) },
    { key: 'km', title: t('fields.kmPrice'), render: (_, r) => t('rates.perKm', { amount: formatMoney(r.kmPrice) }) },
    { key: 'min', title: t('fields.minPrice'), render: (_, r) => formatMoney(r.minPrice) },
    {
      key: 'max',
      title: t('fields.maxPrice'),
      render: (_, r) => (r.maxPrice === null ? t('rates.noMax') : formatMoney(r.maxPrice)),
    },
    { key: 'cap', title: t('fields.dailyCap'), render: (_, r) => formatMoney(r.dailyCap) },
  ];
  if (access.can('sevenGo:edit') || access.can('sevenGo:delete'))
    columns.push({
      key: 'actions',
      title: t('columns.actions'),
      render: (_, r) => (
        <Space size="small">
          {access.can('sevenGo:edit') ? (
            <Button size="small" onClick={() => setEditing(r)}>
              {t('actions.edit')}
            </Button>
          ) : null}
          {access.can('sevenGo:delete') ? (
            <Popconfirm
              title={t('rates.deleteConfirm', { city: r.city, type: r.carTypeName })}
              onConfirm={() => remove.mutateAsync(r.id).then(() => void message.success(t('rates.deleted')))}
            >
              <Button size="small" danger>
                {t('actions.delete')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    });

  return (
    <>
      <ListPage<RateRow>
        id="time-share-rates"
        filters={fields}
        toolbar={
          access.can('sevenGo:add') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('rates.create')}
            </Button>
          ) : null
        }
        columns={columns}
        rowKey={(r) => r.id}
        query={(p) =>
          ratesQuery({
            ...(p.filters.city ? { city: p.filters.city } : {}),
            ...(p.filters.carTypeId ? { carTypeId: Number(p.filters.carTypeId) } : {}),
            pageNum: p.pageNum,
            pageSize: p.pageSize,
          })
        }
        emptyText={t('rates.empty')}
      />
      {editing ? <RateForm rate={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
