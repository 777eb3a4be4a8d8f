import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { LocalText } from '@fleetdesk/contracts/common';
import { MobilePhone } from '@fleetdesk/contracts/common';
import type { DbOrTx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { operationLogs } from '../../db/schema/audit.js';
import { departments, roles, userRents, userRoles, users } from '../../db/schema/identity.js';
import { labels, userLabels } from '../../db/schema/organisation.js';
import { rents, tenants } from '../../db/schema/tenancy.js';
import {
  fold,
  linesLogged,
  refsLogged,
  registerImportType,
  type AfterCommit,
  type ImportColumnDef,
  type ImportContext,
  type Issue,
  type RowReader,
} from '../excel-import/excel-import.service.js';
import { assignableRoleIds } from '../roles/roles.service.js';
import { sendInvitation, unusablePasswordHash } from './employees.service.js';
import './organisation.messages.js';

/** Column titles of the employee import, which the export uses too (an export can be edited and imported). */
export const EMPLOYEE_COLUMN_TITLES = {
  name: { 'zh-CN': '姓名', 'en-US': 'Name' },
  username: { 'zh-CN': '用户名', 'en-US': 'Username' },
  phone: { 'zh-CN': '手机号', 'en-US': 'Phone' },
  title: { 'zh-CN': '职位', 'en-US': 'Title' },
  department: { 'zh-CN': '部门', 'en-US': 'Department' },
  roles: { 'zh-CN': '角色', 'en-US': 'Roles' },
  rents: { 'zh-CN': '可操作公司', 'en-US': 'Companies' },
  labels: { 'zh-CN': '标签', 'en-US': 'Labels' },
} satisfies Record<string, LocalText>;
const T = EMPLOYEE_COLUMN_TITLES;
const LIST = { 'zh-CN': '多个用逗号或顿号分隔', 'en-US': 'several separated by commas' };

const columns: ImportColumnDef[] = [
  { key: 'name', title: T.name, required: true, example: '王小明' },
  {
    key: 'username',
    title: T.username,
    required: true,
    example: 'wangxm',
    description: {
      'zh-CN': '字母开头，3-32 位字母、数字、点、下划线或短横线；全平台唯一',
      'en-US': 'A letter first, then 3-32 letters, digits, dots, underscores or hyphens; unique on the platform',
    },
  },
  {
    key: 'phone',
    title: T.phone,
    required: true,
    example: '13912345678',
    description: {
      'zh-CN': '接收邀请短信；全平台唯一',
      'en-US': 'Receives the invitation SMS; unique on the platform',
    },
  },
  { key: 'title', title: T.title, example: '车管专员' },
  {
    key: 'department',
    title: T.department,
    example: '运营部',
    values: async (deps, ctx) =>
      (await deps.db.select().from(departments).where(eq(departments.tenantId, ctx.tenantId))).map((d) => ({
        value: String(d.id),
        label: d.name,
      })),
  },
  {
    key: 'roles',
    title: T.roles,
    required: true,
    example: '办公人员',
    description: LIST,
    values: async (deps, ctx) =>
      (await deps.db.select().from(roles).where(eq(roles.tenantId, ctx.tenantId))).map((r) => ({
        value: String(r.id),
        label: r.name,
      })),
  },
  {
    key: 'rents',
    title: T.rents,
    required: true,
    example: '杭州公司',
    description: {
      'zh-CN': '公司名称或简称，多个用逗号分隔',
      'en-US': 'Name or short name, several separated by commas',
    },
    values: async (deps, ctx) =>
      (await deps.db.select().from(rents).where(eq(rents.tenantId, ctx.tenantId))).map((r) => ({
        value: String(r.id),
        label: r.shortName,
      })),
  },
  {
    key: 'labels',
    title: T.labels,
    example: '值班',
    description: LIST,
    values: async (deps, ctx) =>
      (
        await deps.db
          .select()
          .from(labels)
          .where(and(eq(labels.tenantId, ctx.tenantId), eq(labels.kind, 'employee')))
      ).map((l) => ({ value: String(l.id), label: l.name })),
  },
];

interface Prepared {
  tenantName: string;
  departments: Map<string, number>;
  roles: Map<string, number>;
  rents: Map<string, number>;
  labels: Map<string, number>;
}

export interface EmployeeImportRow {
  name: string;
  username: string;
  phone: string;
  title: string | null;
  departmentId: number | null;
  roleIds: number[];
  rentIds: number[];
  labelIds: number[];
}

async function prepare(deps: AppDeps, ctx: ImportContext): Promise<Prepared> {
  const [tenant, depts, allRoles, allRents, labelRows, assignable] = await Promise.all([
    deps.db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, ctx.tenantId)),
    deps.db.select().from(departments).where(eq(departments.tenantId, ctx.tenantId)),
    deps.db.select().from(roles).where(eq(roles.tenantId, ctx.tenantId)),
    deps.db.select().from(rents).where(eq(rents.tenantId, ctx.tenantId)),
    deps.db
      .select()
      .from(labels)
      .where(and(eq(labels.tenantId, ctx.tenantId), eq(labels.kind, 'employee'))),
    assignableRoleIds(deps.db, ctx.tenantId, ctx.userId),
  ]);
  // Only roles the importer may give (no more rights than his own) and rents within his data scope: any other
  // name is an unknown value of its column.
  const roleRows = allRoles.filter((r) => assignable.has(r.id));
  const rentRows = allRents.filter((r) => ctx.rentIds.includes(r.id));
  // The first of two departments of the same name wins (by sort): the form can move the employee later.
  const deptMap = new Map<string, number>();
  for (const d of [...depts].sort((a, b) => a.sort - b.sort || a.id - b.id)) {
    if (!deptMap.has(fold(d.name))) deptMap.set(fold(d.name), d.id);
  }
  const rentMap = new Map<string, number>();
  for (const r of rentRows) {
    rentMap.set(fold(r.name), r.id);
    rentMap.set(fold(r.shortName), r.id);
    rentMap.set(fold(r.code), r.id);
  }
  return {
    tenantName: tenant[0]?.name ?? '',
    departments: deptMap,
    roles: new Map(roleRows.flatMap((r) => [[fold(r.name), r.id] as const, [fold(r.code), r.id] as const])),
    rents: rentMap,
    labels: new Map(labelRows.map((l) => [fold(l.name), l.id])),
  };
}

