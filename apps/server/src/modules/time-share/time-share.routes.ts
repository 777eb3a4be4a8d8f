import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, Id, IdParam } from '@fleetdesk/contracts/common';
import { PayInfo, PayStatus } from '@fleetdesk/contracts/payments';
import {
  RateInput,
  RateListAnswer,
  RateListQuery,
  RateRow,
  RenterLedgerAnswer,
  RenterLedgerQuery,
  RenterListAnswer,
  RenterListQuery,
  RenterRow,
  RenterTopUpInput,
  ShareCarParkInput,
  ShareCarRemoveInput,
  ShareCarRow,
  ShareCarsAddInput,
  ShareCarsAnswer,
  ShareCarsQuery,
  TimeSharePaths as P,
  TRIP_STATE_TITLES,
  TripCancelInput,
  TripDetail,
  TripEndAnswer,
  TripEndInput,
  TripExportQuery,
  TripListAnswer,
  TripListQuery,
  TripReserveInput,
  ZoneInput,
  ZoneListAnswer,
  ZoneListQuery,
  ZoneOption,
  ZoneRow,
  ZoneUpdateInput,
  RateUpdateInput,
} from '@fleetdesk/contracts/time-share';
import { access } from '../../core/access.js';
import { ok } from '../../core/envelope.js';
import { tenantDays } from '../../core/tenant-time.js';
import { sendXlsx, type XlsxColumn } from '../../core/xlsx.js';
import { getRenter, listRenters, renterLedgerPage, topUpRenter, topUpStatus } from './renters.service.js';
import {
  cancelTrip,
  endTrip,
  getTrip,
  listTrips,
  payTrip,
  reserveTrip,
  startTrip,
  tripsForExport,
} from './trips.service.js';
import {
  addShareCars,
  createRate,
  createZone,
  deleteRate,
  deleteZone,
  getZone,
  listRates,
  listShareCars,
  listZones,
  parkShareCar,
  removeShareCar,
  updateRate,
  updateZone,
  zoneOptions,
} from './zones.service.js';

const tags = ['time-share'];
const view = access.permission('sevenGo:view');
const add = access.permission('sevenGo:add');
const edit = access.permission('sevenGo:edit');
const del = access.permission('sevenGo:delete');
const xlsx = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];
const DriverIdParam = z.object({ driverId: Id });

type ExportRow = Awaited<ReturnType<typeof tripsForExport> extends AsyncGenerator<infer R> ? R : never>;

function tripColumns(lang: 'zh-CN' | 'en-US', timeZone: string): XlsxColumn<ExportRow>[] {
  const zh = lang === 'zh-CN';
  const at = (v: string | null) =>
    v == null
      ? null
      : new Intl.DateTimeFormat('sv-SE', {
          timeZone,
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
        }).format(new Date(v));
  return [
    { header: zh ? '行程号' : 'Trip', width: 16, value: (r) => r.code },
    { header: zh ? '状态' : 'State', width: 10, value: (r) => TRIP_STATE_TITLES[r.state][lang] },
    { header: zh ? '车牌' : 'Plate', width: 12, value: (r) => r.plate },
    { header: zh ? '租客' : 'Renter', width: 12, value: (r) => r.driverName },
    { header: zh ? '手机号' : 'Phone', width: 14, value: (r) => r.driverPhone },
    { header: zh ? '预约时间' : 'Reserved', width: 18, value: (r) => at(r.reservedAt) },
    { header: zh ? '开始时间' : 'Started', width: 18, value: (r) => at(r.startedAt) },
    { header: zh ? '结束时间' : 'Ended', width: 18, value: (r) => at(r.endedAt) },
    { header: zh ? '取车点' : 'From zone', width: 16, value: (r) => r.startZoneName },
    {
      header: zh ? '还车点' : 'To zone',
      width: 16,
      value: (r) => r.endZoneName ?? (r.offZone ? (zh ? '区外' : 'Off zone') : null),
    },
    { header: zh ? '里程（公里）' : 'Km', width: 10, value: (r) => r.km },
    { header: zh ? '金额（元）' : 'Amount (yuan)', width: 12, value: (r) => r.total },
  ];
}

