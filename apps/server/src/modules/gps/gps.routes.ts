import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, IdParam, paged } from '@fleetdesk/contracts/common';
import {
  BindableUser,
  BindableUserQuery,
  BindHistoryQuery,
  BindInput,
  BindRecord,
  CarByVin,
  CarByVinParams,
  CarGps,
  ChangeDefaultQuery,
  DEVICE_STATUS_TITLES,
  Device,
  DeviceInput,
  DeviceListQuery,
  DeviceMonth,
  GpsPaths as P,
  InstallCheck,
  InstallProduct,
  LiveCar,
  LiveQuery,
  MapSettings,
  ReverseGeocodeAnswer,
  ReverseGeocodeInput,
  Route,
  RouteQuery,
  StaticsQuery,
  UnbindInput,
  UnboundCar,
  UnboundCarQuery,
  UserBindInput,
  VinQuery,
  WorkOrder,
  WorkOrderInput,
} from '@fleetdesk/contracts/gps';
import { access, rentInScope } from '../../core/access.js';
import { addressesOf } from './geocode.service.js';
import { ok } from '../../core/envelope.js';
import { sendXlsx } from '../../core/xlsx.js';
import {
  bindableUsers,
  bindDevice,
  bindHistory,
  carGps,
  changeDefault,
  checkInstall,
  createDevice,
  createWorkOrder,
  deleteDevice,
  eachDevice,
  eachUnboundCar,
  getDevice,
  gpsStatics,
  listDevices,
  liveCars,
  quickUserBind,
  regenerateOsmandSecret,
  resetIdentity,
  route,
  unbindDevice,
  unboundCars,
  carByVin,
  updateDevice,
  userBind,
  userInstall,
  userUnbind,
} from './devices.service.js';
import { osmandKeyHash } from './identity.js';
import { findOsmandDevice } from './ingest.js';
import { countGpsFrames } from '../../core/metrics.js';
import { parseOsmAndJson, parseOsmAndQuery } from './osmand.js';
import { closeGpsRuntime, gpsRuntime } from './runtime.js';
import { tenantRules } from '../settings/settings.service.js';

const tags = ['gps'];

const audit = { targetType: 'gpsDevice' };
const VIEW = 'riskGpsMap:view';
const BIND = 'riskGpsMap:bind';
const IDENTITY = 'riskGpsMap:identity';

