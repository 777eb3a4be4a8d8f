import { randomInt } from 'node:crypto';
import { newOsmandSecret, osmandKeyHash } from './identity.js';
import {
  DEVICE_MODELS,
  ONLINE_SECONDS,
  ROUTE_MAX_POSITIONS,
  modelProtocol,
  type BindableUser,
  type Device,
  type DeviceInput,
  type DeviceListQuery,
  type DeviceStatus,
  type LastPosition,
  type LiveCar,
  type Route,
} from '@fleetdesk/contracts/gps';
import type { PageQuery, Paged } from '@fleetdesk/contracts/common';
import { scopeFor, type RequestContext } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { pgErrorOf } from '../../core/db.js';
import { offsetOf, page } from '../../core/envelope.js';
import { ConflictError, ForbiddenError, invalidField, NotFoundError } from '../../core/errors.js';
import { translate } from '../../core/i18n.js';
import { monthBounds, tenantZone } from '../../core/tenant-time.js';
import { containsPattern } from '../../core/like.js';
import { alarmNames } from './jt808/codec.js';
import { tripsAndStops, type MotionPoint } from './motion.js';
import { assertNotInReceipt } from './receipts.service.js';
import './gps.messages.js';

type Ctx = Pick<RequestContext, 'tenantId' | 'userId' | 'rentId' | 'rentIds' | 'lang'>;
type Deps = Pick<AppDeps, 'database' | 'db' | 'clock'>;
type Row = Record<string, unknown>;

/** Motion threshold: Traccar's event.motion.speedThreshold 0.01 kn, in km/h. */
const MOVING_KMH = 0.01 * 1.852;

const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());
const num = (v: unknown) => (v == null ? null : Number(v));

const statusSql = (clockParam: string) => `case when l.device_id is null then 'never'
  when l.server_time < ${clockParam}::timestamptz - interval '${ONLINE_SECONDS} seconds' then 'offline'
  when l.speed > ${MOVING_KMH} then 'moving' else 'stopped' end`;

const DEVICE_SELECT = (clockParam: string) => `select d.id, d.imei, d.model, d.protocol, d.sim, d.rent_id,
  r.name as rent_name, d.car_id, c.plate, c.vin, d.is_default, d.user_id, u.name as user_name, d.installed_at,
  d.installer, d.install_position, d.remark, d.registered_at, d.terminal_imei, d.osmand_key_hash is not null as has_key,
  d.rejected_future, d.rejected_range, d.rejected_at, d.created_at, l.fix_time, l.server_time, l.lat, l.lon,
  l.speed, l.course, l.altitude, l.valid, l.ignition, l.alarm, l.odometer, ${statusSql(clockParam)} as live_status
  from gps_devices d
  join rents r on r.tenant_id = d.tenant_id and r.id = d.rent_id
  left join cars c on c.tenant_id = d.tenant_id and c.id = d.car_id
  left join users u on u.tenant_id = d.tenant_id and u.id = d.user_id
  left join gps_last_positions l on l.tenant_id = d.tenant_id and l.device_id = d.id`;

function lastOf(r: Row): LastPosition | null {
  if (r.fix_time == null) return null;
  return {
    fixTime: iso(r.fix_time)!,
    serverTime: iso(r.server_time)!,
    lat: Number(r.lat),
    lon: Number(r.lon),
    speed: Number(r.speed),
    course: Number(r.course),
    altitude: Number(r.altitude),
    valid: Boolean(r.valid),
    ignition: r.ignition == null ? null : Boolean(r.ignition),
    alarms: alarmNames(Number(r.alarm)),
    mileage: r.odometer == null ? null : Math.round(Number(r.odometer) / 100) / 10,
  };
}

function deviceOf(r: Row): Device {
  return {
    id: Number(r.id),
    imei: String(r.imei),
    model: String(r.model),
    protocol: r.protocol as Device['protocol'],
    sim: (r.sim as string | null) ?? null,
    rentId: Number(r.rent_id),
    rentName: String(r.rent_name),
    carId: num(r.car_id),
    plate: (r.plate as string | null) ?? null,
    vin: (r.vin as string | null) ?? null,
    isDefault: Boolean(r.is_default),
    userId: num(r.user_id),
    userName: (r.user_name as string | null) ?? null,
    installedAt: iso(r.installed_at),
    installer: (r.installer as string | null) ?? null,
    installPosition: (r.install_position as string | null) ?? null,
    remark: (r.remark as string | null) ?? null,
    registeredAt: iso(r.registered_at),
    terminalImei: (r.terminal_imei as string | null) ?? null,
    hasOsmandSecret: Boolean(r.has_key),
    rejectedFuture: Number(r.rejected_future ?? 0),
    rejectedRange: Number(r.rejected_range ?? 0),
    rejectedAt: iso(r.rejected_at),
    status: r.live_status as DeviceStatus,
    last: lastOf(r),
    createdAt: iso(r.created_at)!,
  };
}

