import DownOutlined from '@ant-design/icons/DownOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import type { MenuProps } from 'antd/es/menu';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DriverAction, DriverListRow } from '@fleetdesk/contracts/drivers';
import { useAccess } from '../../../lib/access';
import { useDeleteDriver, useDriverAction } from '../api/drivers';
import { BlacklistDialog } from './blacklist-dialog';

type Driver = Pick<DriverListRow, 'id' | 'name' | 'actions' | 'deletable'>;

/** Which of a driver's actions the user may take: blacklisting and lifting need `rentDriver:blacklist`. */
export function useDriverCommands(driver: Driver) {
  const access = useAccess();
  const actions = driver.actions.filter((a) =>
    a === 'blacklist' || a === 'lift' ? access.can('rentDriver:blacklist') : access.can('rentDriver:edit'),
  );
  return { actions, canDelete: driver.deletable && access.can('rentDriver:delete') };
}

/**
 * A driver's state actions and deletion in a menu (the list's "more", the detail page's button): activate and
 * mark left after a confirmation, blacklist and lift through the dialog with a reason.
 */
export function DriverActionsMenu({ driver, children }: { driver: Driver; children?: React.ReactNode }) {
  const { t } = useTranslation('drivers');
  const { modal, message } = App.useApp();
  const { actions, canDelete } = useDriverCommands(driver);
  const take = useDriverAction();
  const remove = useDeleteDriver();
  const [dialog, setDialog] = useState<'blacklist' | 'lift' | null>(null);
  const items: MenuProps['items'] = actions.map((a) => ({
    key: a,
    label: t(`action.${a}`),
    danger: a === 'blacklist',
  }));
  if (canDelete) items.push({ type: 'divider' }, { key: 'delete', label: t('actions.delete'), danger: true });
  if (!items.length) return null;

  const confirm = (action: DriverAction) =>
    modal.confirm({
      title: t(`confirm.${action}`, { name: driver.name }),
      onOk: () =>
        take
          .mutateAsync({ id: driver.id, action })
          .then(() => void message.success(t('confirm.done', { action: t(`action.${action}`) })))
          .catch(() => undefined),
    });
  const onClick = (key: string) => {
    if (key === 'blacklist' || key === 'lift') setDialog(key);
    else if (key === 'delete') {
      modal.confirm({
        title: t('confirm.delete', { name: driver.name }),
        okButtonProps: { danger: true },
        onOk: () => remove.mutateAsync(driver.id).catch(() => undefined),
      });
    } else confirm(key as DriverAction);
  };
  return (
    <>
      <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => onClick(key) }}>
        {children ?? (
          <Button type="link" size="small" aria-label={t('actions.moreFor', { name: driver.name })}>
            {t('actions.more')} <DownOutlined />
          </Button>
        )}
      </Dropdown>
      {dialog && <BlacklistDialog driver={driver} lift={dialog === 'lift'} onClose={() => setDialog(null)} />}
    </>
  );
}