/** GPS and devices (spec section 7), the live map's feed and the OsmAnd endpoint. */
export async function gpsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const rt = gpsRuntime(deps);
  app.addHook('onClose', async () => closeGpsRuntime(deps));

  // Devices -----------------------------------------------------------------------------------------------
  app.post(P.deviceAll, {
    schema: {
      tags,
      summary: 'Devices of the caller’s rents with their car, user and live status (filters in the body)',
      body: DeviceListQuery,
      response: { 200: envelope(paged(Device)) },
    },
    config: { reads: true, access: access.permission(VIEW) },
    handler: async (req) => ok(await listDevices(deps, req.ctx, req.body)),
  });

  app.get(P.deviceGet, {
    schema: { tags, summary: 'One device', params: IdParam, response: { 200: envelope(Device) } },
    config: { access: access.permission(VIEW) },
    handler: async (req) => ok(await getDevice(deps, req.ctx, req.params.id)),
  });

  app.post(P.deviceAdd, {
    schema: {
      tags,
      summary: 'Register a device (IMEI unique)',
      body: DeviceInput,
      response: { 200: envelope(Device) },
    },
    config: { access: access.permission('riskGpsMap:add'), audit },
    handler: async (req) => {
      const d = await createDevice(deps, req.ctx, req.body);
      req.auditNote = { targetId: d.id, summary: { imei: d.imei, model: d.model } };
      return ok(d);
    },
  });

  app.put(P.deviceUpdate, {
    schema: {
      tags,
      summary: 'Change a device',
      params: IdParam,
      body: DeviceInput,
      response: { 200: envelope(Device) },
    },
    config: { access: access.permission('riskGpsMap:edit'), audit },
    handler: async (req) => {
      const { after } = await updateDevice(deps, req.ctx, req.params.id, req.body);
      req.auditNote = { targetId: after.id, summary: { imei: after.imei } };
      return ok(after);
    },
  });

  app.delete(P.deviceDelete, {
    schema: { tags, summary: 'Delete an unbound device', params: IdParam, response: { 200: envelope(z.boolean()) } },
    config: { access: access.permission('riskGpsMap:delete'), audit },
    handler: async (req) => {
      const d = await deleteDevice(deps, req.ctx, req.params.id);
      req.auditNote = { targetId: d.id, summary: { imei: d.imei } };
      return ok(true);
    },
  });

  app.post(P.deviceResetIdentity, {
    schema: {
      tags,
      summary: 'Reset a JT/T 808 device’s identity: its auth code and IMEI are cleared, it may register again',
      params: IdParam,
      response: { 200: envelope(Device) },
    },
    config: { access: access.permission(IDENTITY), audit },
    handler: async (req) => {
      const d = await resetIdentity(deps, req.ctx, req.params.id);
      req.auditNote = { targetId: d.id, summary: { imei: d.imei, action: 'resetIdentity' } };
      return ok(d);
    },
  });

  app.post(P.deviceOsmandSecret, {
    schema: {
      tags,
      summary: 'A new OsmAnd secret identifier for a phone tracker (answered once; the old one stops working)',
      params: IdParam,
      response: { 200: envelope(Device) },
    },
    config: { access: access.permission(IDENTITY), audit },
    handler: async (req) => {
      const d = await regenerateOsmandSecret(deps, req.ctx, req.params.id);
      req.auditNote = { targetId: d.id, summary: { imei: d.imei, action: 'osmandSecret' } };
      return ok(d);
    },
  });

  app.post(P.bindToCar, {
    schema: {
      tags,
      summary: 'Bind a device to a car of its rent (recorded)',
      params: IdParam,
      body: BindInput,
      response: { 200: envelope(Device) },
    },
    config: { access: access.permission(BIND), audit },
    handler: async (req) => {
      const d = await bindDevice(deps, req.ctx, req.params.id, req.body.carId, req.body.remark);
      req.auditNote = { targetId: d.id, summary: { imei: d.imei, plate: d.plate } };
      return ok(d);
    },
  });

  app.post(P.unbindFromCar, {
    schema: {
      tags,
      summary: 'Unbind a device from its car (recorded)',
      params: IdParam,
      body: UnbindInput,
      response: { 200: envelope(Device) },
    },
    config: { access: access.permission(BIND), audit },
    handler: async (req) => {
      const d = await unbindDevice(deps, req.ctx, req.params.id, req.body.remark);
      req.auditNote = { targetId: d.id, summary: { imei: d.imei } };
      return ok(d);
    },
  });

  app.get(P.bindHistory, {
    schema: {
      tags,
      summary: 'Bind and unbind records, newest first',
      querystring: BindHistoryQuery,
      response: { 200: envelope(paged(BindRecord)) },
    },
    config: { access: access.permission(VIEW) },
    handler: async (req) => ok(await bindHistory(deps, req.ctx, req.query)),
  });

  app.put(P.changeDefault, {
    schema: {
      tags,
      summary: 'Make a device the car’s default (its live position)',
      querystring: ChangeDefaultQuery,
      response: { 200: envelope(Device) },
    },
    config: { access: access.permission(BIND), audit },
    handler: async (req) => {
      const d = await changeDefault(deps, req.ctx, req.query.carVin, req.query.imei);
      req.auditNote = { targetId: d.id, summary: { imei: d.imei, default: d.plate } };
      return ok(d);
    },
  });

  app.post(P.userBind, {
    schema: {
      tags,
      summary: 'Bind a device to a user',
      params: IdParam,
      body: UserBindInput,
      response: { 200: envelope(Device) },
    },
    config: { access: access.permission(BIND), audit },
    handler: async (req) => {
      const d = await userBind(deps, req.ctx, req.params.id, req.body.userId);
      req.auditNote = { targetId: d.id, summary: { imei: d.imei, user: d.userName } };
      return ok(d);
    },
  });

  app.post(P.quickUserBind, {
    schema: {
      tags,
      summary: 'Create a phone tracker (Traccar Client / OsmAnd) for the user {id} in one step',
      params: IdParam,
      response: { 200: envelope(Device) },
    },
    config: { access: access.permission(BIND), audit },
    handler: async (req) => {
      const d = await quickUserBind(deps, req.ctx, req.params.id);
      req.auditNote = { targetId: d.id, summary: { imei: d.imei, user: d.userName } };
      return ok(d);
    },
  });

  app.delete(P.userUnbind, {
    schema: { tags, summary: 'Unbind a device from its user', params: IdParam, response: { 200: envelope(Device) } },
    config: { access: access.permission(BIND), audit },
    handler: async (req) => {
      const { before, after } = await userUnbind(deps, req.ctx, req.params.id);
      req.auditNote = { targetId: after.id, summary: { imei: after.imei, user: before.userName } };
      return ok(after);
    },
  });

  app.get(P.bindableUsers, {
    schema: {
      tags,
      summary: 'Active users one may bind a device to (name, username or phone; at most 50)',
      querystring: BindableUserQuery,
      response: { 200: envelope(z.array(BindableUser)) },
    },
    config: { access: access.permission(BIND) },
    handler: async (req) => ok(await bindableUsers(deps, req.ctx, req.query)),
  });

  app.get(P.bindCar, {
    schema: {
      tags,
      summary: 'Devices bound to cars',
      querystring: DeviceListQuery,
      response: { 200: envelope(paged(Device)) },
    },
    config: { access: access.permission(VIEW) },
    handler: async (req) => ok(await listDevices(deps, req.ctx, { ...req.query, carBound: true })),
  });

  const deviceColumns = (lang: 'zh-CN' | 'en-US') => {
    const zh = lang === 'zh-CN';
    return [
      { header: zh ? '设备号' : 'Device number', width: 20, value: (d: Device) => d.imei },
      { header: zh ? '型号' : 'Model', width: 14, value: (d: Device) => d.model },
      { header: zh ? 'SIM 卡号' : 'SIM', width: 16, value: (d: Device) => d.sim },
      { header: zh ? '车牌号' : 'Plate', width: 12, value: (d: Device) => d.plate },
      { header: zh ? '车架号' : 'VIN', width: 20, value: (d: Device) => d.vin },
      { header: zh ? '子公司' : 'Company', width: 16, value: (d: Device) => d.rentName },
      { header: zh ? '状态' : 'Status', width: 10, value: (d: Device) => DEVICE_STATUS_TITLES[d.status][lang] },
      { header: zh ? '最后定位时间' : 'Last fix', width: 22, value: (d: Device) => d.last?.fixTime ?? null },
      { header: zh ? '里程 (km)' : 'Mileage (km)', width: 12, value: (d: Device) => d.last?.mileage ?? null },
    ];
  };

  app.post(P.bindCarExport, {
    schema: {
      tags,
      summary: 'Export the devices bound to cars (.xlsx, streamed)',
      body: DeviceListQuery.omit({ pageNum: true, pageSize: true }),
    },
    config: { reads: true, access: access.permission('riskGpsMap:export') },
    handler: async (req, reply) => {
      // Refused before the file starts: once streaming, an error can only cut the download.
      rentInScope(req.ctx, req.body.rentId);
      return sendXlsx(
        reply,
        req.ctx.lang === 'zh-CN' ? '车辆设备.xlsx' : 'car-devices.xlsx',
        'devices',
        deviceColumns(req.ctx.lang),
        eachDevice(deps, req.ctx, { ...req.body, carBound: true }),
      );
    },
  });

  app.get(P.unboundCars, {
    schema: {
      tags,
      summary: 'Cars without a device',
      querystring: UnboundCarQuery,
      response: { 200: envelope(paged(UnboundCar)) },
    },
    config: { access: access.anyOf([VIEW, BIND]) },
    handler: async (req) => ok(await unboundCars(deps, req.ctx, req.query)),
  });

  app.get(P.carByVin, {
    schema: {
      tags,
      summary: 'A car of the caller’s rents by VIN, with its devices (404 outside the caller’s data scope)',
      params: CarByVinParams,
      response: { 200: envelope(CarByVin) },
    },
    config: { access: access.anyOf([VIEW, BIND]) },
    handler: async (req) => ok(await carByVin(deps, req.ctx, req.params.vin)),
  });

  app.post(P.unboundCarsExport, {
    schema: {
      tags,
      summary: 'Export the cars without a device (.xlsx, streamed)',
      body: UnboundCarQuery.omit({ pageNum: true, pageSize: true }),
    },
    config: { reads: true, access: access.permission('riskGpsMap:export') },
    handler: async (req, reply) => {
      rentInScope(req.ctx, req.body.rentId);
      const zh = req.ctx.lang === 'zh-CN';
      type C = z.infer<typeof UnboundCar>;
      return sendXlsx(
        reply,
        zh ? '未装设备车辆.xlsx' : 'cars-without-device.xlsx',
        'cars',
        [
          { header: zh ? '车牌号' : 'Plate', width: 12, value: (c: C) => c.plate },
          { header: zh ? '车架号' : 'VIN', width: 20, value: (c: C) => c.vin },
          { header: zh ? '子公司' : 'Company', width: 16, value: (c: C) => c.rentName },
        ],
        eachUnboundCar(deps, req.ctx, req.body),
      );
    },
  });

  app.get(P.rentRestDevice, {
    schema: {
      tags,
      summary: 'Devices of a rent not bound to any car (to pick one for a car)',
      querystring: DeviceListQuery.omit({ bound: true }),
      response: { 200: envelope(paged(Device)) },
    },
    config: { access: access.anyOf([VIEW, BIND]) },
    handler: async (req) => ok(await listDevices(deps, req.ctx, { ...req.query, bound: 'no' })),
  });

  // Status, route, figures --------------------------------------------------------------------------------
  app.get(P.statusByVin, {
    schema: {
      tags,
      summary: 'A car’s devices and their last positions, by VIN',
      querystring: VinQuery,
      response: { 200: envelope(CarGps) },
    },
    config: { access: access.permission(VIEW) },
    handler: async (req) => ok(await carGps(deps, req.ctx, req.query.carVin)),
  });

  app.get(P.checkInstall, {
    schema: {
      tags,
      summary: 'Installation check of a device',
      params: IdParam,
      response: { 200: envelope(InstallCheck) },
    },
    config: { access: access.permission(VIEW) },
    handler: async (req) => ok(await checkInstall(deps, req.ctx, req.params.id)),
  });

  app.get(P.route, {
    schema: {
      tags,
      summary: 'Positions of a period (at most 7 days, capped at 50,000 with a message) with trips and stops',
      params: IdParam,
      querystring: RouteQuery,
      response: { 200: envelope(Route) },
    },
    config: { access: access.permission(VIEW) },
    handler: async (req) => ok(await route(deps, req.ctx, req.params.id, req.query.from, req.query.to)),
  });

  app.get(P.statics, {
    schema: {
      tags,
      summary: 'The month’s figures per device',
      querystring: StaticsQuery,
      response: { 200: envelope(paged(DeviceMonth)) },
    },
    config: { access: access.permission(VIEW) },
    handler: async (req) => ok(await gpsStatics(deps, req.ctx, req.query)),
  });

  app.get(P.userInstall, {
    schema: {
      tags,
      summary: 'Device models one can install, with how many the caller’s rents have',
      response: { 200: envelope(z.array(InstallProduct)) },
    },
    config: { access: access.anyOf([VIEW, BIND]) },
    handler: async (req) => ok(await userInstall(deps, req.ctx)),
  });

  app.post(P.workOrderCreate, {
    schema: {
      tags,
      summary: 'An installation or repair work order for a car',
      body: WorkOrderInput,
      response: { 200: envelope(WorkOrder) },
    },
    config: { access: access.anyOf([BIND, 'riskGpsMap:add']), audit: { targetType: 'gpsWorkOrder' } },
    handler: async (req) => ok(await createWorkOrder(deps, req.ctx, req.body)),
  });

  // Registered after the fixed deviceStatus/* paths.
  app.get(P.status, {
    schema: {
      tags,
      summary: 'A device’s live status and last position',
      params: IdParam,
      response: { 200: envelope(Device) },
    },
    config: { access: access.permission(VIEW) },
    handler: async (req) => ok(await getDevice(deps, req.ctx, req.params.id)),
  });

  // Live map ----------------------------------------------------------------------------------------------
  app.get(P.live, {
    schema: {
      tags,
      summary: 'Every car on the live map',
      querystring: LiveQuery,
      response: { 200: envelope(z.array(LiveCar)) },
    },
    config: { access: access.permission(VIEW) },
    handler: async (req) =>
      ok(await liveCars(deps, req.ctx, { ...(req.query.keyword ? { keyword: req.query.keyword } : {}) })),
  });

  app.get(P.mapSettings, {
    schema: {
      tags,
      summary: 'The tenant’s map tiles (AutoNavi GCJ-02 or OpenStreetMap)',
      response: { 200: envelope(MapSettings) },
    },
    config: { access: access.permission(VIEW) },
    handler: async (req) => ok({ mapTiles: (await tenantRules(deps, req.ctx.tenantId)).mapTiles }),
  });

  app.post(P.reverseGeocode, {
    schema: {
      tags,
      summary:
        'Addresses of positions (WGS-84) from the tenant’s map provider or the sandbox, cached by rounded coordinates',
      body: ReverseGeocodeInput,
      response: { 200: envelope(ReverseGeocodeAnswer) },
    },
    // The risk screens and the contract's overdue strip show addresses.
    config: { reads: true, access: access.anyOf([VIEW, 'rentContract:view']), audit: false },
    handler: async (req) => ok(await addressesOf(deps, req.ctx.tenantId, req.ctx.lang, req.body.points)),
  });

  app.get(P.liveStream, {
    schema: {
      tags,
      summary: 'Server-sent events: `data: LiveCar[]` whenever cars of the caller’s rents move',
      // An endless event stream, not a JSON call: described in docs/gps.md, kept out of the OpenAPI document.
      hide: true,
    },
    config: { access: access.permission(VIEW) },
    handler: async (req, reply) => {
      await rt.hub.start();
      const scope = { tenantId: req.ctx.tenantId, rentIds: [...req.ctx.rentIds] };
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      res.write(': connected\n\n');
      let pending: Set<number> | null = null;
      const send = async () => {
        const ids = [...pending!];
        pending = null;
        const cars = await liveCars(deps, scope, { deviceIds: ids });
        if (cars.length && !res.destroyed) res.write(`data: ${JSON.stringify(cars)}\n\n`);
      };
      const unsubscribe = rt.hub.subscribe((e) => {
        if (e.tenantId !== scope.tenantId) return;
        // Coalesce what arrives within one tick into one query.
        if (pending) {
          for (const id of e.deviceIds) pending.add(id);
          return;
        }
        pending = new Set(e.deviceIds);
        setImmediate(() => void send().catch((err: unknown) => deps.log.warn({ err }, 'gps: live push failed')));
      });
      const ping = setInterval(() => res.write(': ping\n\n'), 15_000);
      res.on('close', () => {
        clearInterval(ping);
        unsubscribe();
      });
    },
  });

  // OsmAnd ------------------------------------------------------------------------------------------------
  const osmand = async (
    req: { query: unknown; body: unknown; headers: Record<string, unknown> },
    reply: { code: (n: number) => { send: (b?: string) => unknown } },
  ) => {
    const now = deps.clock.now();
    countGpsFrames('osmand');
    const isJson = String(req.headers['content-type'] ?? '').includes('application/json');
    const query = req.query as Record<string, string>;
    const parsed = isJson
      ? parseOsmAndJson(req.body, now)
      : parseOsmAndQuery(Object.keys(query).length ? query : ((req.body ?? {}) as Record<string, string>), now);
    // The id is the device's secret identifier (never its number): a JT/T 808 device never matches.
    const device = parsed ? await findOsmandDevice(deps, osmandKeyHash(parsed.id)) : null;
    if (!parsed || !device) return reply.code(isJson ? 404 : 400).send('');
    if (parsed.position) {
      rt.writer.add(device, [parsed.position]);
      await rt.writer.flush();
    }
    return reply.code(200).send('');
  };
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: P.osmand,
      schema: { tags, summary: 'OsmAnd / Traccar Client position report (query, form or JSON)' },
      config: { access: access.public(), audit: false },
      handler: (req, reply) => osmand(req, reply as never),
    });
  }
}