/** Names of a list cell (`a, b、c；d`), each looked up; an unknown one is an error of the column. */
function names(r: RowReader, key: string, map: Map<string, number>, required: string | null): number[] {
  const raw = r.raw(key);
  if (raw === null) {
    if (required) r.error(key, required);
    return [];
  }
  const ids: number[] = [];
  for (const part of raw.split(/[,，、;；/|\n]+/)) {
    const v = part.trim();
    if (!v) continue;
    const id = map.get(fold(v));
    if (id === undefined) r.error(key, 'import.unknownValue', { value: v });
    else if (!ids.includes(id)) ids.push(id);
  }
  if (!ids.length && required && !r.errors.some((e) => e.column === key)) r.error(key, required);
  return ids;
}

const USERNAME = /^[A-Za-z][\w.-]{2,31}$/;

function parse(r: RowReader, p: Prepared): EmployeeImportRow | null {
  const name = r.text('name', { required: true, max: 30 });
  const username = r.text('username', { required: true, max: 32 });
  if (username && !USERNAME.test(username)) r.error('username', 'v.username');
  const phone = r.text('phone', { required: true, max: 20 })?.replace(/[\s-]/g, '') ?? null;
  if (phone && !MobilePhone.safeParse(phone).success) r.error('phone', 'v.mobile');
  const title = r.text('title', { max: 30 });
  let departmentId: number | null = null;
  const dept = r.raw('department');
  if (dept !== null) {
    departmentId = p.departments.get(fold(dept)) ?? null;
    if (departmentId === null) r.error('department', 'import.unknownValue', { value: dept });
  }
  const roleIds = names(r, 'roles', p.roles, 'organisation.import.noRole');
  const rentIds = names(r, 'rents', p.rents, 'organisation.import.noRent');
  const labelIds = names(r, 'labels', p.labels, null);
  if (r.errors.length || !name || !username || !phone) return null;
  return { name, username, phone, title, departmentId, roleIds, rentIds, labelIds };
}

