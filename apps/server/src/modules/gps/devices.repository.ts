import { sql, type SQL } from 'drizzle-orm';
import {
  ONLINE_SECONDS,
  ROUTE_MAX_POSITIONS,
  type Device,
  type DeviceStatus,
  type GpsProtocol,
  type LastPosition,
  type LiveCar,
} from '@fleetdesk/contracts/gps';
import {
  idArray,
  mapRows,
  rawIso,
  rawIsoOrNull,
  rawNumber,
  rawNumberOrNull,
  rowsOf,
  type DbOrTx,
  type RawNumber,
  type RawTime,
} from '../../core/db.js';
import { containsPattern } from '../../core/like.js';
import { alarmNames } from './jt808/codec.js';

/** The tenant, the rents in scope and the clock's now (the live status depends on it). */
export interface DeviceScope {
  tenantId: number;
  rentIds: readonly number[];
  now: string;
}
interface Paging {
  limit: number;
  offset: number;
}

/** Motion threshold: Traccar's event.motion.speedThreshold 0.01 kn, in km/h. */
const MOVING_KMH = 0.01 * 1.852;

const statusSql = (now: string) => sql`case when l.device_id is null then 'never'
  when l.server_time < ${now}::timestamptz - interval '${sql.raw(String(ONLINE_SECONDS))} seconds' then 'offline'
  when l.speed > ${sql.raw(String(MOVING_KMH))} then 'moving' else 'stopped' end`;

const deviceSelect = (now: string) => sql`select d.id, d.imei, d.model, d.protocol, d.sim, d.rent_id,
  r.name as rent_name, d.car_id, c.plate, c.vin, d.is_default, d.user_id, u.name as user_name, d.installed_at,
  d.installer, d.install_position, d.remark, d.registered_at, d.terminal_imei, d.osmand_key_hash is not null as has_key,
  d.rejected_future, d.rejected_range, d.rejected_at, d.created_at, l.fix_time, l.server_time, l.lat, l.lon,
  l.speed, l.course, l.altitude, l.valid, l.ignition, l.alarm, l.odometer, ${statusSql(now)} as live_status
  from gps_devices d
  join rents r on r.tenant_id = d.tenant_id and r.id = d.rent_id
  left join cars c on c.tenant_id = d.tenant_id and c.id = d.car_id
  left join users u on u.tenant_id = d.tenant_id and u.id = d.user_id
  left join gps_last_positions l on l.tenant_id = d.tenant_id and l.device_id = d.id`;

/** The last position's columns of `deviceSelect`: all null when the device never reported. */
type LastColumns =
  | {
      fix_time: RawTime;
      server_time: RawTime;
      lat: number;
      lon: number;
      speed: number;
      course: number;
      altitude: number;
      valid: boolean;
      ignition: boolean | null;
      alarm: number;
      odometer: number | null;
    }
  | {
      fix_time: null;
      server_time: null;
      lat: null;
      lon: null;
      speed: null;
      course: null;
      altitude: null;
      valid: null;
      ignition: null;
      alarm: null;
      odometer: null;
    };

/** A row of `deviceSelect`. */
type DeviceRow = LastColumns & {
  id: RawNumber;
  imei: string;
  model: string;
  protocol: GpsProtocol;
  sim: string | null;
  rent_id: RawNumber;
  rent_name: string;
  car_id: RawNumber | null;
  plate: string | null;
  vin: string | null;
  is_default: boolean;
  user_id: RawNumber | null;
  user_name: string | null;
  installed_at: RawTime | null;
  installer: string | null;
  install_position: string | null;
  remark: string | null;
  registered_at: RawTime | null;
  terminal_imei: string | null;
  has_key: boolean;
  rejected_future: number | null;
  rejected_range: number | null;
  rejected_at: RawTime | null;
  created_at: RawTime;
  live_status: DeviceStatus;
};

/** The odometer (metres) in km with one decimal. */
const mileageOf = (odometer: number | null) => (odometer == null ? null : Math.round(Number(odometer) / 100) / 10);

function lastOf(r: LastColumns): LastPosition | null {
  if (r.fix_time == null) return null;
  return {
    fixTime: rawIso(r.fix_time),
    serverTime: rawIso(r.server_time),
    lat: Number(r.lat),
    lon: Number(r.lon),
    speed: Number(r.speed),
    course: Number(r.course),
    altitude: Number(r.altitude),
    valid: Boolean(r.valid),
    ignition: r.ignition == null ? null : Boolean(r.ignition),
    alarms: alarmNames(Number(r.alarm)),
    mileage: mileageOf(r.odometer),
  };
}

