import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Result from 'antd/es/result';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TeamDetail } from '@fleetdesk/contracts/teams';
import { useAccess } from '../../../lib/access';
import { useSession } from '../../../lib/session';
import { treeQuery } from '../api/get-tree';
import { DETAIL_TABS, TeamDetailPanel, type DetailTab } from '../components/team-detail';
import { TeamForm, type FormTarget } from '../components/team-form';
import { PerformanceView } from '../components/performance-view';
import { STATEMENT_PARAM, StatementDrawer, useOpenStatement } from '../components/statement-drawer';
import { NewFleetButton, TeamTree } from '../components/team-tree';
import { buildTree, subtreeTotals } from '../model/team-tree';
import '../i18n';
import '../teams.css';

const isId = (v: string | null) => !!v && /^\d+$/.test(v);

/**
 * `/teams`: the tree of companies, fleets and teams on the left; the chosen one (`?team=`) on the right
 * with its drivers, cars, history, performance and statements (`?tab=`); `?tab=performance` without a node is every
 * fleet's ranking; `?statement=<id>` opens a monthly statement in a drawer. The lists' own filters and pages stay
 * in the address too; choosing another node or tab starts them afresh (the performance's month stays).
 */
export default function TeamsPage() {
  const { t } = useTranslation('teams');
  const access = useAccess();
  const rents = useSession((s) => s.user?.rents ?? []);
  const [search, setSearch] = useSearchParams();
  const [keyword, setKeyword] = useState('');
  const [rentId, setRentId] = useState<number | undefined>();
  const [form, setForm] = useState<FormTarget | null>(null);

  const teamParam = search.get('team');
  const selected = isId(teamParam) ? Number(teamParam) : null;
  const statementParam = search.get(STATEMENT_PARAM);
  const statement = isId(statementParam) ? Number(statementParam) : null;
  const openStatement = useOpenStatement();
  const tabParam = search.get('tab');
  const tab: DetailTab = (DETAIL_TABS as readonly string[]).includes(tabParam ?? '')
    ? (tabParam as DetailTab)
    : 'members';
  const go = (team: number | null, nextTab: DetailTab = tab) =>
    setSearch((current) => {
      const next = new URLSearchParams();
      if (team !== null) next.set('team', String(team));
      if (nextTab !== 'members') next.set('tab', nextTab);
      // The month looked at stays from one node's performance to another's.
      const month = current.get('month');
      if (nextTab === 'performance' && month) next.set('month', month);
      return next;
    });
  // No node and the performance tab: every fleet's ranking.
  const allFleets = selected === null && tab === 'performance';

  const filtered = useQuery(treeQuery({ ...(rentId ? { rentId } : {}), ...(keyword ? { keyword } : {}) }));
  // The counts take each fleet's teams from the whole tree, also those a search leaves out.
  const whole = useQuery({ ...treeQuery(rentId ? { rentId } : {}), enabled: !!keyword });
  const nodes = filtered.data;
  const companies = useMemo(
    () => (nodes ? buildTree(nodes, subtreeTotals(keyword && whole.data ? whole.data : nodes)) : []),
    [nodes, keyword, whole.data],
  );
  const filtering = !!keyword || !!rentId;
  const canAdd = access.can('teams:add');
  const newFleet = () => setForm({ mode: 'create', kind: 'fleet', rentId: rentId ?? null });
  const saved = (team: TeamDetail) => {
    if (form?.mode === 'create') go(team.id, 'members');
  };
  const deleted = (team: TeamDetail) => go(team.parentId, team.parentId === null ? 'members' : tab);

  // No fleet at all yet: the way to start, instead of an empty tree beside an empty panel.
  const nothingYet = !filtering && !!nodes && nodes.length === 0;

  return (
    <section className="fd-teams" data-testid="teams-page">
      <h1 className="fd-page-title">{t('title')}</h1>
      {nothingYet ? (
        <Card>
          <Empty description={t('tree.empty')}>
            <p className="fd-muted">{t('tree.emptyHint')}</p>
            {canAdd ? <NewFleetButton onClick={newFleet} /> : null}
          </Empty>
        </Card>
      ) : (
        <div className="fd-teams-layout">
          <TeamTree
            companies={companies}
            loading={filtered.isLoading}
            failed={filtered.isError && !nodes}
            onRetry={() => void filtered.refetch()}
            filtering={filtering}
            keyword={keyword}
            onKeyword={setKeyword}
            rents={rents}
            rentId={rentId}
            onRent={setRentId}
            selected={selected}
            onSelect={(id) => go(id, tab)}
            newFleet={canAdd ? <NewFleetButton size="small" onClick={newFleet} /> : undefined}
            allFleets={{ active: allFleets, onClick: () => go(null, 'performance') }}
          />
          <div className="fd-teams-main">
            {allFleets ? (
              <Card className="fd-team-detail" title={<h2 className="fd-team-detail-name">{t('perf.allTitle')}</h2>}>
                <PerformanceView team={null} />
              </Card>
            ) : selected === null ? (
              <Card className="fd-team-detail">
                {filtered.isError && !nodes ? (
                  <Result status="warning" title={t('tree.loadFailed')} />
                ) : (
                  <Empty description={t('detail.choose')} />
                )}
              </Card>
            ) : (
              <TeamDetailPanel
                id={selected}
                tab={tab}
                onTab={(next) => go(selected, next)}
                onEdit={(team) => setForm({ mode: 'edit', id: team.id })}
                onNewTeam={(fleet) =>
                  setForm({ mode: 'create', kind: 'team', rentId: fleet.rentId, parentId: fleet.id })
                }
                onDeleted={deleted}
              />
            )}
          </div>
        </div>
      )}
      {form ? <TeamForm target={form} onClose={() => setForm(null)} onSaved={saved} /> : null}
      {statement !== null ? <StatementDrawer id={statement} onClose={() => openStatement(null)} /> : null}
    </section>
  );
}
