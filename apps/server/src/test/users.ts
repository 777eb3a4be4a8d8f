import type { TestApp } from './harness.js';

export const R = '/api/ccwadmin/role';

export async function seedIds(t: TestApp) {
  const q = async <T>(sql: string) => (await t.deps.database.query<T>(sql)).rows;
  const tenants = await q<{ code: string; id: number }>(`select code, id from tenants`);
  const rents = await q<{ code: string; id: number }>(`select code, id from rents`);
  const roles = await q<{ key: string; id: number }>(
    `select t.code || ':' || r.code as key, r.id from roles r join tenants t on t.id = r.tenant_id`,
  );
  const tenant = (code: string) => Number(tenants.find((r) => r.code === code)!.id);
  const rent = (code: string) => Number(rents.find((r) => r.code === code)!.id);
  return {
    demo: tenant('DEMO'),
    other: tenant('OTHER'),
    hz: rent('HZ'),
    sh: rent('SH'),
    bj: rent('BJ'),
    role: (key: string) => Number(roles.find((r) => r.key === key)!.id),
  };
}

let phone = 13600000100;

/**
 * A user of the demo tenant made directly in the database (the employee calls are another area's), with the
 * clerk's password (`Clerk@123`), the given roles and assigned rents; answers an access token.
 */
export async function addUser(
  t: TestApp,
  username: string,
  o: { roleIds: number[]; rentIds: number[]; defaultRentId?: number | null },
): Promise<{ id: number; token: string }> {
  const db = t.deps.database;
  const { rows } = await db.query<{ id: number; tenant_id: number }>(
    `insert into users (tenant_id, username, phone, name, password_hash, default_rent_id)
     select tenant_id, $1, $2, $1, password_hash, $3 from users where username = 'clerk'
     returning id, tenant_id`,
    [username, String(phone++), o.defaultRentId === undefined ? (o.rentIds[0] ?? null) : o.defaultRentId],
  );
  const { id, tenant_id: tenantId } = rows[0]!;
  for (const rentId of o.rentIds) {
    await db.query(`insert into user_rents (tenant_id, user_id, rent_id) values ($1, $2, $3)`, [tenantId, id, rentId]);
  }
  for (const roleId of o.roleIds) {
    await db.query(`insert into user_roles (tenant_id, user_id, role_id) values ($1, $2, $3)`, [tenantId, id, roleId]);
  }
  const res = await t.signIn(username, 'Clerk@123');
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.body}`);
  return { id: Number(id), token: res.json().access_token as string };
}
