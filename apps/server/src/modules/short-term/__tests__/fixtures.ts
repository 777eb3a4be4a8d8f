import { expect } from 'vitest';
import { ShortTermPaths as P } from '@fleetdesk/contracts/short-term';
import { withIdCardCheckDigit } from '@fleetdesk/contracts/identifiers';
import { tenantDaysOf } from '../../../core/tenant-time.js';
import { carInput, catalogue, nextPlate } from '../../../test/cars.js';
import type { TestApp } from '../../../test/harness.js';

export { P };
const HOUR = 3_600_000;
const ZONE = 'Asia/Shanghai';

export async function q<T>(t: TestApp, text: string, params: unknown[] = []): Promise<T[]> {
  return (await t.deps.database.query<T>(text, params as never)).rows;
}

export async function ids(t: TestApp) {
  const rents = await q<{ code: string; id: number }>(t, `select code, id from rents`);
  const tenants = await q<{ code: string; id: number }>(t, `select code, id from tenants`);
  const rent = (code: string) => Number(rents.find((r) => r.code === code)!.id);
  const tenant = (code: string) => Number(tenants.find((r) => r.code === code)!.id);
  const [type] = await q<{ id: number }>(
    t,
    `select ct.id from car_types ct join tenants x on x.id = ct.tenant_id where x.code = 'DEMO' and ct.name = '经济型'`,
  );
  const [otherStore] = await q<{ id: number }>(
    t,
    `select s.id from st_stores s join tenants x on x.id = s.tenant_id where x.code = 'OTHER' limit 1`,
  );
  const [otherBooking] = await q<{ id: number }>(
    t,
    `select b.id from st_bookings b join tenants x on x.id = b.tenant_id where x.code = 'OTHER' limit 1`,
  );
  return {
    demo: tenant('DEMO'),
    other: tenant('OTHER'),
    hz: rent('HZ'),
    sh: rent('SH'),
    carTypeId: Number(type!.id),
    otherStoreId: Number(otherStore!.id),
    otherBookingId: Number(otherBooking!.id),
  };
}

/** An instant on the tenant's calendar (Shanghai): `days` after the clock's today at `hour` (may be fractional). */
export function at(t: TestApp, days: number, hour: number): Date {
  const d = tenantDaysOf(ZONE, t.clock.now());
  return new Date(d.startOf(d.plusDays(days)).getTime() + hour * HOUR);
}

export function iso(d: Date): string {
  return d.toISOString();
}

/** The calendar day (Shanghai) of an instant. */
export function dayOf(d: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    d,
  );
}

export async function ok<T>(res: { statusCode: number; body: string; json(): unknown }): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: T }).data;
}

/**
 * Who the fixtures act as in a test file's app: the admin, or a token of his after the clock moved (a token expires
 * on the moved clock). Kept per app: the files of a test worker share this module (`isolate: false`), and a token
 * of one file's app is unknown to the next file's.
 */
const auths = new WeakMap<TestApp, { as?: string; token?: string }>();
export function actAs(t: TestApp, a: { as?: string; token?: string }): void {
  auths.set(t, a);
}
const authOf = (t: TestApp) => auths.get(t) ?? { as: 'admin' };

let storeSerial = 0;
/**
 * A store of its own for a test (HZ unless said): open 08:00-21:00, 2 h notice, 90 days ahead, delivery 10 km at
 * 50 yuan; `cars` new idle cars of the demo's 经济型 type in it; the type's price weekday 200, weekend 300, discounts
 * 5/10/15 %, 200 km a day at 1 yuan, deposits 3000 + 2000.
 */
export async function makeStore(
  t: TestApp,
  o: { rentId: number; carTypeId: number; cars: number; price?: Record<string, unknown> },
) {
  storeSerial++;
  const store = await ok<{ id: number; version: number }>(
    await t.request('POST', P.storeCreate, {
      ...authOf(t),
      body: {
        rentId: o.rentId,
        name: `测试门店${storeSerial}-${Math.random().toString(36).slice(2, 6)}`,
        address: '杭州市西湖区文三路 1 号',
        lat: 30.28,
        lon: 120.13,
        phone: '0571-88880000',
        opensAt: '08:00',
        closesAt: '21:00',
        minNoticeHours: 2,
        maxDaysAhead: 90,
        deliveryRadiusKm: 10,
        deliveryFee: 50,
      },
    }),
  );
  const c = await catalogue(t);
  const carIds: number[] = [];
  for (let i = 0; i < o.cars; i++) {
    const res = await t.request('POST', '/api/ccwadmin/rentCar/add', {
      ...authOf(t),
      rent: o.rentId,
      body: carInput(c, {
        plate: nextPlate('浙AF'),
        carTypeId: o.carTypeId,
        mileageKm: 10_000,
        registrationDate: '2024-03-01',
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    carIds.push(Number(res.json().data.id));
  }
  if (carIds.length)
    await ok(await t.request('POST', P.storeCarsAdd, { ...authOf(t), body: { storeId: store.id, carIds } }));
  await ok(
    await t.request('POST', P.priceCreate, {
      ...authOf(t),
      body: {
        storeId: store.id,
        carTypeId: o.carTypeId,
        weekdayPrice: 200,
        weekendPrice: 300,
        discount7: 5,
        discount15: 10,
        discount30: 15,
        mileageLimitKm: 200,
        overKmPrice: 1,
        damageDeposit: 3000,
        violationDeposit: 2000,
        ...o.price,
      },
    }),
  );
  return { storeId: store.id, carIds };
}

let idSerial = 500;
/** A new renter's fields: a valid ID number and a phone no other test used. */
export function newRenter() {
  idSerial++;
  const idNumber = withIdCardCheckDigit(`33010619900101${String(idSerial).padStart(3, '0')}`);
  return { name: `租客${idSerial}`, phone: `1390000${String(idSerial).padStart(4, '0')}`, idNumber };
}

/** A live driver of the rent (the renter of a booking). */
export async function driverOf(t: TestApp, rentId: number): Promise<number> {
  const [row] = await q<{ id: number }>(
    t,
    `select id from drivers where rent_id = $1 and state <> 'blacklisted' and deleted_at is null order by id limit 1`,
    [rentId],
  );
  return Number(row!.id);
}

export function stay(storeId: number, carTypeId: number, from: Date, to: Date, extra: Record<string, unknown> = {}) {
  return { storeId, carTypeId, pickUpAt: iso(from), returnAt: iso(to), ...extra };
}
