import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext } from '../../../core/access.js';
import { pgErrorOf, rowsOf } from '../../../core/db.js';
import { AppError } from '../../../core/errors.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import {
  closeUsagePeriod,
  inspectionsOf,
  listUsagePeriods,
  openUsagePeriod,
  recordInspectionInTx,
} from '../handover.service.js';

/**
 * Issue 33's changes to the handover tables: an inspection and a usage period belong to exactly one contract,
 * short-term booking (or, for periods, time-share trip); the shared `recordInspectionInTx` records a booking's
 * pick-up like a contract's dispatch; live bookings of one car never overlap (st_bookings_no_overlap).
 */
let t: TestApp;
let f: {
  tenant: number;
  rent: number;
  car: number;
  carType: number;
  driver: number;
  admin: number;
  store: number;
  mileage: number;
};
let ctx: RequestContext;
let serial = 0;
const HOUR = 3_600_000;

async function one<T>(q: ReturnType<typeof sql>): Promise<T> {
  const rows = await rowsOf<T>(t.deps.db, q);
  expect(rows.length).toBeGreaterThan(0);
  return rows[0]!;
}

beforeAll(async () => {
  t = await createTestApp();
  // An idle car of the demo with a type, no open usage period, and a driver and the admin of its tenant.
  const car = await one<{ tenant_id: number; rent_id: number; id: number; car_type_id: number; mileage_km: number }>(
    sql`select c.tenant_id, c.rent_id, c.id, c.car_type_id, c.mileage_km from cars c join tenants t on t.id = c.tenant_id
      where t.code = 'DEMO' and c.status = 'idle' and c.car_type_id is not null and c.deleted_at is null
        and not exists (select 1 from car_usage_periods p where p.tenant_id = c.tenant_id and p.car_id = c.id
          and (p.to_at is null or p.to_at > ${new Date(t.clock.now().getTime() - 24 * HOUR).toISOString()}))
      order by c.id limit 1`,
  );
  const tenant = Number(car.tenant_id);
  const driver = await one<{ id: number }>(
    sql`select id from drivers where tenant_id = ${tenant} and deleted_at is null order by id limit 1`,
  );
  const admin = await one<{ id: number }>(sql`select id from users where tenant_id = ${tenant} and username = 'admin'`);
  const store = await one<{ id: number }>(
    sql`insert into st_stores (tenant_id, rent_id, name, address, lat, lon, phone)
      values (${tenant}, ${car.rent_id}, '测试门店', '杭州市西湖区文三路 1 号', 30.28, 120.13, '0571-88880000') returning id`,
  );
  f = {
    tenant,
    rent: Number(car.rent_id),
    car: Number(car.id),
    carType: Number(car.car_type_id),
    driver: Number(driver.id),
    admin: Number(admin.id),
    store: Number(store.id),
    mileage: Number(car.mileage_km),
  };
  ctx = {
    tenantId: tenant,
    userId: f.admin,
    rentIds: [f.rent],
    lang: 'zh-CN',
  } as unknown as RequestContext;
});
afterAll(async () => t.close());

/** A booking of the fixture's car written straight into the table (the short-term service is another area's). */
async function booking(from: Date, to: Date, state = 'toPickUp'): Promise<number> {
  serial++;
  const quote = { days: [], rentFen: 30_000, totalFen: 30_000, payNowFen: 30_000 };
  const row = await one<{ id: number }>(
    sql`insert into st_bookings (tenant_id, code, rent_id, store_id, return_store_id, car_type_id, car_id, driver_id,
        state, pick_up_at, return_at, quote, days, rent_fen, total_fen, damage_deposit_fen, violation_deposit_fen)
      values (${f.tenant}, ${'S20261206' + String(serial).padStart(4, '0')}, ${f.rent}, ${f.store}, ${f.store},
        ${f.carType}, ${f.car}, ${f.driver}, ${state}, ${from.toISOString()}, ${to.toISOString()},
        ${JSON.stringify(quote)}::jsonb, 1, 30000, 30000, 0, 0)
      returning id`,
  );
  return Number(row.id);
}

async function insertError(q: ReturnType<typeof sql>): Promise<{ code?: string; constraint?: string }> {
  try {
    await t.deps.db.execute(q);
  } catch (err) {
    return pgErrorOf(err);
  }
  return {};
}

function inspection(at: Date, mileage: number) {
  return {
    inspectedAt: at.toISOString(),
    mileage,
    energyLevel: 80,
    documents: { insuranceCopy: true, licence: true, transportCertificate: false },
    damageMarks: [],
    photos: [],
    inspectorId: f.admin,
    remark: null,
  };
}

