import CalculatorOutlined from '@ant-design/icons/CalculatorOutlined';
import SendOutlined from '@ant-design/icons/SendOutlined';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Empty from 'antd/es/empty';
import Modal from 'antd/es/modal';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import Tooltip from 'antd/es/tooltip';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { TeamStatementDetail, TeamStatementLine } from '@fleetdesk/contracts/team-performance';
import { ContractLink, DriverLink, entityPath } from '../../../components/entity-links';
import { InlineFailure, useInlineFailure } from '../../../components/inline-failure';
import { useAccess } from '../../../lib/access';
import { formatDateTime, formatMoney } from '../../../lib/format';
import type { RequestError } from '../../../lib/request';
import { useComputeStatement } from '../api/compute-statement';
import { statementQuery } from '../api/get-statement';
import { useSubmitStatement } from '../api/submit-statement';
import { centreLabel, isOpenStatement, lineOutcome, ruleSentence } from '../model/commission';
import { StatementStateTag } from './tags';

/** The address key of the statement open in the drawer. */
export const STATEMENT_PARAM = 'statement';

/** Opens a statement in the drawer (`?statement=<id>`) or closes it (null), keeping the rest of the address. */
export function useOpenStatement(): (id: number | null) => void {
  const [, setSearch] = useSearchParams();
  return (id) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete(STATEMENT_PARAM);
      else next.set(STATEMENT_PARAM, String(id));
      return next;
    });
}

/** A driver's (or the statement's) net: green when he gets something, red when he owes it. */
export function Net({ value }: { value: number }) {
  const cls = value > 0 ? 'fd-stmt-plus' : value < 0 ? 'fd-stmt-minus' : undefined;
  return <span className={cls}>{formatMoney(value)}</span>;
}

/** What became of a driver's net: the contract it went to once approved, or why it went nowhere. */
function Outcome({ line, statement }: { line: TeamStatementLine; statement: TeamStatementDetail }) {
  const { t } = useTranslation('teams');
  switch (lineOutcome(line, statement.state)) {
    case 'applied':
      // The contract's page when the statement names it (a contract gone since: the words alone).
      return (
        <ContractLink
          id={line.contractId}
          number={t('statement.applied', { number: line.contractNo ?? '' })}
          className="fd-stmt-applied"
        />
      );
    case 'noContract':
      return <span className="fd-stmt-minus">{t('statement.noContract')}</span>;
    case 'nothing':
      return <span className="fd-muted">{t('statement.nothingToApply')}</span>;
    case 'waiting':
      return <span className="fd-muted">{t('statement.onApproval')}</span>;
  }
}

/** The state's word of explanation: what happens next, or what happened. */
function StateNotice({ statement }: { statement: TeamStatementDetail }) {
  const { t } = useTranslation('teams');
  const notices = {
    draft: { type: 'info', text: t('statement.notice.draft') },
    pending: { type: 'warning', text: t('statement.notice.pending') },
    approved: {
      type: 'success',
      // The leader's commission is posted only when there is one and the rule names a cost centre.
      text:
        statement.leaderCommission > 0 && statement.rule.costCentreId !== null
          ? t('statement.notice.approved')
          : t('statement.notice.approvedNoPosting'),
    },
    rejected: { type: 'error', text: t('statement.notice.rejected') },
  } as const;
  const { type, text } = notices[statement.state];
  return <Alert className="fd-stmt-notice" type={type} showIcon title={text} />;
}

/**
 * Sending a statement for approval, said first: it is then locked, and what happens once approved. A refusal (409:
 * no longer a draft, the company has no approval flow for statements) stays in the dialog.
 */