export async function listDevices(
  deps: Deps,
  ctx: Ctx,
  q: DeviceListQuery & { carBound?: boolean },
): Promise<Paged<Device>> {
  const params: unknown[] = [ctx.tenantId, scopeFor(ctx, q.rentId).rentIds, deps.clock.now().toISOString()];
  const where = ['d.tenant_id = $1', 'd.rent_id = any($2::int8[])'];
  if (q.keyword) {
    params.push(containsPattern(q.keyword));
    where.push(
      `(d.imei ilike $${params.length} or c.plate ilike $${params.length} or d.sim ilike $${params.length} or c.vin ilike $${params.length})`,
    );
  }
  if (q.bound === 'yes' || q.carBound) where.push('d.car_id is not null');
  if (q.bound === 'no') where.push('d.car_id is null');
  if (q.status) {
    params.push(q.status);
    where.push(`(${statusSql('$3')}) = $${params.length}`);
  }
  const base = `${DEVICE_SELECT('$3')} where ${where.join(' and ')}`;
  const { rows: total } = await deps.database.query<{ n: number }>(
    `select count(*)::int as n from (${base}) x`,
    params,
  );
  const { rows } = await deps.database.query<Row>(
    `${base} order by d.id desc limit ${q.pageSize} offset ${offsetOf(q)}`,
    params,
  );
  return page(rows.map(deviceOf), Number(total[0]!.n), q);
}

/** Every matching device, 1,000 at a time (exports). */
export async function* eachDevice(
  deps: Deps,
  ctx: Ctx,
  q: Omit<DeviceListQuery, 'pageNum' | 'pageSize'> & { carBound?: boolean },
) {
  for (let pageNum = 1; ; pageNum++) {
    const p = await listDevices(deps, ctx, { ...q, pageNum, pageSize: 500 });
    yield* p.rows;
    if (p.rows.length < 500) return;
  }
}

export async function getDevice(deps: Deps, ctx: Ctx, id: number): Promise<Device> {
  const { rows } = await deps.database.query<Row>(
    `${DEVICE_SELECT('$3')} where d.tenant_id = $1 and d.rent_id = any($2::int8[]) and d.id = $4`,
    [ctx.tenantId, [...ctx.rentIds], deps.clock.now().toISOString(), id],
  );
  if (!rows[0]) throw new NotFoundError('gps.deviceNotFound');
  return deviceOf(rows[0]);
}

function imeiTaken(err: unknown, imei: string): never {
  if (pgErrorOf(err).constraint === 'gps_devices_imei_uq') throw invalidField('imei', 'gps.imeiTaken', { imei });
  throw err;
}

/** A known model speaks one protocol: a phone (PHONE) is OsmAnd, the terminals JT/T 808. */
function checkModel(input: DeviceInput): void {
  const protocol = modelProtocol(input.model);
  if (protocol && protocol !== input.protocol) throw invalidField('protocol', 'gps.modelProtocol');
}

export async function createDevice(deps: Deps, ctx: Ctx, input: DeviceInput): Promise<Device> {
  checkModel(input);
  const rentId = input.rentId ?? ctx.rentId ?? ctx.rentIds[0];
  if (rentId == null || !ctx.rentIds.includes(rentId)) throw invalidField('rentId', 'gps.rentNotAllowed');
  const secret = input.protocol === 'osmand' ? newOsmandSecret() : null;
  const { rows } = await deps.database
    .query<{ id: number }>(
      `insert into gps_devices (tenant_id, imei, model, protocol, sim, rent_id, installed_at, installer, install_position,
         remark, osmand_key_hash)
       values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11) returning id`,
      [
        ctx.tenantId,
        input.imei,
        input.model,
        input.protocol,
        input.sim,
        rentId,
        input.installedAt,
        input.installer,
        input.installPosition,
        input.remark,
        secret ? osmandKeyHash(secret) : null,
      ],
    )
    .catch((err: unknown) => imeiTaken(err, input.imei));
  const d = await getDevice(deps, ctx, Number(rows[0]!.id));
  return secret ? { ...d, osmandSecret: secret } : d;
}

