import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Popconfirm from 'antd/es/popconfirm';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { tripLink } from '@fleetdesk/contracts/time-share';
import { CAR_STATUS_TITLES, type CarStatus } from '@fleetdesk/contracts/vehicles';
import { CarLink } from '../../../components/entity-links';
import { useAccess } from '../../../lib/access';
import { formatPlate } from '../../../lib/format';
import { RequestError } from '../../../lib/request';
import { useDebounced } from '../../../lib/use-debounced';
import {
  idleCarsQuery,
  shareCarsQuery,
  useAddShareCars,
  useParkShareCar,
  useRemoveShareCar,
  zoneOptionsQuery,
  type ShareCarRow,
  type ZoneRow,
} from '../api/time-share';
import { useTitle } from './titles';

/**
 * The cars parked at a zone: put idle cars of the company into time-share here, park one at another zone (staff
 * moved it), take one out of time-share. Changes need `sevenGo:edit`.
 */
export function ZoneCarsDrawer({ zone, onClose }: { zone: ZoneRow; onClose: () => void }) {
  const { t } = useTranslation('time-share');
  const { message } = App.useApp();
  const access = useAccess();
  const editable = access.can('sevenGo:edit');
  const title = useTitle();
  const [page, setPage] = useState(1);
  const cars = useQuery(shareCarsQuery({ zoneId: zone.id, pageNum: page, pageSize: 20 }));
  const zones = useQuery(zoneOptionsQuery());
  const add = useAddShareCars();
  const remove = useRemoveShareCar();
  const park = useParkShareCar();
  const [search, setSearch] = useState('');
  const keyword = useDebounced(search, 300);
  const idle = useQuery({ ...idleCarsQuery(keyword), enabled: editable });
  const [picked, setPicked] = useState<number[]>([]);
  const [refused, setRefused] = useState<string | null>(null);

  const addCars = async () => {
    setRefused(null);
    try {
      await add.mutateAsync({ zoneId: zone.id, carIds: picked });
      void message.success(t('zoneCars.added', { count: picked.length }));
      setPicked([]);
    } catch (e) {
      if (e instanceof RequestError && (e.httpStatus === 409 || e.httpStatus === 400))
        setRefused(e.serverMessage || e.message);
    }
  };

  return (
    <Drawer open title={t('zoneCars.title', { name: zone.name })} onClose={onClose} size="large">
      {editable ? (
        <div className="fd-ts-add-cars" data-testid="zone-cars-add">
          <Select<number[]>
            mode="multiple"
            showSearch
            filterOption={false}
            onSearch={setSearch}
            value={picked}
            onChange={setPicked}
            loading={idle.isFetching}
            placeholder={t('zoneCars.pick')}
            aria-label={t('zoneCars.pick')}
            notFoundContent={idle.isError ? t('zoneCars.noCarAccess') : t('zoneCars.noIdle')}
            options={(idle.data?.rows ?? [])
              .filter((c) => c.status === 'idle')
              .map((c) => ({ value: c.id, label: [formatPlate(c.plate), c.carTypeName].filter(Boolean).join(' · ') }))}
            className="fd-ts-full"
          />
          <Button type="primary" disabled={!picked.length} loading={add.isPending} onClick={() => void addCars()}>
            {t('zoneCars.add')}
          </Button>
        </div>
      ) : null}
      {refused ? <Alert type="error" showIcon className="fd-inline-failure" title={refused} /> : null}
      <Table<ShareCarRow>
        rowKey="carId"
        size="small"
        scroll={{ x: 'max-content' }}
        loading={cars.isPending}
        dataSource={cars.data?.rows ?? []}
        locale={{ emptyText: t('zoneCars.empty') }}
        pagination={{
          current: page,
          pageSize: 20,
          total: cars.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { key: 'plate', title: t('columns.car'), render: (_, c) => <CarLink id={c.carId} plate={c.plate} /> },
          { key: 'type', title: t('fields.carType'), render: (_, c) => c.carTypeName ?? '-' },
          {
            key: 'status',
            title: t('zoneCars.status'),
            render: (_, c) => {
              const known = CAR_STATUS_TITLES[c.status as CarStatus];
              return known ? title(known) : c.status;
            },
          },
          {
            key: 'device',
            title: t('zoneCars.device'),
            render: (_, c) => (c.hasDevice ? t('zoneCars.hasDevice') : t('zoneCars.noDevice')),
          },
          {
            key: 'trip',
            title: t('renters.liveTrip'),
            render: (_, c) => (c.liveTripId ? <Link to={tripLink(c.liveTripId)}>{t('renters.onTrip')}</Link> : '-'),
          },
          ...(editable
            ? [
                {
                  key: 'actions',
                  title: t('columns.actions'),
                  render: (_: unknown, c: ShareCarRow) =>
                    c.liveTripId ? null : (
                      <Space size="small" wrap>
                        <Select<number>
                          size="small"
                          placeholder={t('zoneCars.parkAt')}
                          aria-label={t('zoneCars.parkAtOf', { plate: formatPlate(c.plate) })}
                          className="fd-ts-park"
                          options={(zones.data ?? [])
                            .filter((z) => z.enabled && z.id !== zone.id)
                            .map((z) => ({ value: z.id, label: z.name }))}
                          onChange={(zoneId) =>
                            void park
                              .mutateAsync({ carId: c.carId, zoneId })
                              .then(() => void message.success(t('zoneCars.parked', { plate: formatPlate(c.plate) })))
                          }
                        />
                        <Popconfirm
                          title={t('zoneCars.removeConfirm', { plate: formatPlate(c.plate) })}
                          onConfirm={() =>
                            remove
                              .mutateAsync(c.carId)
                              .then(() => void message.success(t('zoneCars.removed', { plate: formatPlate(c.plate) })))
                          }
                        >
                          <Button size="small" danger>
                            {t('zoneCars.remove')}
                          </Button>
                        </Popconfirm>
                      </Space>
                    ),
                },
              ]
            : []),
        ]}
      />
    </Drawer>
  );
}
