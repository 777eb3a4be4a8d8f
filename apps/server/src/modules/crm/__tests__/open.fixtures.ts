import { expect } from 'vitest';
import { fillPath } from '@fleetdesk/contracts/paths';
import type { TestApp } from '../../../test/harness.js';

export const path = (p: string, params: Record<string, string | number>) => fillPath(p, params);

export async function q<R>(t: TestApp, text: string, params: unknown[] = []): Promise<R[]> {
  return (await t.deps.database.query<R>(text, params as never)).rows;
}

/** The call answered 200: its data. */
export async function data<T>(res: Awaited<ReturnType<TestApp['request']>>): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
}

/** Ids of the seeded tenants, rents and users. */
export async function seeded(t: TestApp) {
  const tenants = await q<{ code: string; id: number }>(t, `select code, id from tenants`);
  const rents = await q<{ code: string; id: number }>(t, `select code, id from rents`);
  const users = await q<{ username: string; id: number }>(t, `select username, id from users`);
  const tenant = (code: string) => Number(tenants.find((r) => r.code === code)!.id);
  const rent = (code: string) => Number(rents.find((r) => r.code === code)!.id);
  return {
    demo: tenant('DEMO'),
    other: tenant('OTHER'),
    hz: rent('HZ'),
    sh: rent('SH'),
    bj: rent('BJ'),
    user: (u: string) => Number(users.find((r) => r.username === u)!.id),
  };
}

/** A role of the demo tenant with `grants` and a data scope (a user holding it: test/users.ts addUser). */
export async function roleWith(t: TestApp, tenantId: number, code: string, grants: string[], scope = 'assigned') {
  const [r] = await q<{ id: number }>(
    t,
    `insert into roles (tenant_id, code, name, data_scope) values ($1, $2, $2, $3) returning id`,
    [tenantId, code, scope],
  );
  await q(t, `insert into role_grants (tenant_id, role_id, code) select $1, $2, c from unnest($3::text[]) c`, [
    tenantId,
    r!.id,
    grants,
  ]);
  return Number(r!.id);
}

let phone = 13512340000;
/** A fresh mainland mobile number. */
export const nextPhone = () => String(++phone);

/** A lead made directly in the database (the lead calls are the CRM core's). */
export async function lead(
  t: TestApp,
  o: {
    tenantId: number;
    rentId: number;
    name?: string;
    phone?: string;
    ownerId?: number | null;
    state?: string;
    source?: string;
    createdAt?: Date;
    wonAt?: Date | null;
    driverId?: number | null;
  },
): Promise<number> {
  const created = o.createdAt ?? t.clock.now();
  const [row] = await q<{ id: number }>(
    t,
    `insert into crm_leads (tenant_id, rent_id, name, phone, source, owner_id, owner_since, state, lost_reason, won_at,
       driver_id, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, case when $6::bigint is null then null else $7::timestamptz end, $8,
       case when $8 = 'lost' then '价格太高' end, $9, $10, $7, $7) returning id`,
    [
      o.tenantId,
      o.rentId,
      o.name ?? '测试客户',
      o.phone ?? nextPhone(),
      o.source ?? 'walkIn',
      o.ownerId ?? null,
      created.toISOString(),
      o.state ?? 'new',
      o.wonAt?.toISOString() ?? null,
      o.driverId ?? null,
    ],
  );
  return Number(row!.id);
}
