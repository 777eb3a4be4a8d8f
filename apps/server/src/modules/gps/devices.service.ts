import { randomInt } from 'node:crypto';
import { newOsmandSecret, osmandKeyHash } from './identity.js';
import {
  DEVICE_MODELS,
  ROUTE_MAX_POSITIONS,
  modelProtocol,
  type BindableUser,
  type Device,
  type DeviceInput,
  type DeviceListQuery,
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
import {
  activeUsers,
  bindRecordPage,
  carDevices,
  carRentAndStatus,
  clearDeviceCar,
  clearIdentity,
  countPositions,
  deleteDeviceRow,
  devicePage,
  deviceOnCar,
  findCarRow,
  findDevice,
  findUserRow,
  insertBindRecord,
  insertDevice,
  insertPhoneDevice,
  liveCarRows,
  makeDefault,
  modelCounts,
  promoteFirstDevice,
  routePositions,
  setDeviceCar,
  setDeviceUser,
  setOsmandKey,
  staticsPage,
  unboundCarPage,
  updateDeviceRow,
  type DeviceScope,
  type WorkOrderInput,
} from './devices.repository.js';
import { alarmNames } from './jt808/codec.js';
import { tripsAndStops, type MotionPoint } from './motion.js';
import { assertNotInReceipt } from './receipts.service.js';
import './gps.messages.js';
import { createGpsWorkOrder } from '../maintenance/work-orders.service.js';

type Ctx = Pick<RequestContext, 'tenantId' | 'userId' | 'rentId' | 'rentIds' | 'lang'>;
type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** The caller's scope (or the rents `scope` narrows it to) at the clock's now. */
const scopeOf = (deps: Deps, ctx: Ctx, rentIds: readonly number[] = ctx.rentIds): DeviceScope => ({
  tenantId: ctx.tenantId,
  rentIds,
  now: deps.clock.now().toISOString(),
});
const paging = (q: PageQuery) => ({ limit: q.pageSize, offset: offsetOf(q) });

export async function listDevices(
  deps: Deps,
  ctx: Ctx,
  q: DeviceListQuery & { carBound?: boolean },
): Promise<Paged<Device>> {
  const { rows, total } = await devicePage(
    deps.db,
    scopeOf(deps, ctx, scopeFor(ctx, q.rentId).rentIds),
    { keyword: q.keyword, bound: q.bound, carBound: q.carBound, status: q.status },
    paging(q),
  );
  return page(rows, total, q);
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
  const d = await findDevice(deps.db, scopeOf(deps, ctx), id);
  if (!d) throw new NotFoundError('gps.deviceNotFound');
  return d;
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

const valuesOf = (input: DeviceInput, rentId: number) => ({
  imei: input.imei,
  model: input.model,
  protocol: input.protocol,
  sim: input.sim,
  rentId,
  installedAt: input.installedAt,
  installer: input.installer,
  installPosition: input.installPosition,
  remark: input.remark,
});

export async function createDevice(deps: Deps, ctx: Ctx, input: DeviceInput): Promise<Device> {
  checkModel(input);
  const rentId = input.rentId ?? ctx.rentId ?? ctx.rentIds[0];
  if (rentId == null || !ctx.rentIds.includes(rentId)) throw invalidField('rentId', 'gps.rentNotAllowed');
  const secret = input.protocol === 'osmand' ? newOsmandSecret() : null;
  const id = await insertDevice(
    deps.db,
    ctx.tenantId,
    valuesOf(input, rentId),
    secret ? osmandKeyHash(secret) : null,
  ).catch((err: unknown) => imeiTaken(err, input.imei));
  const d = await getDevice(deps, ctx, id);
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
  await updateDeviceRow(deps.db, ctx.tenantId, id, valuesOf(input, rentId), identityChanges).catch((err: unknown) =>
    imeiTaken(err, input.imei),
  );
  return { before, after: await getDevice(deps, ctx, id) };
}

export async function deleteDevice(deps: Deps, ctx: Ctx, id: number): Promise<Device> {
  const d = await getDevice(deps, ctx, id);
  if (d.carId) throw new ConflictError('gps.boundDelete', { plate: d.plate ?? '' });
  await assertNotInReceipt(deps, ctx.tenantId, id, d.imei);
  await deleteDeviceRow(deps.db, ctx.tenantId, id);
  return d;
}

async function findCar(deps: Deps, ctx: Ctx, where: { id?: number; vin?: string }) {
  const car = await findCarRow(deps.db, ctx, where);
  if (!car) throw new NotFoundError('gps.carNotFound');
  return car;
}

async function record(
  deps: Deps,
  ctx: Ctx,
  d: { id: number; imei: string },
  car: { id: number; plate: string },
  action: 'bind' | 'unbind',
  remark: string | null,
) {
  await insertBindRecord(deps.db, {
    tenantId: ctx.tenantId,
    deviceId: d.id,
    imei: d.imei,
    carId: car.id,
    plate: car.plate,
    action,
    remark,
    userId: ctx.userId,
    at: deps.clock.now().toISOString(),
  });
}

/** Binds a device to a car of the same rent; the car's first device becomes its default. */
export async function bindDevice(deps: Deps, ctx: Ctx, id: number, carId: number, remark: string | null) {
  const d = await getDevice(deps, ctx, id);
  if (d.carId) throw new ConflictError('gps.alreadyBound', { plate: d.plate ?? '' });
  await assertNotInReceipt(deps, ctx.tenantId, id, d.imei);
  const car = await findCar(deps, ctx, { id: carId });
  if (car.rentId !== d.rentId) throw invalidField('carId', 'gps.otherRent');
  await setDeviceCar(deps.db, ctx.tenantId, id, car.id);
  await record(deps, ctx, d, car, 'bind', remark);
  return getDevice(deps, ctx, id);
}

export async function unbindDevice(deps: Deps, ctx: Ctx, id: number, remark: string | null) {
  const d = await getDevice(deps, ctx, id);
  if (!d.carId) throw new ConflictError('gps.notBound');
  await clearDeviceCar(deps.db, ctx.tenantId, id);
  // Another device of the car takes over as default.
  if (d.isDefault) await promoteFirstDevice(deps.db, ctx.tenantId, d.carId);
  await record(deps, ctx, d, { id: d.carId, plate: d.plate ?? '' }, 'unbind', remark);
  return getDevice(deps, ctx, id);
}

export async function bindHistory(deps: Deps, ctx: Ctx, q: PageQuery & { deviceId?: number; carId?: number }) {
  const { rows, total } = await bindRecordPage(deps.db, ctx, { deviceId: q.deviceId, carId: q.carId }, paging(q));
  return page(rows, total, q);
}

export async function changeDefault(deps: Deps, ctx: Ctx, carVin: string, imei: string) {
  const car = await findCar(deps, ctx, { vin: carVin });
  const id = await deviceOnCar(deps.db, ctx.tenantId, car.id, imei);
  if (id === undefined) throw new ConflictError('gps.notOnCar', { imei });
  await makeDefault(deps.db, ctx.tenantId, car.id, id);
  return getDevice(deps, ctx, id);
}

/** A user of the caller's tenant who can still sign in (a disabled or departed user gets no device). */
async function findUser(deps: Deps, ctx: Ctx, userId: number) {
  const user = await findUserRow(deps.db, ctx.tenantId, userId);
  if (!user) throw invalidField('userId', 'gps.userNotFound');
  if (user.status !== 'active') throw invalidField('userId', 'gps.userNotActive', { name: user.name });
  return user;
}

/** Active users of the tenant matching a name, username or phone (at most 50), with their bound devices. */
export async function bindableUsers(deps: Deps, ctx: Ctx, q: { keyword?: string }): Promise<BindableUser[]> {
  return activeUsers(deps.db, ctx.tenantId, q.keyword);
}

export async function userBind(deps: Deps, ctx: Ctx, id: number, userId: number) {
  const d = await getDevice(deps, ctx, id);
  if (d.userId && d.userId !== userId) throw new ConflictError('gps.userBound', { name: d.userName ?? '' });
  await findUser(deps, ctx, userId);
  await setDeviceUser(deps.db, ctx.tenantId, id, userId);
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
      const id = await insertPhoneDevice(deps.db, {
        tenantId: ctx.tenantId,
        imei,
        rentId,
        userId,
        osmandKeyHash: osmandKeyHash(secret),
      });
      return { ...(await getDevice(deps, ctx, id)), osmandSecret: secret };
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
  await clearIdentity(deps.db, ctx.tenantId, id);
  return getDevice(deps, ctx, id);
}

/** A new OsmAnd secret identifier for a phone tracker (the old one stops working); answered once. */
export async function regenerateOsmandSecret(deps: Deps, ctx: Ctx, id: number): Promise<Device> {
  const d = await getDevice(deps, ctx, id);
  if (d.protocol !== 'osmand') throw new ConflictError('gps.notOsmand');
  const secret = newOsmandSecret();
  await setOsmandKey(deps.db, ctx.tenantId, id, osmandKeyHash(secret));
  return { ...(await getDevice(deps, ctx, id)), osmandSecret: secret };
}

export async function userUnbind(deps: Deps, ctx: Ctx, id: number) {
  const d = await getDevice(deps, ctx, id);
  if (!d.userId) throw new ConflictError('gps.notUserBound');
  await setDeviceUser(deps.db, ctx.tenantId, id, null);
  return { before: d, after: await getDevice(deps, ctx, id) };
}

export async function unboundCars(deps: Deps, ctx: Ctx, q: PageQuery & { keyword?: string; rentId?: number }) {
  const { rows, total } = await unboundCarPage(
    deps.db,
    { tenantId: ctx.tenantId, rentIds: scopeFor(ctx, q.rentId).rentIds },
    q.keyword,
    paging(q),
  );
  return page(rows, total, q);
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
  const [rentAndStatus, devices] = await Promise.all([
    carRentAndStatus(deps.db, ctx.tenantId, car.id),
    carDevices(deps.db, scopeOf(deps, ctx), car.id),
  ]);
  return {
    id: car.id,
    plate: car.plate,
    vin: car.vin,
    rentId: car.rentId,
    rentName: rentAndStatus.rentName,
    status: rentAndStatus.status,
    devices: devices.map((d) => ({
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
  const devices = await carDevices(deps.db, scopeOf(deps, ctx), car.id);
  return { carId: car.id, plate: car.plate, vin: car.vin, devices };
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
  const rows = await routePositions(deps.db, ctx.tenantId, id, from, to);
  let truncated = false;
  let message: string | null = null;
  if (rows.length > ROUTE_MAX_POSITIONS) {
    truncated = true;
    rows.length = ROUTE_MAX_POSITIONS;
    const total = await countPositions(deps.db, ctx.tenantId, id, from, to);
    message = translate(ctx.lang, 'gps.routeTruncated', { total, max: ROUTE_MAX_POSITIONS });
  }
  const points: MotionPoint[] = rows.map((r) => ({
    t: Number(r.t),
    lat: Number(r.lat),
    lon: Number(r.lon),
    speed: Number(r.speed),
    odometer: r.odometer == null ? null : Number(r.odometer),
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
  const { rows, total } = await staticsPage(
    deps.db,
    ctx,
    { from: from.toISOString(), to: to.toISOString(), timeZone },
    paging(q),
  );
  return page(rows, total, q);
}

export async function userInstall(deps: Deps, ctx: Ctx) {
  const rows = await modelCounts(deps.db, ctx);
  return DEVICE_MODELS.map((m) => ({
    code: m.code,
    protocol: m.protocol,
    name: m.title[ctx.lang],
    wired: m.wired,
    installed: Number(rows.find((r) => r.model === m.code)?.n ?? 0),
  }));
}

/**
 * `workMaintainOrder/create`: the car and device checks of the GPS area, then a maintenance work order of kind
 * `gps_install` or `gps_repair` (maintenance area, `createGpsWorkOrder`; same request and answer as before).
 */
export async function createWorkOrder(deps: AppDeps, ctx: RequestContext, input: WorkOrderInput) {
  const car = await findCar(deps, ctx, { id: input.carId });
  if (input.deviceId !== null) {
    const d = await getDevice(deps, ctx, input.deviceId);
    if (d.carId !== car.id) throw invalidField('deviceId', 'gps.notOnCar', { imei: d.imei });
  }
  return createGpsWorkOrder(deps, ctx, { ...input, carId: car.id });
}

/** The live map's cars: every device of the caller's rents with a last position (or only `deviceIds`). */
export async function liveCars(
  deps: Deps,
  scope: { tenantId: number; rentIds: readonly number[] },
  options: { keyword?: string; deviceIds?: number[] } = {},
): Promise<LiveCar[]> {
  return liveCarRows(deps.db, { ...scope, now: deps.clock.now().toISOString() }, options);
}
