import type { TestApp } from '../../../test/harness.js';
import { xlsxOf as sheetOf } from '../../../test/xlsx.js';

export const O = '/api/ccwadmin';

/** Ids of the seeded tenants, rents, roles, users, departments and labels, by their codes and names. */
export async function seedIds(t: TestApp) {
  const q = async <R>(text: string) => (await t.deps.database.query<R>(text)).rows;
  const tenants = await q<{ code: string; id: number }>(`select code, id from tenants`);
  const tenant = (code: string) => Number(tenants.find((r) => r.code === code)!.id);
  const rents = await q<{ code: string; id: number }>(`select code, id from rents`);
  const rent = (code: string) => Number(rents.find((r) => r.code === code)!.id);
  const roles = await q<{ tenant_id: number; code: string; id: number }>(`select tenant_id, code, id from roles`);
  const role = (tenantId: number, code: string) =>
    Number(roles.find((r) => Number(r.tenant_id) === tenantId && r.code === code)!.id);
  const users = await q<{ username: string; id: number }>(`select username, id from users`);
  const user = (username: string) => Number(users.find((u) => u.username === username)!.id);
  const depts = await q<{ tenant_id: number; name: string; id: number }>(`select tenant_id, name, id from departments`);
  const dept = (name: string) => Number(depts.find((d) => d.name === name)!.id);
  const labels = await q<{ name: string; id: number }>(`select name, id from labels`);
  const label = (name: string) => Number(labels.find((l) => l.name === name)!.id);
  const demo = tenant('DEMO');
  const other = tenant('OTHER');
  return {
    demo,
    other,
    hz: rent('HZ'),
    sh: rent('SH'),
    bj: rent('BJ'),
    adminRole: role(demo, 'admin'),
    clerkRole: role(demo, 'clerk'),
    officeRole: role(demo, 'office'),
    otherAdminRole: role(other, 'admin'),
    user,
    dept,
    label,
  };
}

/** The newest invitation code sent to `phone` (sandbox outbox). */
export async function invitationCode(t: TestApp, phone: string): Promise<string> {
  const { rows } = await t.deps.database.query<{ content: string }>(
    `select content from sms_messages where phone = $1 order by id desc limit 1`,
    [phone],
  );
  const m = /验证码 (\d{6})/.exec(rows[0]?.content ?? '');
  if (!m) throw new Error(`no invitation sent to ${phone}`);
  return m[1]!;
}

export { multipart } from '../../../test/multipart.js';
export { readXlsx } from '../../../test/xlsx.js';

export const xlsxOf = (rows: (string | number | null)[][]) => sheetOf(rows, '员工');

/** The operation log's newest entry of an action. */
export async function lastLog(t: TestApp, action: string) {
  const { rows } = await t.deps.database.query<{ target_id: string; summary: unknown; target_type: string }>(
    `select target_id, target_type, summary from operation_logs where action = $1 order by id desc limit 1`,
    [action],
  );
  return rows[0];
}
