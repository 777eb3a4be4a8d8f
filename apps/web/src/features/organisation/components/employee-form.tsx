import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import TreeSelect from 'antd/es/tree-select';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmployeeInput, type Employee } from '@fleetdesk/contracts/organisation';
import { useAccess } from '../../../lib/access';
import { SandboxOutbox } from './sandbox-outbox';
import { serverFieldErrors } from '../../../lib/field-failure';
import { issueMessage } from '../../../lib/validation';
import { useCreateEmployee } from '../api/create-employee';
import { departmentsQuery } from '../api/get-departments';
import { labelsQuery } from '../api/get-labels';
import { rentsQuery } from '../../../lib/organisation-lists';
import { rolesQuery } from '../../../lib/organisation-lists';
import { useSendPhoneCode } from '../api/send-phone-code';
import { useUpdateEmployee } from '../api/update-employee';
import { buildTree, treeSelectData } from '../model/department-tree';
import { LabelTag } from './status-tags';

export interface EmployeeFormValues {
  name?: string;
  username?: string;
  phone?: string;
  email?: string | null;
  title?: string | null;
  departmentId?: number | null;
  rentIds?: number[];
  defaultRentId?: number | null;
  roleIds?: number[];
  labelIds?: number[];
  /** The code sent to the new phone: a phone change of an account that has signed in needs it. */
  phoneCode?: string;
}

const FIELDS = [
  'name',
  'username',
  'phone',
  'email',
  'title',
  'departmentId',
  'rentIds',
  'defaultRentId',
  'roleIds',
  'labelIds',
  'phoneCode',
] as const;
type Field = (typeof FIELDS)[number];
const isField = (name: string): name is Field => (FIELDS as readonly string[]).includes(name);

const blank = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/** What the form sends: empty optional texts as null, nothing left undefined. */
export function employeeInputOf(v: EmployeeFormValues): Record<string, unknown> {
  return {
    name: v.name?.trim() ?? '',
    username: v.username?.trim() ?? '',
    phone: v.phone?.trim() ?? '',
    email: blank(v.email),
    title: blank(v.title),
    departmentId: v.departmentId ?? null,
    rentIds: v.rentIds ?? [],
    defaultRentId: v.defaultRentId ?? null,
    roleIds: v.roleIds ?? [],
    labelIds: v.labelIds ?? [],
    ...(v.phoneCode?.trim() ? { phoneCode: v.phoneCode.trim() } : {}),
  };
}

function valuesOf(e: Employee | undefined, departmentId: number | null): EmployeeFormValues {
  if (!e) return { departmentId, rentIds: [], roleIds: [], labelIds: [] };
  return {
    name: e.name,
    username: e.username,
    phone: e.phone,
    email: e.email,
    title: e.title,
    departmentId: e.departmentId,
    rentIds: e.rentIds,
    defaultRentId: e.defaultRentId,
    roleIds: e.roles.map((r) => r.id),
    labelIds: e.labels.map((l) => l.id),
  };
}

/**
 * Adding or editing an employee in a drawer. Checked with the contracts' EmployeeInput (messages on the fields),
 * the server's field errors land on their fields. A left employee, or a user without `oaDepart:edit`, sees it
 * read-only.
 */
