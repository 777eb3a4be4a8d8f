import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Pagination from 'antd/es/pagination';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeedbackRow } from '@fleetdesk/contracts/feedback';
import { formatDateTime } from '../../../lib/format';
import { myFeedbackQuery } from '../api/my-feedback';
import { Screenshots } from './screenshots';
import { FeedbackStateTag } from './state-tag';

const PAGE_SIZE = 10;

function Item({ row }: { row: FeedbackRow }) {
  const { t } = useTranslation('feedback');
  return (
    <li className="fd-feedback-item" data-testid="my-feedback">
      <div className="fd-feedback-meta">
        <FeedbackStateTag state={row.state} />
        <span>{t('mine.sentAt', { at: formatDateTime(row.createdAt) })}</span>
        {row.page && <span className="fd-muted">{t('mine.fromPage', { page: row.page })}</span>}
      </div>
      <p className="fd-feedback-text">{row.content}</p>
      <Screenshots urls={row.images} />
      {row.answer ? (
        <div className="fd-feedback-answer" data-testid="feedback-answer">
          <div className="fd-feedback-answer-head">
            <strong>{t('mine.answer')}</strong>
            {row.answeredAt && (
              <span className="fd-muted">{t('mine.answeredAt', { at: formatDateTime(row.answeredAt) })}</span>
            )}
          </div>
          <p className="fd-feedback-text">{row.answer}</p>
        </div>
      ) : (
        row.state === 'new' && <div className="fd-muted">{t('mine.waiting')}</div>
      )}
    </li>
  );
}

/** "My feedback": the user's own notes, newest first, with the state, the screenshots and the platform's answer. */
export function MyFeedbackList() {
  const { t } = useTranslation('feedback');
  const [pageNum, setPageNum] = useState(1);
  const list = useQuery(myFeedbackQuery({ pageNum, pageSize: PAGE_SIZE }));
  if (list.isPending) return <Skeleton active />;
  if (list.isError && !list.data)
    return (
      <Result
        status="warning"
        title={t('mine.loadFailed')}
        extra={<Button onClick={() => void list.refetch()}>{t('common:actions.retry')}</Button>}
      />
    );
  const { rows, total } = list.data;
  if (!total) return <Empty description={t('mine.empty')} />;
  return (
    <>
      <ul className="fd-feedback-list" aria-label={t('mine.title')}>
        {rows.map((row) => (
          <Item key={row.id} row={row} />
        ))}
      </ul>
      {total > PAGE_SIZE && (
        <Pagination
          className="fd-feedback-pager"
          size="small"
          current={pageNum}
          pageSize={PAGE_SIZE}
          total={total}
          showSizeChanger={false}
          onChange={setPageNum}
        />
      )}
    </>
  );
}
