import DownOutlined from '@ant-design/icons/DownOutlined';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import type { MenuProps } from 'antd/es/menu';
import Space from 'antd/es/space';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { actionsFrom, FINAL_CAR_STATUSES, type CarListRow, type CarAction } from '@fleetdesk/contracts/vehicles';
import { useAccess } from '../../../lib/access';

export type RowCommand = { kind: 'status'; action: CarAction } | { kind: 'transfer' } | { kind: 'delete' };

/** A car's actions: view, edit, and under "more" the status actions its status allows, transfer, delete. */
export function CarRowActions({
  car,
  onCommand,
}: {
  car: CarListRow;
  onCommand: (car: CarListRow, command: RowCommand) => void;
}) {
  const { t } = useTranslation('vehicles');
  const access = useAccess();
  const items: MenuProps['items'] = [];
  if (access.can('rentCar:edit')) {
    for (const action of actionsFrom(car.status)) {
      items.push({ key: `status:${action}`, label: t(`action.${action}`), danger: action === 'scrap' });
    }
  }
  const others: MenuProps['items'] = [];
  if (access.can('rentCar:transfer') && car.status !== 'rented' && !FINAL_CAR_STATUSES.includes(car.status)) {
    others.push({ key: 'transfer', label: t('actions.transfer') });
  }
  if (access.can('rentCar:delete')) others.push({ key: 'delete', label: t('actions.delete'), danger: true });
  if (items.length && others.length) items.push({ type: 'divider' });
  items.push(...others);

  return (
    <Space size={0}>
      <Link to={`/rentCar/car/${car.id}`} className="fd-row-link">
        {t('actions.view')}
      </Link>
      {access.can('rentCar:edit') && (
        <Link to={`/rentCar/car/${car.id}/edit`} className="fd-row-link">
          {t('actions.edit')}
        </Link>
      )}
      {items.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items,
            onClick: ({ key }) => {
              if (key.startsWith('status:')) onCommand(car, { kind: 'status', action: key.slice(7) as CarAction });
              else onCommand(car, { kind: key as 'transfer' | 'delete' });
            },
          }}
        >
          <Button type="link" size="small" aria-label={t('actions.moreFor', { plate: car.plate })}>
            {t('actions.more')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}
