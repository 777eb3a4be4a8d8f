import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ALARM_STATUSES, GPS_ALARM_TYPES, type AlarmStatus, type GpsEvent } from '@fleetdesk/contracts/gps-events';
import { CarLink, DeviceLink } from '../../../../components/entity-links';
import { ListPage, type ListColumn } from '../../../../components/list-page/list-page';
import { queryWithDayRange, type FilterField } from '../../../../components/list-page/list-params';
import { SavedFilters } from '../../../../components/list-page/saved-filters';
import { useDefaultFilters } from '../../../../components/list-page/default-filters';
import { useAccess } from '../../../../lib/access';
import { ALARM_KEYS, alarmStaticsQuery, alarmsQuery, handleAlarm, ignoreAlarm, ignoreAlarms } from '../api/gps-events';
import { PositionText } from '../../components/position-text';
import { GpsEventsTabs } from '../components/gps-events-tabs';
import '../i18n';
import './gps-events.css';

const fmt = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');
/** The screen of the alarms' saved filters. */
const SCREEN = 'gpsAlarms';
/** The list's URL keys, also the keys of a saved filter. */
const FILTER_KEYS = ['status', 'type', 'keyword', 'from', 'to'] as const;

/** A saved filter is the list's URL filter values. */
const toSaved = (filters: Record<string, string>) => ({ ...filters }) as Record<string, unknown>;
const fromSaved = (saved: Record<string, unknown>): Record<string, string | undefined> =>
  Object.fromEntries(FILTER_KEYS.map((k) => [k, typeof saved[k] === 'string' && saved[k] ? saved[k] : undefined]));

const STATUS_COLOURS: Record<AlarmStatus, string> = { unhandled: 'red', handled: 'green', ignored: 'default' };

function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all(ALARM_KEYS.map((queryKey) => client.invalidateQueries({ queryKey: [...queryKey] })));
}

