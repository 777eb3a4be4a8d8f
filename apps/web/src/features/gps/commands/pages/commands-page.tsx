import App from 'antd/es/app';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import Timeline from 'antd/es/timeline';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GPS_COMMAND_SOURCES,
  GPS_COMMAND_STATUSES,
  GPS_COMMAND_TYPES,
  commandPermission,
  type GpsCommand,
  type GpsCommandStatus,
} from '@fleetdesk/contracts/gps-commands';
import { ListPage, type ListColumn } from '../../../../components/list-page/list-page';
import { queryWithDayRange, type FilterField } from '../../../../components/list-page/list-params';
import { useAccess } from '../../../../lib/access';
import { formatDateTime } from '../../../../lib/format';
import { GpsEventsTabs } from '../../events/components/gps-events-tabs';
import { cancelCommand, commandQuery, commandsQuery, key } from '../api/gps-commands';
import '../i18n';

const STATUS_COLOURS: Record<GpsCommandStatus, string> = {
  queued: 'gold',
  sent: 'blue',
  succeeded: 'green',
  failed: 'red',
  expired: 'default',
  cancelled: 'default',
};
const STEP_COLOURS: Record<string, string> = { succeeded: 'green', failed: 'red', held: 'orange', expired: 'gray' };
const at = (v: string | null) => (v ? formatDateTime(v, true) : '-');

/** One command: what was asked, the device's reply and every step. */
function CommandDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('gps-commands');
  const q = useQuery({ ...commandQuery(id ?? 0), enabled: id !== null });
  const c = q.data;
  return (
    <Drawer
      open={id !== null}
      width={440}
      title={id ? t('drawer.title', { id }) : ''}
      onClose={onClose}
      destroyOnHidden
    >
      {!c ? (
        <Spin />
      ) : (
        <div data-testid="gps-command-drawer">
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('list.type')}>{t(`type.${c.commandType}`)}</Descriptions.Item>
            <Descriptions.Item label={t('list.status')}>
              <Tag color={STATUS_COLOURS[c.status]}>{t(`status.${c.status}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('drawer.device')}>
              {c.plate ? `${c.plate} · ${c.imei}` : c.imei}
            </Descriptions.Item>
            {c.params.intervalSeconds !== undefined && (
              <Descriptions.Item label={t('drawer.params')}>
                {t('drawer.intervalValue', { seconds: c.params.intervalSeconds })}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('list.reason')}>{c.reason}</Descriptions.Item>
            <Descriptions.Item label={t('list.source')}>
              <Space size={4}>
                {t(`source.${c.source}`)}
                {c.riskCaseId !== null && `${t('drawer.riskCase')} #${c.riskCaseId}`}
                {c.forced && <Tag color="red">{t('list.forced')}</Tag>}
                {c.waitSafeSpeed && <Tag color="orange">{t('list.waitSafeSpeed')}</Tag>}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('list.by')}>{c.createdByName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('list.queuedAt')}>{at(c.queuedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('drawer.sentAt')}>{at(c.sentAt)}</Descriptions.Item>
            <Descriptions.Item label={t('drawer.serial')}>{c.serial ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('drawer.answeredAt')}>{at(c.answeredAt)}</Descriptions.Item>
            <Descriptions.Item label={t('drawer.resultCode')}>
              {c.resultCode === null ? '-' : `${c.resultCode} ${t(`result.${c.resultCode}`, { defaultValue: '' })}`}
            </Descriptions.Item>
            <Descriptions.Item label={t('list.result')}>{c.resultText ?? '-'}</Descriptions.Item>
          </Descriptions>
          <h4>{t('drawer.steps')}</h4>
          <Timeline
            items={c.steps.map((s) => ({
              color: STEP_COLOURS[s.step] ?? 'blue',
              children: (
                <>
                  <div>
                    <b>{t(`step.${s.step}`)}</b> {at(s.at)}
                  </div>
                  {s.note && <div className="fd-muted">{s.note}</div>}
                </>
              ),
            }))}
          />
        </div>
      )}
    </Drawer>
  );
}