export async function updateDevice(deps: Deps, ctx: Ctx, id: number, input: DeviceInput) {
  const before = await getDevice(deps, ctx, id);
  checkModel(input);
  const rentId = input.rentId ?? before.rentId;
  if (!ctx.rentIds.includes(rentId)) throw invalidField('rentId', 'gps.rentNotAllowed');
  if (rentId !== before.rentId && before.carId)
    throw new ConflictError('gps.alreadyBound', { plate: before.plate ?? '' });
  if (rentId !== before.rentId) await assertNotInReceipt(deps, ctx.tenantId, id, before.imei);
  // Another number or protocol is another device: its identity (auth code, IMEI, OsmAnd secret) starts over.
  const identityChanges = input.imei !== before.imei || input.protocol !== before.protocol;
  await deps.database
    .query(
      `update gps_devices set imei=$3, model=$4, protocol=$5, sim=$6, rent_id=$7, installed_at=$8, installer=$9,
       install_position=$10, remark=$11, updated_at=now()
       ${identityChanges ? ', auth_code = null, registered_at = null, terminal_imei = null, osmand_key_hash = null' : ''}
       where tenant_id=$1 and id=$2`,
      [
        ctx.tenantId,
        id,
        input.imei,
        input.model,
        input.protocol,
        input.sim,
        rentId,
        input.installedAt,
        input.installer,
        input.installPosition,
        input.remark,
      ],
    )
    .catch((err: unknown) => imeiTaken(err, input.imei));
  return { before, after: await getDevice(deps, ctx, id) };
}

export async function deleteDevice(deps: Deps, ctx: Ctx, id: number): Promise<Device> {
  const d = await getDevice(deps, ctx, id);
  if (d.carId) throw new ConflictError('gps.boundDelete', { plate: d.plate ?? '' });
  await assertNotInReceipt(deps, ctx.tenantId, id, d.imei);
  await deps.database.query('delete from gps_devices where tenant_id=$1 and id=$2', [ctx.tenantId, id]);
  return d;
}

async function findCar(deps: Deps, ctx: Ctx, where: { id?: number; vin?: string }) {
  const { rows } = await deps.database.query<{ id: number; plate: string; vin: string; rent_id: number }>(
    `select id, plate, vin, rent_id from cars where tenant_id = $1 and rent_id = any($2::int8[]) and deleted_at is null
     and ${where.id !== undefined ? 'id = $3' : 'upper(vin) = upper($3)'}`,
    [ctx.tenantId, [...ctx.rentIds], where.id ?? where.vin],
  );
  const car = rows[0];
  if (!car) throw new NotFoundError('gps.carNotFound');
  return { id: Number(car.id), plate: car.plate, vin: car.vin, rentId: Number(car.rent_id) };
}

async function record(
  deps: Deps,
  ctx: Ctx,
  d: { id: number; imei: string },
  car: { id: number; plate: string },
  action: 'bind' | 'unbind',
  remark: string | null,
) {
  await deps.database.query(
    `insert into gps_device_binds (tenant_id, device_id, imei, car_id, plate, action, remark, user_id, at)
     values ($1,$2,$3,$4,$5,$6,$7,$8,$9)`,
    [ctx.tenantId, d.id, d.imei, car.id, car.plate, action, remark, ctx.userId, deps.clock.now().toISOString()],
  );
}

/** Binds a device to a car of the same rent; the car's first device becomes its default. */
export async function bindDevice(deps: Deps, ctx: Ctx, id: number, carId: number, remark: string | null) {
  const d = await getDevice(deps, ctx, id);
  if (d.carId) throw new ConflictError('gps.alreadyBound', { plate: d.plate ?? '' });
  await assertNotInReceipt(deps, ctx.tenantId, id, d.imei);
  const car = await findCar(deps, ctx, { id: carId });
  if (car.rentId !== d.rentId) throw invalidField('carId', 'gps.otherRent');
  await deps.database.query(
    `update gps_devices set car_id = $3, updated_at = now(),
       is_default = not exists (select 1 from gps_devices o where o.tenant_id = $1 and o.car_id = $3 and o.is_default)
     where tenant_id = $1 and id = $2`,
    [ctx.tenantId, id, car.id],
  );
  await record(deps, ctx, d, car, 'bind', remark);
  return getDevice(deps, ctx, id);
}

