import { formatPlate } from '@fleetdesk/contracts/identifiers';
import { GpsPaths } from '@fleetdesk/contracts/gps';
import { ViolationPaths } from '@fleetdesk/contracts/violations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipientsOf, rentInScope, scopeFor, type Recipient } from '../../../core/access.js';
import { AppError } from '../../../core/errors.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { runVehicleReminders } from '../reminders.js';
import { A, addCar, day, ids } from './fixtures.js';

let t: TestApp;
let r: Awaited<ReturnType<typeof ids>>;
let demo: number;
let other: number;
const users = new Map<number, string>();

beforeAll(async () => {
  t = await createTestApp();
  r = await ids(t);
  const { rows } = await t.deps.database.query<{ id: number; username: string; code: string; tenant_id: number }>(
    `select u.id, u.username, t.code, u.tenant_id from users u join tenants t on t.id = u.tenant_id`,
  );
  for (const u of rows) users.set(Number(u.id), u.username);
  demo = Number(rows.find((u) => u.code === 'DEMO')!.tenant_id);
  other = Number(rows.find((u) => u.code === 'OTHER')!.tenant_id);
});
afterAll(async () => t.close());

/** username -> the rents he hears of ('all' or the ids). */
const named = (list: Recipient[]) => new Map(list.map((x) => [users.get(x.userId)!, x.rents]));

async function messagesAbout(plate: string) {
  const { rows } = await t.deps.database.query<{ username: string }>(
    `select u.username from push_records p join users u on u.tenant_id = p.tenant_id and u.id = p.user_id
     where p.content like '%' || $1 || '%' and p.channel = 'rent_m' order by u.username`,
    // Texts show a plate in the one plate format (浙A·D12345).
    [formatPlate(plate)],
  );
  return rows.map((x) => x.username);
}

async function licenceDueSoon(rentId: number) {
  const car = await addCar(t, rentId);
  const res = await t.request('POST', `${A}/rentCarLicense/save`, {
    as: 'admin',
    body: { carId: car.id, kind: 'transport', number: `3301${String(car.id).padStart(8, '0')}`, expiryDate: day(10) },
  });
  expect(res.statusCode).toBe(200);
  return car;
}

describe('recipientsOf: who hears of a rent', () => {
  it('by permission: the grants of the roles (or all permissions)', async () => {
    const cars = named(await recipientsOf(t.deps.db, demo, 'rentCar:view'));
    expect(cars.get('admin')).toBe('all');
    expect(cars.get('clerk')).toEqual([r.hz]);
    // The clerk's role grants vehicles and drivers only.
    const contracts = named(await recipientsOf(t.deps.db, demo, 'rentContract:view'));
    expect(contracts.get('admin')).toBe('all');
    expect(contracts.has('clerk')).toBe(false);
  });

  it('by data scope: an assigned user hears only of his rents', async () => {
    const hz = named(await recipientsOf(t.deps.db, demo, 'rentCar:view', r.hz));
    const sh = named(await recipientsOf(t.deps.db, demo, 'rentCar:view', r.sh));
    expect(hz.has('admin') && hz.has('clerk')).toBe(true);
    expect(sh.has('admin')).toBe(true);
    expect(sh.has('clerk')).toBe(false);
  });

  it('leaves out inactive users and users of another tenant', async () => {
    await t.deps.database.query(`update users set status = 'disabled' where tenant_id = $1 and username = 'clerk'`, [
      demo,
    ]);
    try {
      expect(named(await recipientsOf(t.deps.db, demo, 'rentCar:view')).has('clerk')).toBe(false);
    } finally {
      await t.deps.database.query(`update users set status = 'active' where tenant_id = $1 and username = 'clerk'`, [
        demo,
      ]);
    }
    const mine = named(await recipientsOf(t.deps.db, demo, 'rentCar:view'));
    expect(mine.has('other')).toBe(false);
    const theirs = named(await recipientsOf(t.deps.db, other, 'rentCar:view'));
    expect(theirs.has('other')).toBe(true);
    expect(theirs.has('admin') || theirs.has('clerk')).toBe(false);
  });
});

