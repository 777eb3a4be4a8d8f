import { vinYearCode, withVinCheckDigit } from '@fleetdesk/contracts/identifiers';
import type { TestApp } from '../../../test/harness.js';
import { multipart } from '../../../test/multipart.js';
import { xlsxOf as sheetOf } from '../../../test/xlsx.js';

export { PNG, upload } from '../../../test/multipart.js';

let serial = 0;
/** A valid VIN (BYD WMI), different on every call. */
export function nextVin(prefix = 'LGXCE4C'): string {
  serial++;
  return withVinCheckDigit(`${prefix.padEnd(8, 'B')}0${vinYearCode(2023)}1${String(100000 + serial).slice(-6)}`);
}
let plateSerial = 0;
/** A valid new-energy plate of Hangzhou, different on every call. */
export function nextPlate(prefix = '浙AD'): string {
  plateSerial++;
  return `${prefix}${String(90000 + plateSerial)}`.slice(0, 8);
}

export interface Catalogue {
  brandId: number;
  seriesId: number;
  modelId: number;
  otherSeriesId: number;
}

/** Ids of BYD / 秦PLUS / its first model, and a series of another brand. */
export async function catalogue(t: TestApp): Promise<Catalogue> {
  const { rows } = await t.deps.database.query<{ b: number; s: number; m: number; o: number }>(`
    select b.id as b, s.id as s, (select min(id) from car_models where series_id = s.id) as m,
      (select id from car_series where code = 'toyota-camry') as o
    from car_brands b join car_series s on s.brand_id = b.id
    where b.code = 'byd' and s.code = 'byd-qin-plus'`);
  const r = rows[0]!;
  return { brandId: Number(r.b), seriesId: Number(r.s), modelId: Number(r.m), otherSeriesId: Number(r.o) };
}

export function carInput(c: Catalogue, extra: Record<string, unknown> = {}) {
  return {
    plate: nextPlate(),
    vin: nextVin(),
    brandId: c.brandId,
    seriesId: c.seriesId,
    modelId: c.modelId,
    energy: 'hybrid',
    batteryKwh: 8.3,
    rangeKm: 55,
    compulsoryCompany: 'picc',
    compulsoryPolicyNo: 'PDZA2024000001',
    compulsoryExpiry: '2099-12-31',
    inspectionDue: '2099-06-30',
    ...extra,
  };
}

export async function tenantIds(t: TestApp) {
  const { rows } = await t.deps.database.query<{ code: string; id: number }>(`select code, id from tenants`);
  const tenant = (code: string) => Number(rows.find((r) => r.code === code)!.id);
  const rents = await t.deps.database.query<{ code: string; id: number }>(`select code, id from rents`);
  const rent = (code: string) => Number(rents.rows.find((r) => r.code === code)!.id);
  return { demo: tenant('DEMO'), other: tenant('OTHER'), hz: rent('HZ'), sh: rent('SH'), bj: rent('BJ') };
}

export { multipart };
export { readXlsx } from '../../../test/xlsx.js';
export const xlsxOf = (rows: (string | number | null)[][]) => sheetOf(rows, '车辆');