export async function unbindDevice(deps: Deps, ctx: Ctx, id: number, remark: string | null) {
  const d = await getDevice(deps, ctx, id);
  if (!d.carId) throw new ConflictError('gps.notBound');
  await deps.database.query(
    'update gps_devices set car_id = null, is_default = false, updated_at = now() where tenant_id = $1 and id = $2',
    [ctx.tenantId, id],
  );
  // Another device of the car takes over as default.
  if (d.isDefault)
    await deps.database.query(
      `update gps_devices set is_default = true where tenant_id = $1 and id =
       (select min(id) from gps_devices where tenant_id = $1 and car_id = $2)`,
      [ctx.tenantId, d.carId],
    );
  await record(deps, ctx, d, { id: d.carId, plate: d.plate ?? '' }, 'unbind', remark);
  return getDevice(deps, ctx, id);
}

export async function bindHistory(deps: Deps, ctx: Ctx, q: PageQuery & { deviceId?: number; carId?: number }) {
  const params: unknown[] = [ctx.tenantId, [...ctx.rentIds]];
  const where = ['b.tenant_id = $1', 'c.rent_id = any($2::int8[])'];
  if (q.deviceId) {
    params.push(q.deviceId);
    where.push(`b.device_id = $${params.length}`);
  }
  if (q.carId) {
    params.push(q.carId);
    where.push(`b.car_id = $${params.length}`);
  }
  const base = `from gps_device_binds b join cars c on c.tenant_id = b.tenant_id and c.id = b.car_id
    left join users u on u.tenant_id = b.tenant_id and u.id = b.user_id where ${where.join(' and ')}`;
  const { rows: total } = await deps.database.query<{ n: number }>(`select count(*)::int as n ${base}`, params);
  const { rows } = await deps.database.query<Row>(
    `select b.id, b.device_id, b.imei, b.car_id, b.plate, b.action, b.remark, u.name as user_name, b.at ${base}
     order by b.at desc, b.id desc limit ${q.pageSize} offset ${offsetOf(q)}`,
    params,
  );
  return page(
    rows.map((r) => ({
      id: Number(r.id),
      deviceId: Number(r.device_id),
      imei: String(r.imei),
      carId: Number(r.car_id),
      plate: String(r.plate),
      action: r.action as 'bind' | 'unbind',
      remark: (r.remark as string | null) ?? null,
      userName: (r.user_name as string | null) ?? null,
      at: iso(r.at)!,
    })),
    Number(total[0]!.n),
    q,
  );
}

export async function changeDefault(deps: Deps, ctx: Ctx, carVin: string, imei: string) {
  const car = await findCar(deps, ctx, { vin: carVin });
  const { rows } = await deps.database.query<{ id: number }>(
    'select id from gps_devices where tenant_id = $1 and car_id = $2 and imei = $3',
    [ctx.tenantId, car.id, imei],
  );
  if (!rows[0]) throw new ConflictError('gps.notOnCar', { imei });
  await deps.database.query(
    'update gps_devices set is_default = false where tenant_id = $1 and car_id = $2 and is_default',
    [ctx.tenantId, car.id],
  );
  await deps.database.query('update gps_devices set is_default = true where tenant_id = $1 and id = $2', [
    ctx.tenantId,
    rows[0].id,
  ]);
  return getDevice(deps, ctx, Number(rows[0].id));
}

/** A user of the caller's tenant who can still sign in (a disabled or departed user gets no device). */
async function findUser(deps: Deps, ctx: Ctx, userId: number) {
  const { rows } = await deps.database.query<{ id: number; name: string; status: string }>(
    'select id, name, status from users where tenant_id = $1 and id = $2',
    [ctx.tenantId, userId],
  );
  if (!rows[0]) throw invalidField('userId', 'gps.userNotFound');
  if (rows[0].status !== 'active') throw invalidField('userId', 'gps.userNotActive', { name: rows[0].name });
  return rows[0];
}

/** Active users of the tenant matching a name, username or phone (at most 50), with their bound devices. */
export async function bindableUsers(deps: Deps, ctx: Ctx, q: { keyword?: string }): Promise<BindableUser[]> {
  const params: unknown[] = [ctx.tenantId];
  let filter = '';
  if (q.keyword) {
    params.push(containsPattern(q.keyword));
    filter = `and (u.name ilike $2 or u.username ilike $2 or u.phone ilike $2)`;
  }
  const { rows } = await deps.database.query<Row>(
    `select u.id, u.name, u.username, u.phone,
       (select count(*)::int from gps_devices d where d.tenant_id = u.tenant_id and d.user_id = u.id) as devices
     from users u where u.tenant_id = $1 and u.status = 'active' ${filter}
     order by u.name, u.id limit 50`,
    params,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    username: String(r.username),
    phone: String(r.phone),
    devices: Number(r.devices),
  }));
}

