import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { REVIEW_STAGE_TITLES, type Application } from '@fleetdesk/contracts/financing';
import { useAccess } from '../../../lib/access';
import { formatMoney, formatPlate } from '../../../lib/format';
import { applicationCalls, applicationQuery, downloadContract } from '../api/applications';
import { financingKey } from '../api/keys';
import { FormTab, HistoryTab, RepaymentsTab, ScheduleTab } from '../components/application-tabs';
import {
  AuditDialog,
  CancelDialog,
  DisburseDialog,
  LoanApplyDialog,
  LoanConfirmDialog,
} from '../components/decision-dialogs';
import { DepositReturnDialog, PayoffDialog } from '../components/money-dialogs';
import { useSide } from '../components/side';
import { StateTag } from '../components/state-tag';
import { useTitle } from '../components/titles';
import { VouchersTab } from '../components/vouchers-tab';
import { offeredActions } from '../model/actions';
import { percent } from '../model/form';

type Dialog = 'audit' | 'cancel' | 'loanApply' | 'loanConfirm' | 'disburse' | 'payoff' | 'depositReturn';
const TABS = ['form', 'vouchers', 'schedule', 'repayments', 'history'] as const;

/** S3: the revised terms, which the applicant accepts (-> S4) or declines (-> S10). */
function ConditionsBox({ app, canAnswer }: { app: Application; canAnswer: boolean }) {
  const { t } = useTranslation('financing');
  const { modal } = App.useApp();
  const client = useQueryClient();
  const c = app.conditions;
  if (!c) return null;
  const answer = (accept: boolean) =>
    modal.confirm({
      title: accept ? t('conditions.acceptConfirm') : t('conditions.declineConfirm'),
      okButtonProps: { danger: !accept },
      onOk: async () => {
        await applicationCalls.conditions(app.id, app.version, accept);
        await client.invalidateQueries({ queryKey: financingKey });
      },
    });
  const terms = [
    c.payProportion != null ? t('conditions.ratio', { value: percent(c.payProportion, 0) }) : null,
    c.stagingNumber ? t('terms', { count: c.stagingNumber }) : null,
    c.annualRate != null ? t('conditions.rate', { value: percent(c.annualRate) }) : null,
    c.balloon != null ? t('conditions.balloon', { value: formatMoney(c.balloon) }) : null,
  ].filter(Boolean);
  return (
    <Alert
      type="warning"
      showIcon
      title={t('conditions.title')}
      description={
        <div data-testid="fin-conditions">
          {terms.length > 0 && <div>{terms.join(' · ')}</div>}
          <div>{c.note}</div>
        </div>
      }
      action={
        canAnswer && app.state === 'S3' ? (
          <Space orientation="vertical">
            <Button size="small" type="primary" onClick={() => answer(true)}>
              {t('conditions.accept')}
            </Button>
            <Button size="small" danger onClick={() => answer(false)}>
              {t('conditions.decline')}
            </Button>
          </Space>
        ) : undefined
      }
    />
  );
}

