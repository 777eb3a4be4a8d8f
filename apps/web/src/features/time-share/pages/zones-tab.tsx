import PlusOutlined from '@ant-design/icons/PlusOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { useAccess } from '../../../lib/access';
import { formatMoney } from '../../../lib/format';
import { useDeleteZone, zonesQuery, type ZoneFilter, type ZoneRow } from '../api/time-share';
import { ZoneCarsDrawer } from '../components/zone-cars';
import { ZoneForm } from '../components/zone-form';

export function zoneFilter(f: Record<string, string>): ZoneFilter {
  const out: ZoneFilter = {};
  if (f.keyword) out.keyword = f.keyword;
  if (f.city) out.city = f.city;
  if (f.enabled === 'true' || f.enabled === 'false') out.enabled = f.enabled === 'true';
  return out;
}

/** `/sevenTime/zones`: the zones (circle or geofence), their bays, parking fee and the cars parked there. */
export function ZonesTab() {
  const { t } = useTranslation('time-share');
  const access = useAccess();
  const { message } = App.useApp();
  const remove = useDeleteZone();
  const [editing, setEditing] = useState<ZoneRow | 'new' | null>(null);
  const [carsOf, setCarsOf] = useState<ZoneRow | null>(null);

  const fields = useMemo<FilterField[]>(
    () => [
      { type: 'text', name: 'keyword', label: t('filters.zoneKeyword') },
      { type: 'text', name: 'city', label: t('fields.city') },
      {
        type: 'select',
        name: 'enabled',
        label: t('fields.enabled'),
        options: [
          { value: 'true', label: t('zones.enabled') },
          { value: 'false', label: t('zones.disabled') },
        ],
      },
    ],
    [t],
  );

  const columns: ListColumn<ZoneRow>[] = [
    { key: 'name', title: t('fields.name'), dataIndex: 'name', fixed: 'left' },
    { key: 'city', title: t('fields.city'), dataIndex: 'city' },
    { key: 'address', title: t('fields.address'), dataIndex: 'address', ellipsis: true },
    {
      key: 'shape',
      title: t('fields.shape'),
      render: (_, z) =>
        z.geofenceId
          ? t('zones.geofenceValue', { name: z.geofenceName ?? z.geofenceId })
          : t('zones.circleValue', { radius: z.radiusM ?? '-', lat: z.lat, lon: z.lon }),
    },
    {
      key: 'cars',
      title: t('fields.carsParked'),
      render: (_, z) => (z.bays ? `${z.carsParked} / ${z.bays}` : String(z.carsParked)),
    },
    { key: 'fee', title: t('fields.parkingFee'), render: (_, z) => formatMoney(z.parkingFee) },
    {
      key: 'enabled',
      title: t('fields.enabled'),
      render: (_, z) => (z.enabled ? <Tag color="green">{t('zones.enabled')}</Tag> : <Tag>{t('zones.disabled')}</Tag>),
    },
    { key: 'rent', title: t('fields.rent'), render: (_, z) => z.rentName ?? '-' },
  ];
  columns.push({
    key: 'actions',
    title: t('columns.actions'),
    render: (_, z) => (
      <Space size="small">
        <Button size="small" onClick={() => setCarsOf(z)}>
          {t('zoneCars.open')}
        </Button>
        {access.can('sevenGo:edit') ? (
          <Button size="small" onClick={() => setEditing(z)}>
            {t('actions.edit')}
          </Button>
        ) : null}
        {access.can('sevenGo:delete') ? (
          <Popconfirm
            title={t('zones.deleteConfirm', { name: z.name })}
            onConfirm={() => remove.mutateAsync(z.id).then(() => void message.success(t('zones.deleted')))}
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
      <ListPage<ZoneRow>
        id="time-share-zones"
        filters={fields}
        toolbar={
          access.can('sevenGo:add') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('zones.create')}
            </Button>
          ) : null
        }
        columns={columns}
        rowKey={(z) => z.id}
        query={(p) => zonesQuery({ ...zoneFilter(p.filters), pageNum: p.pageNum, pageSize: p.pageSize })}
        emptyText={t('zones.empty')}
      />
      {carsOf ? <ZoneCarsDrawer zone={carsOf} onClose={() => setCarsOf(null)} /> : null}
      {editing ? <ZoneForm zone={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