export async function userBind(deps: Deps, ctx: Ctx, id: number, userId: number) {
  const d = await getDevice(deps, ctx, id);
  if (d.userId && d.userId !== userId) throw new ConflictError('gps.userBound', { name: d.userName ?? '' });
  await findUser(deps, ctx, userId);
  await deps.database.query(
    'update gps_devices set user_id = $3, updated_at = now() where tenant_id = $1 and id = $2',
    [ctx.tenantId, id, userId],
  );
  return getDevice(deps, ctx, id);
}

/**
 * A phone tracker for a user in one step: a Traccar Client (OsmAnd) device with a new 15-digit device number and a
 * random secret identifier (answered once: typed into Traccar Client as its device id).
 */
export async function quickUserBind(deps: Deps, ctx: Ctx, userId: number) {
  await findUser(deps, ctx, userId);
  const rentId = ctx.rentId ?? ctx.rentIds[0];
  if (rentId == null) throw new ForbiddenError('error.forbidden');
  for (let attempt = 0; ; attempt++) {
    const imei = `9${String(randomInt(1e9)).padStart(9, '0')}${String(randomInt(1e5)).padStart(5, '0')}`;
    const secret = newOsmandSecret();
    try {
      const { rows } = await deps.database.query<{ id: number }>(
        `insert into gps_devices (tenant_id, imei, model, protocol, rent_id, user_id, osmand_key_hash)
         values ($1,$2,'PHONE','osmand',$3,$4,$5) returning id`,
        [ctx.tenantId, imei, rentId, userId, osmandKeyHash(secret)],
      );
      return { ...(await getDevice(deps, ctx, Number(rows[0]!.id))), osmandSecret: secret };
    } catch (err) {
      if (attempt > 3 || pgErrorOf(err).constraint !== 'gps_devices_imei_uq') throw err;
    }
  }
}

/**
 * An operator's reset of a JT/T 808 device's identity: the auth code and the pinned IMEI are cleared, so the
 * terminal may register again (its connections lose their commands at once).
 */
export async function resetIdentity(deps: Deps, ctx: Ctx, id: number): Promise<Device> {
  const d = await getDevice(deps, ctx, id);
  if (d.protocol !== 'jt808') throw new ConflictError('gps.notJt808');
  await deps.database.query(
    `update gps_devices set auth_code = null, registered_at = null, terminal_imei = null, updated_at = now()
     where tenant_id = $1 and id = $2`,
    [ctx.tenantId, id],
  );
  return getDevice(deps, ctx, id);
}

/** A new OsmAnd secret identifier for a phone tracker (the old one stops working); answered once. */
export async function regenerateOsmandSecret(deps: Deps, ctx: Ctx, id: number): Promise<Device> {
  const d = await getDevice(deps, ctx, id);
  if (d.protocol !== 'osmand') throw new ConflictError('gps.notOsmand');
  const secret = newOsmandSecret();
  await deps.database.query(
    'update gps_devices set osmand_key_hash = $3, updated_at = now() where tenant_id = $1 and id = $2',
    [ctx.tenantId, id, osmandKeyHash(secret)],
  );
  return { ...(await getDevice(deps, ctx, id)), osmandSecret: secret };
}

export async function userUnbind(deps: Deps, ctx: Ctx, id: number) {
  const d = await getDevice(deps, ctx, id);
  if (!d.userId) throw new ConflictError('gps.notUserBound');
  await deps.database.query(
    'update gps_devices set user_id = null, updated_at = now() where tenant_id = $1 and id = $2',
    [ctx.tenantId, id],
  );
  return { before: d, after: await getDevice(deps, ctx, id) };
}

