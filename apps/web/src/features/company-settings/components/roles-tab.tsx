import PlusOutlined from '@ant-design/icons/PlusOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoleRow } from '@fleetdesk/contracts/organisation';
import { useDeleteRole } from '../api/delete-role';
import { rolesQuery } from '../../../lib/organisation-lists';
import { CopyRoleDialog } from './copy-role-dialog';
import { RoleDrawer } from './role-drawer';
import { LoadFailed } from './states';

/** What the drawer shows: a new role, or one of the list. */
type Editing = { role: RoleRow | null } | null;

/** The roles of the company (shown only with `oaSetting:role`). */
export function RolesTab() {
  const { t } = useTranslation('companySettings');
  const { message } = App.useApp();
  const roles = useQuery(rolesQuery());
  const remove = useDeleteRole();
  const [editing, setEditing] = useState<Editing>(null);
  const [copying, setCopying] = useState<RoleRow | null>(null);

  if (roles.isError) return <LoadFailed retry={() => void roles.refetch()} />;

  const deleteButton = (role: RoleRow) => {
    const blocked = role.builtin
      ? t('roles.builtinNoDelete')
      : role.users > 0
        ? t('roles.usedNoDelete', { count: role.users })
        : null;
    if (blocked) {
      return (
        <Tooltip title={blocked}>
          {/* A disabled button takes no pointer events: the wrapper carries the tooltip. */}
          <span className="fd-cs-disabled-wrap" tabIndex={0} aria-label={blocked}>
            <Button type="link" danger disabled>
              {t('roles.delete')}
            </Button>
          </span>
        </Tooltip>
      );
    }
    return (
      <Popconfirm
        title={t('roles.deleteConfirm', { name: role.name })}
        okText={t('roles.delete')}
        okButtonProps={{ danger: true }}
        cancelText={t('common:actions.cancel')}
        onConfirm={() =>
          remove
            .mutateAsync(role.id)
            .then(() => void message.success(t('roles.deleted', { name: role.name })))
            .catch(() => undefined)
        }
      >
        <Button type="link" danger>
          {t('roles.delete')}
        </Button>
      </Popconfirm>
    );
  };

  return (
    <div className="fd-cs-roles">
      <div className="fd-cs-toolbar">
        <p className="fd-cs-hint">{t('roles.hint')}</p>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ role: null })}>
          {t('roles.create')}
        </Button>
      </div>
      <Table<RoleRow>
        rowKey="id"
        loading={roles.isPending}
        dataSource={roles.data ?? []}
        pagination={false}
        columns={[
          {
            key: 'name',
            title: t('roles.name'),
            render: (_, r) => (
              <Space size={4} wrap>
                <span>{r.name}</span>
                {r.builtin ? <Tag color="blue">{t('roles.builtin')}</Tag> : null}
                {r.allPermissions ? <Tag color="gold">{t('roles.allPermissions')}</Tag> : null}
              </Space>
            ),
          },
          { key: 'description', title: t('roles.description'), render: (_, r) => r.description ?? '—' },
          { key: 'dataScope', title: t('roles.dataScope'), render: (_, r) => t(`roles.scopes.${r.dataScope}.label`) },
          { key: 'users', title: t('roles.users'), dataIndex: 'users', align: 'right', width: 100 },
          {
            key: 'actions',
            title: t('roles.actions'),
            width: 220,
            render: (_, r) => (
              <Space size={0} wrap>
                <Button type="link" onClick={() => setEditing({ role: r })}>
                  {r.allPermissions ? t('roles.view') : t('roles.edit')}
                </Button>
                <Button type="link" onClick={() => setCopying(r)}>
                  {t('roles.copy')}
                </Button>
                {deleteButton(r)}
              </Space>
            ),
          },
        ]}
      />
      {editing ? <RoleDrawer role={editing.role} onClose={() => setEditing(null)} /> : null}
      {copying ? <CopyRoleDialog role={copying} onClose={() => setCopying(null)} /> : null}
    </div>
  );
}
