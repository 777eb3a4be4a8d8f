import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, IdParam, paged } from '@fleetdesk/contracts/common';
import {
  Employee,
  EmployeeCreated,
  EmployeeExportFilter,
  EmployeeInput,
  EmployeePhoneCodeInput,
  EmployeeQuery,
  EmployeeStatusInput,
  type EMPLOYEE_STATUSES,
  InviteResult,
  OrganisationPaths as P,
  PhoneCodeSent,
} from '@fleetdesk/contracts/organisation';
import { access } from '../../core/access.js';
import { ok, page } from '../../core/envelope.js';
import { sendXlsx, type XlsxColumn } from '../../core/xlsx.js';
import { EMPLOYEE_COLUMN_TITLES as T } from './employees.import.js';
import { listRents as listRentsOfTenant } from './rents.repository.js';
import {
  createEmployee,
  employeesForExport,
  filterOf,
  getEmployee,
  inviteEmployee,
  listEmployees,
  sendPhoneCode,
  setEmployeeStatus,
  updateEmployee,
} from './employees.service.js';

const tags = ['organisation: employees'];
const audit = { targetType: 'employee' };

const STATUS_TITLES: Record<(typeof EMPLOYEE_STATUSES)[number], { 'zh-CN': string; 'en-US': string }> = {
  active: { 'zh-CN': '在职', 'en-US': 'Active' },
  disabled: { 'zh-CN': '停用', 'en-US': 'Disabled' },
  left: { 'zh-CN': '离职', 'en-US': 'Left' },
};

/** The export's columns: the import's first (same titles), then status and times. */
type ExportRow = Employee & { rentNames: string };

function exportColumns(lang: 'zh-CN' | 'en-US'): XlsxColumn<ExportRow>[] {
  const zh = lang === 'zh-CN';
  const list = (items: { name: string }[]) => items.map((i) => i.name).join(zh ? '、' : ', ');
  return [
    { header: T.name[lang], width: 12, value: (e) => e.name },
    { header: T.username[lang], width: 16, value: (e) => e.username },
    { header: T.phone[lang], width: 14, value: (e) => e.phone },
    { header: T.title[lang], width: 14, value: (e) => e.title },
    { header: T.department[lang], width: 16, value: (e) => e.departmentName },
    { header: T.roles[lang], width: 20, value: (e) => list(e.roles) },
    { header: T.rents[lang], width: 24, value: (e) => e.rentNames },
    { header: T.labels[lang], width: 20, value: (e) => list(e.labels) },
    { header: zh ? '状态' : 'Status', width: 8, value: (e) => STATUS_TITLES[e.status][lang] },
    {
      header: zh ? '最近登录' : 'Last sign-in',
      width: 20,
      value: (e) => (e.lastLoginAt ? new Date(e.lastLoginAt) : null),
    },
    { header: zh ? '创建时间' : 'Created', width: 20, value: (e) => new Date(e.createdAt) },
  ];
}

/** The address book's employees: the tenant's back-office users. */
export async function employeesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const view = access.permission('oaDepart:view');
  const edit = access.permission('oaDepart:edit');

  app.get(P.employees, {
    schema: {
      tags,
      summary: 'Employees, filtered (keyword, department with its sub-departments, status, role, label) and paged',
      querystring: EmployeeQuery,
      response: { 200: envelope(paged(Employee)) },
    },
    config: { access: view },
    handler: async (req) => {
      const { rows, total } = await listEmployees(deps, req.ctx, req.query);
      return ok(page(rows, total, req.query));
    },
  });

  app.post(P.employeeExport, {
    schema: {
      tags,
      summary: 'The filtered employees as .xlsx (streamed; the first columns are the import columns)',
      body: EmployeeExportFilter,
      produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    },
    config: { reads: true, access: access.permission('oaDepart:export'), audit },
    handler: async (req, reply) => {
      const zh = req.lang === 'zh-CN';
      const filter = await filterOf(deps, req.ctx, req.body);
      const rentNames = new Map(
        (await listRentsOfTenant(deps.db, req.ctx.tenantId)).map((r) => [r.rent.id, r.rent.shortName]),
      );
      async function* rows(): AsyncGenerator<ExportRow> {
        for await (const e of employeesForExport(deps, req.ctx, filter)) {
          yield { ...e, rentNames: e.rentIds.map((id) => rentNames.get(id) ?? '').join(zh ? '、' : ', ') };
        }
      }
      const name = zh ? '员工' : 'employees';
      const day = deps.clock.now().toISOString().slice(0, 10);
      return sendXlsx(reply, `${name}-${day}.xlsx`, name, exportColumns(req.lang), rows());
    },
  });

  app.get(P.employee, {
    schema: { tags, summary: 'One employee', params: IdParam, response: { 200: envelope(Employee) } },
    config: { access: view },
    handler: async (req) => ok(await getEmployee(deps, req.ctx, req.params.id)),
  });

  app.post(P.employeeAdd, {
    schema: {
      tags,
      summary:
        'Add an employee: a user without a usable password, invited by SMS with a first sign-in code valid 72 hours',
      body: EmployeeInput,
      response: { 200: envelope(EmployeeCreated) },
    },
    config: { access: access.permission('oaDepart:add'), audit },
    handler: async (req) => {
      const { employee, invitation } = await createEmployee(deps, req.ctx, req.body);
      req.auditNote = { targetId: employee.id, summary: { ...req.body, invitationSent: invitation.sent } };
      return ok({ ...employee, invite: invitation });
    },
  });

  app.put(P.employeeUpdate, {
    schema: {
      tags,
      summary: "Change an employee's data, department, rents, roles and labels",
      params: IdParam,
      body: EmployeeInput,
      response: { 200: envelope(Employee) },
    },
    config: { access: edit, audit },
    handler: async (req) => {
      const { employee, changed } = await updateEmployee(deps, req.ctx, req.params.id, req.body);
      req.auditNote = { targetId: employee.id, summary: changed };
      return ok(employee);
    },
  });

  app.put(P.employeeStatus, {
    schema: {
      tags,
      summary:
        'Activate, disable or mark as left: disabling or leaving signs the employee out everywhere at once; left is final',
      params: IdParam,
      body: EmployeeStatusInput,
      response: { 200: envelope(Employee) },
    },
    config: { access: edit, audit },
    handler: async (req) => {
      const { employee, changed } = await setEmployeeStatus(deps, req.ctx, req.params.id, req.body.status);
      req.auditNote = { targetId: employee.id, summary: changed };
      return ok(employee);
    },
  });

  app.post(P.employeeInvite, {
    schema: {
      tags,
      summary: 'Send a new invitation code (72 hours) by SMS, to an employee who never signed in',
      params: IdParam,
      response: { 200: envelope(InviteResult) },
    },
    config: { access: edit, audit },
    handler: async (req) => ok(await inviteEmployee(deps, req.ctx, req.params.id)),
  });

  app.post(P.employeePhoneCode, {
    schema: {
      tags,
      summary:
        'Send a code to the new phone of an employee who has signed in; employee/update takes it as phoneCode to change the phone',
      params: IdParam,
      body: EmployeePhoneCodeInput,
      response: { 200: envelope(PhoneCodeSent) },
    },
    config: { access: edit, audit: { ...audit, action: 'employee.phoneCode' } },
    handler: async (req) => {
      req.auditNote = { targetId: req.params.id, summary: { phone: req.body.phone } };
      return ok(await sendPhoneCode(deps, req.ctx, req.params.id, req.body.phone, { ip: req.ip, log: req.log }));
    },
  });
}
