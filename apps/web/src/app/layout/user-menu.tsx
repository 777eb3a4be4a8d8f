import CrownOutlined from '@ant-design/icons/CrownOutlined';
import GlobalOutlined from '@ant-design/icons/GlobalOutlined';
import ShopOutlined from '@ant-design/icons/ShopOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import WalletOutlined from '@ant-design/icons/WalletOutlined';
import Avatar from 'antd/es/avatar';
import Dropdown from 'antd/es/dropdown';
import type { ItemType } from 'antd/es/menu/interface';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAccess } from '../../lib/access';
import { formatMoney } from '../../lib/format';
import { balanceQuery } from '../../lib/payments';
import { useSession } from '../../lib/session';
import { signOut } from '../../lib/sign-out';
import { useLanguageChoice } from './language-switch';
import { rentMenuItems, useRentChoice } from './rent-switcher';

/**
 * The account menu: balance, profile, password, orders, feedback (and the operator's desk), sign out. With `compact`
 * (below 768 px) it also holds the tools the header has no room for: the company for new records, the membership and
 * the language.
 */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const user = useSession((s) => s.user);
  const membership = useSession((s) => s.membership);
  const access = useAccess();
  const billing = access.can('billing:view');
  const rent = useRentChoice();
  const language = useLanguageChoice();
  // The balance is asked for when the menu first opens, then kept fresh by the payment screens.
  const [opened, setOpened] = useState(false);
  const balance = useQuery({ ...balanceQuery(), enabled: billing && opened && !!user });
  if (!user) return null;
  // Flat groups rather than sub-menus: a sub-menu would open beside the menu, off a phone's screen.
  const folded: ItemType[] = compact
    ? [
        ...(rent.current && rent.rents.length > 1
          ? [...rentMenuItems(t, rent.rents), { type: 'divider' as const }]
          : rent.current
            ? [
                {
                  key: 'rent:current',
                  icon: <ShopOutlined />,
                  label: t('header.rentHint', { name: rent.current.name }),
                  disabled: true,
                },
                { type: 'divider' as const },
              ]
            : []),
        ...(membership
          ? [
              {
                key: '/membership',
                icon: <CrownOutlined />,
                label:
                  membership.days === -1
                    ? `${membership.name} · ${t('header.membershipExpired')}`
                    : `${membership.name} · ${t('header.membershipDays', { count: membership.days })}`,
              },
            ]
          : []),
        {
          type: 'group' as const,
          key: 'lang',
          label: (
            <span className="fd-user-group">
              <GlobalOutlined /> {t('language.switch')}
            </span>
          ),
          children: language.items.map((l) => ({ key: `lang:${l.key}`, label: l.label })),
        },
        { type: 'divider' as const },
      ]
    : [];
  const items: ItemType[] = [
    ...folded,
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
    // Feedback names the screen it was sent from; the platform operator's users also get the desk.
    { key: `/feedback?from=${encodeURIComponent(location.pathname + location.search)}`, label: t('routes.feedback') },
    ...(user.platformOperator && access.can('oaSetting')
      ? [{ key: '/platform/feedback', label: t('routes.platformFeedback') }]
      : []),
    { type: 'divider' as const },
    { key: 'signOut', label: t('actions.signOut'), danger: true },
  ];
  return (
    <Dropdown
      trigger={['click']}
      onOpenChange={(open) => open && setOpened(true)}
      menu={{
        items,
        selectable: compact,
        selectedKeys: compact ? [`rent:${rent.current?.id}`, `lang:${language.current}`] : [],
        onClick: async ({ key }) => {
          if (key.startsWith('rent:')) return rent.choose(key.slice('rent:'.length));
          if (key.startsWith('lang:')) return language.choose(key.slice('lang:'.length));
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
