import { withVinCheckDigit, vinYearCode } from '@fleetdesk/contracts/identifiers';
import { testStart, type TestApp } from '../../../test/harness.js';

export { upload } from '../../../test/multipart.js';

export const A = '/api/ccwadmin';

let serial = 0;
/** A new car in the given rent (as admin), answering its id and plate. */
export async function addCar(
  t: TestApp,
  rentId: number,
  extra: Record<string, unknown> = {},
): Promise<{ id: number; plate: string }> {
  serial++;
  const { rows } = await t.deps.database.query<{ b: number; s: number }>(`
    select b.id as b, s.id as s from car_brands b join car_series s on s.brand_id = b.id
    where b.code = 'byd' and s.code = 'byd-qin-plus'`);
  // 浙AD0xxxx: a series no demo car uses; each file has its own database, so the serial alone keeps plates apart
  // (a random part once met a demo plate).
  const plate = `浙AD0${String(serial).padStart(4, '0')}`;
  const vin = withVinCheckDigit(`LGXCE4CB0${vinYearCode(2023)}1${String(300000 + serial).slice(-6)}`);
  const res = await t.request('POST', `${A}/rentCar/add`, {
    as: 'admin',
    rent: rentId,
    body: { plate, vin, brandId: Number(rows[0]!.b), seriesId: Number(rows[0]!.s), energy: 'electric', ...extra },
  });
  if (res.statusCode !== 200) throw new Error(`car: ${res.body}`);
  return { id: res.json().data.id as number, plate: res.json().data.plate as string };
}

export async function ids(t: TestApp) {
  const rents = await t.deps.database.query<{ code: string; id: number }>(`select code, id from rents`);
  const rent = (code: string) => Number(rents.rows.find((r) => r.code === code)!.id);
  const { rows } = await t.deps.database.query<{ id: number }>(
    `select c.id from cars c join tenants t on t.id = c.tenant_id where t.code = 'OTHER' limit 1`,
  );
  return { hz: rent('HZ'), sh: rent('SH'), otherCar: rows[0] ? Number(rows[0].id) : undefined };
}

/** `today + n` days as YYYY-MM-DD in Shanghai (the demo tenant's zone). */
export function day(n: number, from = testStart()): string {
  const d = new Date(from.getTime() + 8 * 3_600_000 + n * 86_400_000);
  return d.toISOString().slice(0, 10);
}
