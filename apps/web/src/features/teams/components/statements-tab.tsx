import CalculatorOutlined from '@ant-design/icons/CalculatorOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommissionRule, TeamStatement } from '@fleetdesk/contracts/team-performance';
import type { TeamDetail } from '@fleetdesk/contracts/teams';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import { useAccess } from '../../../lib/access';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { commissionRuleQuery } from '../api/get-commission-rule';
import { statementsQuery } from '../api/get-statements';
import { centreLabel, ruleSentence } from '../model/commission';
import { ComputeDialog } from './compute-dialog';
import { RuleForm } from './rule-form';
import { Net, useOpenStatement } from './statement-drawer';
import { StatementStateTag } from './tags';

/** The node's commission rule in words, whether it is in use, and the way to change it (`teams:edit`). */
function RuleCard({ team, onEdit }: { team: TeamDetail; onEdit: (rule: CommissionRule) => void }) {
  const { t } = useTranslation('teams');
  const canEdit = useAccess().can('teams:edit');
  const query = useQuery(commissionRuleQuery(team.id));
  const rule = query.data;
  const none = !!rule && rule.updatedAt === null;

  let body;
  if (query.isPending) body = <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  else if (!rule)
    body = (
      <Alert
        type="warning"
        showIcon
        title={t('rule.loadFailed')}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {t('common:actions.retry')}
          </Button>
        }
      />
    );
  else if (none)
    body = (
      <div className="fd-rule-none">
        <strong>{t('rule.none')}</strong>
        <p className="fd-muted">{t(team.kind === 'fleet' ? 'rule.noneFleet' : 'rule.noneTeam')}</p>
      </div>
    );
  else
    body = (
      <>
        <p className="fd-rule-text" data-testid="rule-text">
          {ruleSentence(rule, t, centreLabel(rule.costCentreId, rule.costCentreName))}
        </p>
        <p className="fd-muted fd-rule-meta">
          <span>
            {rule.enabled
              ? t(team.kind === 'fleet' ? 'rule.appliesFleet' : 'rule.appliesTeam')
              : t('rule.disabledHint')}
          </span>
          {rule.updatedAt ? (
            <span className="fd-rule-updated">{t('rule.updatedAt', { at: formatDateTime(rule.updatedAt) })}</span>
          ) : null}
        </p>
      </>
    );

  return (
    <Card
      size="small"
      className="fd-rule-card"
      title={
        <span className="fd-rule-card-title">
          <h3 className="fd-perf-subtitle">{t('rule.title')}</h3>
          {rule && !none ? (
            rule.enabled ? (
              <Tag color="green">{t('rule.enabled')}</Tag>
            ) : (
              <Tag>{t('rule.disabled')}</Tag>
            )
          ) : null}
        </span>
      }
      extra={
        canEdit && rule ? (
          <Button size="small" icon={<EditOutlined />} aria-label={t('rule.edit')} onClick={() => onEdit(rule)}>
            {t('rule.edit')}
          </Button>
        ) : null
      }
    >
      {body}
    </Card>
  );
}

/**
 * A node's commission and monthly statements: its rule, then its statements (newest month first) with computing a
 * month (`teams:edit`); a statement opens in the drawer (`?statement=`).
 */
export function StatementsTab({ team }: { team: TeamDetail }) {
  const { t } = useTranslation('teams');
  const canEdit = useAccess().can('teams:edit');
  const open = useOpenStatement();
  const [editing, setEditing] = useState<CommissionRule | null>(null);
  const [computing, setComputing] = useState(false);

  const columns: ListColumn<TeamStatement>[] = [
    {
      key: 'month',
      title: t('statements.columns.month'),
      render: (_, s) => (
        <Button
          type="link"
          className="fd-stmt-month"
          aria-label={t('statements.open', { month: s.month })}
          onClick={(e) => {
            e.stopPropagation();
            open(s.id);
          }}
        >
          {s.month}
        </Button>
      ),
    },
    { key: 'state', title: t('statements.columns.state'), render: (_, s) => <StatementStateTag state={s.state} /> },
    { key: 'drivers', title: t('statements.columns.drivers'), align: 'right', dataIndex: 'drivers' },
    { key: 'flow', title: t('statements.columns.flow'), align: 'right', render: (_, s) => formatMoney(s.flow) },
    { key: 'reward', title: t('statements.columns.reward'), align: 'right', render: (_, s) => formatMoney(s.reward) },
    {
      key: 'penalty',
      title: t('statements.columns.penalty'),
      align: 'right',
      render: (_, s) => formatMoney(s.penalty),
    },
    { key: 'net', title: t('statements.columns.net'), align: 'right', render: (_, s) => <Net value={s.net} /> },
    {
      key: 'leaderCommission',
      title: t('statements.columns.leaderCommission'),
      align: 'right',
      render: (_, s) => formatMoney(s.leaderCommission),
    },
    {
      key: 'computedAt',
      title: t('statements.columns.computedAt'),
      render: (_, s) => formatDateTime(s.computedAt),
    },
    {
      key: 'decidedAt',
      title: t('statements.columns.decidedAt'),
      render: (_, s) => (s.decidedAt ? formatDateTime(s.decidedAt) : '—'),
    },
  ];

  return (
    <div className="fd-commission" data-testid="team-statements">
      <RuleCard team={team} onEdit={setEditing} />
      <h3 className="fd-perf-subtitle">{t('statements.title')}</h3>
      <ListPage<TeamStatement>
        id="team-statements"
        toolbar={
          canEdit ? (
            <Button
              type="primary"
              icon={<CalculatorOutlined />}
              aria-label={t('statements.compute')}
              onClick={() => setComputing(true)}
            >
              {t('statements.compute')}
            </Button>
          ) : null
        }
        columns={columns}
        rowKey={(s) => s.id}
        onRow={(s) => ({ onClick: () => open(s.id), className: 'fd-stmt-row' })}
        query={(p) => statementsQuery({ teamId: team.id, pageNum: p.pageNum, pageSize: p.pageSize })}
        emptyText={
          <Empty description={t('statements.empty')}>
            <p className="fd-muted">{t('statements.emptyHint')}</p>
          </Empty>
        }
      />
      {editing ? <RuleForm team={team} rule={editing} onClose={() => setEditing(null)} /> : null}
      {computing ? (
        <ComputeDialog
          team={team}
          onClose={() => setComputing(false)}
          onComputed={(statement) => {
            setComputing(false);
            open(statement.id);
          }}
        />
      ) : null}
    </div>
  );
}