export async function unboundCars(deps: Deps, ctx: Ctx, q: PageQuery & { keyword?: string; rentId?: number }) {
  const params: unknown[] = [ctx.tenantId, scopeFor(ctx, q.rentId).rentIds];
  const where = [
    'c.tenant_id = $1',
    'c.rent_id = any($2::int8[])',
    'c.deleted_at is null',
    `c.status not in ('sold', 'scrapped')`,
    'not exists (select 1 from gps_devices d where d.tenant_id = c.tenant_id and d.car_id = c.id)',
  ];
  if (q.keyword) {
    params.push(containsPattern(q.keyword));
    where.push(`(c.plate ilike $${params.length} or c.vin ilike $${params.length})`);
  }
  const base = `from cars c join rents r on r.tenant_id = c.tenant_id and r.id = c.rent_id where ${where.join(' and ')}`;
  const { rows: total } = await deps.database.query<{ n: number }>(`select count(*)::int as n ${base}`, params);
  const { rows } = await deps.database.query<Row>(
    `select c.id, c.plate, c.vin, c.rent_id, r.name as rent_name, c.status ${base} order by c.id desc
     limit ${q.pageSize} offset ${offsetOf(q)}`,
    params,
  );
  return page(
    rows.map((r) => ({
      id: Number(r.id),
      plate: String(r.plate),
      vin: String(r.vin),
      rentId: Number(r.rent_id),
      rentName: String(r.rent_name),
      status: String(r.status),
    })),
    Number(total[0]!.n),
    q,
  );
}

export async function* eachUnboundCar(deps: Deps, ctx: Ctx, q: { keyword?: string; rentId?: number }) {
  for (let pageNum = 1; ; pageNum++) {
    const p = await unboundCars(deps, ctx, { ...q, pageNum, pageSize: 500 });
    yield* p.rows;
    if (p.rows.length < 500) return;
  }
}

/** A car of the caller's rents by VIN (any case), with its devices; another rent's or tenant's car is 404. */
export async function carByVin(deps: Deps, ctx: Ctx, vin: string) {
  const car = await findCar(deps, ctx, { vin });
  const [{ rows: cars }, { rows: devices }] = await Promise.all([
    deps.database.query<{ rent_name: string; status: string }>(
      `select r.name as rent_name, c.status from cars c join rents r on r.tenant_id = c.tenant_id and r.id = c.rent_id
        where c.tenant_id = $1 and c.id = $2`,
      [ctx.tenantId, car.id],
    ),
    deps.database.query<Row>(
      `${DEVICE_SELECT('$3')} where d.tenant_id = $1 and d.rent_id = any($2::int8[]) and d.car_id = $4
        order by d.is_default desc, d.id`,
      [ctx.tenantId, [...ctx.rentIds], deps.clock.now().toISOString(), car.id],
    ),
  ]);
  return {
    id: car.id,
    plate: car.plate,
    vin: car.vin,
    rentId: car.rentId,
    rentName: String(cars[0]!.rent_name),
    status: String(cars[0]!.status),
    devices: devices.map(deviceOf).map((d) => ({
      id: d.id,
      imei: d.imei,
      model: d.model,
      protocol: d.protocol,
      isDefault: d.isDefault,
      status: d.status,
    })),
  };
}

export async function carGps(deps: Deps, ctx: Ctx, vin: string) {
  const car = await findCar(deps, ctx, { vin });
  const { rows } = await deps.database.query<Row>(
    `${DEVICE_SELECT('$3')} where d.tenant_id = $1 and d.rent_id = any($2::int8[]) and d.car_id = $4 order by d.is_default desc, d.id`,
    [ctx.tenantId, [...ctx.rentIds], deps.clock.now().toISOString(), car.id],
  );
  return { carId: car.id, plate: car.plate, vin: car.vin, devices: rows.map(deviceOf) };
}

export async function checkInstall(deps: Deps, ctx: Ctx, id: number) {
  const d = await getDevice(deps, ctx, id);
  const t = (key: string) => translate(ctx.lang, key);
  const powerCut = d.last ? d.last.alarms.includes('powerCut') : false;
  const checks = [
    { code: 'registered', ok: d.registeredAt !== null || d.protocol === 'osmand', message: '' },
    { code: 'reporting', ok: d.status === 'moving' || d.status === 'stopped', message: '' },
    { code: 'fixed', ok: d.last?.valid ?? false, message: '' },
    { code: 'bound', ok: d.carId !== null, message: '' },
    { code: 'power', ok: d.last !== null && !powerCut, message: '' },
  ];
  const keys: Record<string, [string, string]> = {
    registered: ['gps.check.registered', 'gps.check.notRegistered'],
    reporting: ['gps.check.reporting', 'gps.check.silent'],
    fixed: ['gps.check.fixed', 'gps.check.notFixed'],
    bound: ['gps.check.bound', 'gps.check.unbound'],
    power: ['gps.check.power', 'gps.check.powerCut'],
  };
  for (const c of checks) c.message = t(keys[c.code]![c.ok ? 0 : 1]);
  return { deviceId: d.id, imei: d.imei, ok: checks.every((c) => c.ok), checks };
}