/** Time-share (分时租赁, docs/time-share.md): zones, cars, rates, trips and renters' balances. */
export async function timeShareRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  // ---------------------------------------------------------------- zones
  app.get(P.zoneList, {
    schema: {
      tags,
      summary: 'Parking zones of the caller’s rents',
      querystring: ZoneListQuery,
      response: { 200: envelope(ZoneListAnswer) },
    },
    config: { access: view },
    handler: async (req) => ok(await listZones(deps, req.ctx, req.query)),
  });
  app.get(P.zoneOptions, {
    schema: {
      tags,
      summary: 'Zones for pickers (optionally of one city)',
      querystring: z.object({ city: z.string().trim().max(20).optional() }),
      response: { 200: envelope(z.array(ZoneOption)) },
    },
    config: { access: view },
    handler: async (req) => ok(await zoneOptions(deps, req.ctx, req.query.city)),
  });
  app.get(P.zoneGet, {
    schema: { tags, summary: 'One zone', params: IdParam, response: { 200: envelope(ZoneRow) } },
    config: { access: view },
    handler: async (req) => ok(await getZone(deps, req.ctx, req.params.id)),
  });
  app.post(P.zoneCreate, {
    schema: {
      tags,
      summary: 'Adds a zone: a circle, or a GPS geofence of the tenant',
      body: ZoneInput,
      response: { 200: envelope(ZoneRow) },
    },
    config: { access: add, audit: { targetType: 'tsZone' } },
    handler: async (req) => {
      const zone = await createZone(deps, req.ctx, req.body);
      req.auditNote = { targetId: zone.id };
      return ok(zone);
    },
  });
  app.put(P.zoneUpdate, {
    schema: {
      tags,
      summary: 'Changes a zone at its version (409 timeShare.stale)',
      body: ZoneUpdateInput,
      response: { 200: envelope(ZoneRow) },
    },
    config: { access: edit, audit: { targetType: 'tsZone' } },
    handler: async (req) => {
      req.auditNote = { targetId: req.body.id };
      return ok(await updateZone(deps, req.ctx, req.body));
    },
  });
  app.post(P.zoneDelete, {
    schema: {
      tags,
      summary: 'Deletes a zone with no car parked',
      params: IdParam,
      response: { 200: envelope(ZoneRow) },
    },
    config: { access: del, audit: { targetType: 'tsZone' } },
    handler: async (req) => {
      req.auditNote = { targetId: req.params.id };
      return ok(await deleteZone(deps, req.ctx, req.params.id));
    },
  });

  // ---------------------------------------------------------------- cars in time-share
  app.get(P.carList, {
    schema: {
      tags,
      summary: 'Cars in time-share with their zone and live trip',
      querystring: ShareCarsQuery,
      response: { 200: envelope(ShareCarsAnswer) },
    },
    config: { access: view },
    handler: async (req) => ok(await listShareCars(deps, req.ctx, req.query)),
  });
  app.post(P.carAdd, {
    schema: {
      tags,
      summary: 'Puts idle cars into time-share, parked at a zone (not cars of a short-term store)',
      body: ShareCarsAddInput,
      response: { 200: envelope(z.object({ count: z.number().int() })) },
    },
    config: { access: edit, audit: { targetType: 'tsCar' } },
    handler: async (req) => {
      req.auditNote = { summary: { zoneId: req.body.zoneId, carIds: req.body.carIds } };
      return ok(await addShareCars(deps, req.ctx, req.body));
    },
  });
  app.post(P.carRemove, {
    schema: {
      tags,
      summary: 'Takes a car out of time-share (no live trip)',
      body: ShareCarRemoveInput,
      response: { 200: envelope(ShareCarRow) },
    },
    config: { access: edit, audit: { targetType: 'tsCar' } },
    handler: async (req) => {
      req.auditNote = { targetId: req.body.carId };
      return ok(await removeShareCar(deps, req.ctx, req.body.carId));
    },
  });
  app.post(P.carPark, {
    schema: {
      tags,
      summary: 'Records that staff parked the car at a zone',
      body: ShareCarParkInput,
      response: { 200: envelope(ShareCarRow) },
    },
    config: { access: edit, audit: { targetType: 'tsCar' } },
    handler: async (req) => {
      req.auditNote = { targetId: req.body.carId, summary: { zoneId: req.body.zoneId } };
      return ok(await parkShareCar(deps, req.ctx, req.body.carId, req.body.zoneId));
    },
  });

  // ---------------------------------------------------------------- rates
  app.get(P.rateList, {
    schema: {
      tags,
      summary: 'Rates per city and car type',
      querystring: RateListQuery,
      response: { 200: envelope(RateListAnswer) },
    },
    config: { access: view },
    handler: async (req) => ok(await listRates(deps, req.ctx, req.query)),
  });
  app.post(P.rateCreate, {
    schema: {
      tags,
      summary: 'Adds the rate of a city and car type (409 timeShare.rateTaken)',
      body: RateInput,
      response: { 200: envelope(RateRow) },
    },
    config: { access: add, audit: { targetType: 'tsRate' } },
    handler: async (req) => {
      const rate = await createRate(deps, req.ctx, req.body);
      req.auditNote = { targetId: rate.id };
      return ok(rate);
    },
  });
  app.put(P.rateUpdate, {
    schema: {
      tags,
      summary: 'Changes a rate at its version (trips keep theirs)',
      body: RateUpdateInput,
      response: { 200: envelope(RateRow) },
    },
    config: { access: edit, audit: { targetType: 'tsRate' } },
    handler: async (req) => {
      req.auditNote = { targetId: req.body.id };
      return ok(await updateRate(deps, req.ctx, req.body));
    },
  });
  app.post(P.rateDelete, {
    schema: {
      tags,
      summary: 'Deletes a rate (trips keep theirs)',
      params: IdParam,
      response: { 200: envelope(RateRow) },
    },
    config: { access: del, audit: { targetType: 'tsRate' } },
    handler: async (req) => {
      req.auditNote = { targetId: req.params.id };
      return ok(await deleteRate(deps, req.ctx, req.params.id));
    },
  });

  // ---------------------------------------------------------------- trips
  app.get(P.tripList, {
    schema: {
      tags,
      summary: 'Trips, newest first',
      querystring: TripListQuery,
      response: { 200: envelope(TripListAnswer) },
    },
    config: { access: view },
    handler: async (req) => ok(await listTrips(deps, req.ctx, req.query)),
  });
  app.get(P.tripExport, {
    schema: { tags, summary: 'The filtered trips as .xlsx (streamed)', querystring: TripExportQuery, produces: xlsx },
    config: { access: access.permission('sevenGo:export'), audit: { targetType: 'tsTrip' } },
    handler: async (req, reply) => {
      const days = await tenantDays(deps.db, req.ctx.tenantId, deps.clock.now());
      const title = req.lang === 'zh-CN' ? '分时租赁行程' : 'time-share trips';
      return sendXlsx(
        reply,
        `${title}-${days.today}.xlsx`,
        title,
        tripColumns(req.lang, days.timeZone),
        tripsForExport(deps, req.ctx, req.query),
      );
    },
  });
  app.get(P.tripGet, {
    schema: {
      tags,
      summary: 'One trip: amount, running amount, balance and GPS route',
      params: IdParam,
      response: { 200: envelope(TripDetail) },
    },
    config: { access: view },
    handler: async (req) => ok(await getTrip(deps, req.ctx, req.params.id)),
  });
  app.post(P.tripReserve, {
    schema: {
      tags,
      summary: 'Reserves a car for a renter (409 timeShare.balanceLow, carBusy, renterBusy, carNotIdle, noRate)',
      body: TripReserveInput,
      response: { 200: envelope(TripDetail) },
    },
    config: { access: edit, audit: { targetType: 'tsTrip' } },
    handler: async (req) => {
      const trip = await reserveTrip(deps, req.ctx, req.body);
      req.auditNote = { targetId: trip.id, summary: { code: trip.code } };
      return ok(trip);
    },
  });
  app.post(P.tripStart, {
    schema: {
      tags,
      summary: 'Starts a reserved trip (409 timeShare.reservationExpired)',
      params: IdParam,
      response: { 200: envelope(TripDetail) },
    },
    config: { access: edit, audit: { targetType: 'tsTrip' } },
    handler: async (req) => {
      req.auditNote = { targetId: req.params.id };
      return ok(await startTrip(deps, req.ctx, req.params.id));
    },
  });
  app.post(P.tripEnd, {
    schema: {
      tags,
      summary:
        'Ends a trip in a zone (409 timeShare.outsideZone with the nearest zone, unless acceptOffZone), pays from the balance',
      params: IdParam,
      body: TripEndInput,
      response: { 200: envelope(TripEndAnswer) },
    },
    config: { access: edit, audit: { targetType: 'tsTrip' } },
    handler: async (req) => {
      req.auditNote = { targetId: req.params.id, summary: { acceptOffZone: req.body.acceptOffZone } };
      return ok(await endTrip(deps, req.ctx, req.params.id, req.body));
    },
  });
  app.post(P.tripCancel, {
    schema: {
      tags,
      summary: 'Cancels a reservation',
      params: IdParam,
      body: TripCancelInput,
      response: { 200: envelope(TripDetail) },
    },
    config: { access: edit, audit: { targetType: 'tsTrip' } },
    handler: async (req) => {
      req.auditNote = { targetId: req.params.id };
      return ok(await cancelTrip(deps, req.ctx, req.params.id, req.body.reason));
    },
  });
  app.post(P.tripPay, {
    schema: {
      tags,
      summary: 'Pays an ended trip from the renter’s balance (409 payments.renterInsufficient when still short)',
      params: IdParam,
      response: { 200: envelope(TripEndAnswer) },
    },
    config: { access: edit, audit: { targetType: 'tsTrip' } },
    handler: async (req) => {
      req.auditNote = { targetId: req.params.id };
      return ok(await payTrip(deps, req.ctx, req.params.id));
    },
  });

  // ---------------------------------------------------------------- renters
  app.get(P.renterList, {
    schema: {
      tags,
      summary: 'Renters (drivers of the caller’s rents) with their balance',
      querystring: RenterListQuery,
      response: { 200: envelope(RenterListAnswer) },
    },
    config: { access: view },
    handler: async (req) => ok(await listRenters(deps, req.ctx, req.query)),
  });
  app.get(P.renterGet, {
    schema: {
      tags,
      summary: 'One renter with the balance',
      params: DriverIdParam,
      response: { 200: envelope(RenterRow) },
    },
    config: { access: view },
    handler: async (req) => ok(await getRenter(deps, req.ctx, req.params.driverId)),
  });
  app.post(P.renterTopUp, {
    schema: {
      tags,
      summary: 'A top-up order of the renter’s balance: its QR code / sandbox link',
      body: RenterTopUpInput,
      response: { 200: envelope(PayInfo) },
    },
    config: { access: edit, audit: { targetType: 'renterTopUp' } },
    handler: async (req) => {
      req.auditNote = { targetId: req.body.driverId, summary: { amount: req.body.amount } };
      return ok(await topUpRenter(deps, req.ctx, req.body));
    },
  });
  app.get(P.renterTopUpStatus, {
    schema: {
      tags,
      summary: 'The payment state of a renter top-up order (polled while its QR code is shown)',
      params: IdParam,
      response: { 200: envelope(PayStatus) },
    },
    config: { access: edit },
    handler: async (req) => ok(await topUpStatus(deps, req.ctx, req.params.id)),
  });
  app.get(P.renterLedger, {
    schema: {
      tags,
      summary: 'A renter’s balance movements, newest first',
      querystring: RenterLedgerQuery,
      response: { 200: envelope(RenterLedgerAnswer) },
    },
    config: { access: view },
    handler: async (req) => ok(await renterLedgerPage(deps, req.ctx, req.query)),
  });
}
