import Drawer from 'antd/es/drawer';
import Menu from 'antd/es/menu';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useNavItems } from './nav-items';

/** The phone navigation's drawer (nav-menu.tsx's NavDrawer opens it): the groups inline, the current one open. */
export default function NavDrawerPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { items, selected, currentGroup } = useNavItems();
  return (
    <Drawer
      id="fd-nav-drawer"
      open={open}
      placement="left"
      size={280}
      title={t('appName')}
      onClose={onClose}
      className="fd-nav-drawer"
      styles={{ body: { padding: 0 } }}
    >
      <Menu
        mode="inline"
        items={items}
        selectedKeys={selected}
        defaultOpenKeys={currentGroup ? [currentGroup] : []}
        onClick={({ key }) => {
          onClose();
          navigate(key);
        }}
        aria-label={t('header.navigation')}
      />
    </Drawer>
  );
}