function deviceOf(r: DeviceRow): Device {
  return {
    id: rawNumber(r.id),
    imei: r.imei,
    model: r.model,
    protocol: r.protocol,
    sim: r.sim ?? null,
    rentId: rawNumber(r.rent_id),
    rentName: r.rent_name,
    carId: rawNumberOrNull(r.car_id),
    plate: r.plate ?? null,
    vin: r.vin ?? null,
    isDefault: Boolean(r.is_default),
    userId: rawNumberOrNull(r.user_id),
    userName: r.user_name ?? null,
    installedAt: rawIsoOrNull(r.installed_at),
    installer: r.installer ?? null,
    installPosition: r.install_position ?? null,
    remark: r.remark ?? null,
    registeredAt: rawIsoOrNull(r.registered_at),
    terminalImei: r.terminal_imei ?? null,
    hasOsmandSecret: Boolean(r.has_key),
    rejectedFuture: Number(r.rejected_future ?? 0),
    rejectedRange: Number(r.rejected_range ?? 0),
    rejectedAt: rawIsoOrNull(r.rejected_at),
    status: r.live_status,
    last: lastOf(r),
    createdAt: rawIso(r.created_at),
  };
}

const inScope = (s: Pick<DeviceScope, 'tenantId' | 'rentIds'>) =>
  sql`d.tenant_id = ${s.tenantId} and d.rent_id = any(${idArray(s.rentIds)})`;

export interface DeviceFilter {
  keyword?: string;
  bound?: 'yes' | 'no';
  carBound?: boolean;
  status?: DeviceStatus;
}

