import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Timeline from 'antd/es/timeline';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  FOLLOW_UP_WAY_TITLES,
  LEAD_CONTRACT_KIND_TITLES,
  LEAD_KIND_TITLES,
  LEAD_SOURCE_TITLES,
} from '@fleetdesk/contracts/crm';
import { DriverLink } from '../../../components/entity-links';
import { useAccess } from '../../../lib/access';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { RequestError } from '../../../lib/request';
import { useSession } from '../../../lib/session';
import {
  followUpsQuery,
  leadQuery,
  useAssignLeads,
  useClaimLeads,
  useDeleteLead,
  useLeadState,
  useReleaseLead,
  type FollowUpRow,
  type LeadDetail,
} from '../api/crm';
import { answersQuery } from '../api/surveys';
import { AssignDialog, ConvertDialog, FollowUpForm, LostDialog } from '../components/lead-dialogs';
import { LeadForm } from '../components/lead-form';
import { PersonAnswers } from '../components/person-answers';
import { IntentTag, LeadStateTag, useTitle } from '../components/titles';
import { leadActions, type LeadAction } from '../model/lead-actions';

/** `/crm/lead/{id}`: a lead, the actions its state and the user allow, the follow-ups, owners and survey answers. */
export function LeadPage({ id }: { id: number }) {
  const { t } = useTranslation('crm');
  const lead = useQuery(leadQuery(id));
  if (lead.isPending) return <Skeleton active className="fd-crm-page" />;
  if (lead.isError) {
    const missing = lead.error instanceof RequestError && lead.error.httpStatus === 404;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t('lead.missing') : t('lead.loadFailed')}
        extra={
          <Space>
            {missing ? null : <Button onClick={() => void lead.refetch()}>{t('common:actions.retry')}</Button>}
            <Link to="/crm">{t('lead.back')}</Link>
          </Space>
        }
      />
    );
  }
  return <LeadView lead={lead.data} />;
}

type Dialog = 'edit' | 'followUp' | 'lost' | 'assign' | 'convert';

