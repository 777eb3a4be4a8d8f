import { withVinCheckDigit, vinYearCode } from '@fleetdesk/contracts/identifiers';
import { localDate } from '../../../core/tenant-time.js';
import type { TestApp } from '../../../test/harness.js';

export const A = '/api/ccwadmin';

export async function ids(t: TestApp) {
  const q = async <T>(sql: string) => (await t.deps.database.query<T>(sql)).rows;
  const rents = await q<{ code: string; id: number }>(`select code, id from rents`);
  const tenants = await q<{ code: string; id: number }>(`select code, id from tenants`);
  const rent = (code: string) => Number(rents.find((r) => r.code === code)!.id);
  const tenant = (code: string) => Number(tenants.find((r) => r.code === code)!.id);
  const [other] = await q<{ id: number; rent_id: number }>(
    `select c.id, c.rent_id from cars c join tenants t on t.id = c.tenant_id where t.code = 'OTHER' limit 1`,
  );
  return {
    demo: tenant('DEMO'),
    other: tenant('OTHER'),
    hz: rent('HZ'),
    sh: rent('SH'),
    otherCar: other ? Number(other.id) : undefined,
  };
}

/** The test's today (the clock's day in Shanghai, the demo tenant's zone) plus `n` days. */
export function today(t: TestApp, n = 0): string {
  return localDate('Asia/Shanghai', new Date(t.clock.now().getTime() + n * 86_400_000));
}

let serial = 0;
/** A new car (as admin) in `rentId`; answers its id and plate. */
export async function addCar(
  t: TestApp,
  rentId: number,
  extra: Record<string, unknown> = {},
): Promise<{ id: number; plate: string }> {
  serial++;
  const { rows } = await t.deps.database.query<{ b: number; s: number }>(`
    select b.id as b, s.id as s from car_brands b join car_series s on s.brand_id = b.id
    where b.code = 'byd' and s.code = 'byd-qin-plus'`);
  const plate = `浙AD0${String(serial).padStart(4, '0')}`;
  const vin = withVinCheckDigit(`LGXCE4CB0${vinYearCode(2023)}1${String(500000 + serial).slice(-6)}`);
  const res = await t.request('POST', `${A}/rentCar/add`, {
    as: 'admin',
    rent: rentId,
    body: { plate, vin, brandId: Number(rows[0]!.b), seriesId: Number(rows[0]!.s), energy: 'electric', ...extra },
  });
  if (res.statusCode !== 200) throw new Error(`car: ${res.body}`);
  return { id: res.json().data.id as number, plate: res.json().data.plate as string };
}

/** A car type of a tenant, made in the database. */
export async function addCarType(t: TestApp, tenantId: number, name: string): Promise<number> {
  const { rows } = await t.deps.database.query<{ id: number }>(
    `insert into car_types (tenant_id, name, monthly_rent_fen, deposit_fen) values ($1, $2, 300000, 500000)
     returning id`,
    [tenantId, name],
  );
  return Number(rows[0]!.id);
}

/** A plan made in the database (the plan calls have their own tests). */
export async function insertPlan(
  t: TestApp,
  tenantId: number,
  p: { carTypeId?: number; carId?: number; km?: number | null; months?: number | null; name?: string },
): Promise<number> {
  const { rows } = await t.deps.database.query<{ id: number }>(
    `insert into maintenance_plans (tenant_id, name, car_type_id, car_id, interval_km, interval_months)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [
      tenantId,
      p.name ?? `plan ${p.carTypeId ?? p.carId}`,
      p.carTypeId ?? null,
      p.carId ?? null,
      p.km ?? null,
      p.months ?? null,
    ],
  );
  return Number(rows[0]!.id);
}

let orderSerial = 0;
/** A work order made in the database (Helper 2's service makes them through the API). */
export async function insertOrder(
  t: TestApp,
  tenantId: number,
  o: {
    carId: number;
    rentId: number;
    kind?: string;
    state?: string;
    workshopId?: number | null;
    actualEnd?: string | null;
    mileageIn?: number | null;
    mileageOut?: number | null;
  },
): Promise<number> {
  orderSerial++;
  const { rows } = await t.deps.database.query<{ id: number }>(
    `insert into maintenance_work_orders (tenant_id, number, rent_id, car_id, workshop_id, kind, state, problem,
       planned_start, actual_end, mileage_in, mileage_out)
     values ($1, $2, $3, $4, $5, $6, $7, '测试工单', $8, $9, $10, $11) returning id`,
    [
      tenantId,
      `WXTEST${String(orderSerial).padStart(6, '0')}`,
      o.rentId,
      o.carId,
      o.workshopId ?? null,
      o.kind ?? 'service',
      o.state ?? 'done',
      (o.actualEnd ?? '2020-01-01').slice(0, 10),
      o.actualEnd ?? null,
      o.mileageIn ?? null,
      o.mileageOut ?? null,
    ],
  );
  return Number(rows[0]!.id);
}

let imei = 868120300000000;
/** A device bound to the car with a last position whose odometer reads `km`. */
export async function setOdometer(t: TestApp, tenantId: number, rentId: number, carId: number, km: number) {
  imei++;
  const { rows } = await t.deps.database.query<{ id: number }>(
    `insert into gps_devices (tenant_id, imei, rent_id, car_id, is_default) values ($1, $2, $3, $4, true) returning id`,
    [tenantId, String(imei), rentId, carId],
  );
  const at = t.clock.now().toISOString();
  await t.deps.database.query(
    `insert into gps_last_positions (tenant_id, device_id, fix_time, server_time, lat, lon, odometer)
     values ($1, $2, $3, $3, 30.27, 120.15, $4)`,
    [tenantId, Number(rows[0]!.id), at, km * 1000],
  );
}