/** A page of the device list (newest first) and the count of all matching devices. */
export async function devicePage(
  db: DbOrTx,
  scope: DeviceScope,
  f: DeviceFilter,
  p: Paging,
): Promise<{ rows: Device[]; total: number }> {
  const conds: SQL[] = [inScope(scope)];
  if (f.keyword) {
    const like = containsPattern(f.keyword);
    conds.push(sql`(d.imei ilike ${like} or c.plate ilike ${like} or d.sim ilike ${like} or c.vin ilike ${like})`);
  }
  if (f.bound === 'yes' || f.carBound) conds.push(sql`d.car_id is not null`);
  if (f.bound === 'no') conds.push(sql`d.car_id is null`);
  if (f.status) conds.push(sql`(${statusSql(scope.now)}) = ${f.status}`);
  const base = sql`${deviceSelect(scope.now)} where ${sql.join(conds, sql` and `)}`;
  const [total] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from (${base}) x`);
  const rows = await mapRows(db, sql`${base} order by d.id desc limit ${p.limit} offset ${p.offset}`, deviceOf);
  return { rows, total: Number(total!.n) };
}

export async function findDevice(db: DbOrTx, scope: DeviceScope, id: number): Promise<Device | undefined> {
  const [d] = await mapRows(db, sql`${deviceSelect(scope.now)} where ${inScope(scope)} and d.id = ${id}`, deviceOf);
  return d;
}

/** The car's devices in scope, its default first. */
export function carDevices(db: DbOrTx, scope: DeviceScope, carId: number): Promise<Device[]> {
  return mapRows(
    db,
    sql`${deviceSelect(scope.now)} where ${inScope(scope)} and d.car_id = ${carId} order by d.is_default desc, d.id`,
    deviceOf,
  );
}

export interface DeviceValues {
  imei: string;
  model: string;
  protocol: GpsProtocol;
  sim: string | null;
  rentId: number;
  installedAt: string | null;
  installer: string | null;
  installPosition: string | null;
  remark: string | null;
}

export async function insertDevice(
  db: DbOrTx,
  tenantId: number,
  v: DeviceValues,
  osmandKeyHash: string | null,
): Promise<number> {
  const [row] = await rowsOf<{ id: RawNumber }>(
    db,
    sql`insert into gps_devices (tenant_id, imei, model, protocol, sim, rent_id, installed_at, installer, install_position,
         remark, osmand_key_hash)
       values (${tenantId}, ${v.imei}, ${v.model}, ${v.protocol}, ${v.sim}, ${v.rentId}, ${v.installedAt}, ${v.installer},
         ${v.installPosition}, ${v.remark}, ${osmandKeyHash}) returning id`,
  );
  return rawNumber(row!.id);
}

/** Writes the device's fields; `resetIdentity` also clears its auth code, IMEI and OsmAnd secret. */
export async function updateDeviceRow(
  db: DbOrTx,
  tenantId: number,
  id: number,
  v: DeviceValues,
  resetIdentity: boolean,
): Promise<void> {
  await db.execute(sql`update gps_devices set imei=${v.imei}, model=${v.model}, protocol=${v.protocol}, sim=${v.sim},
       rent_id=${v.rentId}, installed_at=${v.installedAt}, installer=${v.installer},
       install_position=${v.installPosition}, remark=${v.remark}, updated_at=now()
       ${resetIdentity ? sql`, auth_code = null, registered_at = null, terminal_imei = null, osmand_key_hash = null` : sql``}
       where tenant_id=${tenantId} and id=${id}`);
}

export async function deleteDeviceRow(db: DbOrTx, tenantId: number, id: number): Promise<void> {
  await db.execute(sql`delete from gps_devices where tenant_id=${tenantId} and id=${id}`);
}

/** A car of the rents in scope, not deleted, by id or by VIN (any case). */
export async function findCarRow(
  db: DbOrTx,
  scope: Pick<DeviceScope, 'tenantId' | 'rentIds'>,
  where: { id?: number; vin?: string },
): Promise<{ id: number; plate: string; vin: string; rentId: number } | undefined> {
  const [car] = await rowsOf<{ id: RawNumber; plate: string; vin: string; rent_id: RawNumber }>(
    db,
    sql`select id, plate, vin, rent_id from cars where tenant_id = ${scope.tenantId}
     and rent_id = any(${idArray(scope.rentIds)}) and deleted_at is null
     and ${where.id !== undefined ? sql`id = ${where.id}` : sql`upper(vin) = upper(${where.vin})`}`,
  );
  return car && { id: rawNumber(car.id), plate: car.plate, vin: car.vin, rentId: rawNumber(car.rent_id) };
}

export async function insertBindRecord(
  db: DbOrTx,
  b: {
    tenantId: number;
    deviceId: number;
    imei: string;
    carId: number;
    plate: string;
    action: 'bind' | 'unbind';
    remark: string | null;
    userId: number;
    at: string;
  },
): Promise<void> {
  await db.execute(sql`insert into gps_device_binds (tenant_id, device_id, imei, car_id, plate, action, remark, user_id, at)
     values (${b.tenantId}, ${b.deviceId}, ${b.imei}, ${b.carId}, ${b.plate}, ${b.action}, ${b.remark}, ${b.userId},
       ${b.at})`);
}

/** Binds the device to the car; the car's first device becomes its default. */
export async function setDeviceCar(db: DbOrTx, tenantId: number, id: number, carId: number): Promise<void> {
  await db.execute(sql`update gps_devices set car_id = ${carId}, updated_at = now(),
       is_default = not exists (select 1 from gps_devices o where o.tenant_id = ${tenantId} and o.car_id = ${carId}
         and o.is_default)
     where tenant_id = ${tenantId} and id = ${id}`);
}

export async function clearDeviceCar(db: DbOrTx, tenantId: number, id: number): Promise<void> {
  await db.execute(sql`update gps_devices set car_id = null, is_default = false, updated_at = now()
    where tenant_id = ${tenantId} and id = ${id}`);
}

/** The car's first device (lowest id) becomes its default. */
export async function promoteFirstDevice(db: DbOrTx, tenantId: number, carId: number): Promise<void> {
  await db.execute(sql`update gps_devices set is_default = true where tenant_id = ${tenantId} and id =
       (select min(id) from gps_devices where tenant_id = ${tenantId} and car_id = ${carId})`);
}

export interface BindRecord {
  id: number;
  deviceId: number;
  imei: string;
  carId: number;
  plate: string;
  action: 'bind' | 'unbind';
  remark: string | null;
  userName: string | null;
  at: string;
}

export async function bindRecordPage(
  db: DbOrTx,
  scope: Pick<DeviceScope, 'tenantId' | 'rentIds'>,
  f: { deviceId?: number; carId?: number },
  p: Paging,
): Promise<{ rows: BindRecord[]; total: number }> {
  const conds: SQL[] = [sql`b.tenant_id = ${scope.tenantId}`, sql`c.rent_id = any(${idArray(scope.rentIds)})`];
  if (f.deviceId) conds.push(sql`b.device_id = ${f.deviceId}`);
  if (f.carId) conds.push(sql`b.car_id = ${f.carId}`);
  const base = sql`from gps_device_binds b join cars c on c.tenant_id = b.tenant_id and c.id = b.car_id
    left join users u on u.tenant_id = b.tenant_id and u.id = b.user_id where ${sql.join(conds, sql` and `)}`;
  const [total] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n ${base}`);
  const rows = await mapRows(
    db,
    sql`select b.id, b.device_id, b.imei, b.car_id, b.plate, b.action, b.remark, u.name as user_name, b.at ${base}
     order by b.at desc, b.id desc limit ${p.limit} offset ${p.offset}`,
    (r: {
      id: RawNumber;
      device_id: RawNumber;
      imei: string;
      car_id: RawNumber;
      plate: string;
      action: 'bind' | 'unbind';
      remark: string | null;
      user_name: string | null;
      at: RawTime;
    }): BindRecord => ({
      id: rawNumber(r.id),
      deviceId: rawNumber(r.device_id),
      imei: r.imei,
      carId: rawNumber(r.car_id),
      plate: r.plate,
      action: r.action,
      remark: r.remark ?? null,
      userName: r.user_name ?? null,
      at: rawIso(r.at),
    }),
  );
  return { rows, total: Number(total!.n) };
}

