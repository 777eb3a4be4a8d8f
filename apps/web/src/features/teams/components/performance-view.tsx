import ApiOutlined from '@ant-design/icons/ApiOutlined';
import CloudSyncOutlined from '@ant-design/icons/CloudSyncOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import SlidersOutlined from '@ant-design/icons/SlidersOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Segmented from 'antd/es/segmented';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TeamDetail } from '@fleetdesk/contracts/teams';
import { useFinishedTasks } from '../../../components/import-wizard/use-finished-tasks';
import { useAccess } from '../../../lib/access';
import { exportRanking } from '../api/export-ranking';
import { teamMonthsQuery } from '../api/get-team-months';
import { perfKey } from '../api/keys';
import { currentMonth, hasFlows, monthOf, sumMonths } from '../model/performance';
import { FlowDaysList } from './flow-days-list';
import { FlowImport } from './flow-import';
import { FlowSyncDialog } from './flow-sync-dialog';
import { MonthSwitcher } from './month-switcher';
import { PerfFigures, PerfParts } from './perf-summary';
import { PlatformAccountsDialog } from './platform-accounts-dialog';
import { RankingList } from './ranking-list';
import { WeightsDialog } from './weights-dialog';

const VIEWS = ['ranking', 'days'] as const;
type View = (typeof VIEWS)[number];
/** The URL keys of the two lists (filters and pages): a switch of view or month starts them afresh. */
const LIST_KEYS = ['keyword', 'platform', 'from', 'to', 'pageNum', 'pageSize'];

/**
 * Fleet performance of a node (with its teams), or of every fleet (`team` null): the month (`?month=`, this month by
 * default), its figures, the teams' (or fleets') months, the drivers' ranking or their platform days (`?view=days`);
 * importing flows, syncing them from a platform and its accounts (the platform API), exporting the ranking, the
 * ranking weights.
 */
export function PerformanceView({ team }: { team: TeamDetail | null }) {
  const { t } = useTranslation('teams');
  const access = useAccess();
  const client = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const [dialog, setDialog] = useState<'import' | 'sync' | 'platforms' | 'weights' | null>(null);
  const [exporting, setExporting] = useState(false);
  const month = monthOf(search);
  const thisMonth = currentMonth();
  const view: View = search.get('view') === 'days' ? 'days' : 'ranking';
  const teamId = team?.id;

  const months = useQuery({
    ...teamMonthsQuery(team ? { month, rentId: team.rentId } : { month }),
    placeholderData: keepPreviousData,
  });
  const { figures, parts } = useMemo(() => {
    const rows = months.data;
    if (!rows) return { figures: null, parts: [] };
    if (team) {
      return {
        figures: rows.find((m) => m.teamId === team.id) ?? null,
        parts: team.kind === 'fleet' ? rows.filter((m) => m.parentId === team.id) : [],
      };
    }
    // Every fleet: the nodes not inside another the caller sees (a leader of a team sees it without its fleet).
    const ids = new Set(rows.map((m) => m.teamId));
    const roots = rows.filter((m) => m.parentId === null || !ids.has(m.parentId));
    return { figures: sumMonths(roots), parts: roots };
  }, [months.data, team]);

  const refresh = () => void client.invalidateQueries({ queryKey: perfKey });
  const followTask = useFinishedTasks(refresh);

  const update = (change: (next: URLSearchParams) => void) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      change(next);
      for (const key of LIST_KEYS) next.delete(key);
      return next;
    });
  const setMonth = (value: string) =>
    update((next) => (value === thisMonth ? next.delete('month') : next.set('month', value)));
  const setView = (value: View) =>
    update((next) => (value === 'ranking' ? next.delete('view') : next.set('view', value)));
  const openNode = (id: number) =>
    setSearch(() => {
      const next = new URLSearchParams({ team: String(id), tab: 'performance' });
      if (month !== thisMonth) next.set('month', month);
      return next;
    });

  const download = () => {
    setExporting(true);
    exportRanking({ month, ...(teamId ? { teamId } : {}) }, t('perf.exportFile', { month }))
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  const canImport = access.can('teams:import');
  const canEdit = access.can('teams:edit');
  const importButton = (primary?: boolean) => (
    <Button type={primary ? 'primary' : 'default'} icon={<UploadOutlined />} onClick={() => setDialog('import')}>
      {t('perf.actions.import')}
    </Button>
  );
  const noFlows = !!figures && !hasFlows(figures);

  return (
    <div className="fd-perf" data-testid="team-performance">
      <div className="fd-perf-bar">
        <Space wrap size={8}>
          <MonthSwitcher month={month} onChange={setMonth} />
          <Segmented<View>
            aria-label={t('perf.views.label')}
            value={view}
            onChange={setView}
            options={VIEWS.map((v) => ({ value: v, label: t(`perf.views.${v}`) }))}
          />
        </Space>
        <Space wrap size={8}>
          {canImport ? importButton() : null}
          {canImport ? (
            <Button icon={<CloudSyncOutlined />} onClick={() => setDialog('sync')}>
              {t('perf.actions.sync')}
            </Button>
          ) : null}
          {canEdit || canImport ? (
            <Button icon={<ApiOutlined />} onClick={() => setDialog('platforms')}>
              {t('perf.actions.platforms')}
            </Button>
          ) : null}
          {access.can('teams:export') ? (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={download}>
              {t('perf.actions.export')}
            </Button>
          ) : null}
          <Button icon={<SlidersOutlined />} onClick={() => setDialog('weights')}>
            {t('perf.actions.weights')}
          </Button>
        </Space>
      </div>
      <p className="fd-muted fd-perf-scope">
        {!team
          ? t('perf.scopeAll')
          : team.kind === 'fleet'
            ? t('perf.scopeFleet', { name: team.name })
            : t('perf.scopeTeam', { name: team.name })}
      </p>

      {view === 'days' ? (
        <FlowDaysList month={month} teamId={teamId} />
      ) : months.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : noFlows ? (
        <Empty className="fd-perf-empty" description={<strong>{t('perf.empty.title', { month })}</strong>}>
          <p className="fd-muted">{t('perf.empty.hint')}</p>
          {canImport ? importButton(true) : <p className="fd-muted">{t('perf.empty.noImport')}</p>}
        </Empty>
      ) : (
        <>
          {figures ? <PerfFigures figures={figures} /> : null}
          {parts.length ? (
            <PerfParts
              title={team ? t('perf.teamsTitle', { month }) : t('perf.fleetsTitle', { month })}
              rows={parts}
              onOpen={openNode}
            />
          ) : null}
          <h3 className="fd-perf-subtitle">{t('perf.rankingTitle', { month })}</h3>
          <RankingList month={month} teamId={teamId} />
        </>
      )}

      {dialog === 'import' ? (
        <FlowImport
          onClose={() => setDialog(null)}
          onImported={(taskId) => {
            refresh();
            if (taskId) followTask(taskId);
          }}
        />
      ) : null}
      {dialog === 'sync' ? (
        <FlowSyncDialog onClose={() => setDialog(null)} onSetup={canEdit ? () => setDialog('platforms') : undefined} />
      ) : null}
      {dialog === 'platforms' ? <PlatformAccountsDialog onClose={() => setDialog(null)} /> : null}
      {dialog === 'weights' ? <WeightsDialog onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
