import CheckOutlined from '@ant-design/icons/CheckOutlined';
import MessageOutlined from '@ant-design/icons/MessageOutlined';
import App from 'antd/es/app';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Segmented from 'antd/es/segmented';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { MessageReadState, type MessageItem } from '@fleetdesk/contracts/auth';
import { MESSAGE_CATEGORIES } from '@fleetdesk/contracts/messages';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useMessageCount } from '../../../lib/message-count';
import { messagesQuery } from '../api/list-messages';
import { useMarkAllRead, useMarkRead } from '../api/mark-read';
import { SmsSettings } from '../components/sms-settings';
import '../i18n';
import './messages.css';

const STATES = MessageReadState.options;
const stateOf = (v: string | null): MessageReadState =>
  (STATES as readonly string[]).includes(v ?? '') ? (v as MessageReadState) : 'all';
const categoryOf = (v: string | null): number | undefined => {
  const n = Number(v);
  return MESSAGE_CATEGORIES.some((c) => c.id === n) ? n : undefined;
};
/** A stored link opens inside the app only (a path of ours, never another site). */
const inApp = (link: string | null): link is string => !!link && link.startsWith('/') && !link.startsWith('//');

/**
 * `/messageCenter`: the signed-in user's messages by category (the side list, with each category's unread count)
 * and read state, newest first, searchable. Opening a message marks it read and goes to what it is about; the
 * bell's count falls with every read. `?category=N` shows one category (the bell's rows link here).
 */
export default function MessageCentrePage() {
  const { t } = useTranslation('messages');
  const { message } = App.useApp();
  const lang = currentLanguage();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const category = categoryOf(search.get('category'));
  const state = stateOf(search.get('state'));
  const counts = useMessageCount();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const [smsOpen, setSmsOpen] = useState(false);
  const filters = useMemo<FilterField[]>(
    () => [{ type: 'text', name: 'keyword', label: t('keyword'), placeholder: t('keywordHint') }],
    [t],
  );

  const countOf = (id?: number) =>
    (counts.data ?? []).filter((c) => id === undefined || c.category === id).reduce((s, c) => s + c.num, 0);
  const nameOf = (id: number) => MESSAGE_CATEGORIES.find((c) => c.id === id)?.name[lang] ?? String(id);

  const go = (next: { category?: number | null; state?: MessageReadState }) => {
    const params = new URLSearchParams(search);
    if (next.category === null) params.delete('category');
    else if (next.category !== undefined) params.set('category', String(next.category));
    if (next.state) {
      if (next.state === 'all') params.delete('state');
      else params.set('state', next.state);
    }
    params.delete('pageNum');
    setSearch(params);
  };

  const open = async (m: MessageItem) => {
    if (!m.read) await markRead.mutateAsync(m.id).catch(() => undefined);
    if (inApp(m.link)) void navigate(m.link);
  };

  const columns: ListColumn<MessageItem>[] = [
    {
      key: 'read',
      title: t('columns.read'),
      width: 36,
      render: (_, m) =>
        m.read ? null : <Badge status="processing" aria-label={t('unreadMark')} data-testid="message-unread" />,
    },
    {
      key: 'category',
      title: t('columns.category'),
      width: 120,
      render: (_, m) => <Tag>{nameOf(m.category)}</Tag>,
    },
    {
      key: 'message',
      title: t('columns.message'),
      render: (_, m) => (
        <div className={m.read ? 'fd-message fd-message-read' : 'fd-message'}>
          <div className="fd-message-title">{m.title}</div>
          <div className="fd-message-content">{m.content}</div>
        </div>
      ),
    },
    { key: 'at', title: t('columns.at'), width: 150, render: (_, m) => formatDateTime(m.createdAt) },
    {
      key: 'actions',
      title: t('columns.actions'),
      width: 170,
      render: (_, m) => (
        <Space size={0} onClick={(e) => e.stopPropagation()}>
          {inApp(m.link) && (
            <Button type="link" size="small" onClick={() => void open(m)}>
              {t('open')}
            </Button>
          )}
          {!m.read && (
            <Button type="link" size="small" onClick={() => markRead.mutate(m.id)}>
              {t('markRead')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const unreadHere = countOf(category);
  const markAllLabel = category === undefined ? t('markAllRead') : t('markCategoryRead', { name: nameOf(category) });

  return (
    <div className="fd-messages-page" data-testid="message-centre">
      <nav className="fd-messages-categories" aria-label={t('categories')}>
        <ul>
          {[undefined, ...MESSAGE_CATEGORIES.map((c) => c.id)].map((id) => (
            <li key={id ?? 'all'}>
              <button
                type="button"
                className={id === category ? 'fd-messages-category is-active' : 'fd-messages-category'}
                aria-current={id === category ? 'page' : undefined}
                onClick={() => go({ category: id ?? null })}
              >
                <span>{id === undefined ? t('allCategories') : nameOf(id)}</span>
                <Badge count={countOf(id)} size="small" overflowCount={99} color="#1668dc" />
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="fd-messages-main">
        <ListPage<MessageItem>
          id="message-centre"
          title={category === undefined ? t('title') : `${t('title')} · ${nameOf(category)}`}
          toolbar={
            <Space>
              <Button
                icon={<CheckOutlined />}
                disabled={unreadHere === 0 || state === 'archived' || state === 'read' || markAll.isPending}
                loading={markAll.isPending}
                onClick={() =>
                  markAll.mutate(category, {
                    onSuccess: (r) => void message.success(t('markedAll', { count: r.count })),
                  })
                }
              >
                {markAllLabel}
              </Button>
              <Button icon={<MessageOutlined />} onClick={() => setSmsOpen(true)}>
                {t('sms.open')}
              </Button>
            </Space>
          }
          extra={
            <Segmented
              aria-label={t('stateLabel')}
              value={state}
              onChange={(value) => go({ state: value as MessageReadState })}
              options={STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
            />
          }
          filters={filters}
          columns={columns}
          rowKey={(m) => m.id}
          defaultPageSize={20}
          query={(params) =>
            messagesQuery({
              ...(category !== undefined ? { category } : {}),
              state,
              ...(params.filters.keyword ? { keyword: params.filters.keyword } : {}),
              pageNum: params.pageNum,
              pageSize: params.pageSize,
            })
          }
          onRow={(m) => ({
            onClick: () => void open(m),
            className: m.read ? 'fd-clickable' : 'fd-clickable fd-message-row-unread',
          })}
          emptyText={t(`empty.${state}`)}
        />
      </div>
      <SmsSettings open={smsOpen} onClose={() => setSmsOpen(false)} />
    </div>
  );
}