export function EmployeeForm(props: {
  employee?: Employee;
  /** A new employee starts in the department selected in the tree. */
  departmentId?: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('organisation');
  const { message, modal } = App.useApp();
  const access = useAccess();
  const [form] = Form.useForm<EmployeeFormValues>();
  const { employee } = props;
  const create = useCreateEmployee();
  const update = useUpdateEmployee();
  const readOnly = employee?.status === 'left' || !access.can(employee ? 'oaDepart:edit' : 'oaDepart:add');
  const canPickRoles = access.can('oaSetting:role');
  const departments = useQuery(departmentsQuery());
  const rents = useQuery(rentsQuery());
  const roles = useQuery(rolesQuery(canPickRoles));
  const labels = useQuery(labelsQuery('employee'));
  const tree = useMemo(() => treeSelectData(buildTree(departments.data ?? [])), [departments.data]);
  const rentIds = Form.useWatch('rentIds', form) ?? [];
  const phone = (Form.useWatch('phone', form) as string | undefined) ?? '';
  const phoneCode = useSendPhoneCode();
  // An account in use (it has signed in) changes phone only with the code sent to the new one.
  const needsPhoneCode = !!employee?.lastLoginAt && !readOnly && phone.trim() !== employee.phone;
  const initial = useMemo(() => valuesOf(employee, props.departmentId ?? null), [employee, props.departmentId]);

  const rentOptions = (rents.data ?? []).map((r) => ({
    value: r.id,
    label: r.name,
    // A disabled rent cannot take new employees; one the employee already has stays listed.
    disabled: r.status === 'disabled' && !employee?.rentIds.includes(r.id),
  }));

  const showErrors = (errors: { path: string; message: string }[]) => {
    const byField = new Map<Field, string>();
    for (const e of errors) {
      const name = e.path.split('.')[0] ?? '';
      if (isField(name) && !byField.has(name)) byField.set(name, e.message);
    }
    form.setFields([...byField].map(([name, text]) => ({ name, errors: [text] })));
  };

  const submit = async () => {
    const values = form.getFieldsValue(true) as EmployeeFormValues;
    const parsed = EmployeeInput.safeParse(employeeInputOf(values));
    form.setFields(FIELDS.map((name) => ({ name, errors: [] })));
    if (!parsed.success) {
      showErrors(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: issueMessage(i, t) })));
      return;
    }
    try {
      if (employee) {
        await update.mutateAsync({ id: employee.id, input: parsed.data });
        void message.success(t('employeeForm.saved', { name: parsed.data.name }));
      } else {
        const created = await create.mutateAsync(parsed.data);
        const sandbox = created.invite?.sandbox ?? false;
        const done = modal.success({
          title: t('employeeForm.created', { name: created.name }),
          content: (
            <>
              <p>{t('employeeForm.invited', { phone: created.phone })}</p>
              {sandbox && <SandboxOutbox phone={created.phone} onOpen={() => done.destroy()} />}
            </>
          ),
        });
      }
      props.onClose();
    } catch (e) {
      showErrors(serverFieldErrors(e));
    }
  };

  const sendPhoneCode = async () => {
    if (!employee) return;
    form.setFields([{ name: 'phone', errors: [] }]);
    try {
      const sent = await phoneCode.mutateAsync({ id: employee.id, phone: phone.trim() });
      void message.success(
        [
          t('employeeForm.phoneCodeSent', { phone: phone.trim() }),
          sent.sandbox ? t('employeeForm.phoneCodeSandbox') : '',
        ]
          .filter(Boolean)
          .join(' '),
      );
    } catch (e) {
      showErrors(serverFieldErrors(e));
    }
  };

  const onRentsChange = (next: number[]) => {
    const current = form.getFieldValue('defaultRentId') as number | null | undefined;
    // The default rent is one of the chosen ones: the first chosen when it was removed (or none yet).
    if (current == null || !next.includes(current)) form.setFieldValue('defaultRentId', next[0] ?? null);
  };

  const title = employee
    ? readOnly
      ? t('employeeForm.viewTitle', { name: employee.name })
      : t('employeeForm.editTitle', { name: employee.name })
    : t('employeeForm.addTitle');

  return (
    <Drawer
      open
      title={title}
      size={560}
      onClose={props.onClose}
      destroyOnHidden
      extra={
        readOnly ? null : (
          <Space>
            <Button onClick={props.onClose}>{t('common:actions.cancel')}</Button>
            <Button type="primary" loading={create.isPending || update.isPending} onClick={() => void submit()}>
              {t('common:actions.save')}
            </Button>
          </Space>
        )
      }
    >
      {employee?.status === 'left' && (
        <Alert className="fd-org-notice" type="info" showIcon title={t('employeeForm.leftNotice')} />
      )}
      <Form<EmployeeFormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        disabled={readOnly}
        onFinish={() => void submit()}
      >
        <Form.Item name="name" label={t('fields.name')} required>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="username" label={t('fields.username')} required extra={t('employeeForm.usernameHint')}>
          <Input maxLength={32} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('fields.phone')}
          required
          extra={employee ? null : t('employeeForm.phoneHint')}
        >
          <Input maxLength={11} inputMode="numeric" />
        </Form.Item>
        {needsPhoneCode && (
          <Form.Item label={t('fields.phoneCode')} required extra={t('employeeForm.phoneCodeHint')}>
            <Space.Compact block>
              <Form.Item name="phoneCode" noStyle>
                <Input
                  maxLength={6}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  aria-label={t('fields.phoneCode')}
                />
              </Form.Item>
              <Button loading={phoneCode.isPending} onClick={() => void sendPhoneCode()}>
                {t('employeeForm.sendPhoneCode')}
              </Button>
            </Space.Compact>
          </Form.Item>
        )}
        <Form.Item name="email" label={t('fields.email')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="title" label={t('fields.title')}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="departmentId" label={t('fields.department')}>
          <TreeSelect
            allowClear
            treeDefaultExpandAll
            treeData={tree}
            placeholder={t('employeeForm.noDepartment')}
            loading={departments.isLoading}
          />
        </Form.Item>
        <Form.Item name="rentIds" label={t('fields.rents')} required extra={t('employeeForm.rentsHint')}>
          <Select
            mode="multiple"
            options={rentOptions}
            loading={rents.isLoading}
            optionFilterProp="label"
            onChange={onRentsChange}
          />
        </Form.Item>
        <Form.Item name="defaultRentId" label={t('fields.defaultRent')}>
          <Select
            allowClear
            options={rentOptions.filter((o) => rentIds.includes(o.value))}
            placeholder={rentIds.length ? undefined : t('employeeForm.rentsFirst')}
          />
        </Form.Item>
        {canPickRoles ? (
          <Form.Item name="roleIds" label={t('fields.roles')} required>
            <Select
              mode="multiple"
              loading={roles.isLoading}
              optionFilterProp="label"
              options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
            />
          </Form.Item>
        ) : (
          <Form.Item name="roleIds" label={t('fields.roles')} extra={t('employeeForm.rolesReadOnly')}>
            <RoleTags employee={employee} />
          </Form.Item>
        )}
        <Form.Item name="labelIds" label={t('fields.labels')}>
          <Select
            mode="multiple"
            loading={labels.isLoading}
            optionFilterProp="title"
            options={(labels.data ?? []).map((l) => ({
              value: l.id,
              title: l.name,
              label: <LabelTag name={l.name} color={l.color} />,
            }))}
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

/** The employee's roles, shown when the user may not read the role list (the ids are sent back unchanged). */
function RoleTags({ employee }: { employee?: Employee; value?: number[] }) {
  const { t } = useTranslation('organisation');
  if (!employee?.roles.length) return <span className="fd-muted">{t('employeeForm.noRoles')}</span>;
  return (
    <span>
      {employee.roles.map((r) => (
        <Tag key={r.id}>{r.name}</Tag>
      ))}
    </span>
  );
}
