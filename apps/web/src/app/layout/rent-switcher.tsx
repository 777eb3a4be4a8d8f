import DownOutlined from '@ant-design/icons/DownOutlined';
import ShopOutlined from '@ant-design/icons/ShopOutlined';
import Dropdown from 'antd/es/dropdown';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { setRent, useSession } from '../../lib/session';

/** The rent (company) requests act in; switching it refetches what is on screen. */
export function RentSwitcher() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const user = useSession((s) => s.user);
  if (!user || user.rents.length === 0) return null;
  const current = user.rents.find((r) => r.id === user.rentId) ?? user.rents[0]!;
  const label = (
    <>
      <ShopOutlined className="fd-header-icon" />
      <span className="fd-rent-name">{current.shortName}</span>
    </>
  );
  if (user.rents.length === 1) {
    return (
      <span className="fd-rent" title={current.name}>
        {label}
      </span>
    );
  }
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [String(current.id)],
        items: user.rents.map((r) => ({ key: String(r.id), label: `${r.shortName} · ${r.city}` })),
        onClick: ({ key }) => {
          const rent = user.rents.find((r) => String(r.id) === key);
          if (!rent || rent.id === current.id) return;
          setRent(rent);
          void client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
        },
      }}
    >
      <button type="button" className="fd-icon-button fd-rent" aria-label={t('header.switchRent')} title={current.name}>
        {label}
        <DownOutlined className="fd-rent-arrow" />
      </button>
    </Dropdown>
  );
}
