import { FinancingPaths } from '@fleetdesk/contracts/financing';
import { fillPath } from '@fleetdesk/contracts/paths';
import { carInput, catalogue, nextPlate } from '../../../test/cars.js';
import { PASSWORDS, type TestApp } from '../../../test/harness.js';
import { XINDA } from '../../../seed/financing.seed.js';

// The financier's demo accounts sign in like the others in these tests.
PASSWORDS[XINDA.admin.username] = XINDA.admin.password;
PASSWORDS[XINDA.risk.username] = XINDA.risk.password;

export const FP = FinancingPaths;
export const path = (p: string, params: Record<string, string | number>) => fillPath(p, params);

export async function q<T>(t: TestApp, text: string, params: unknown[] = []): Promise<T[]> {
  return (await t.deps.database.query<T>(text, params as never)).rows;
}

/** Ids of the seeded tenants, rents, the financier and its products. */
export async function seeded(t: TestApp) {
  const tenants = await q<{ code: string; id: number }>(t, `select code, id from tenants`);
  const rents = await q<{ code: string; id: number }>(t, `select code, id from rents`);
  const products = await q<{ code: string; id: number }>(t, `select code, id from financing_products`);
  const tenant = (code: string) => Number(tenants.find((r) => r.code === code)!.id);
  const rent = (code: string) => Number(rents.find((r) => r.code === code)!.id);
  const product = (code: string) => Number(products.find((r) => r.code === code)!.id);
  return {
    demo: tenant('DEMO'),
    other: tenant('OTHER'),
    xinda: tenant('XINDA'),
    hz: rent('HZ'),
    sh: rent('SH'),
    bj: rent('BJ'),
    xdHq: rent('XD_HQ'),
    annuity: product('XD-A36'),
    flat: product('XD-F24'),
  };
}

/** New cars of a rent made through the car form (valid VINs, no application), as `{id, vin}`. */
export async function newCars(t: TestApp, rentId: number, n: number, as = 'admin') {
  const c = await catalogue(t);
  const out: { id: number; vin: string; plate: string }[] = [];
  for (let i = 0; i < n; i++) {
    const body = carInput(c, { plate: nextPlate('浙AF'), registrationDate: '2024-03-01' });
    const res = await t.request('POST', '/api/ccwadmin/rentCar/add', { as, rent: rentId, body });
    if (res.statusCode !== 200) throw new Error(`car: ${res.body}`);
    const d = res.json().data;
    out.push({ id: d.id, vin: d.vin, plate: d.plate });
  }
  return out;
}

/** An application form for a car (the annuity product, 100,000 yuan, 30 % down, 36 months). */
export function form(car: { id: number; vin: string }, productId: number, extra: Record<string, unknown> = {}) {
  return {
    productId,
    carId: car.id,
    vin: car.vin,
    carTypeName: '比亚迪 秦PLUS DM-i 55KM 领先型',
    totalAmount: 100_000,
    payProportion: 0.3,
    stagingNumber: 36,
    installMobile: '13800000001',
    username: '张伟',
    idNo: '330106198507150013',
    contact: '13800000001',
    ...extra,
  };
}

/** Turns the demo tenant's `financing` approval flow off (submissions go straight to the financier) or on. */
export async function financingFlow(t: TestApp, tenantId: number, enabled: boolean): Promise<void> {
  await t.deps.database.query(
    `update approval_flows set enabled = $2 where tenant_id = $1 and business_type = 'financing'`,
    [tenantId, enabled] as never,
  );
}
