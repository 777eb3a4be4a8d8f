import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import List from 'antd/es/list';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Statistic from 'antd/es/statistic';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { barOption, pieOption } from '../../../components/chart-options';
import { EChart } from '../../../components/echart';
import { formatDateTime } from '../../../lib/format';
import { resultsQuery, type SurveyResults as Results } from '../api/surveys';
import '../i18n';
import '../crm.css';

type QuestionResult = Results['questions'][number];

function QuestionChart({ q }: { q: QuestionResult }) {
  const { t } = useTranslation('crm');
  if (q.kind === 'text') {
    const texts = q.texts;
    return texts.length ? (
      <List
        size="small"
        dataSource={texts}
        renderItem={(x) => (
          <List.Item>
            <div>
              <div className="fd-crm-text">{x.text}</div>
              <div className="fd-muted">
                {x.name} · {formatDateTime(x.at)}
              </div>
            </div>
          </List.Item>
        )}
      />
    ) : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('results.noAnswers')} />
    );
  }
  if (q.kind === 'rating') {
    const counts = [1, 2, 3, 4, 5].map((score) => q.ratings.find((r) => r.score === score)?.count ?? 0);
    const option = barOption({
      categories: ['1', '2', '3', '4', '5'].map((s) => t('results.stars', { count: Number(s) })),
      series: [{ name: t('results.count'), data: counts }],
    });
    return (
      <>
        <div className="fd-crm-average">
          {t('results.average')}: <b>{q.average == null ? '-' : q.average.toFixed(2)}</b>
        </div>
        {option ? (
          <EChart option={option} label={q.title} height={200} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('results.noAnswers')} />
        )}
      </>
    );
  }
  const slices = q.options.map((o) => ({ name: o.option, value: o.count }));
  const option =
    q.kind === 'single'
      ? pieOption(slices)
      : barOption({
          categories: slices.map((s) => s.name),
          series: [{ name: t('results.count'), data: slices.map((s) => s.value) }],
          horizontal: true,
        });
  return option ? (
    <EChart option={option} label={q.title} height={240} />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('results.noAnswers')} />
  );
}

/** A survey's totals (invited, opened, answered, response rate) and each question's answers as a chart or a list. */
export default function SurveyResults({ surveyId }: { surveyId: number }) {
  const { t } = useTranslation('crm');
  const results = useQuery(resultsQuery(surveyId));
  if (results.isPending) return <Skeleton active />;
  if (results.isError)
    return (
      <Result
        status="error"
        title={t('results.loadFailed')}
        extra={<Button onClick={() => void results.refetch()}>{t('common:actions.retry')}</Button>}
      />
    );
  const r = results.data;
  return (
    <div className="fd-crm-col" data-testid="crm-survey-results">
      <div className="fd-crm-stats">
        <Card size="small">
          <Statistic title={t('results.invited')} value={r.totals.invited} />
        </Card>
        <Card size="small">
          <Statistic title={t('results.opened')} value={r.totals.opened} />
        </Card>
        <Card size="small">
          <Statistic title={t('results.answered')} value={r.totals.answered} />
        </Card>
        <Card size="small">
          <Statistic
            title={t('results.rate')}
            value={r.totals.responseRate == null ? '-' : Math.round(r.totals.responseRate * 1000) / 10}
            suffix={r.totals.responseRate == null ? undefined : '%'}
          />
        </Card>
      </div>
      <div className="fd-crm-charts">
        {r.questions.map((q, i) => (
          <Card key={q.id} size="small" title={`${i + 1}. ${q.title}`}>
            <QuestionChart q={q} />
          </Card>
        ))}
      </div>
    </div>
  );
}
