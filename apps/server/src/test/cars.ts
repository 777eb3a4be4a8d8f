import { vinYearCode, withVinCheckDigit } from '@fleetdesk/contracts/identifiers';
import type { TestApp } from './harness.js';

/** Cars for tests of any area: valid VINs and plates, the catalogue's ids and the car form's input. */

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
