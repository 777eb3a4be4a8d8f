/** Contracts for tests of any area: the demo's rents and drivers, idle cars with valid papers, a contract's terms. */
import type { TestApp } from './harness.js';
import { carInput, catalogue, nextPlate } from './cars.js';

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

/**
 * New idle cars of a rent, made through the car form, that may be rented out on any day a test picks: valid
 * compulsory insurance and inspection until 2099, no usage periods, no contracts. Tests pin their own dates
 * (e.g. 2026-02-20), so they must not depend on the demo's cars, whose papers were dated from the day the
 * template was seeded.
 */
export async function idleCars(t: TestApp, rentId: number, n = 6): Promise<number[]> {
  const c = await catalogue(t);
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await t.request('POST', '/api/ccwadmin/rentCar/add', {
      as: 'admin',
      rent: rentId,
      body: carInput(c, { plate: nextPlate('浙AF'), registrationDate: '2024-03-01', mileageKm: 23_000 + i * 1_000 }),
    });
    if (res.statusCode !== 200) throw new Error(`car: ${res.statusCode} ${res.body}`);
    ids.push(Number(res.json().data.id));
  }
  return ids;
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