/** `/riskGpsMap/commands`: the command history (filters, paging) with a drawer of each command's steps. */
export default function CommandsPage() {
  const { t } = useTranslation('gps-commands');
  const { modal, message } = App.useApp();
  const access = useAccess();
  const client = useQueryClient();
  const [open, setOpen] = useState<number | null>(null);
  const filters = useMemo<FilterField[]>(
    () => [
      { type: 'text', name: 'keyword', label: t('list.keyword') },
      {
        type: 'select',
        name: 'commandName',
        label: t('list.type'),
        options: GPS_COMMAND_TYPES.map((c) => ({ value: c, label: t(`type.${c}`) })),
      },
      {
        type: 'select',
        name: 'status',
        label: t('list.status'),
        options: GPS_COMMAND_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
      },
      {
        type: 'select',
        name: 'source',
        label: t('list.source'),
        options: GPS_COMMAND_SOURCES.map((s) => ({ value: s, label: t(`source.${s}`) })),
        advanced: true,
      },
      { type: 'date-range', name: 'period', label: t('list.period'), keys: ['from', 'to'], advanced: true },
    ],
    [t],
  );
  const cancel = (c: GpsCommand) =>
    modal.confirm({
      title: t('list.cancelConfirm'),
      onOk: async () => {
        await cancelCommand(c.id);
        void message.success(t('list.cancelled'));
        await client.invalidateQueries({ queryKey: [...key] });
      },
    });
  const columns: ListColumn<GpsCommand>[] = [
    { key: 'queuedAt', title: t('list.queuedAt'), render: (_, c) => at(c.queuedAt), width: 170 },
    {
      key: 'type',
      title: t('list.type'),
      render: (_, c) => (
        <Space size={4}>
          <Tag color={c.commandType === 'fuelCut' ? 'red' : 'blue'}>{t(`type.${c.commandType}`)}</Tag>
          {c.params.intervalSeconds !== undefined && t('drawer.intervalValue', { seconds: c.params.intervalSeconds })}
        </Space>
      ),
    },
    { key: 'plate', title: t('list.plate'), render: (_, c) => c.plate ?? '-' },
    { key: 'imei', title: t('list.imei'), dataIndex: 'imei' },
    { key: 'rent', title: t('list.rent'), dataIndex: 'rentName' },
    { key: 'reason', title: t('list.reason'), dataIndex: 'reason', ellipsis: true },
    {
      key: 'source',
      title: t('list.source'),
      render: (_, c) => (
        <Space size={4}>
          {t(`source.${c.source}`)}
          {c.forced && <Tag color="red">{t('list.forced')}</Tag>}
        </Space>
      ),
    },
    { key: 'by', title: t('list.by'), render: (_, c) => c.createdByName ?? '-' },
    {
      key: 'status',
      title: t('list.status'),
      render: (_, c) => <Tag color={STATUS_COLOURS[c.status]}>{t(`status.${c.status}`)}</Tag>,
    },
    { key: 'result', title: t('list.result'), render: (_, c) => c.resultText ?? '-', ellipsis: true },
    {
      key: 'actions',
      title: '',
      render: (_, c) => (
        <Space size={4}>
          <Button size="small" type="link" onClick={() => setOpen(c.id)}>
            {t('list.details')}
          </Button>
          {c.status === 'queued' && access.can(commandPermission(c.commandType)) && (
            <Button size="small" type="link" danger onClick={() => cancel(c)}>
              {t('list.cancel')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <div className="fd-page" data-testid="gps-commands-page">
      <GpsEventsTabs active="commands" />
      <ListPage<GpsCommand>
        id="gps-commands"
        filters={filters}
        columns={columns}
        rowKey={(c) => c.id}
        query={(p) => commandsQuery(queryWithDayRange(p))}
      />
      <CommandDrawer id={open} onClose={() => setOpen(null)} />
    </div>
  );
}