export async function route(deps: Deps, ctx: Ctx, id: number, from: string, to: string): Promise<Route> {
  await getDevice(deps, ctx, id);
  const { rows } = await deps.database.query<Row>(
    // The fix time as epoch milliseconds (float8): node-pg parses a timestamptz with a regular expression into a
    // Date, which for a device-day (8,640 rows) cost most of the query's round trip (docs/gps.md, Benchmarks).
    `select (extract(epoch from fix_time) * 1000)::float8 as t, lat, lon, speed, course, alarm, odometer
     from gps_positions where tenant_id = $1 and device_id = $2 and fix_time >= $3 and fix_time <= $4
     order by fix_time limit ${ROUTE_MAX_POSITIONS + 1}`,
    [ctx.tenantId, id, from, to],
  );
  let truncated = false;
  let message: string | null = null;
  if (rows.length > ROUTE_MAX_POSITIONS) {
    truncated = true;
    rows.length = ROUTE_MAX_POSITIONS;
    const { rows: n } = await deps.database.query<{ n: number }>(
      'select count(*)::int as n from gps_positions where tenant_id = $1 and device_id = $2 and fix_time >= $3 and fix_time <= $4',
      [ctx.tenantId, id, from, to],
    );
    message = translate(ctx.lang, 'gps.routeTruncated', { total: Number(n[0]!.n), max: ROUTE_MAX_POSITIONS });
  }
  const points: MotionPoint[] = rows.map((r) => ({
    t: Number(r.t),
    lat: Number(r.lat),
    lon: Number(r.lon),
    speed: Number(r.speed),
    odometer: num(r.odometer),
  }));
  const { trips, stops } = tripsAndStops(points);
  const km = (m: number) => Math.round(m / 10) / 100;
  return {
    deviceId: id,
    points: rows.map((r, i) => ({
      t: new Date(points[i]!.t).toISOString(),
      lat: points[i]!.lat,
      lon: points[i]!.lon,
      speed: points[i]!.speed,
      course: Number(r.course),
      alarms: alarmNames(Number(r.alarm)),
    })),
    truncated,
    message,
    trips: trips.map((t) => {
      const seconds = Math.round((t.end - t.start) / 1000);
      return {
        start: new Date(t.start).toISOString(),
        end: new Date(t.end).toISOString(),
        startLat: t.from.lat,
        startLon: t.from.lon,
        endLat: t.to.lat,
        endLon: t.to.lon,
        distance: km(t.distance),
        averageSpeed: seconds > 0 ? Math.round((t.distance / seconds) * 36) / 10 : 0,
        maxSpeed: t.maxSpeed,
        durationSeconds: seconds,
      };
    }),
    stops: stops.map((s) => ({
      start: new Date(s.start).toISOString(),
      end: new Date(s.end).toISOString(),
      lat: s.at.lat,
      lon: s.at.lon,
      durationSeconds: Math.round((s.end - s.start) / 1000),
    })),
    distance: km(trips.reduce((a, t) => a + t.distance, 0)),
  };
}

/** The month's figures per device; the month and its days are the tenant's (its time zone). */
export async function gpsStatics(deps: Deps, ctx: Ctx, q: PageQuery & { month: string }) {
  const timeZone = await tenantZone(deps.db, ctx.tenantId);
  const { from, to } = monthBounds(timeZone, q.month);
  const params = [ctx.tenantId, [...ctx.rentIds], from.toISOString(), to.toISOString(), timeZone];
  const { rows: total } = await deps.database.query<{ n: number }>(
    'select count(*)::int as n from gps_devices d where d.tenant_id = $1 and d.rent_id = any($2::int8[])',
    params.slice(0, 2),
  );
  const { rows } = await deps.database.query<Row>(
    `select d.id, d.imei, c.plate, s.n, s.odo, s.days, s.alarms, s.max_speed
     from gps_devices d left join cars c on c.tenant_id = d.tenant_id and c.id = d.car_id
     left join lateral (select count(*)::int as n, max(p.odometer) - min(p.odometer) as odo,
        count(distinct (p.fix_time at time zone $5)::date)::int as days,
        count(*) filter (where p.alarm <> 0)::int as alarms, coalesce(max(p.speed), 0) as max_speed
        from gps_positions p where p.tenant_id = d.tenant_id and p.device_id = d.id and p.fix_time >= $3 and p.fix_time < $4) s on true
     where d.tenant_id = $1 and d.rent_id = any($2::int8[]) order by d.id limit ${q.pageSize} offset ${offsetOf(q)}`,
    params,
  );
  return page(
    rows.map((r) => ({
      deviceId: Number(r.id),
      imei: String(r.imei),
      plate: (r.plate as string | null) ?? null,
      positions: Number(r.n ?? 0),
      mileage: r.odo == null ? 0 : Math.round(Number(r.odo) / 100) / 10,
      activeDays: Number(r.days ?? 0),
      alarms: Number(r.alarms ?? 0),
      maxSpeed: Number(r.max_speed ?? 0),
    })),
    Number(total[0]!.n),
    q,
  );
}

