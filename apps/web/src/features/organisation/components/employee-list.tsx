import ExportOutlined from '@ant-design/icons/ExportOutlined';
import ImportOutlined from '@ant-design/icons/ImportOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMPLOYEE_STATUSES, type Employee, type EmployeeStatus } from '@fleetdesk/contracts/organisation';
import { ImportWizard } from '../../../components/import-wizard/import-wizard';
import { useFinishedTasks } from '../../../components/import-wizard/use-finished-tasks';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField, ListParams } from '../../../components/list-page/list-params';
import { useAccess } from '../../../lib/access';
import { formatDateTime } from '../../../lib/format';
import { exportEmployees } from '../api/export-employees';
import { employeesQuery, type EmployeeFilter } from '../api/get-employees';
import { labelsQuery } from '../api/get-labels';
import { rentsQuery } from '../../../lib/organisation-lists';
import { rolesQuery } from '../../../lib/organisation-lists';
import { departmentsKey, employeesKey } from '../api/keys';
import { EmployeeActions } from './employee-actions';
import { EmployeeForm } from './employee-form';
import { EmployeeStatusTag, LabelTag } from './status-tags';

const positiveId = (v: string | undefined) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : undefined);

/** The list's URL filters as the list (and export) query; the department comes from the tree. */
export function employeeFilter(filters: Record<string, string>, departmentId: number | null): EmployeeFilter {
  const status = filters.status as EmployeeStatus | undefined;
  return {
    keyword: filters.keyword || undefined,
    departmentId: departmentId ?? undefined,
    status: status && (EMPLOYEE_STATUSES as readonly string[]).includes(status) ? status : undefined,
    roleId: positiveId(filters.roleId),
    labelId: positiveId(filters.labelId),
  };
}

/** The employees of the selected department and the ones below it (everyone without a selection). */
export function EmployeeList({ departmentId }: { departmentId: number | null }) {
  const { t } = useTranslation('organisation');
  const access = useAccess();
  const client = useQueryClient();
  const canPickRoles = access.can('oaSetting:role');
  const roles = useQuery(rolesQuery(canPickRoles));
  const labels = useQuery(labelsQuery('employee'));
  const rents = useQuery(rentsQuery());
  const [editing, setEditing] = useState<{ employee?: Employee } | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const refresh = useCallback(() => {
    void client.invalidateQueries({ queryKey: employeesKey });
    void client.invalidateQueries({ queryKey: departmentsKey });
  }, [client]);
  const followTask = useFinishedTasks(refresh);
  const rentName = useMemo(() => new Map((rents.data ?? []).map((r) => [r.id, r.shortName])), [rents.data]);

  const filters = useMemo<FilterField[]>(
    () => [
      { type: 'text', name: 'keyword', label: t('filters.keyword'), placeholder: t('filters.keywordHint') },
      {
        type: 'select',
        name: 'status',
        label: t('fields.status'),
        options: EMPLOYEE_STATUSES.map((s) => ({ value: s, label: t(`employeeStatus.${s}`) })),
      },
      ...(canPickRoles
        ? [
            {
              type: 'select' as const,
              name: 'roleId',
              label: t('fields.roles'),
              options: (roles.data ?? []).map((r) => ({ value: String(r.id), label: r.name })),
            },
          ]
        : []),
      {
        type: 'select',
        name: 'labelId',
        label: t('fields.labels'),
        options: (labels.data ?? []).map((l) => ({ value: String(l.id), label: l.name })),
      },
    ],
    [t, canPickRoles, roles.data, labels.data],
  );

  const columns: ListColumn<Employee>[] = [
    {
      key: 'name',
      title: t('fields.name'),
      fixed: 'left',
      render: (_, e) => (
        <span>
          {e.name}
          {e.administrator && (
            <Tag className="fd-org-admin" color="gold">
              {t('employees.administrator')}
            </Tag>
          )}
        </span>
      ),
    },
    { key: 'username', title: t('fields.username'), dataIndex: 'username' },
    { key: 'phone', title: t('fields.phone'), dataIndex: 'phone' },
    { key: 'title', title: t('fields.title'), render: (_, e) => e.title ?? '-' },
    { key: 'department', title: t('fields.department'), render: (_, e) => e.departmentName ?? '-' },
    { key: 'roles', title: t('fields.roles'), render: (_, e) => e.roles.map((r) => r.name).join(', ') || '-' },
    {
      key: 'rents',
      title: t('fields.rents'),
      render: (_, e) =>
        e.rentIds
          .map((id) => rentName.get(id) ?? `#${id}`)
          .map((name, i) => (e.rentIds[i] === e.defaultRentId ? `${name} ★` : name))
          .join(', ') || '-',
    },
    {
      key: 'labels',
      title: t('fields.labels'),
      render: (_, e) => (e.labels.length ? e.labels.map((l) => <LabelTag key={l.id} {...l} />) : '-'),
    },
    { key: 'status', title: t('fields.status'), render: (_, e) => <EmployeeStatusTag status={e.status} /> },
    {
      key: 'lastLoginAt',
      title: t('fields.lastLogin'),
      render: (_, e) => (e.lastLoginAt ? formatDateTime(e.lastLoginAt) : t('employees.neverSignedIn')),
    },
    {
      key: 'actions',
      title: t('fields.actions'),
      fixed: 'right',
      render: (_, e) => <EmployeeActions employee={e} onEdit={(employee) => setEditing({ employee })} />,
    },
  ];

  const query = (params: ListParams) =>
    employeesQuery({
      ...employeeFilter(params.filters, departmentId),
      pageNum: params.pageNum,
      pageSize: params.pageSize,
    });

  const exportSlot = (params: ListParams) =>
    access.can('oaDepart:export') ? (
      <Button
        icon={<ExportOutlined />}
        loading={exporting}
        onClick={() => {
          setExporting(true);
          exportEmployees(employeeFilter(params.filters, departmentId), t('employees.exportFile'))
            .catch(() => undefined)
            .finally(() => setExporting(false));
        }}
      >
        {t('actions.export')}
      </Button>
    ) : null;

  return (
    <>
      <ListPage<Employee>
        id="oa-employees"
        filters={filters}
        columns={columns}
        rowKey={(e) => e.id}
        query={query}
        exportSlot={exportSlot}
        toolbar={
          <>
            {access.can('oaDepart:import') && (
              <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
                {t('actions.import')}
              </Button>
            )}
            {access.can('oaDepart:add') && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
                {t('actions.addEmployee')}
              </Button>
            )}
          </>
        }
      />
      {editing && (
        <EmployeeForm employee={editing.employee} departmentId={departmentId} onClose={() => setEditing(null)} />
      )}
      {importing && (
        <ImportWizard
          type="employee"
          ns="organisation"
          onClose={() => setImporting(false)}
          onImported={(taskId) => {
            refresh();
            if (taskId) followTask(taskId);
          }}
        />
      )}
    </>
  );
}