/** The id of the car's device with this IMEI. */
export async function deviceOnCar(db: DbOrTx, tenantId: number, carId: number, imei: string) {
  const [row] = await rowsOf<{ id: RawNumber }>(
    db,
    sql`select id from gps_devices where tenant_id = ${tenantId} and car_id = ${carId} and imei = ${imei}`,
  );
  return row && rawNumber(row.id);
}

/** The device becomes its car's only default. */
export async function makeDefault(db: DbOrTx, tenantId: number, carId: number, id: number): Promise<void> {
  await db.execute(sql`update gps_devices set is_default = false where tenant_id = ${tenantId} and car_id = ${carId}
    and is_default`);
  await db.execute(sql`update gps_devices set is_default = true where tenant_id = ${tenantId} and id = ${id}`);
}

export async function findUserRow(db: DbOrTx, tenantId: number, userId: number) {
  const [row] = await rowsOf<{ id: RawNumber; name: string; status: string }>(
    db,
    sql`select id, name, status from users where tenant_id = ${tenantId} and id = ${userId}`,
  );
  return row;
}

/** Active users of the tenant matching a name, username or phone (at most 50), with their bound devices. */
export function activeUsers(db: DbOrTx, tenantId: number, keyword: string | undefined) {
  const like = keyword ? containsPattern(keyword) : null;
  return mapRows(
    db,
    sql`select u.id, u.name, u.username, u.phone,
       (select count(*)::int from gps_devices d where d.tenant_id = u.tenant_id and d.user_id = u.id) as devices
     from users u where u.tenant_id = ${tenantId} and u.status = 'active'
     ${like ? sql`and (u.name ilike ${like} or u.username ilike ${like} or u.phone ilike ${like})` : sql``}
     order by u.name, u.id limit 50`,
    (r: { id: RawNumber; name: string; username: string; phone: string; devices: number }) => ({
      id: rawNumber(r.id),
      name: r.name,
      username: r.username,
      phone: r.phone,
      devices: Number(r.devices),
    }),
  );
}

/** Binds the device to a user, or unbinds it (`null`). */
export async function setDeviceUser(db: DbOrTx, tenantId: number, id: number, userId: number | null): Promise<void> {
  await db.execute(sql`update gps_devices set user_id = ${userId}, updated_at = now()
    where tenant_id = ${tenantId} and id = ${id}`);
}

/** A phone tracker (OsmAnd) for a user. */
export async function insertPhoneDevice(
  db: DbOrTx,
  v: { tenantId: number; imei: string; rentId: number; userId: number; osmandKeyHash: string },
): Promise<number> {
  const [row] = await rowsOf<{ id: RawNumber }>(
    db,
    sql`insert into gps_devices (tenant_id, imei, model, protocol, rent_id, user_id, osmand_key_hash)
         values (${v.tenantId}, ${v.imei}, 'PHONE', 'osmand', ${v.rentId}, ${v.userId}, ${v.osmandKeyHash})
         returning id`,
  );
  return rawNumber(row!.id);
}

