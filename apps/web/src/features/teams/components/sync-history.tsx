import Select from 'antd/es/select';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FLOW_PLATFORM_TITLES,
  FLOW_PLATFORMS,
  type FlowPlatform,
  type FlowSync,
} from '@fleetdesk/contracts/team-performance';
import { formatDateTime } from '../../../lib/format';
import { useTitle } from '../../../lib/use-title';
import { syncsQuery } from '../api/get-syncs';

const PAGE_SIZE = 10;

/** A sync's days: one day, or the first and the last. */
export function SyncDays({ sync }: { sync: Pick<FlowSync, 'from' | 'to'> }) {
  const { t } = useTranslation('teams');
  return <>{sync.from === sync.to ? sync.from : t('sync.range', { from: sync.from, to: sync.to })}</>;
}

export function SyncState({ sync }: { sync: Pick<FlowSync, 'state'> }) {
  const { t } = useTranslation('teams');
  return (
    <Tag className="fd-sync-state" color={sync.state === 'done' ? 'success' : 'error'}>
      {t(`sync.states.${sync.state}`)}
    </Tag>
  );
}

/** Who ran a sync: a user, or the daily job (`byName` null). */
export function SyncBy({ sync }: { sync: Pick<FlowSync, 'byName'> }) {
  const { t } = useTranslation('teams');
  return <>{sync.byName ?? t('sync.dailyJob')}</>;
}

/** What a sync did: fetched, written and unknown days, the error of a failed one. */
export function SyncOutcome({ sync }: { sync: FlowSync }) {
  const { t } = useTranslation('teams');
  return (
    <span className="fd-sync-outcome">
      <SyncState sync={sync} />
      <span>{t('sync.counts', { fetched: sync.fetched, written: sync.written, unknown: sync.unknown })}</span>
      {sync.state === 'failed' && sync.error ? <span className="fd-perf-bad">{sync.error}</span> : null}
    </span>
  );
}

/** An account's last sync, on one line under it. */
export function LastSync({ sync }: { sync: FlowSync | null }) {
  const { t } = useTranslation('teams');
  if (!sync) return <span className="fd-muted">{t('platforms.neverSynced')}</span>;
  return (
    <span className="fd-sync-last">
      <span className="fd-muted">{t('platforms.lastSync')}</span>
      <SyncDays sync={sync} />
      <SyncOutcome sync={sync} />
      <span className="fd-muted">
        <SyncBy sync={sync} /> · {formatDateTime(sync.at)}
      </span>
    </span>
  );
}

/** The syncs of the fleet's platforms, newest first, ten a page; a platform may be chosen. */
export function SyncHistory() {
  const { t } = useTranslation('teams');
  const title = useTitle();
  const [platform, setPlatform] = useState<FlowPlatform | undefined>();
  const [pageNum, setPageNum] = useState(1);
  const syncs = useQuery({
    ...syncsQuery({ ...(platform ? { platform } : {}), pageNum, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  return (
    <section className="fd-sync-history" data-testid="sync-history" aria-label={t('sync.historyTitle')}>
      <div className="fd-sync-history-bar">
        <h4 className="fd-perf-subtitle">{t('sync.historyTitle')}</h4>
        <Select<FlowPlatform | 'all'>
          size="small"
          aria-label={t('sync.historyPlatform')}
          className="fd-sync-history-platform"
          value={platform ?? 'all'}
          onChange={(v) => {
            setPlatform(v === 'all' ? undefined : v);
            setPageNum(1);
          }}
          options={[
            { value: 'all', label: t('sync.allPlatforms') },
            ...FLOW_PLATFORMS.map((p) => ({ value: p, label: title(FLOW_PLATFORM_TITLES[p]) })),
          ]}
        />
      </div>
      <Table<FlowSync>
        size="small"
        rowKey="id"
        loading={syncs.isFetching}
        dataSource={syncs.data?.records ?? []}
        locale={{ emptyText: syncs.isError ? t('sync.historyFailed') : t('sync.historyEmpty') }}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: pageNum,
          pageSize: PAGE_SIZE,
          total: syncs.data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPageNum,
        }}
        columns={[
          { key: 'at', title: t('sync.columns.at'), render: (_, s) => formatDateTime(s.at) },
          {
            key: 'platform',
            title: t('sync.columns.platform'),
            render: (_, s) => title(FLOW_PLATFORM_TITLES[s.platform]),
          },
          { key: 'days', title: t('sync.columns.days'), render: (_, s) => <SyncDays sync={s} /> },
          { key: 'outcome', title: t('sync.columns.outcome'), render: (_, s) => <SyncOutcome sync={s} /> },
          { key: 'by', title: t('sync.columns.by'), render: (_, s) => <SyncBy sync={s} /> },
        ]}
      />
    </section>
  );
}