/** The note dialog of one alarm. */
function HandleDialog({ alarm, onClose }: { alarm: GpsEvent | null; onClose: () => void }) {
  const { t } = useTranslation('gps-events');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ note: string }>();
  const refresh = useRefresh();
  const save = useMutation({
    mutationFn: (note: string) => handleAlarm(alarm!.id, note),
    onSuccess: async () => {
      void message.success(t('alarms.handled'));
      await refresh();
      form.resetFields();
      onClose();
    },
  });
  return (
    <Modal
      open={alarm !== null}
      title={alarm ? t('alarms.handleTitle', { type: t(`type.${alarm.type}`), plate: alarm.plate ?? alarm.imei }) : ''}
      onCancel={onClose}
      onOk={() =>
        void form
          .validateFields()
          .then((v) => save.mutate(v.note.trim()))
          .catch(() => undefined)
      }
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="note"
          label={t('alarms.note')}
          rules={[{ required: true, whitespace: true, max: 200, message: t('alarms.noteRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount placeholder={t('alarms.notePlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The list opens on the unhandled alarms. */
const DEFAULTS = { status: 'unhandled' };

/** `/riskGpsMap/alarms`: the alarm list with filters, handle (note), ignore and batch ignore; the month's figures. */
export default function AlarmsPage() {
  const { t } = useTranslation('gps-events');
  const { modal, message } = App.useApp();
  const access = useAccess();
  const canAct = access.can('riskGpsMap:alarm');
  const [handling, setHandling] = useState<GpsEvent | null>(null);
  // `?alarm=<id>` (a link to one alarm): its row is highlighted.
  const [params] = useSearchParams();
  const picked = Number(params.get('alarm')) || null;
  const month = dayjs().format('YYYY-MM');
  const stats = useQuery(alarmStaticsQuery(month));
  const refresh = useRefresh();
  const filters = useMemo<FilterField[]>(
    () => [
      {
        type: 'select',
        name: 'status',
        label: t('alarms.status'),
        options: ALARM_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
      },
      {
        type: 'select',
        name: 'type',
        label: t('alarms.type'),
        options: GPS_ALARM_TYPES.map((s) => ({ value: s, label: t(`type.${s}`) })),
      },
      { type: 'text', name: 'keyword', label: t('alarms.keyword'), placeholder: t('alarms.search') },
      { type: 'date-range', name: 'period', label: t('alarms.period'), keys: ['from', 'to'] },
    ],
    [t],
  );
  const landing = useDefaultFilters(filters, SCREEN, DEFAULTS);
  const ignoreOne = (a: GpsEvent) =>
    modal.confirm({
      title: t('alarms.ignoreConfirm'),
      onOk: async () => {
        await ignoreAlarm(a.id);
        await refresh();
      },
    });
  const ignoreSelected = (rows: GpsEvent[], clear: () => void) =>
    modal.confirm({
      title: t('alarms.ignoreBatchConfirm', { count: rows.length }),
      onOk: async () => {
        const r = await ignoreAlarms(rows.map((a) => a.id));
        void message.success(t('alarms.ignored', { count: r.changed }));
        clear();
        await refresh();
      },
    });
  const columns: ListColumn<GpsEvent>[] = [
    { key: 'at', title: t('alarms.at'), render: (_, a) => fmt(a.at) },
    {
      key: 'type',
      title: t('alarms.type'),
      render: (_, a) => (
        <Space size={4}>
          <Tag color="volcano">{t(`type.${a.type}`)}</Tag>
          {a.geofenceName && <span>{a.geofenceName}</span>}
          {typeof a.attributes.limit === 'number' && <span>{t('alarms.limit', { limit: a.attributes.limit })}</span>}
        </Space>
      ),
    },
    {
      key: 'plate',
      title: t('alarms.plate'),
      render: (_, a) => (a.plate ? <CarLink id={a.carId} plate={a.plate} /> : '-'),
    },
    { key: 'imei', title: t('alarms.imei'), render: (_, a) => <DeviceLink imei={a.imei} /> },
    { key: 'rent', title: t('alarms.rent'), dataIndex: 'rentName' },
    {
      key: 'speed',
      title: t('alarms.speed'),
      render: (_, a) => (a.speed === null ? '-' : `${Math.round(a.speed)} km/h`),
    },
    {
      key: 'position',
      title: t('alarms.position'),
      render: (_, a) => (a.lat === null || a.lon === null ? '-' : <PositionText lat={a.lat} lon={a.lon} />),
    },
    {
      key: 'status',
      title: t('alarms.status'),
      render: (_, a) =>
        a.alarmStatus ? <Tag color={STATUS_COLOURS[a.alarmStatus]}>{t(`status.${a.alarmStatus}`)}</Tag> : '-',
    },
    {
      key: 'note',
      title: t('alarms.note'),
      render: (_, a) => (a.handledByName ? `${a.handledByName}${a.note ? `：${a.note}` : ''}` : '-'),
    },
    {
      key: 'actions',
      title: '',
      render: (_, a) =>
        canAct && a.alarmStatus === 'unhandled' ? (
          <Space size={4}>
            <Button size="small" type="primary" onClick={() => setHandling(a)}>
              {t('alarms.handle')}
            </Button>
            <Button size="small" onClick={() => ignoreOne(a)}>
              {t('alarms.ignore')}
            </Button>
          </Space>
        ) : null,
    },
  ];

  return (
    <div className="fd-page" data-testid="gps-alarms-page">
      <GpsEventsTabs active="alarms" />
      <ListPage<GpsEvent>
        id="gps-alarms"
        extra={
          stats.data && (
            <Card size="small" className="fd-gps-alarm-stats">
              <Space wrap>
                <span>{t('alarms.monthTotal', { total: stats.data.total, unhandled: stats.data.unhandled })}</span>
                {stats.data.byType.map((r) => (
                  <Tag key={r.type}>
                    {t(`type.${r.type}`)} {r.count}
                  </Tag>
                ))}
              </Space>
            </Card>
          )
        }
        filters={filters}
        filterActions={<SavedFilters screen={SCREEN} fields={filters} toSaved={toSaved} fromSaved={fromSaved} />}
        columns={columns}
        rowKey={(a) => a.id}
        query={(p) => alarmsQuery(queryWithDayRange(landing(p)))}
        selectable={(a) => a.alarmStatus === 'unhandled'}
        onRow={(a) => (a.id === picked ? { className: 'fd-gps-alarm-picked' } : {})}
        bulkActions={
          canAct
            ? (rows, clear) => (
                <Button
                  danger
                  size="small"
                  onClick={() => ignoreSelected(rows, clear)}
                  data-testid="gps-alarms-ignore-batch"
                >
                  {t('alarms.ignoreSelected', { count: rows.length })}
                </Button>
              )
            : undefined
        }
        emptyText={t('alarms.empty')}
      />
      <HandleDialog alarm={handling} onClose={() => setHandling(null)} />
    </div>
  );
}
