import BellOutlined from '@ant-design/icons/BellOutlined';
import Badge from 'antd/es/badge';
import Popover from 'antd/es/popover';
import Tooltip from 'antd/es/tooltip';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMessageCount } from '../../lib/message-count';
import { session, useSession } from '../../lib/session';

/**
 * The message centre's bell: unread messages of the back-office channel, summed over categories. Each category
 * with unread messages opens the message centre on it; "view all" opens it whole. The count is the shared query
 * (`lib/message-count.ts`) that every read invalidates, so the badge falls as messages are read.
 */
export function MessageBell() {
  const { t } = useTranslation();
  const { data } = useMessageCount();
  const total = useSession((s) => s.messageTotal);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (data) session.set({ messageTotal: data.reduce((sum, item) => sum + item.num, 0) });
  }, [data]);
  const unread = (data ?? []).filter((item) => item.num > 0);
  const close = () => setOpen(false);
  const content = (
    <div className="fd-bell-list" data-testid="message-bell-list">
      {unread.length === 0 ? (
        <p className="fd-muted">{t('header.noMessages')}</p>
      ) : (
        <ul>
          {unread.map((item) => (
            <li key={item.category}>
              <Link
                to={`/messageCenter?category=${item.category}`}
                onClick={close}
                aria-label={t('header.openCategory', { name: item.name })}
              >
                <span>{item.name}</span>
                <Badge count={item.num} color="#1668dc" />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link to="/messageCenter" onClick={close} className="fd-bell-all">
        {t('header.viewAll')}
      </Link>
    </div>
  );
  return (
    <Popover
      content={content}
      title={t('header.messages')}
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
    >
      <Tooltip title={t('header.messagesButton')} placement="bottom">
        <button type="button" className="fd-icon-button" aria-label={t('header.messagesCount', { count: total })}>
          <Badge count={total} size="small" overflowCount={99}>
            <BellOutlined className="fd-header-icon" />
          </Badge>
        </button>
      </Tooltip>
    </Popover>
  );
}
