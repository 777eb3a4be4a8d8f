import { expect } from 'vitest';
import { withIdCardCheckDigit } from '@fleetdesk/contracts/identifiers';
import type { TestApp } from '../../../test/harness.js';
import { writePositions, type PositionIn } from '../../../test/gps.js';
import { addUser } from '../../../test/users.js';
import { timeShareImei } from '../../../seed/time-share.seed.js';

export const A = '/api/ccwadmin';
export const Z = `${A}/shareZone`;
export const R = `${A}/shareRate`;
export const T = `${A}/shareTrip`;
export const RN = `${A}/shareRenter`;

export async function q<R>(t: TestApp, text: string, params: unknown[] = []): Promise<R[]> {
  return (await t.deps.database.query<R>(text, params)).rows;
}

/** The demo's ids the tests use: tenants, rents, the seeded time-share fleet and zones. */
export async function ids(t: TestApp) {
  const tenants = await q<{ code: string; id: number }>(t, `select code, id from tenants`);
  const rents = await q<{ code: string; id: number }>(t, `select code, id from rents`);
  const tenant = (code: string) => Number(tenants.find((r) => r.code === code)!.id);
  const rent = (code: string) => Number(rents.find((r) => r.code === code)!.id);
  const cars = await q<{ id: number; plate: string; imei: string }>(
    t,
    `select c.car_id as id, k.plate, d.imei from ts_cars c join cars k on k.tenant_id = c.tenant_id and k.id = c.car_id
      join gps_devices d on d.tenant_id = c.tenant_id and d.car_id = c.car_id and d.is_default`,
  );
  const zones = await q<{ id: number; name: string }>(t, `select id, name from ts_zones`);
  const car = (plate: string) => {
    const c = cars.find((x) => x.plate === plate)!;
    return { id: Number(c.id), plate, imei: c.imei };
  };
  return {
    demo: tenant('DEMO'),
    other: tenant('OTHER'),
    hz: rent('HZ'),
    sh: rent('SH'),
    zone: (name: string) => Number(zones.find((z) => z.name === name)!.id),
    car,
    imei: timeShareImei,
  };
}

let renterSerial = 0;
/** New active drivers of the HZ rent (renters without a balance or trips), made in the database. */
export async function freshRenters(t: TestApp, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    renterSerial++;
    const serial = String(renterSerial).padStart(4, '0');
    const [row] = await q<{ id: number }>(
      t,
      `insert into drivers (tenant_id, rent_id, name, gender, phone, id_number, birth_date, state)
        select r.tenant_id, r.id, $1, 'male', $2, $3, '1990-01-01', 'active' from rents r where r.code = 'HZ'
        returning id`,
      [`租客${serial}`, `1770000${serial}`, withIdCardCheckDigit(`33010619900101${serial.slice(1)}`)],
    );
    out.push(Number(row!.id));
  }
  return out;
}

/** Tops the renter's balance up through the API and the sandbox provider (scanned and approved). */
export async function topUp(t: TestApp, driverId: number, amount: number): Promise<void> {
  const res = await t.request('POST', `${RN}/topUp`, { token: await adm(t), body: { driverId, amount } });
  expect(res.statusCode, res.body).toBe(200);
  const info = res.json().data as { payUrl: string; orderNo: string };
  const token = new URL(info.payUrl).searchParams.get('token')!;
  await t.app.inject({ method: 'GET', url: `/api/pay/sandbox/trade/${info.orderNo}?token=${token}` });
  const decided = await t.app.inject({
    method: 'POST',
    url: `/api/pay/sandbox/trade/${info.orderNo}/decide`,
    payload: { token, action: 'approve' },
  });
  expect(decided.statusCode, decided.body).toBe(200);
}

export async function balance(t: TestApp, driverId: number): Promise<number> {
  const res = await t.request('GET', `${RN}/get/${driverId}`, { token: await adm(t) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.balance as number;
}

/**
 * Positions of the car's tracker through the ingest path, one a minute from `from` for `points.length` minutes,
 * with the odometer (metres) given per point. The test clock moves on to the last one when it lies ahead.
 */
export async function drive(
  t: TestApp,
  imei: string,
  from: Date,
  points: { lat: number; lon: number; odometerM?: number | null; speed?: number }[],
  stepMs = 60_000,
): Promise<void> {
  const positions: PositionIn[] = points.map((p, i) => ({
    fixTime: new Date(from.getTime() + i * stepMs),
    lat: p.lat,
    lon: p.lon,
    speed: p.speed ?? 30,
    odometer: p.odometerM ?? null,
  }));
  // The writer refuses fix times ahead of the server's clock: the clock follows the positions.
  const last = positions[positions.length - 1]!.fixTime;
  if (last.getTime() > t.clock.now().getTime()) t.clock.set(new Date(last.getTime() + 1000));
  const { refused } = await writePositions(t, imei, positions);
  expect(refused).toBe(0);
}

export async function reserve(t: TestApp, carId: number, driverId: number) {
  return t.request('POST', `${T}/reserve`, { token: await adm(t), body: { carId, driverId } });
}

export function ok<D = Record<string, unknown>>(res: { statusCode: number; body: string; json(): unknown }): D {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: D }).data;
}

let roleSerial = 0;
/** A role of the tenant made in the database with these grants; and a user of HZ holding it (his token). */
export async function userWith(t: TestApp, tenantId: number, rentId: number, grants: string[]): Promise<string> {
  roleSerial++;
  const [role] = await q<{ id: number }>(
    t,
    `insert into roles (tenant_id, code, name, data_scope) values ($1, $2, $3, 'assigned') returning id`,
    [tenantId, `tstest${roleSerial}`, `分时测试角色 ${roleSerial}`],
  );
  for (const code of grants)
    await q(t, `insert into role_grants (tenant_id, role_id, code) values ($1, $2, $3)`, [tenantId, role!.id, code]);
  const { token } = await addUser(t, `tsuser${roleSerial}`, { roleIds: [Number(role!.id)], rentIds: [rentId] });
  return token;
}

/** Sets some time-share rules of a tenant (the rest stay). */
export async function setRules(t: TestApp, tenantId: number, rules: Record<string, unknown>): Promise<void> {
  await q(
    t,
    `insert into tenant_settings (tenant_id, rules) values ($1, jsonb_build_object('timeShare', $2::jsonb))
     on conflict (tenant_id) do update set rules = tenant_settings.rules
       || jsonb_build_object('timeShare', coalesce(tenant_settings.rules->'timeShare', '{}'::jsonb) || $2::jsonb)`,
    [tenantId, JSON.stringify(rules)],
  );
}

const tokens = new WeakMap<TestApp, { token: string; at: number }>();
/**
 * The administrator's token, signed in again once the test clock has moved more than an hour from the last
 * sign-in (tokens live two hours; these tests move the clock by days).
 */
export async function adm(t: TestApp): Promise<string> {
  const now = t.clock.now().getTime();
  const cached = tokens.get(t);
  if (cached && Math.abs(now - cached.at) < 3_600_000) return cached.token;
  const res = await t.signIn('admin');
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json().access_token as string;
  tokens.set(t, { token, at: now });
  return token;
}
