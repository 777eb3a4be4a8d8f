import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A failed call, said where its content would be, with a retry (the request layer has said why). */
export function Failed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('driverPortal');
  return (
    <Result
      status="warning"
      title={t('states.failed')}
      className="fd-dp-failed"
      extra={<Button onClick={onRetry}>{t('common:actions.retry')}</Button>}
    />
  );
}

interface LoadableProps<T> {
  query: UseQueryResult<T>;
  /** Shown instead of `children` when the answer holds nothing. */
  empty?: string;
  isEmpty?: (data: T) => boolean;
  rows?: number;
  children: (data: T) => ReactNode;
}

/** A list or card of the portal: loading, failed (with a retry), empty, or its content. */
export function Loadable<T>({ query, empty, isEmpty, rows = 3, children }: LoadableProps<T>) {
  if (query.isPending) {
    return (
      <div className="fd-dp-card" aria-busy="true">
        <Skeleton active paragraph={{ rows }} />
      </div>
    );
  }
  if (query.isError) return <Failed onRetry={() => void query.refetch()} />;
  const data = query.data as T;
  if (empty && isEmpty?.(data)) return <Empty className="fd-dp-empty" description={empty} />;
  return <>{children(data)}</>;
}

/** A labelled field of the portal's forms, its error under it. */
export function Field({
  label,
  error,
  htmlFor,
  children,
}: {
  label: ReactNode;
  error?: string | undefined;
  htmlFor?: string;
  children: ReactNode;
}) {
  return (
    <div className={`fd-dp-field${error ? ' fd-dp-field-error' : ''}`}>
      <label className="fd-dp-label" htmlFor={htmlFor}>
        {label}
      </label>
      {children}
      {error ? (
        <div className="fd-dp-field-message" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}