/** A licence due in 10 days, written directly (the licence form is off the plan by then). */
async function licenceDueSoonAsSql(carId: number): Promise<void> {
  await t.deps.database.query(
    `insert into car_licenses (tenant_id, car_id, kind, number, expiry_date) values ($1, $2, 'transport', '330100999999', $3)`,
    [demo, carId, day(10)],
  );
}

describe('scopeFor / rentInScope: the one request-side check', () => {
  const ctx = { tenantId: 1, rentIds: [3, 4] };
  it('answers the caller rents, or the one named when it is one of them', () => {
    expect(scopeFor(ctx)).toEqual({ tenantId: 1, rentIds: [3, 4] });
    expect(scopeFor(ctx, null)).toEqual({ tenantId: 1, rentIds: [3, 4] });
    expect(scopeFor(ctx, 4)).toEqual({ tenantId: 1, rentIds: [4] });
    expect(() => rentInScope(ctx, 3)).not.toThrow();
    expect(() => rentInScope(ctx, undefined)).not.toThrow();
  });

  it('refuses a rent outside the scope with one answer: 403 error.rentForbidden', () => {
    for (const f of [() => scopeFor(ctx, 5), () => rentInScope(ctx, 5)]) {
      try {
        f();
        expect.unreachable();
      } catch (e) {
        expect(e).toBeInstanceOf(AppError);
        expect((e as AppError).httpStatus).toBe(403);
        expect((e as AppError).messageKey).toBe('error.rentForbidden');
      }
    }
  });

  it('the same answer on the routes that had their own copy (vehicles, GPS, violations)', async () => {
    // A rent of another tenant, and (for the clerk) a rent of his own tenant outside his scope.
    const { rows } = await t.deps.database.query<{ id: number }>(`select id from rents where code = 'BJ'`);
    const bj = Number(rows[0]!.id);
    const calls = [
      ['admin', `${A}/rentCar/list`, bj],
      ['clerk', `${A}/rentCar/list`, r.sh],
      ['admin', GpsPaths.deviceAll, bj],
      ['admin', ViolationPaths.list, bj],
    ] as const;
    for (const [as, url, rentId] of calls) {
      const res = await t.request('POST', url, { as, body: { rentId }, lang: 'en-US' });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message, url).toBe('You may not act for this company');
    }
  });
});

describe('recipientsOf and the plan', () => {
  it("by plan: a plan change removes a screen and its reminders stop, as the screen's requests do", async () => {
    const before = await licenceDueSoon(r.hz);
    const after = await addCar(t, r.hz);
    await runVehicleReminders(t.deps, { tenantId: demo, sources: ['licence'] });
    expect(await messagesAbout(before.plate)).toEqual(['admin', 'clerk']);
    expect((await t.request('POST', `${A}/rentCar/list`, { as: 'clerk', body: {} })).statusCode).toBe(200);

    // The tenant's plan no longer has the vehicles screen: nobody may see it, not even all permissions.
    await t.deps.database.query(`delete from tenant_permissions where tenant_id = $1 and code = 'rentCar'`, [demo]);
    // Written behind the server's back: on PostgreSQL the cached sessions drop when the announcement is heard.
    await t.deps.sessions.settled();
    expect(await recipientsOf(t.deps.db, demo, 'rentCar:view')).toEqual([]);
    expect((await t.request('POST', `${A}/rentCar/list`, { as: 'clerk', body: {} })).statusCode).toBe(403);
    await licenceDueSoonAsSql(after.id);
    // The item is due (and recorded once), but nobody hears of it.
    expect(await runVehicleReminders(t.deps, { tenantId: demo, sources: ['licence'] })).toBe(1);
    expect(await messagesAbout(after.plate)).toEqual([]);
    // Drivers are still in the plan: their recipients are unchanged.
    expect(named(await recipientsOf(t.deps.db, demo, 'rentDriver:view')).has('clerk')).toBe(true);
  });
});