describe('short-term bookings in the handover tables', () => {
  it('refuses a second live booking of the car over the same time, not a cancelled one nor one that starts at the end', async () => {
    const from = new Date(t.clock.now().getTime() + 40 * 24 * HOUR);
    const to = new Date(from.getTime() + 48 * HOUR);
    await booking(from, to, 'unpaid');
    const overlap = await insertError(
      sql`insert into st_bookings (tenant_id, code, rent_id, store_id, return_store_id, car_type_id, car_id, driver_id,
          state, pick_up_at, return_at, quote, days, rent_fen, total_fen, damage_deposit_fen, violation_deposit_fen)
        values (${f.tenant}, 'S202612069990', ${f.rent}, ${f.store}, ${f.store}, ${f.carType}, ${f.car}, ${f.driver},
          'toPickUp', ${new Date(from.getTime() + 24 * HOUR).toISOString()},
          ${new Date(to.getTime() + 24 * HOUR).toISOString()}, '{}'::jsonb, 1, 0, 0, 0, 0)`,
    );
    expect(overlap).toMatchObject({ code: '23P01', constraint: 'st_bookings_no_overlap' });
    // Cancelled bookings hold nothing; the range is half-open, so a booking may start when another ends.
    await booking(new Date(from.getTime() + HOUR), to, 'cancelled');
    await booking(to, new Date(to.getTime() + 24 * HOUR), 'unpaid');
  });

  it('records a booking pick-up and return with the shared inspection, raising the odometer, and opens and closes its period', async () => {
    const at = new Date(t.clock.now().getTime() - 2 * HOUR);
    const id = await booking(new Date(at.getTime() - HOUR), new Date(at.getTime() + 24 * HOUR), 'toPickUp');
    const picked = await t.deps.db.transaction(async (tx) => {
      const r = await recordInspectionInTx(tx, t.deps, ctx, {
        carId: f.car,
        rentId: f.rent,
        bookingId: id,
        kind: 'dispatch',
        input: inspection(at, f.mileage + 120),
      });
      const periodId = await openUsagePeriod(tx, f.tenant, {
        carId: f.car,
        bookingId: id,
        driverId: f.driver,
        rentId: f.rent,
        fromAt: at,
      });
      return { ...r, periodId };
    });
    expect(picked.car).toMatchObject({ id: f.car, status: 'idle', mileageKm: f.mileage });
    const car = await one<{ mileage_km: number }>(sql`select mileage_km from cars where id = ${f.car}`);
    expect(Number(car.mileage_km)).toBe(f.mileage + 120);
    const period = await one<{ contract_id: number | null; booking_id: number; trip_id: number | null }>(
      sql`select contract_id, booking_id, trip_id from car_usage_periods where id = ${picked.periodId}`,
    );
    expect(period).toMatchObject({ contract_id: null, trip_id: null });
    expect(Number(period.booking_id)).toBe(id);

    // The return: the mileage may not go below the pick-up's; then recorded, and the period closed.
    const back = new Date(at.getTime() + 60 * 60_000);
    const below = await t.deps.db
      .transaction((tx) =>
        recordInspectionInTx(tx, t.deps, ctx, {
          carId: f.car,
          rentId: f.rent,
          bookingId: id,
          kind: 'return',
          input: inspection(back, f.mileage + 119),
        }),
      )
      .catch((e: unknown) => e);
    expect(below).toBeInstanceOf(AppError);
    expect((below as AppError).httpStatus).toBe(400);
    await t.deps.db.transaction(async (tx) => {
      await recordInspectionInTx(tx, t.deps, ctx, {
        carId: f.car,
        rentId: f.rent,
        bookingId: id,
        kind: 'return',
        input: { ...inspection(back, f.mileage + 180), damageDeduction: 150 },
      });
      await closeUsagePeriod(tx, f.tenant, picked.periodId, back, t.clock.now());
    });
    const state = await inspectionsOf(t.deps, f.tenant, { bookingId: id });
    expect(state.dispatch).toMatchObject({ bookingId: id, contractId: null, mileage: f.mileage + 120 });
    expect(state.return).toMatchObject({
      bookingId: id,
      contractId: null,
      mileage: f.mileage + 180,
      damageDeduction: 150,
    });
    const closed = await one<{ to_at: Date | string }>(
      sql`select to_at from car_usage_periods where id = ${picked.periodId}`,
    );
    expect(new Date(closed.to_at).toISOString()).toBe(back.toISOString());
    // The car's usage list shows the booking's period beside the contracts' ones.
    const code = await one<{ code: string }>(sql`select code from st_bookings where id = ${id}`);
    const list = await listUsagePeriods(t.deps, ctx, { carId: f.car, pageNum: 1, pageSize: 100 });
    expect(list.rows.find((r) => r.id === picked.periodId)).toMatchObject({
      source: 'booking',
      contractId: null,
      contractNo: null,
      bookingId: id,
      bookingCode: code.code,
      tripId: null,
      driverId: f.driver,
      to: back.toISOString(),
    });
    expect(list.total).toBe(list.rows.length);

    // One pick-up per booking.
    const again = await t.deps.db
      .transaction((tx) =>
        recordInspectionInTx(tx, t.deps, ctx, {
          carId: f.car,
          rentId: f.rent,
          bookingId: id,
          kind: 'dispatch',
          input: inspection(back, f.mileage + 200),
        }),
      )
      .catch((e: unknown) => pgErrorOf(e));
    expect(again).toMatchObject({ code: '23505', constraint: 'handover_inspections_booking_kind_uq' });
  });

  it('refuses an inspection in the future and a car outside the given rent', async () => {
    const id = await booking(
      new Date(t.clock.now().getTime() + 90 * 24 * HOUR),
      new Date(t.clock.now().getTime() + 91 * 24 * HOUR),
    );
    const future = new Date(t.clock.now().getTime() + 5 * 60_000);
    const err = await t.deps.db
      .transaction((tx) =>
        recordInspectionInTx(tx, t.deps, ctx, {
          carId: f.car,
          rentId: f.rent,
          bookingId: id,
          kind: 'dispatch',
          input: inspection(future, f.mileage + 500),
        }),
      )
      .catch((e: unknown) => e);
    expect((err as AppError).httpStatus).toBe(400);
    const [otherRent] = await rowsOf<{ id: number }>(
      t.deps.db,
      sql`select id from rents where tenant_id = ${f.tenant} and id <> ${f.rent} order by id limit 1`,
    );
    const outside = await t.deps.db
      .transaction((tx) =>
        recordInspectionInTx(tx, t.deps, ctx, {
          carId: f.car,
          rentId: Number(otherRent!.id),
          bookingId: id,
          kind: 'dispatch',
          input: inspection(t.clock.now(), f.mileage + 500),
        }),
      )
      .catch((e: unknown) => e);
    expect((outside as AppError).httpStatus).toBe(404);
  });

  it('keeps exactly one owner on an inspection and a usage period', async () => {
    const at = new Date(t.clock.now().getTime() - 200 * 24 * HOUR);
    // The service refuses a period with two owners or none before writing.
    await expect(
      openUsagePeriod(t.deps.db, f.tenant, {
        carId: f.car,
        driverId: f.driver,
        rentId: f.rent,
        fromAt: at,
      } as unknown as Parameters<typeof openUsagePeriod>[2]),
    ).rejects.toThrow(/exactly one/);
    await expect(
      openUsagePeriod(t.deps.db, f.tenant, {
        carId: f.car,
        driverId: f.driver,
        rentId: f.rent,
        fromAt: at,
        bookingId: 1,
        tripId: 1,
      } as unknown as Parameters<typeof openUsagePeriod>[2]),
    ).rejects.toThrow(/exactly one/);
    // And the database's checks refuse a row written past it.
    const period = await insertError(
      sql`insert into car_usage_periods (tenant_id, car_id, driver_id, rent_id, from_at, to_at)
        values (${f.tenant}, ${f.car}, ${f.driver}, ${f.rent}, ${at.toISOString()}, ${new Date(at.getTime() + HOUR).toISOString()})`,
    );
    expect(period).toMatchObject({ code: '23514', constraint: 'car_usage_periods_owner_ck' });
    const id = await booking(
      new Date(at.getTime() - 10 * 24 * HOUR),
      new Date(at.getTime() - 9 * 24 * HOUR),
      'completed',
    );
    const [contract] = await rowsOf<{ id: number }>(
      t.deps.db,
      sql`select id from rental_contracts where tenant_id = ${f.tenant} order by id limit 1`,
    );
    const both = await insertError(
      sql`insert into handover_inspections (tenant_id, contract_id, booking_id, car_id, rent_id, kind, inspected_at,
          mileage_km, energy_level, documents, inspector_id)
        values (${f.tenant}, ${contract!.id}, ${id}, ${f.car}, ${f.rent}, 'dispatch', ${at.toISOString()}, 1, 50,
          '{}'::jsonb, ${f.admin})`,
    );
    expect(both).toMatchObject({ code: '23514', constraint: 'handover_inspections_owner_ck' });
  });
});