function SubmitDialog(props: {
  statement: TeamStatementDetail;
  failure: string | null;
  onClearFailure: () => void;
  sending: boolean;
  onOk: () => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('teams');
  const s = props.statement;
  return (
    <Modal
      open
      width={480}
      title={t('statement.submitTitle', { name: s.teamName, month: s.month })}
      okText={t('statement.submitOk')}
      confirmLoading={props.sending}
      onOk={() => void props.onOk()}
      onCancel={props.onCancel}
      destroyOnHidden
    >
      <InlineFailure failure={props.failure} onClose={props.onClearFailure} />
      <p>{t('statement.submitText')}</p>
      <p className="fd-muted">
        {t('statement.submitFigures', {
          count: s.drivers,
          net: formatMoney(s.net),
          leader: formatMoney(s.leaderCommission),
        })}
      </p>
    </Modal>
  );
}

/**
 * One monthly statement (`?statement=<id>`): its state, totals and the rule it used; computing it again and sending
 * it for approval (a draft or rejected one, `teams:edit`); the approval's request; each driver's month, reward,
 * penalty and net, and once approved the contract it went to.
 */
export function StatementDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('teams');
  const { message } = App.useApp();
  const access = useAccess();
  const query = useQuery(statementQuery(id));
  const compute = useComputeStatement();
  const submit = useSubmitStatement();
  const { failure, run, clear } = useInlineFailure();
  const [confirming, setConfirming] = useState(false);
  const s = query.data;
  const canEdit = access.can('teams:edit');

  const again = async (statement: TeamStatementDetail) => {
    const done = await run(() => compute.mutateAsync({ teamId: statement.teamId, month: statement.month })).catch(
      () => null,
    );
    if (done) void message.success(t('statement.computed', { month: statement.month }));
  };

  const columns: ColumnsType<TeamStatementLine> = [
    {
      key: 'driver',
      title: t('statement.columns.driver'),
      fixed: 'left',
      render: (_, l) => <DriverLink id={l.driverId} name={l.name} />,
    },
    { key: 'team', title: t('statement.columns.team'), render: (_, l) => l.teamName ?? '—' },
    { key: 'flow', title: t('statement.columns.flow'), align: 'right', render: (_, l) => formatMoney(l.flow) },
    {
      key: 'onTime',
      title: <Tooltip title={t('perf.onTimeHint')}>{t('statement.columns.onTime')}</Tooltip>,
      align: 'right',
      render: (_, l) =>
        l.rentLines ? (
          <span className={l.onTimeLines < l.rentLines ? 'fd-perf-bad' : undefined}>
            {l.onTimeLines}/{l.rentLines}
          </span>
        ) : (
          <Tooltip title={t('perf.noRent')}>
            <span className="fd-muted">—</span>
          </Tooltip>
        ),
    },
    {
      key: 'violations',
      title: t('statement.columns.violations'),
      align: 'right',
      render: (_, l) => <span className={l.violations ? 'fd-perf-bad' : undefined}>{l.violations}</span>,
    },
    {
      key: 'accidents',
      title: t('statement.columns.accidents'),
      align: 'right',
      render: (_, l) => <span className={l.accidents ? 'fd-perf-bad' : undefined}>{l.accidents}</span>,
    },
    { key: 'share', title: t('statement.columns.share'), align: 'right', render: (_, l) => formatMoney(l.share) },
    { key: 'bonus', title: t('statement.columns.bonus'), align: 'right', render: (_, l) => formatMoney(l.bonus) },
    {
      key: 'penalty',
      title: t('statement.columns.penalty'),
      align: 'right',
      render: (_, l) => formatMoney(l.penalty),
    },
    { key: 'net', title: t('statement.columns.net'), align: 'right', render: (_, l) => <Net value={l.net} /> },
    {
      key: 'contract',
      title: t('statement.columns.contract'),
      render: (_, l) => (s ? <Outcome line={l} statement={s} /> : null),
    },
  ];

  const body = () => {
    if (query.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
    if (!s) {
      const missing = (query.error as RequestError | null)?.httpStatus === 404;
      return missing ? (
        <Empty description={t('statement.notFound')} />
      ) : (
        <Result
          status="warning"
          title={t('statement.loadFailed')}
          extra={<Button onClick={() => void query.refetch()}>{t('common:actions.retry')}</Button>}
        />
      );
    }
    const open = isOpenStatement(s.state);
    return (
      <>
        <div className="fd-stmt-head">
          <Space wrap size={8}>
            <StatementStateTag state={s.state} />
            {s.approvalId ? <Link to={entityPath.approval(s.approvalId)}>{t('statement.viewApproval')}</Link> : null}
          </Space>
          {canEdit && open ? (
            <Space wrap size={8}>
              <Button
                icon={<CalculatorOutlined />}
                aria-label={t('statement.computeAgain')}
                loading={compute.isPending}
                onClick={() => void again(s)}
              >
                {t('statement.computeAgain')}
              </Button>
              <Button
                type="primary"
                icon={<SendOutlined />}
                aria-label={t('statement.submit')}
                onClick={() => {
                  clear();
                  setConfirming(true);
                }}
              >
                {t('statement.submit')}
              </Button>
            </Space>
          ) : null}
        </div>
        {confirming ? null : <InlineFailure failure={failure} onClose={clear} />}
        <StateNotice statement={s} />
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, sm: 2, lg: 3 }}
          className="fd-stmt-figures"
          data-testid="statement-figures"
        >
          <Descriptions.Item label={t('statements.columns.drivers')}>{s.drivers}</Descriptions.Item>
          <Descriptions.Item label={t('statements.columns.flow')}>{formatMoney(s.flow)}</Descriptions.Item>
          <Descriptions.Item label={t('statements.columns.reward')}>{formatMoney(s.reward)}</Descriptions.Item>
          <Descriptions.Item label={t('statements.columns.penalty')}>{formatMoney(s.penalty)}</Descriptions.Item>
          <Descriptions.Item label={t('statements.columns.net')}>
            <Net value={s.net} />
          </Descriptions.Item>
          <Descriptions.Item label={t('statements.columns.leaderCommission')}>
            {formatMoney(s.leaderCommission)}
            {s.leaderName ? <span className="fd-muted"> ({s.leaderName})</span> : null}
          </Descriptions.Item>
          <Descriptions.Item label={t('statements.columns.computedAt')}>
            {formatDateTime(s.computedAt)}
          </Descriptions.Item>
          <Descriptions.Item label={t('statements.columns.decidedAt')}>
            {s.decidedAt ? formatDateTime(s.decidedAt) : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('statement.rule')} span="filled">
            <span className="fd-stmt-rule-text">
              {ruleSentence(s.rule, t, centreLabel(s.rule.costCentreId, s.costCentreName))}
            </span>
          </Descriptions.Item>
        </Descriptions>
        <h3 className="fd-perf-subtitle">{t('statement.linesTitle', { count: s.lines.length })}</h3>
        <Table<TeamStatementLine>
          size="small"
          className="fd-stmt-lines"
          data-testid="statement-lines"
          columns={columns}
          dataSource={s.lines}
          rowKey={(l) => l.driverId}
          scroll={{ x: 'max-content' }}
          pagination={s.lines.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
          locale={{ emptyText: <Empty description={t('statement.noLines')} /> }}
        />
      </>
    );
  };

  return (
    <Drawer
      open
      size={1040}
      rootClassName="fd-stmt-drawer"
      onClose={onClose}
      title={s ? t('statement.title', { name: s.teamName, month: s.month }) : t('statement.titleLoading')}
      destroyOnHidden
    >
      {body()}
      {s && confirming ? (
        <SubmitDialog
          statement={s}
          failure={failure}
          onClearFailure={clear}
          sending={submit.isPending}
          onCancel={() => {
            clear();
            setConfirming(false);
          }}
          onOk={async () => {
            const done = await run(() => submit.mutateAsync(s.id)).catch(() => null);
            if (!done) return;
            setConfirming(false);
            void message.success(t('statement.submitted', { month: s.month }));
          }}
        />
      ) : null}
    </Drawer>
  );
}