/** Clears a JT/T 808 device's auth code and pinned IMEI. */
export async function clearIdentity(db: DbOrTx, tenantId: number, id: number): Promise<void> {
  await db.execute(sql`update gps_devices set auth_code = null, registered_at = null, terminal_imei = null,
       updated_at = now() where tenant_id = ${tenantId} and id = ${id}`);
}

export async function setOsmandKey(db: DbOrTx, tenantId: number, id: number, keyHash: string): Promise<void> {
  await db.execute(sql`update gps_devices set osmand_key_hash = ${keyHash}, updated_at = now()
    where tenant_id = ${tenantId} and id = ${id}`);
}

/** Cars in scope (not deleted, sold or scrapped) without any device, newest first. */
export async function unboundCarPage(
  db: DbOrTx,
  scope: Pick<DeviceScope, 'tenantId' | 'rentIds'>,
  keyword: string | undefined,
  p: Paging,
) {
  const conds: SQL[] = [
    sql`c.tenant_id = ${scope.tenantId}`,
    sql`c.rent_id = any(${idArray(scope.rentIds)})`,
    sql`c.deleted_at is null`,
    sql`c.status not in ('sold', 'scrapped')`,
    sql`not exists (select 1 from gps_devices d where d.tenant_id = c.tenant_id and d.car_id = c.id)`,
  ];
  if (keyword) {
    const like = containsPattern(keyword);
    conds.push(sql`(c.plate ilike ${like} or c.vin ilike ${like})`);
  }
  const base = sql`from cars c join rents r on r.tenant_id = c.tenant_id and r.id = c.rent_id
    where ${sql.join(conds, sql` and `)}`;
  const [total] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n ${base}`);
  const rows = await mapRows(
    db,
    sql`select c.id, c.plate, c.vin, c.rent_id, r.name as rent_name, c.status ${base} order by c.id desc
     limit ${p.limit} offset ${p.offset}`,
    (r: { id: RawNumber; plate: string; vin: string; rent_id: RawNumber; rent_name: string; status: string }) => ({
      id: rawNumber(r.id),
      plate: r.plate,
      vin: r.vin,
      rentId: rawNumber(r.rent_id),
      rentName: r.rent_name,
      status: r.status,
    }),
  );
  return { rows, total: Number(total!.n) };
}

/** The car's rent name and status. */
export async function carRentAndStatus(db: DbOrTx, tenantId: number, carId: number) {
  const [row] = await rowsOf<{ rent_name: string; status: string }>(
    db,
    sql`select r.name as rent_name, c.status from cars c join rents r on r.tenant_id = c.tenant_id and r.id = c.rent_id
        where c.tenant_id = ${tenantId} and c.id = ${carId}`,
  );
  return { rentName: row!.rent_name, status: row!.status };
}

export interface RoutePosition {
  /** The fix time, epoch milliseconds. */
  t: number;
  lat: number;
  lon: number;
  speed: number;
  course: number;
  alarm: number;
  odometer: number | null;
}

/** The device's positions between the times, oldest first, at most `ROUTE_MAX_POSITIONS + 1`. */
export function routePositions(db: DbOrTx, tenantId: number, deviceId: number, from: string, to: string) {
  return rowsOf<RoutePosition>(
    db,
    // The fix time as epoch milliseconds (float8): node-pg parses a timestamptz with a regular expression into a
    // Date, which for a device-day (8,640 rows) cost most of the query's round trip (docs/gps.md, Benchmarks).
    sql`select (extract(epoch from fix_time) * 1000)::float8 as t, lat, lon, speed, course, alarm, odometer
     from gps_positions where tenant_id = ${tenantId} and device_id = ${deviceId} and fix_time >= ${from}
       and fix_time <= ${to}
     order by fix_time limit ${sql.raw(String(ROUTE_MAX_POSITIONS + 1))}`,
  );
}

export async function countPositions(db: DbOrTx, tenantId: number, deviceId: number, from: string, to: string) {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from gps_positions where tenant_id = ${tenantId} and device_id = ${deviceId}
      and fix_time >= ${from} and fix_time <= ${to}`,
  );
  return Number(row!.n);
}

