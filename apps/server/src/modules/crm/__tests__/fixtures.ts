import type { LeadDetail } from '@fleetdesk/contracts/crm';
import { withIdCardCheckDigit } from '@fleetdesk/contracts/identifiers';
import { expect } from 'vitest';
import type { RequestContext } from '../../../core/access.js';
import type { TestApp } from '../../../test/harness.js';
import { addUser } from '../../../test/users.js';

export const A = '/api/ccwadmin';
export const L = `${A}/crmLead`;
export const F = `${A}/crmFollowUp`;

export async function ids(t: TestApp) {
  const q = async <T>(sql: string) => (await t.deps.database.query<T>(sql)).rows;
  const rents = await q<{ code: string; id: number }>(`select code, id from rents`);
  const tenants = await q<{ code: string; id: number }>(`select code, id from tenants`);
  const rent = (code: string) => Number(rents.find((r) => r.code === code)!.id);
  const tenant = (code: string) => Number(tenants.find((r) => r.code === code)!.id);
  const [admin] = await q<{ id: number }>(`select id from users where username = 'admin'`);
  const [otherRent] = await q<{ id: number }>(
    `select r.id from rents r join tenants t on t.id = r.tenant_id where t.code = 'OTHER' order by r.id limit 1`,
  );
  return {
    demo: tenant('DEMO'),
    other: tenant('OTHER'),
    hz: rent('HZ'),
    sh: rent('SH'),
    adminId: Number(admin!.id),
    otherRent: Number(otherRent!.id),
  };
}

let phone = 15912300000;
/** A mobile number no other test of the file used. */
export function nextPhone(): string {
  phone += 7;
  return String(phone);
}

/** A lead made through the API (as admin unless said); answers it. */
export async function addLead(
  t: TestApp,
  body: Record<string, unknown>,
  as: { as?: string; token?: string } = { as: 'admin' },
): Promise<LeadDetail> {
  const res = await t.request('POST', `${L}/create`, {
    ...as,
    body: { name: '陈立新', phone: nextPhone(), source: 'walkIn', ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as LeadDetail;
}

let roleSerial = 0;
/** A role of the demo tenant made in the database, with its grants and data scope. */
export async function addRole(t: TestApp, tenantId: number, grants: string[], dataScope = 'assigned'): Promise<number> {
  roleSerial++;
  const db = t.deps.database;
  const { rows } = await db.query<{ id: number }>(
    `insert into roles (tenant_id, code, name, data_scope) values ($1, $2, $3, $4) returning id`,
    [tenantId, `crmtest${roleSerial}`, `CRM 测试角色 ${roleSerial}`, dataScope],
  );
  const roleId = Number(rows[0]!.id);
  for (const code of grants)
    await db.query(`insert into role_grants (tenant_id, role_id, code) values ($1, $2, $3)`, [tenantId, roleId, code]);
  return roleId;
}

export const SALES_GRANTS = [
  'crm',
  'crm:view',
  'crm:add',
  'crm:edit',
  'crm:export',
  'rentDriver',
  'rentDriver:view',
  'rentDriver:add',
];

/** A sales employee (data scope own) in HZ; answers his id and token. */
export async function addSales(t: TestApp, username: string, roleId: number, rentId: number) {
  return addUser(t, username, { roleIds: [roleId], rentIds: [rentId] });
}

/** Sets some CRM rules of a tenant (the rest stay). */
export async function setCrmRules(t: TestApp, tenantId: number, crm: Record<string, unknown>): Promise<void> {
  await t.deps.database.query(
    `insert into tenant_settings (tenant_id, rules) values ($1, jsonb_build_object('crm', $2::jsonb))
     on conflict (tenant_id) do update set rules = tenant_settings.rules
       || jsonb_build_object('crm', coalesce(tenant_settings.rules->'crm', '{}'::jsonb) || $2::jsonb)`,
    [tenantId, JSON.stringify(crm)],
  );
}

/** A context as the auth hook makes it, for service calls on a moved clock (no session, no membership check). */
export function ctxOf(
  userId: number,
  tenantId: number,
  rentIds: number[],
  o: { ownOnly?: boolean; elements?: string[] } = {},
): RequestContext {
  const elements = new Set(o.elements ?? ['crm:view', 'crm:add', 'crm:edit', 'crm:assign', 'rentDriver:add']);
  return {
    tenantId,
    tenantName: 'demo',
    rentId: rentIds[0] ?? null,
    rentIds,
    dataScope: 'assigned',
    ...(o.ownOnly ? { ownOnly: true as const } : {}),
    userId,
    username: 'x',
    name: 'x',
    roles: [],
    permissions: { menus: new Set(['crm', 'rentDriver']), elements, plan: new Set(['crm', 'rentDriver']) },
    membershipExpiresAt: null,
    tokenId: 0,
    lang: 'zh-CN',
  };
}

let idSerial = 300;
/** A valid ID number of Hangzhou (male, born 1991-03-15), different on every call. */
export function nextIdNumber(): string {
  idSerial++;
  const seq = String(idSerial % 100).padStart(2, '0');
  const g = String(1 + (idSerial % 5) * 2);
  return withIdCardCheckDigit(`33010619910315${seq}${g}`);
}

/** The drivers' create input, as the conversion dialog sends it (the lead's name and phone pre-filled). */
export function driverInput(extra: Record<string, unknown> = {}) {
  return {
    name: '转化司机',
    gender: 'male',
    phone: nextPhone(),
    idNumber: nextIdNumber(),
    address: '浙江省杭州市西湖区文三路 1 号',
    licenceClass: 'C1',
    emergencyName: '李芳',
    emergencyPhone: '13812345678',
    emergencyRelation: 'spouse',
    source: 'referral',
    ...extra,
  };
}