/** Username and phone: new on the platform and to the rows before (a clash with an earlier batch names its row). */
async function checkRows(db: DbOrTx, ctx: ImportContext, rows: { line: number; row: EmployeeImportRow }[]) {
  const issues = new Map<number, { errors: Issue[]; warnings: Issue[] }>();
  if (!rows.length) return issues;
  const takenNames = new Map<string, number>();
  const takenPhones = new Map<string, number>();
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    const found = await db
      .select({ id: users.id, username: users.username, phone: users.phone })
      .from(users)
      .where(
        or(
          inArray(
            sql`lower(${users.username})`,
            chunk.map((r) => r.row.username.toLowerCase()),
          ),
          inArray(
            users.phone,
            chunk.map((r) => r.row.phone),
          ),
        ),
      );
    for (const u of found) {
      takenNames.set(u.username.toLowerCase(), u.id);
      takenPhones.set(u.phone, u.id);
    }
  }
  // Users this very import wrote in earlier batches: the line they came from.
  const lineOfUser = await linesLogged(db, ctx, 'employee.import');
  const namesBefore = new Map<string, number>();
  const phonesBefore = new Map<string, number>();
  for (const { line, row } of rows) {
    const errors: Issue[] = [];
    const clash = (column: string, existing: number | undefined, before: number | undefined, key: string): void => {
      const earlier = existing !== undefined ? lineOfUser.get(existing) : undefined;
      if (earlier !== undefined && earlier !== null) {
        errors.push({ column, key: 'import.duplicateInFile', params: { row: earlier } });
      } else if (existing !== undefined) errors.push({ column, key });
      else if (before !== undefined) errors.push({ column, key: 'import.duplicateInFile', params: { row: before } });
    };
    const uname = row.username.toLowerCase();
    clash('username', takenNames.get(uname), namesBefore.get(uname), 'organisation.import.usernameExists');
    clash('phone', takenPhones.get(row.phone), phonesBefore.get(row.phone), 'organisation.import.phoneExists');
    if (errors.length) issues.set(line, { errors, warnings: [] });
    else {
      namesBefore.set(uname, line);
      phonesBefore.set(row.phone, line);
    }
  }
  return issues;
}

interface Invite {
  userId: number;
  phone: string;
  username: string;
}

/** Sends the invitations of imported employees: the framework calls this once their rows are committed. */
async function deliverInvitations(deps: AppDeps, tenantName: string, invites: Invite[]): Promise<void> {
  for (const invite of invites) await sendInvitation(deps, { tenantName }, invite);
}

async function insert(
  tx: DbOrTx,
  deps: AppDeps,
  ctx: ImportContext,
  rows: { line: number; row: EmployeeImportRow; ref: string }[],
  p: Prepared,
): Promise<AfterCommit> {
  const now = deps.clock.now();
  // One unknowable password for the batch (an scrypt per row would take minutes): invited employees sign in by code.
  const passwordHash = await unusablePasswordHash(deps);
  const invites: Invite[] = [];
  for (const { row, ref } of rows) {
    const [u] = await tx
      .insert(users)
      .values({
        tenantId: ctx.tenantId,
        username: row.username,
        phone: row.phone,
        name: row.name,
        title: row.title,
        departmentId: row.departmentId,
        defaultRentId: row.rentIds[0]!,
        passwordHash,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: users.id });
    const userId = u!.id;
    const tenantId = ctx.tenantId;
    await tx.insert(userRents).values(row.rentIds.map((rentId) => ({ tenantId, userId, rentId })));
    await tx.insert(userRoles).values(row.roleIds.map((roleId) => ({ tenantId, userId, roleId })));
    if (row.labelIds.length) {
      await tx.insert(userLabels).values(row.labelIds.map((labelId) => ({ tenantId, userId, labelId })));
    }
    // The operation log names who imported the employee, and its ref lets a resumed import find the row.
    await tx.insert(operationLogs).values({
      tenantId,
      rentId: ctx.rentId,
      userId: ctx.userId,
      action: 'employee.import',
      method: 'POST',
      path: '/api/ccwadmin/excel/data/import/employee/data',
      targetType: 'employee',
      targetId: String(userId),
      summary: { ref, username: row.username, name: row.name },
      createdAt: now,
    });
    invites.push({ userId, phone: row.phone, username: row.username });
  }
  return () => deliverInvitations(deps, p.tenantName, invites);
}

/** Employees are an Excel import type: `excel/data/…/employee/data` (no `{extra}`). */
export function registerEmployeeImport(): void {
  registerImportType<EmployeeImportRow, Prepared>({
    type: 'employee',
    title: { 'zh-CN': '员工', 'en-US': 'Employees' },
    permission: 'oaDepart:import',
    columns,
    prepare,
    parse,
    checkRows: (db, ctx, rows) => checkRows(db, ctx, rows),
    insert,
    written: (db, ctx, refs) => refsLogged(db, ctx.tenantId, 'employee.import', refs),
  });
}
