import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import List from 'antd/es/list';
import Result from 'antd/es/result';
import Segmented from 'antd/es/segmented';
import Skeleton from 'antd/es/skeleton';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { leadsQuery, type LeadFilter } from '../api/crm';
import { IntentTag, LeadStateTag } from '../components/titles';
import { leadPath } from './leads-list';

const DUE = ['today', 'overdue'] as const;
type Due = (typeof DUE)[number];

/** `/crm/followUps`: my leads to follow up today, and those overdue, soonest first. */
export function FollowUpsTab() {
  const { t } = useTranslation('crm');
  const [search, setSearch] = useSearchParams();
  const due: Due = search.get('due') === 'overdue' ? 'overdue' : 'today';
  const page = { pageNum: 1, pageSize: 100 };
  const today = useQuery(leadsQuery({ view: 'mine', followUp: 'today', ...page } as LeadFilter & typeof page));
  const overdue = useQuery(leadsQuery({ view: 'mine', followUp: 'overdue', ...page } as LeadFilter & typeof page));
  const list = due === 'today' ? today : overdue;
  return (
    <div className="fd-crm-col" data-testid="crm-follow-ups">
      <Segmented<Due>
        aria-label={t('followUps.label')}
        value={due}
        onChange={(v) => setSearch(v === 'today' ? {} : { due: v }, { replace: true })}
        options={DUE.map((d) => {
          const total = (d === 'today' ? today : overdue).data?.total;
          return { value: d, label: total === undefined ? t(`followUps.${d}`) : `${t(`followUps.${d}`)} (${total})` };
        })}
      />
      {list.isPending ? (
        <Skeleton active />
      ) : list.isError ? (
        <Result
          status="error"
          title={t('followUps.loadFailed')}
          extra={<Button onClick={() => void list.refetch()}>{t('common:actions.retry')}</Button>}
        />
      ) : list.data.rows.length ? (
        <List
          bordered
          dataSource={list.data.rows}
          renderItem={(l) => (
            <List.Item
              actions={[
                <Link key="open" to={`${leadPath(l.id)}`}>
                  {t('followUps.open')}
                </Link>,
              ]}
            >
              <List.Item.Meta
                title={
                  <span className="fd-crm-item-title">
                    <Link to={leadPath(l.id)}>{l.name}</Link> <LeadStateTag state={l.state} />{' '}
                    <IntentTag intent={l.intent} />
                  </span>
                }
                description={
                  <>
                    <div className={l.overdue ? 'fd-crm-overdue' : undefined}>
                      {t('fields.nextFollowUpAt')}: {formatDateTime(l.nextFollowUpAt)}
                    </div>
                    <div className="fd-muted">
                      {l.phone}
                      {l.lastFollowUpText ? ` · ${l.lastFollowUpText}` : ''}
                    </div>
                  </>
                }
              />
            </List.Item>
          )}
        />
      ) : (
        <Empty description={t(`followUps.empty.${due}`)} />
      )}
    </div>
  );
}
