import UserOutlined from '@ant-design/icons/UserOutlined';
import WalletOutlined from '@ant-design/icons/WalletOutlined';
import Avatar from 'antd/es/avatar';
import Dropdown from 'antd/es/dropdown';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAccess } from '../../lib/access';
import { formatMoney } from '../../lib/format';
import { balanceQuery } from '../../lib/payments';
import { useSession } from '../../lib/session';
import { signOut } from '../../lib/sign-out';

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const user = useSession((s) => s.user);
  const access = useAccess();
  const billing = access.can('billing:view');
  // The balance is asked for when the menu first opens, then kept fresh by the payment screens.
  const [opened, setOpened] = useState(false);
  const balance = useQuery({ ...balanceQuery(), enabled: billing && opened && !!user });
  if (!user) return null;
  const items = [
    ...(billing
      ? [
          {
            key: '/billing/ledger',
            icon: <WalletOutlined />,
            label: (
              <span data-testid="menu-balance">
                {t('header.balance', { amount: balance.data ? formatMoney(balance.data.balance) : '…' })}
              </span>
            ),
          },
          { type: 'divider' as const },
        ]
      : []),
    { key: '/setting/profile', label: t('header.profile') },
    { key: '/setting/password', label: t('header.password') },
    ...(billing ? [{ key: '/order/list', label: t('header.orders') }] : []),
    { type: 'divider' as const },
    { key: 'signOut', label: t('actions.signOut'), danger: true },
  ];
  return (
    <Dropdown
      trigger={['click']}
      onOpenChange={(open) => open && setOpened(true)}
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
