import type { TestApp } from '../../../test/harness.js';
import { multipart } from '../../../test/multipart.js';
import { xlsxOf as sheetOf } from '../../../test/xlsx.js';

export { PNG, upload } from '../../../test/multipart.js';

export { carInput, catalogue, nextPlate, nextVin, type Catalogue } from '../../../test/cars.js';

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
