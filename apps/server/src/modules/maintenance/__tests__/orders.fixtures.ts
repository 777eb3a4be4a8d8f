import { MaintenancePaths } from '@fleetdesk/contracts/maintenance';
import { fillPath } from '@fleetdesk/contracts/paths';
import type { WorkOrderDetail } from '@fleetdesk/contracts/maintenance';
import { expect } from 'vitest';
import { carInput, catalogue, nextPlate } from '../../../test/cars.js';
import type { TestApp } from '../../../test/harness.js';

export const MP = MaintenancePaths;
export const path = (p: string, params: Record<string, string | number>) => fillPath(p, params);

export async function q<R>(t: TestApp, text: string, params: unknown[] = []): Promise<R[]> {
  return (await t.deps.database.query<R>(text, params as never)).rows;
}

/** Ids of the seeded tenants, rents and users the work-order tests use. */
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
    user: (u: string) => Number(users.find((r) => r.username === u)!.id),
  };
}

/** New idle cars of a rent made through the car form (insured until 2099). */
export async function idleCars(t: TestApp, rentId: number, n: number): Promise<{ id: number; plate: string }[]> {
  const c = await catalogue(t);
  const out: { id: number; plate: string }[] = [];
  for (let i = 0; i < n; i++) {
    const body = carInput(c, { plate: nextPlate(), registrationDate: '2024-03-01', mileageKm: 20_000 });
    const res = await t.request('POST', '/api/ccwadmin/rentCar/add', { as: 'admin', rent: rentId, body });
    if (res.statusCode !== 200) throw new Error(`car: ${res.body}`);
    out.push({ id: res.json().data.id, plate: res.json().data.plate });
  }
  return out;
}

/** A workshop of the tenant made directly (the workshop calls are Helper 1's, tested in workshops.test.ts). */
export async function workshop(t: TestApp, tenantId: number, name: string, rentId: number | null = null) {
  const [w] = await q<{ id: number }>(
    t,
    `insert into maintenance_workshops (tenant_id, rent_id, name, kind, address, contact_name, contact_phone, services,
       labour_rate_fen)
     values ($1, $2, $3, 'partner', '杭州市西湖区文三路 1 号', '李师傅', '13900000001',
       array['routine','repair','accident','tyre','bodywork','gps','preparation'], 12000) returning id`,
    [tenantId, rentId, name],
  );
  return Number(w!.id);
}

/** A role of the demo tenant with `grants`, and a user holding it in `rentIds` (password Clerk@123). */
export async function roleWith(t: TestApp, tenantId: number, code: string, grants: string[]) {
  const [r] = await q<{ id: number }>(
    t,
    `insert into roles (tenant_id, code, name, data_scope) values ($1, $2, $2, 'assigned') returning id`,
    [tenantId, code],
  );
  await q(t, `insert into role_grants (tenant_id, role_id, code) select $1, $2, c from unnest($3::text[]) c`, [
    tenantId,
    r!.id,
    grants,
  ]);
  return Number(r!.id);
}

export function orderBody(carId: number, extra: Record<string, unknown> = {}) {
  return {
    carId,
    kind: 'repair',
    problem: '刹车异响，需检查刹车片',
    plannedStart: '2026-01-05',
    estimate: 800,
    ...extra,
  };
}

export const PARTS = [
  { kind: 'part', name: '刹车片', partNo: 'BP-0001', quantity: 2, unitPrice: 180.5 },
  { kind: 'part', name: '刹车油', quantity: 1, unitPrice: 68 },
  { kind: 'labour', name: '更换刹车片', hours: 1.5, rate: 120 },
] as const;
/** 2 × 180.50 + 68 + 1.5 × 120 = 609.00 yuan. */
export const PARTS_TOTAL = 609;

export type Caller = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  o?: {
    as?: string;
    token?: string;
    body?: unknown;
    query?: Record<string, string | number>;
    lang?: 'zh-CN' | 'en-US';
  },
) => ReturnType<TestApp['request']>;

export function caller(t: TestApp): Caller {
  return (method, url, o = {}) => t.request(method, url, { as: o.token ? undefined : (o.as ?? 'admin'), ...o });
}

/** The call answered 200: its data. */
export async function data<T = WorkOrderDetail>(res: Awaited<ReturnType<TestApp['request']>>): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
}
