import type { TestApp } from '../../../test/harness.js';

export const P = '/api/ccwadmin/rentContract';

export async function q<T>(t: TestApp, text: string, params: unknown[] = []): Promise<T[]> {
  return (await t.deps.database.query<T>(text, params as never)).rows;
}

/** Rent ids of the demo tenant by code. */
export async function rentIds(t: TestApp) {
  const rows = await q<{ code: string; id: number }>(t, `select code, id from rents`);
  const rent = (code: string) => Number(rows.find((r) => r.code === code)!.id);
  return { hz: rent('HZ'), sh: rent('SH'), bj: rent('BJ') };
}

/** Idle cars of a rent that may be rented out (valid compulsory insurance, inspection not overdue). */
export async function idleCars(t: TestApp, rentId: number): Promise<number[]> {
  const rows = await q<{ id: number }>(
    t,
    `select id from cars where rent_id = $1 and status = 'idle' and deleted_at is null
       and compulsory_expiry > current_date and (inspection_due is null or inspection_due > current_date)
       and not exists (select 1 from rental_contracts c where c.tenant_id = cars.tenant_id and c.car_id = cars.id
         and c.state in ('pending', 'signed'))
     order by id`,
    [rentId],
  );
  return rows.map((r) => Number(r.id));
}

export async function activeDriver(t: TestApp, rentId: number): Promise<number> {
  const [row] = await q<{ id: number }>(
    t,
    `select id from drivers where rent_id = $1 and state = 'active' and deleted_at is null order by id limit 1`,
    [rentId],
  );
  return Number(row!.id);
}

export function terms(extra: Record<string, unknown> = {}) {
  return {
    type: 'rentToOwn',
    period: 'monthly',
    billing: 'prepaid',
    paymentDay: null,
    startDate: '2026-01-10',
    endDate: '2027-01-09',
    freeDays: 0,
    deposit: 5000,
    managementFee: 200,
    rent: 3000,
    buyOutPrice: 20000,
    ...extra,
  };
}

/**
 * A returned car waits in `preparing` until it is declared ready: the vehicle call `prepared` (preparing -> idle),
 * so that a test may rent it out again.
 */
export async function prepareCar(t: TestApp, carId: number): Promise<void> {
  const res = await t.request('PUT', `/api/ccwadmin/rentCar/prepared/${carId}`, { as: 'admin' });
  if (res.statusCode !== 200) throw new Error(`prepared ${carId}: ${res.statusCode} ${res.body}`);
}
