import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DATA_SCOPES, RoleInput, type DataScope, type RoleRow } from '@fleetdesk/contracts/organisation';
import { useSession } from '../../../lib/session';
import { zodRule } from '../../../lib/validation';
import { permissionTreeQuery } from '../api/get-permission-tree';
import { roleQuery } from '../api/get-role';
import { useSaveRole } from '../api/save-role';
import { schemaErrors, serverErrors } from './form-errors';
import { allCodes, normaliseGrants, withScreens } from './permission-tree';
import { PermissionTreeField } from './permission-tree-field';

interface Values {
  name: string;
  description: string;
  dataScope: DataScope;
  grants: string[];
}

const FIELDS = ['name', 'description', 'dataScope', 'grants'];
const shape = RoleInput.shape;

/**
 * Creating a role (`role` null) or changing one: name, description, data scope and the permissions to tick.
 * The built-in all-permissions role is shown with everything ticked and cannot be changed. A role the user
 * holds himself keeps its data scope and permissions (the server refuses to change them): only its name and
 * description are editable.
 */
export function RoleDrawer({ role, onClose }: { role: RoleRow | null; onClose: () => void }) {
  const { t } = useTranslation('companySettings');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const tree = useQuery(permissionTreeQuery());
  const detail = useQuery({ ...roleQuery(role?.id ?? 0), enabled: !!role });
  const save = useSaveRole();
  const readOnly = !!role?.allPermissions;
  const myRoles = useSession((s) => s.user?.roles);
  const own = !!role && !readOnly && !!myRoles?.includes(role.code);
  const ready = tree.isSuccess && (!role || detail.isSuccess);
  // Only the modules with a screen are offered; the role's grants of the others are kept as they are.
  const shown = useMemo(() => withScreens(tree.data ?? []), [tree.data]);
  const kept = useMemo(() => {
    const visible = new Set(allCodes(shown));
    return normaliseGrants(tree.data ?? [], detail.data?.grants ?? []).filter((c) => !visible.has(c));
  }, [shown, tree.data, detail.data]);

  useEffect(() => {
    if (!ready) return;
    const nodes = shown;
    form.setFieldsValue({
      name: role?.name ?? '',
      description: role?.description ?? '',
      dataScope: role?.dataScope ?? 'all',
      grants: readOnly ? allCodes(nodes) : normaliseGrants(nodes, detail.data?.grants ?? []),
    });
  }, [ready, role, readOnly, shown, detail.data, form]);

  const submit = async (values: Values) => {
    const parsed = RoleInput.safeParse({
      name: values.name,
      description: values.description?.trim() ? values.description.trim() : null,
      dataScope: values.dataScope,
      grants: [...(values.grants ?? []), ...kept],
    });
    if (!parsed.success) {
      form.setFields(schemaErrors(parsed.error, t) as never);
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: role?.id ?? null, input: parsed.data });
      void message.success(t(role ? 'roles.updated' : 'roles.created', { name: saved.name }));
      onClose();
    } catch (e) {
      form.setFields(serverErrors(e, ([n]) => FIELDS.includes(n!), ['name']) as never);
    }
  };

  const title = !role
    ? t('roles.create')
    : readOnly
      ? t('roles.viewTitle', { name: role.name })
      : t('roles.editTitle', { name: role.name });

  return (
    <Drawer
      open
      title={title}
      size="large"
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space className="fd-cs-drawer-footer">
          <Button onClick={onClose}>{readOnly ? t('roles.close') : t('common:actions.cancel')}</Button>
          {readOnly ? null : (
            <Button type="primary" onClick={() => form.submit()} loading={save.isPending} disabled={!ready}>
              {t('common:actions.save')}
            </Button>
          )}
        </Space>
      }
    >
      {!ready ? (
        <Spin className="fd-cs-loading" />
      ) : (
        <Form<Values> form={form} layout="vertical" onFinish={submit} disabled={readOnly} aria-label={title}>
          {readOnly ? (
            <Alert type="info" showIcon className="fd-cs-readonly" title={t('roles.allPermissionsReadOnly')} />
          ) : null}
          {own ? <Alert type="info" showIcon className="fd-cs-readonly" title={t('roles.ownRoleReadOnly')} /> : null}
          <Form.Item name="name" label={t('roles.name')} required rules={[zodRule(shape.name, t)]}>
            <Input maxLength={30} showCount />
          </Form.Item>
          <Form.Item name="description" label={t('roles.description')} rules={[zodRule(shape.description, t)]}>
            <Input.TextArea maxLength={200} showCount rows={2} />
          </Form.Item>
          <Form.Item name="dataScope" label={t('roles.dataScope')} required>
            <Radio.Group className="fd-cs-scopes" aria-label={t('roles.dataScope')} disabled={readOnly || own}>
              {DATA_SCOPES.map((scope) => (
                <Radio key={scope} value={scope}>
                  <span>{t(`roles.scopes.${scope}.label`)}</span>
                  <span className="fd-cs-scope-hint">{t(`roles.scopes.${scope}.hint`)}</span>
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
          <Form.Item
            name="grants"
            label={t('roles.permissions')}
            extra={readOnly || own ? undefined : t('roles.permissionsHint')}
          >
            <PermissionTreeField tree={shown} disabled={readOnly || own} />
          </Form.Item>
        </Form>
      )}
    </Drawer>
  );
}