export async function userInstall(deps: Deps, ctx: Ctx) {
  const { rows } = await deps.database.query<{ model: string; n: number }>(
    'select model, count(*)::int as n from gps_devices where tenant_id = $1 and rent_id = any($2::int8[]) group by model',
    [ctx.tenantId, [...ctx.rentIds]],
  );
  return DEVICE_MODELS.map((m) => ({
    code: m.code,
    protocol: m.protocol,
    name: m.title[ctx.lang],
    wired: m.wired,
    installed: Number(rows.find((r) => r.model === m.code)?.n ?? 0),
  }));
}

export async function createWorkOrder(
  deps: Deps,
  ctx: Ctx,
  input: {
    kind: 'install' | 'repair';
    carId: number;
    deviceId: number | null;
    address: string;
    contactName: string;
    contactPhone: string;
    appointmentAt: string | null;
    remark: string | null;
  },
) {
  const car = await findCar(deps, ctx, { id: input.carId });
  if (input.deviceId !== null) {
    const d = await getDevice(deps, ctx, input.deviceId);
    if (d.carId !== car.id) throw invalidField('deviceId', 'gps.notOnCar', { imei: d.imei });
  }
  const { rows } = await deps.database.query<Row>(
    `insert into gps_work_orders (tenant_id, kind, car_id, device_id, address, contact_name, contact_phone, appointment_at, remark, created_by)
     values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10) returning id, kind, car_id, device_id, status, created_at`,
    [
      ctx.tenantId,
      input.kind,
      car.id,
      input.deviceId,
      input.address,
      input.contactName,
      input.contactPhone,
      input.appointmentAt,
      input.remark,
      ctx.userId,
    ],
  );
  const r = rows[0]!;
  return {
    id: Number(r.id),
    kind: r.kind as 'install' | 'repair',
    carId: Number(r.car_id),
    deviceId: num(r.device_id),
    status: String(r.status),
    createdAt: iso(r.created_at)!,
  };
}

/** The live map's cars: every device of the caller's rents with a last position (or only `deviceIds`). */
export async function liveCars(
  deps: Deps,
  scope: { tenantId: number; rentIds: readonly number[] },
  options: { keyword?: string; deviceIds?: number[] } = {},
): Promise<LiveCar[]> {
  const params: unknown[] = [scope.tenantId, [...scope.rentIds], deps.clock.now().toISOString()];
  const where = ['d.tenant_id = $1', 'd.rent_id = any($2::int8[])'];
  if (options.deviceIds) {
    params.push(options.deviceIds);
    where.push(`d.id = any($${params.length}::int8[])`);
  }
  if (options.keyword) {
    params.push(containsPattern(options.keyword));
    where.push(`(c.plate ilike $${params.length} or d.imei ilike $${params.length})`);
  }
  const { rows } = await deps.database.query<Row>(
    `select d.id, d.imei, d.car_id, c.plate, l.lat, l.lon, l.speed, l.course, l.fix_time, l.alarm, l.odometer,
       ${statusSql('$3')} as live_status
     from gps_devices d join gps_last_positions l on l.tenant_id = d.tenant_id and l.device_id = d.id
     left join cars c on c.tenant_id = d.tenant_id and c.id = d.car_id
     where ${where.join(' and ')} and (d.car_id is null or d.is_default) order by d.id`,
    params,
  );
  return rows.map((r) => ({
    deviceId: Number(r.id),
    imei: String(r.imei),
    carId: num(r.car_id),
    plate: (r.plate as string | null) ?? null,
    status: r.live_status as DeviceStatus,
    lat: Number(r.lat),
    lon: Number(r.lon),
    speed: Number(r.speed),
    course: Number(r.course),
    fixTime: iso(r.fix_time)!,
    alarms: alarmNames(Number(r.alarm)),
    mileage: r.odometer == null ? null : Math.round(Number(r.odometer) / 100) / 10,
  }));
}
