import Collapse from 'antd/es/collapse';
import Empty from 'antd/es/empty';
import Rate from 'antd/es/rate';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import type { PersonAnswer } from '../api/surveys';

/** The surveys a person (a driver, a lead) answered, each with its questions and what he said. */
export function PersonAnswers({ query }: { query: UseQueryResult<PersonAnswer[]> }) {
  const { t } = useTranslation('crm');
  if (query.isPending) return <Skeleton active />;
  if (query.isError) return <Result status="warning" title={t('answers.loadFailed')} />;
  if (!query.data.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('answers.none')} />;
  return (
    <Collapse
      size="small"
      data-testid="crm-person-answers"
      defaultActiveKey={query.data[0] ? [query.data[0].inviteId] : []}
      items={query.data.map((a) => ({
        key: a.inviteId,
        label: `${a.surveyTitle} · ${formatDateTime(a.submittedAt)}`,
        children: (
          <dl className="fd-crm-answers">
            {a.items.map((q) => {
              const v = q.answer;
              return (
                <div key={q.questionId}>
                  <dt>{q.title}</dt>
                  <dd>
                    {v === null || v === '' || (Array.isArray(v) && !v.length) ? (
                      <span className="fd-muted">{t('answers.skipped')}</span>
                    ) : q.kind === 'rating' ? (
                      <Rate disabled value={Number(v)} />
                    ) : Array.isArray(v) ? (
                      v.join(' / ')
                    ) : (
                      String(v)
                    )}
                  </dd>
                </div>
              );
            })}
          </dl>
        ),
      }))}
    />
  );
}
