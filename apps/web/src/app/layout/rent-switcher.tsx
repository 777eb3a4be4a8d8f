import DownOutlined from '@ant-design/icons/DownOutlined';
import ShopOutlined from '@ant-design/icons/ShopOutlined';
import Dropdown from 'antd/es/dropdown';
import Tooltip from 'antd/es/tooltip';
import type { ItemType } from 'antd/es/menu/interface';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { setRent, useSession } from '../../lib/session';

/**
 * The rent (company) chosen in the header and what it really does. The server takes it (`X-Rent-Id`) as the rent a
 * call acts in: where a new car, driver, device or import goes. Lists are not narrowed by it: they show every rent
 * of the user's data scope (`core/access.ts`, `rentIds`), and a list's own company filter narrows them. So the
 * switcher says so; switching refetches what is on screen.
 */
export function useRentChoice() {
  const client = useQueryClient();
  const user = useSession((s) => s.user);
  const rents = user?.rents ?? [];
  const current = rents.find((r) => r.id === user?.rentId) ?? rents[0];
  const choose = (key: string) => {
    const rent = rents.find((r) => String(r.id) === key);
    if (!rent || rent.id === current?.id) return;
    setRent(rent);
    void client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
  };
  return { rents, current, choose };
}

/** The switcher's menu entries: a group titled with what the choice does, the rents, and the note on lists. */
export function rentMenuItems(t: TFunction, rents: { id: number; shortName: string; city: string }[]): ItemType[] {
  return [
    {
      type: 'group',
      key: 'rent:group',
      label: t('header.rentFor'),
      children: rents.map((r) => ({ key: `rent:${r.id}`, label: `${r.shortName} · ${r.city}` })),
    },
    { type: 'divider' },
    {
      key: 'rent:note',
      disabled: true,
      className: 'fd-rent-note',
      label: <span data-testid="rent-note">{t('header.rentNote')}</span>,
    },
  ];
}

/** The rent new records go to, in the header (desktop width; below 768 px it is in the account menu). */
export function RentSwitcher() {
  const { t } = useTranslation();
  const { rents, current, choose } = useRentChoice();
  if (!current) return null;
  const hint = t('header.rentHint', { name: current.name });
  const label = (
    <>
      <ShopOutlined className="fd-header-icon" />
      <span className="fd-rent-name">{current.shortName}</span>
    </>
  );
  if (rents.length === 1) {
    return (
      <Tooltip title={hint}>
        <span className="fd-rent" aria-label={hint} tabIndex={0}>
          {label}
        </span>
      </Tooltip>
    );
  }
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [`rent:${current.id}`],
        items: rentMenuItems(t, rents),
        onClick: ({ key }) => choose(key.replace(/^rent:/, '')),
      }}
    >
      <button type="button" className="fd-icon-button fd-rent" aria-label={t('header.switchRent')} title={hint}>
        {label}
        <DownOutlined className="fd-rent-arrow" />
      </button>
    </Dropdown>
  );
}
