import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { addDriver, P, rentsOf } from './fixtures.js';

/**
 * What the web header's company switcher does (`X-Rent-Id`, the rent of the call): it decides where a new record
 * goes, and it does not narrow the lists, which show every rent of the caller's data scope (a list's own rent
 * filter narrows them). The switcher's text says exactly this (apps/web rent-switcher.tsx).
 */
let t: TestApp;
let rents: Awaited<ReturnType<typeof rentsOf>>;

beforeAll(async () => {
  t = await createTestApp();
  rents = await rentsOf(t);
});
afterAll(async () => t.close());

const drivers = (rent: number, body: Record<string, unknown> = {}) =>
  t.request('POST', `${P}/list`, { as: 'admin', rent, body: { pageSize: 500, ...body } });
const cars = (rent: number) =>
  t.request('POST', '/api/ccwadmin/rentCar/list', { as: 'admin', rent, body: { pageSize: 500 } });

describe('the rent of the call (X-Rent-Id)', () => {
  it('puts a new record in that rent', async () => {
    const inSh = await addDriver(t, {}, rents.sh);
    const inHz = await addDriver(t, {}, rents.hz);
    const rows = (await drivers(rents.hz)).json().data.rows as { id: number; rentId: number }[];
    expect(rows.find((r) => r.id === inSh.id)?.rentId).toBe(rents.sh);
    expect(rows.find((r) => r.id === inHz.id)?.rentId).toBe(rents.hz);
  });

  it('does not narrow the lists: the same rows whichever rent is chosen; the rent filter narrows them', async () => {
    const hz = (await drivers(rents.hz)).json().data;
    const sh = (await drivers(rents.sh)).json().data;
    expect(hz.total).toBe(sh.total);
    const rentIds = new Set((hz.rows as { rentId: number }[]).map((r) => r.rentId));
    expect(rentIds).toEqual(new Set([rents.hz, rents.sh]));
    const carsHz = (await cars(rents.hz)).json().data;
    const carsSh = (await cars(rents.sh)).json().data;
    expect(carsHz.total).toBe(carsSh.total);
    expect(new Set((carsHz.rows as { rentId: number }[]).map((r) => r.rentId)).size).toBeGreaterThan(1);
    // Narrowing is the list's filter's business.
    const onlySh = (await drivers(rents.hz, { rentId: rents.sh })).json().data;
    expect(onlySh.total).toBeLessThan(hz.total);
    expect((onlySh.rows as { rentId: number }[]).every((r) => r.rentId === rents.sh)).toBe(true);
  });
});
