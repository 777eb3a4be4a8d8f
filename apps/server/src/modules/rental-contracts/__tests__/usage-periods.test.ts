import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgErrorOf } from '../../../core/db.js';
import { ConflictError } from '../../../core/errors.js';
import { localMinute } from '../../../core/tenant-time.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { openUsagePeriod } from '../usage-periods.js';

/**
 * One car's usage periods never overlap: the service refuses on the tenant's clock, and the database's exclusion
 * constraint refuses a row written past the service (migration 0029).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

interface Period {
  tenant_id: number;
  car_id: number;
  contract_id: number;
  driver_id: number;
  rent_id: number;
  from_at: Date;
  to_at: Date | null;
}

async function aPeriod(): Promise<Period> {
  const { rows } = await t.deps.database.query<Period>(
    `select tenant_id, car_id, contract_id, driver_id, rent_id, from_at, to_at from car_usage_periods
      order by to_at is null desc, id limit 1`,
  );
  expect(rows.length, 'the demo has usage periods').toBe(1);
  return { ...rows[0]!, from_at: new Date(rows[0]!.from_at), to_at: rows[0]!.to_at && new Date(rows[0]!.to_at) };
}

/** Runs `fn` in a transaction that is always rolled back; answers what it threw. */
async function rolledBack(
  fn: (tx: Parameters<Parameters<TestApp['deps']['db']['transaction']>[0]>[0]) => Promise<unknown>,
) {
  const rollback = new Error('rollback');
  try {
    await t.deps.db.transaction(async (tx) => {
      await fn(tx);
      throw rollback;
    });
  } catch (err) {
    return err === rollback ? null : err;
  }
  return null;
}

describe('usage periods', () => {
  it('refuses a period of the same car that starts inside another, naming the time on the tenant clock', async () => {
    const p = await aPeriod();
    const inside = new Date(p.from_at.getTime() + 60_000);
    const err = await rolledBack((tx) =>
      openUsagePeriod(tx, Number(p.tenant_id), {
        carId: Number(p.car_id),
        contractId: Number(p.contract_id),
        driverId: Number(p.driver_id),
        rentId: Number(p.rent_id),
        fromAt: inside,
      }),
    );
    expect(err).toBeInstanceOf(ConflictError);
    expect((err as ConflictError).messageKey).toBe('handover.periodOverlap');
    const { rows } = await t.deps.database.query<{ tz: string }>(`select time_zone as tz from tenants where id = $1`, [
      p.tenant_id,
    ]);
    expect((err as ConflictError).params).toEqual({ at: localMinute(rows[0]!.tz, inside) });
  });

  it('is refused by the database when written without the check (exclusion constraint)', async () => {
    const p = await aPeriod();
    const inside = new Date(p.from_at.getTime() + 60_000).toISOString();
    const end = new Date(p.from_at.getTime() + 120_000).toISOString();
    // Closed, so that the index of one open period per car is not what refuses it.
    const err = await rolledBack((tx) =>
      tx.execute(
        sql`insert into car_usage_periods (tenant_id, car_id, contract_id, driver_id, rent_id, from_at, to_at)
          values (${p.tenant_id}, ${p.car_id}, ${p.contract_id}, ${p.driver_id}, ${p.rent_id}, ${inside}, ${end})`,
      ),
    );
    expect(pgErrorOf(err).code).toBe('23P01');
  });

  it('takes a period of the same car once the other has ended, and one of another car at the same time', async () => {
    const p = await aPeriod();
    const later = new Date((p.to_at ?? new Date('2199-01-01T00:00:00Z')).getTime() + 1000);
    const { rows: others } = await t.deps.database.query<{ id: number }>(
      `select id from cars where tenant_id = $1 and id <> $2 and not exists (select 1 from car_usage_periods u
         where u.tenant_id = cars.tenant_id and u.car_id = cars.id) order by id limit 1`,
      [p.tenant_id, p.car_id],
    );
    const err = await rolledBack(async (tx) => {
      const base = { contractId: Number(p.contract_id), driverId: Number(p.driver_id), rentId: Number(p.rent_id) };
      if (p.to_at) await openUsagePeriod(tx, Number(p.tenant_id), { ...base, carId: Number(p.car_id), fromAt: later });
      await openUsagePeriod(tx, Number(p.tenant_id), { ...base, carId: Number(others[0]!.id), fromAt: p.from_at });
    });
    expect(err).toBeNull();
  });
});
