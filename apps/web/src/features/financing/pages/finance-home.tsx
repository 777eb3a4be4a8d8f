import Alert from 'antd/es/alert';
import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import Table from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FINANCING_STATES, type FinanceHome, type LimitView } from '@fleetdesk/contracts/financing';
import { formatMoney } from '../../../lib/format';
import { homeQuery } from '../api/applications';
import { StateTag } from '../components/state-tag';

function WorkItem({ to, label, count }: { to: string; label: string; count?: number }) {
  return (
    <Link to={to} className="fd-fin-work" data-testid="fin-work">
      {count !== undefined && <span className="fd-fin-work-count">{count}</span>}
      <span>{label}</span>
    </Link>
  );
}

/** The financier's work list: what waits for its decision, each linking to the filtered list. */
/** Counts the index may add beside the contract's (rent-or-sale requests, waivers waiting). */
type Home = FinanceHome & { pendingRentOrSale?: number; pendingWaivers?: number };

function FinancierWork({ home }: { home: Home }) {
  const { t } = useTranslation('financing');
  const c = home.counts;
  return (
    <Card title={t('home.work')} className="fd-fin-card">
      <div className="fd-fin-works">
        <WorkItem
          to="/finance/list?state=S2&reviewStage=financier"
          label={t('home.toReview')}
          count={home.awaitingReview}
        />
        <WorkItem to="/finance/list?state=S5" label={t('home.toConfirm')} count={c.S5 ?? 0} />
        <WorkItem to="/finance/list?state=S6" label={t('home.toDisburse')} count={c.S6 ?? 0} />
        <WorkItem to="/finance/list?state=S5" label={t('home.vouchersToCheck')} count={c.S5 ?? 0} />
        <WorkItem to="/finance/rentOrSale?state=applied" label={t('home.rentOrSale')} count={home.pendingRentOrSale} />
        <WorkItem to="/finance/waivers?state=pending" label={t('home.waivers')} count={home.pendingWaivers} />
      </div>
    </Card>
  );
}

/** `/finance`: credit limits, applications by state, due and overdue instalments (and the financier's work). */
export function FinanceHomePanel() {
  const { t } = useTranslation('financing');
  const home = useQuery(homeQuery());
  if (home.isPending) return <Skeleton active />;
  if (!home.data) return <Alert type="error" showIcon title={t('home.loadFailed')} />;
  const h = home.data;
  const financier = h.side === 'financier';
  return (
    <div className="fd-fin-home">
      {financier && <FinancierWork home={h} />}
      <div className="fd-fin-stats">
        {(['total', 'used', 'frozen', 'available'] as const).map((k) => (
          <Card key={k} size="small" className="fd-fin-stat">
            <div className="fd-fin-stat-label">{t(`home.limit.${k}`)}</div>
            <div className="fd-fin-stat-value" data-testid={`fin-limit-${k}`}>
              {formatMoney(h[k])}
            </div>
          </Card>
        ))}
        <Card size="small" className="fd-fin-stat">
          <Link to="/finance/instalments?due=soon">
            <div className="fd-fin-stat-label">{t('home.due', { count: h.dueInstalments })}</div>
            <div className="fd-fin-stat-value">{formatMoney(h.dueAmount)}</div>
          </Link>
        </Card>
        <Card size="small" className="fd-fin-stat fd-fin-stat-overdue">
          <Link to="/finance/instalments?overdue=true">
            <div className="fd-fin-stat-label">{t('home.overdue', { count: h.overdueInstalments })}</div>
            <div className="fd-fin-stat-value">{formatMoney(h.overdueAmount)}</div>
          </Link>
        </Card>
      </div>
      <Card title={t('home.byState')} className="fd-fin-card">
        <div className="fd-fin-states">
          {FINANCING_STATES.map((s) => (
            <Link key={s} to={`/finance/list?state=${s}`} className="fd-fin-state" data-testid={`fin-count-${s}`}>
              <StateTag state={s} />
              <strong>{h.counts[s] ?? 0}</strong>
            </Link>
          ))}
        </div>
      </Card>
      <Card title={t('home.limits')} className="fd-fin-card">
        <Table<LimitView>
          size="small"
          rowKey={(l) => `${l.tenantId}-${l.rentId}-${l.financierId}`}
          dataSource={h.limits}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('home.noLimits') }}
          columns={[
            financier
              ? { key: 'tenant', title: t('columns.applicant'), render: (_, l) => `${l.tenantName} · ${l.rentName}` }
              : { key: 'rent', title: t('columns.rent'), dataIndex: 'rentName' },
            { key: 'financier', title: t('columns.financier'), dataIndex: 'financierName' },
            ...(['total', 'used', 'frozen', 'available'] as const).map((k) => ({
              key: k,
              title: t(`home.limit.${k}`),
              align: 'right' as const,
              render: (_: unknown, l: LimitView) => formatMoney(l[k]),
            })),
          ]}
        />
      </Card>
    </div>
  );
}