/** The month's figures per device (a page, by id) and the count of devices in scope. */
export async function staticsPage(
  db: DbOrTx,
  scope: Pick<DeviceScope, 'tenantId' | 'rentIds'>,
  month: { from: string; to: string; timeZone: string },
  p: Paging,
) {
  const [total] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from gps_devices d where ${inScope(scope)}`,
  );
  const rows = await mapRows(
    db,
    sql`select d.id, d.imei, c.plate, s.n, s.odo, s.days, s.alarms, s.max_speed
     from gps_devices d left join cars c on c.tenant_id = d.tenant_id and c.id = d.car_id
     left join lateral (select count(*)::int as n, max(p.odometer) - min(p.odometer) as odo,
        count(distinct (p.fix_time at time zone ${month.timeZone})::date)::int as days,
        count(*) filter (where p.alarm <> 0)::int as alarms, coalesce(max(p.speed), 0) as max_speed
        from gps_positions p where p.tenant_id = d.tenant_id and p.device_id = d.id and p.fix_time >= ${month.from}
          and p.fix_time < ${month.to}) s on true
     where ${inScope(scope)} order by d.id limit ${p.limit} offset ${p.offset}`,
    (r: {
      id: RawNumber;
      imei: string;
      plate: string | null;
      n: number | null;
      odo: number | null;
      days: number | null;
      alarms: number | null;
      max_speed: number | null;
    }) => ({
      deviceId: rawNumber(r.id),
      imei: r.imei,
      plate: r.plate ?? null,
      positions: Number(r.n ?? 0),
      mileage: r.odo == null ? 0 : Math.round(Number(r.odo) / 100) / 10,
      activeDays: Number(r.days ?? 0),
      alarms: Number(r.alarms ?? 0),
      maxSpeed: Number(r.max_speed ?? 0),
    }),
  );
  return { rows, total: Number(total!.n) };
}

/** Devices in scope per model. */
export function modelCounts(db: DbOrTx, scope: Pick<DeviceScope, 'tenantId' | 'rentIds'>) {
  return rowsOf<{ model: string; n: number }>(
    db,
    sql`select model, count(*)::int as n from gps_devices where tenant_id = ${scope.tenantId}
      and rent_id = any(${idArray(scope.rentIds)}) group by model`,
  );
}

/** What a work order is asked with (`createWorkOrder`). */
export interface WorkOrderInput {
  kind: 'install' | 'repair';
  carId: number;
  deviceId: number | null;
  address: string;
  contactName: string;
  contactPhone: string;
  appointmentAt: string | null;
  remark: string | null;
}

/** The live map's cars: devices in scope with a last position (a car's default device only), by id. */
export function liveCarRows(
  db: DbOrTx,
  scope: DeviceScope,
  options: { keyword?: string; deviceIds?: number[] },
): Promise<LiveCar[]> {
  const conds: SQL[] = [inScope(scope)];
  if (options.deviceIds) conds.push(sql`d.id = any(${idArray(options.deviceIds)})`);
  if (options.keyword) {
    const like = containsPattern(options.keyword);
    conds.push(sql`(c.plate ilike ${like} or d.imei ilike ${like})`);
  }
  return mapRows(
    db,
    sql`select d.id, d.imei, d.car_id, c.plate, l.lat, l.lon, l.speed, l.course, l.fix_time, l.alarm, l.odometer,
       ${statusSql(scope.now)} as live_status
     from gps_devices d join gps_last_positions l on l.tenant_id = d.tenant_id and l.device_id = d.id
     left join cars c on c.tenant_id = d.tenant_id and c.id = d.car_id
     where ${sql.join(conds, sql` and `)} and (d.car_id is null or d.is_default) order by d.id`,
    (r: {
      id: RawNumber;
      imei: string;
      car_id: RawNumber | null;
      plate: string | null;
      lat: number;
      lon: number;
      speed: number;
      course: number;
      fix_time: RawTime;
      alarm: number;
      odometer: number | null;
      live_status: DeviceStatus;
    }): LiveCar => ({
      deviceId: rawNumber(r.id),
      imei: r.imei,
      carId: rawNumberOrNull(r.car_id),
      plate: r.plate ?? null,
      status: r.live_status,
      lat: Number(r.lat),
      lon: Number(r.lon),
      speed: Number(r.speed),
      course: Number(r.course),
      fixTime: rawIso(r.fix_time),
      alarms: alarmNames(Number(r.alarm)),
      mileage: mileageOf(r.odometer),
    }),
  );
}
