import BellOutlined from '@ant-design/icons/BellOutlined';
import Badge from 'antd/es/badge';
import Popover from 'antd/es/popover';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageCount } from '../../features/session/api/get-message-count';
import { session, useSession } from '../../lib/session';

/** The message centre's bell: unread messages of the back-office channel, summed over categories. */
export function MessageBell() {
  const { t } = useTranslation();
  const { data } = useMessageCount();
  const total = useSession((s) => s.messageTotal);
  useEffect(() => {
    if (data) session.set({ messageTotal: data.reduce((sum, item) => sum + item.num, 0) });
  }, [data]);
  const unread = (data ?? []).filter((item) => item.num > 0);
  const content = (
    <div className="fd-bell-list">
      {unread.length === 0 ? (
        <p className="fd-muted">{t('header.noMessages')}</p>
      ) : (
        <ul>
          {unread.map((item) => (
            <li key={item.category}>
              <span>{item.name}</span>
              <Badge count={item.num} color="#1668dc" />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
  return (
    <Popover content={content} title={t('header.messages')} trigger="click" placement="bottomRight">
      <button type="button" className="fd-icon-button" aria-label={t('header.messagesCount', { count: total })}>
        <Badge count={total} size="small" overflowCount={99}>
          <BellOutlined className="fd-header-icon" />
        </Badge>
      </button>
    </Popover>
  );
}