function LeadView({ lead }: { lead: LeadDetail }) {
  const { t } = useTranslation('crm');
  const title = useTitle();
  const access = useAccess();
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const userId = useSession((s) => s.user?.id ?? null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const follows = useQuery(followUpsQuery({ leadId: lead.id }));
  const answers = useQuery({ ...answersQuery({ leadId: lead.id }), enabled: access.can('crm:view') });
  const move = useLeadState();
  const claim = useClaimLeads();
  const release = useReleaseLead();
  const assign = useAssignLeads();
  const remove = useDeleteLead();
  const actions = leadActions(lead, access, userId);
  const close = () => setDialog(null);

  const confirm = (key: string, run: () => Promise<unknown>, after?: () => void) =>
    modal.confirm({
      title: t(`moves.${key}.title`, { name: lead.name }),
      content: t(`moves.${key}.hint`, { defaultValue: '' }) || undefined,
      okText: t(`moves.${key}.ok`),
      okButtonProps: key === 'delete' ? { danger: true } : undefined,
      onOk: async () => {
        try {
          await run();
        } catch (e) {
          if (e instanceof RequestError && e.httpStatus === 409) void message.error(e.serverMessage);
          return;
        }
        void message.success(t(`moves.${key}.done`));
        after?.();
      },
    });

  const act = (a: LeadAction) => {
    switch (a) {
      case 'edit':
      case 'followUp':
      case 'lost':
      case 'assign':
      case 'convert':
        setDialog(a);
        return;
      case 'claim':
        return confirm('claim', () => claim.mutateAsync([lead.id]));
      case 'release':
        return confirm('release', () => release.mutateAsync(lead.id));
      case 'pause':
        return confirm('pause', () =>
          move.mutateAsync({ id: lead.id, input: { state: 'paused', version: lead.version } }),
        );
      case 'resume':
      case 'reopen':
        return confirm(a, () =>
          move.mutateAsync({ id: lead.id, input: { state: 'following', version: lead.version } }),
        );
      case 'delete':
        return confirm(
          'delete',
          () => remove.mutateAsync(lead.id),
          () => void navigate('/crm'),
        );
    }
  };

  const rows: FollowUpRow[] = follows.data?.rows ?? [];
  return (
    <div className="fd-crm-page" data-testid="crm-lead">
      <div className="fd-crm-head">
        <div>
          <Link to="/crm" className="fd-crm-back">
            <ArrowLeftOutlined /> {t('lead.back')}
          </Link>
          <h1 className="fd-page-title">
            {lead.name} <LeadStateTag state={lead.state} /> <IntentTag intent={lead.intent} />
          </h1>
          <div className="fd-muted">
            {lead.phone} · {lead.ownerName ?? t('pool')}
            {lead.companyName ? ` · ${lead.companyName}` : ''}
          </div>
        </div>
        <div role="group" aria-label={t('lead.actions')} className="fd-crm-actions">
          <Space wrap>
            {actions.map((a) => (
              <Button
                key={a}
                type={a === 'followUp' || a === 'convert' || a === 'claim' ? 'primary' : 'default'}
                danger={a === 'lost' || a === 'delete'}
                onClick={() => act(a)}
              >
                {t(`moves.${a}.button`)}
              </Button>
            ))}
          </Space>
        </div>
      </div>

      {lead.state === 'won' && lead.driverId ? (
        <Card size="small">
          {t('lead.wonAs')} <DriverLink id={lead.driverId} name={lead.driverName ?? lead.name} /> ·{' '}
          {formatDateTime(lead.wonAt)}
        </Card>
      ) : null}
      {lead.state === 'lost' ? (
        <Card size="small">
          {t('fields.lostReason')}: {lead.lostReason ?? '-'}
        </Card>
      ) : null}

      <Card size="small" title={t('lead.info')}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label={t('fields.kind')}>{title(LEAD_KIND_TITLES[lead.kind])}</Descriptions.Item>
          <Descriptions.Item label={t('fields.phone')}>{lead.phone}</Descriptions.Item>
          <Descriptions.Item label={t('fields.source')}>{title(LEAD_SOURCE_TITLES[lead.source])}</Descriptions.Item>
          <Descriptions.Item label={t('fields.contractKind')}>
            {lead.contractKind ? title(LEAD_CONTRACT_KIND_TITLES[lead.contractKind]) : '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.wantedCar')}>{lead.wantedCar ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('fields.budget')}>
            {lead.budgetYuan == null ? '-' : `${formatMoney(lead.budgetYuan)} ${t('form.perMonth')}`}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.rent')}>{lead.rentName ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('fields.owner')}>{lead.ownerName ?? t('pool')}</Descriptions.Item>
          <Descriptions.Item label={t('fields.nextFollowUpAt')}>
            <span className={lead.overdue ? 'fd-crm-overdue' : undefined}>
              {formatDateTime(lead.nextFollowUpAt) || '-'}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('columns.daysToPool')}>
            {lead.daysToPool == null ? '-' : t('daysToPool', { count: lead.daysToPool })}
          </Descriptions.Item>
          <Descriptions.Item label={t('columns.created')}>{formatDateTime(lead.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.labels')}>
            {lead.labels.length ? lead.labels.map((l) => <Tag key={l.id}>{l.name}</Tag>) : '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.remark')} span="filled">
            {lead.remark ?? '-'}
          </Descriptions.Item>
        </Descriptions>
      </Card>

      <div className="fd-crm-two">
        <Card size="small" title={t('lead.followUps', { count: rows.length })}>
          {actions.includes('followUp') ? (
            <div className="fd-crm-inline-form">
              <FollowUpForm lead={lead} onClose={() => undefined} inline />
            </div>
          ) : null}
          {follows.isPending ? (
            <Skeleton active />
          ) : rows.length ? (
            <Timeline
              data-testid="crm-timeline"
              items={rows.map((f) => ({
                key: f.id,
                content: (
                  <div>
                    <div>
                      <Tag>{title(FOLLOW_UP_WAY_TITLES[f.way])}</Tag>
                      <span className="fd-crm-text">{f.content}</span>
                    </div>
                    {f.nextStep || f.nextAt ? (
                      <div className="fd-muted">
                        {t('lead.next')}: {f.nextStep ?? ''} {f.nextAt ? formatDateTime(f.nextAt) : ''}
                      </div>
                    ) : null}
                    <div className="fd-muted">
                      {formatDateTime(f.at)} · {f.userName ?? '-'}
                    </div>
                  </div>
                ),
              }))}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('lead.noFollowUp')} />
          )}
        </Card>
        <div className="fd-crm-col">
          <Card size="small" title={t('lead.owners')}>
            {lead.ownerLog?.length ? (
              <Timeline
                data-testid="crm-owner-log"
                items={lead.ownerLog.map((o) => ({
                  key: o.id,
                  content: (
                    <div>
                      <div>
                        {t(`ownerLog.${o.action}`, {
                          from: o.fromUserName ?? t('pool'),
                          to: o.toUserName ?? t('pool'),
                        })}
                      </div>
                      <div className="fd-muted">
                        {formatDateTime(o.at)}
                        {o.byUserName ? ` · ${o.byUserName}` : ''}
                      </div>
                    </div>
                  ),
                }))}
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('lead.noOwners')} />
            )}
          </Card>
          <Card size="small" title={t('answers.title')}>
            <PersonAnswers query={answers} />
          </Card>
        </div>
      </div>

      {dialog === 'edit' ? <LeadForm lead={lead} onClose={close} /> : null}
      {dialog === 'followUp' ? <FollowUpForm lead={lead} onClose={close} /> : null}
      {dialog === 'lost' ? <LostDialog lead={lead} onClose={close} /> : null}
      {dialog === 'convert' ? <ConvertDialog lead={lead} onClose={close} /> : null}
      {dialog === 'assign' ? (
        <AssignDialog
          count={1}
          onClose={close}
          submit={async (ownerId) => {
            await assign.mutateAsync({ ids: [lead.id], ownerId });
          }}
        />
      ) : null}
    </div>
  );
}
