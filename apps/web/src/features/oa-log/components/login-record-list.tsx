import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { formatDateTime } from '../../../lib/format';
import { loginRecordsQuery, type LoginRecord } from '../api/get-login-records';
import { useFilterByUser } from './use-filter-by-user';

const METHOD_COLORS: Record<string, string> = { password: 'blue', code: 'cyan', qr: 'purple' };

/** Every sign-in of the tenant's users: how, from which client and address. */
export function LoginRecordList() {
  const { t } = useTranslation('oa-log');
  const filterByUser = useFilterByUser();
  const filters = useMemo<FilterField[]>(() => [{ type: 'hidden', name: 'userId', label: t('filters.user') }], [t]);
  const columns: ListColumn<LoginRecord>[] = [
    { key: 'createdAt', title: t('columns.time'), render: (_, r) => formatDateTime(r.createdAt, true), width: 170 },
    {
      key: 'user',
      title: t('columns.user'),
      render: (_, r) => (
        <Button type="link" size="small" title={t('filterByUser')} onClick={() => filterByUser(r.userId)}>
          {r.username}
        </Button>
      ),
    },
    {
      key: 'method',
      title: t('columns.method'),
      render: (_, r) => (
        <Tag color={METHOD_COLORS[r.method]}>{t(`methods.${r.method}`, { defaultValue: r.method })}</Tag>
      ),
    },
    {
      key: 'client',
      title: t('columns.client'),
      render: (_, r) => (r.platform ? `${r.platform}${r.version ? ` ${r.version}` : ''}` : '-'),
    },
    { key: 'ip', title: t('columns.ip'), render: (_, r) => r.ip ?? '-' },
    {
      key: 'userAgent',
      title: t('columns.userAgent'),
      render: (_, r) => (
        <span className="fd-ellipsis" title={r.userAgent ?? ''}>
          {r.userAgent ?? '-'}
        </span>
      ),
    },
  ];
  return (
    <ListPage<LoginRecord>
      id="login-records"
      filters={filters}
      columns={columns}
      rowKey={(r) => r.id}
      query={(p) => loginRecordsQuery({ pageNum: p.pageNum, pageSize: p.pageSize, ...p.filters })}
    />
  );
}
