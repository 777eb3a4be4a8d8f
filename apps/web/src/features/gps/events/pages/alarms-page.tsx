import App from 'antd/es/app';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import DatePicker from 'antd/es/date-picker';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ALARM_STATUSES,
  GPS_ALARM_TYPES,
  type AlarmStatus,
  type GpsAlarmType,
  type GpsEvent,
} from '@fleetdesk/contracts/gps-events';
import { useAccess } from '../../../../lib/access';
import {
  ALARM_KEYS,
  alarmStaticsQuery,
  alarmsQuery,
  handleAlarm,
  ignoreAlarm,
  ignoreAlarms,
  type AlarmFilters,
} from '../api/gps-events';
import { GpsEventsTabs } from '../components/gps-events-tabs';
import '../i18n';
import './gps-events.css';

const fmt = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');
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

/** `/riskGpsMap/alarms`: the alarm list with filters, handle (note), ignore and batch ignore; the month's figures. */
export default function AlarmsPage() {
  const { t } = useTranslation('gps-events');
  const { modal, message } = App.useApp();
  const access = useAccess();
  const canAct = access.can('riskGpsMap:alarm');
  const [filters, setFilters] = useState<AlarmFilters>({ pageNum: 1, pageSize: 20, status: 'unhandled' });
  const [selected, setSelected] = useState<number[]>([]);
  const [handling, setHandling] = useState<GpsEvent | null>(null);
  const q = useQuery(alarmsQuery(filters));
  const month = dayjs().format('YYYY-MM');
  const stats = useQuery(alarmStaticsQuery(month));
  const refresh = useRefresh();
  const set = (patch: Partial<AlarmFilters>) => {
    setFilters((f) => ({ ...f, ...patch, pageNum: 1 }));
    setSelected([]);
  };
  const ignoreOne = (a: GpsEvent) =>
    modal.confirm({
      title: t('alarms.ignoreConfirm'),
      onOk: async () => {
        await ignoreAlarm(a.id);
        await refresh();
      },
    });
  const ignoreSelected = () =>
    modal.confirm({
      title: t('alarms.ignoreBatchConfirm', { count: selected.length }),
      onOk: async () => {
        const r = await ignoreAlarms(selected);
        void message.success(t('alarms.ignored', { count: r.changed }));
        setSelected([]);
        await refresh();
      },
    });

  return (
    <div className="fd-page" data-testid="gps-alarms-page">
      <GpsEventsTabs active="alarms" />
      {stats.data && (
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
      )}
      <Space wrap className="fd-gps-alarm-filters">
        <Select<AlarmStatus | ''>
          aria-label={t('alarms.status')}
          value={filters.status ?? ''}
          style={{ width: 140 }}
          onChange={(v) => set({ status: v || undefined })}
          options={[
            { value: '', label: t('alarms.allStatuses') },
            ...ALARM_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
          ]}
        />
        <Select<GpsAlarmType | ''>
          aria-label={t('alarms.type')}
          value={filters.type ?? ''}
          style={{ width: 160 }}
          onChange={(v) => set({ type: v || undefined })}
          options={[
            { value: '', label: t('alarms.allTypes') },
            ...GPS_ALARM_TYPES.map((s) => ({ value: s, label: t(`type.${s}`) })),
          ]}
        />
        <DatePicker.RangePicker
          showTime
          onChange={(v: [Dayjs | null, Dayjs | null] | null) =>
            set({ from: v?.[0]?.toISOString() ?? undefined, to: v?.[1]?.toISOString() ?? undefined })
          }
        />
        <Input.Search
          allowClear
          placeholder={t('alarms.search')}
          onSearch={(v) => set({ keyword: v.trim() || undefined })}
          style={{ width: 220 }}
        />
        {canAct && (
          <Button danger disabled={!selected.length} onClick={ignoreSelected} data-testid="gps-alarms-ignore-batch">
            {t('alarms.ignoreSelected', { count: selected.length })}
          </Button>
        )}
      </Space>
      {q.isError ? (
        <Alert
          type="error"
          showIcon
          message={t('alarms.loadFailed')}
          action={<Button onClick={() => void q.refetch()}>{t('alarms.retry')}</Button>}
        />
      ) : (
        <Table<GpsEvent>
          rowKey="id"
          size="small"
          loading={q.isFetching}
          dataSource={q.data?.rows ?? []}
          locale={{ emptyText: <Empty description={t('alarms.empty')} /> }}
          rowSelection={
            canAct
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys as number[]),
                  getCheckboxProps: (a) => ({ disabled: a.alarmStatus !== 'unhandled' }),
                }
              : undefined
          }
          pagination={{
            current: filters.pageNum,
            pageSize: filters.pageSize,
            total: q.data?.total ?? 0,
            showSizeChanger: true,
            onChange: (pageNum, pageSize) => setFilters((f) => ({ ...f, pageNum, pageSize })),
          }}
          columns={[
            { title: t('alarms.at'), dataIndex: 'at', render: (v: string) => fmt(v) },
            {
              title: t('alarms.type'),
              dataIndex: 'type',
              render: (v: GpsEvent['type'], a) => (
                <Space size={4}>
                  <Tag color="volcano">{t(`type.${v}`)}</Tag>
                  {a.geofenceName && <span>{a.geofenceName}</span>}
                  {typeof a.attributes.limit === 'number' && (
                    <span>{t('alarms.limit', { limit: a.attributes.limit })}</span>
                  )}
                </Space>
              ),
            },
            { title: t('alarms.plate'), dataIndex: 'plate', render: (v: string | null) => v ?? '-' },
            { title: t('alarms.imei'), dataIndex: 'imei' },
            { title: t('alarms.rent'), dataIndex: 'rentName' },
            {
              title: t('alarms.speed'),
              dataIndex: 'speed',
              render: (v: number | null) => (v === null ? '-' : `${Math.round(v)} km/h`),
            },
            {
              title: t('alarms.position'),
              render: (_: unknown, a) => (a.lat === null ? '-' : `${a.lat.toFixed(5)}, ${a.lon!.toFixed(5)}`),
            },
            {
              title: t('alarms.status'),
              dataIndex: 'alarmStatus',
              render: (s: AlarmStatus) => <Tag color={STATUS_COLOURS[s]}>{t(`status.${s}`)}</Tag>,
            },
            {
              title: t('alarms.note'),
              render: (_: unknown, a) => (a.handledByName ? `${a.handledByName}${a.note ? `：${a.note}` : ''}` : '-'),
            },
            {
              title: '',
              render: (_: unknown, a) =>
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
          ]}
        />
      )}
      <HandleDialog alarm={handling} onClose={() => setHandling(null)} />
    </div>
  );
}