/** `/finance/detail/{id}`: the application with its actions and tabs (form, vouchers, schedule, repayments, history). */
export function ApplicationPage({ id }: { id: number }) {
  const { t } = useTranslation('financing');
  const title = useTitle();
  const access = useAccess();
  const side = useSide() ?? 'applicant';
  const financier = side === 'financier';
  const [search, setSearch] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(search.get('tab') ?? '') ? search.get('tab')! : 'form';
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [downloading, setDownloading] = useState(false);
  const q = useQuery(applicationQuery(id));
  if (q.isPending) return <Skeleton active />;
  const app = q.data;
  if (!app)
    return (
      <Result
        status="404"
        title={t('detail.notFound')}
        extra={<Link to="/finance/list">{t('actions.backToList')}</Link>}
      />
    );
  const can = offeredActions(app, side, (code) => access.can(code));
  const download = () => {
    setDownloading(true);
    downloadContract(app.id, t('detail.contractFile', { code: app.code }))
      .catch(() => undefined)
      .finally(() => setDownloading(false));
  };
  const button = (key: Dialog, label: string, primary = false, danger = false) => (
    <Button key={key} type={primary ? 'primary' : 'default'} danger={danger} onClick={() => setDialog(key)}>
      {label}
    </Button>
  );
  return (
    <div className="fd-fin-detail" data-testid="fin-detail">
      <div className="fd-fin-detail-head">
        <h1 className="fd-page-title">{app.code}</h1>
        <StateTag state={app.state} />
        {app.state === 'S2' && app.reviewStage && <Tag>{title(REVIEW_STAGE_TITLES[app.reviewStage])}</Tag>}
        <span className="fd-fin-muted">
          {[
            formatPlate(app.plate) || app.vin,
            app.carTypeName,
            financier ? `${app.tenantName} · ${app.rentName}` : app.financierName,
          ].join(' · ')}
        </span>
      </div>
      {app.state === 'S1' && app.supplementReason && (
        <Alert type="warning" showIcon title={t('detail.supplementReason', { reason: app.supplementReason })} />
      )}
      {app.state === 'S9' && app.rejectReason && (
        <Alert type="error" showIcon title={t('detail.rejectReason', { reason: app.rejectReason })} />
      )}
      <ConditionsBox app={app} canAnswer={can.has('conditions')} />
      <Space wrap className="fd-fin-actions" data-testid="fin-actions">
        {can.has('edit') && (
          <Link to={`/finance/edit/${app.id}`}>
            <Button>{t('actions.edit')}</Button>
          </Link>
        )}
        {can.has('submit') && (
          <Button
            type="primary"
            onClick={() =>
              void applicationCalls
                .submit(app.id, app.version)
                .then(() => q.refetch())
                .catch(() => undefined)
            }
          >
            {t('actions.submit')}
          </Button>
        )}
        {can.has('audit') && button('audit', t('actions.audit'), true)}
        {can.has('loanApply') && button('loanApply', t('actions.loanApply'), true)}
        {can.has('loanConfirm') && button('loanConfirm', t('actions.loanConfirm'), true)}
        {can.has('disburse') && button('disburse', t('actions.disburse'), true)}
        {can.has('payoff') && button('payoff', t('actions.payoff'))}
        {can.has('depositReturn') && button('depositReturn', t('actions.depositReturn'))}
        {can.has('contract') && (
          <Button icon={<DownloadOutlined />} loading={downloading} onClick={download}>
            {t('actions.contract')}
          </Button>
        )}
        {can.has('cancel') && button('cancel', t('actions.cancel'), false, true)}
      </Space>
      <Tabs
        activeKey={tab}
        onChange={(k) => {
          const next = new URLSearchParams(search);
          next.set('tab', k);
          setSearch(next, { replace: true });
        }}
        items={TABS.map((k) => ({
          key: k,
          label: t(`detail.tabs.${k}`),
          children:
            tab !== k ? null : k === 'form' ? (
              <FormTab app={app} />
            ) : k === 'vouchers' ? (
              <VouchersTab app={app} canEdit={can.has('editVoucher')} canCheck={can.has('checkVoucher')} />
            ) : k === 'schedule' ? (
              <ScheduleTab
                app={app}
                financier={financier}
                canPay={app.state === 'S7' && (can.has('pay') || can.has('record'))}
                canWaive={!financier && app.state === 'S7' && access.can('finance:apply')}
              />
            ) : k === 'repayments' ? (
              <RepaymentsTab app={app} />
            ) : (
              <HistoryTab app={app} />
            ),
        }))}
      />
      {dialog === 'audit' && <AuditDialog app={app} onClose={() => setDialog(null)} />}
      {dialog === 'cancel' && <CancelDialog app={app} onClose={() => setDialog(null)} />}
      {dialog === 'loanApply' && <LoanApplyDialog app={app} onClose={() => setDialog(null)} />}
      {dialog === 'loanConfirm' && <LoanConfirmDialog app={app} onClose={() => setDialog(null)} />}
      {dialog === 'disburse' && <DisburseDialog app={app} onClose={() => setDialog(null)} />}
      {dialog === 'payoff' && <PayoffDialog app={app} financier={financier} onClose={() => setDialog(null)} />}
      {dialog === 'depositReturn' && <DepositReturnDialog app={app} onClose={() => setDialog(null)} />}
    </div>
  );
}
