import UserOutlined from '@ant-design/icons/UserOutlined';
import Avatar from 'antd/es/avatar';
import Dropdown from 'antd/es/dropdown';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAccess } from '../../lib/access';
import { useSession } from '../../lib/session';
import { signOut } from '../../lib/sign-out';

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const user = useSession((s) => s.user);
  const access = useAccess();
  if (!user) return null;
  const items = [
    { key: '/setting/profile', label: t('header.profile') },
    { key: '/setting/password', label: t('header.password') },
    ...(access.can('billing:view') ? [{ key: '/order/membership', label: t('header.orders') }] : []),
    { type: 'divider' as const },
    { key: 'signOut', label: t('actions.signOut'), danger: true },
  ];
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        onClick: async ({ key }) => {
          if (key !== 'signOut') return navigate(key);
          await signOut();
          client.clear();
          navigate('/login', { replace: true });
        },
      }}
    >
      <button type="button" className="fd-icon-button fd-user" aria-label={t('header.userMenu')}>
        <Avatar size={28} src={user.avatar ?? undefined} icon={<UserOutlined />} />
        <span className="fd-user-name">{user.name}</span>
      </button>
    </Dropdown>
  );
}
