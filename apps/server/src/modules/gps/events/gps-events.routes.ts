import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, IdParam, paged } from '@fleetdesk/contracts/common';
import {
  AlarmHandleInput,
  AlarmIgnoreBatchInput,
  AlarmIgnoreQuery,
  AlarmQuery,
  AlarmStatics,
  AlarmStaticsQuery,
  EventQuery,
  Geofence,
  GeofenceDevice,
  GeofenceDeviceQuery,
  GeofenceDevicesInput,
  GeofenceInput,
  GeofenceListQuery,
  GeofenceUnboundQuery,
  GpsEvent,
  GpsEventPaths as P,
  ImeiParam,
} from '@fleetdesk/contracts/gps-events';
import { access } from '../../../core/access.js';
import { ok } from '../../../core/envelope.js';
import { alarmStatics, listAlarms, listEvents, settleAlarms, unhandledCount } from './alarms.service.js';
import {
  bindDevices,
  createGeofence,
  deleteGeofence,
  geofenceDevices,
  listGeofences,
  unbindDevices,
  updateGeofence,
} from './geofences.service.js';
import '../gps.messages.js';

const tags = ['gps'];
const VIEW = 'riskGpsMap:view';
const ALARM = 'riskGpsMap:alarm';
const alarmAudit = { targetType: 'gpsAlarm' };
const fenceAudit = { targetType: 'gpsGeofence' };

/** GPS part 2 (issue 18): events, alarms and geofences (spec section 7). */
export async function gpsEventsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  // Alarms --------------------------------------------------------------------------------------------------
  app.get(P.alarmList, {
    schema: {
      tags,
      summary: 'Alarms of the caller’s rents, newest first (filters: status, type, device number or plate, period)',
      querystring: AlarmQuery,
      response: { 200: envelope(paged(GpsEvent)) },
    },
    config: { access: access.permission(VIEW) },
    handler: async (req) => ok(await listAlarms(deps, req.ctx, req.query)),
  });

  app.get(P.alarmUnhandled, {
    schema: {
      tags,
      summary: 'How many alarms are unhandled (the header badge)',
      response: { 200: envelope(z.number().int()) },
    },
    config: { access: access.permission(VIEW) },
    handler: async (req) => ok(await unhandledCount(deps, req.ctx)),
  });

  app.get(P.alarmByImei, {
    schema: {
      tags,
      summary: 'Alarms of one device, newest first',
      params: ImeiParam,
      querystring: AlarmQuery,
      response: { 200: envelope(paged(GpsEvent)) },
    },
    config: { access: access.permission(VIEW) },
    handler: async (req) => ok(await listAlarms(deps, req.ctx, { ...req.query, imei: req.params.imei })),
  });

  app.get(P.alarmStatics, {
    schema: {
      tags,
      summary: 'A month’s alarms (China time) by type and by day',
      querystring: AlarmStaticsQuery,
      response: { 200: envelope(AlarmStatics) },
    },
    config: { access: access.permission(VIEW) },
    handler: async (req) => ok(await alarmStatics(deps, req.ctx, req.query)),
  });

  app.put(P.alarmHandle, {
    schema: {
      tags,
      summary: 'Handle an unhandled alarm, with a note',
      params: IdParam,
      body: AlarmHandleInput,
      response: { 200: envelope(GpsEvent) },
    },
    config: { access: access.permission(ALARM), audit: alarmAudit },
    handler: async (req) => {
      const { rows } = await settleAlarms(deps, req.ctx, [req.params.id], 'handled', req.body.note, true);
      req.auditNote = { targetId: req.params.id, summary: { handled: req.body.note } };
      return ok(rows[0]!);
    },
  });

  app.delete(P.alarmIgnore, {
    schema: {
      tags,
      summary: 'Ignore an unhandled alarm',
      querystring: AlarmIgnoreQuery,
      response: { 200: envelope(GpsEvent) },
    },
    config: { access: access.permission(ALARM), audit: alarmAudit },
    handler: async (req) => {
      const { rows } = await settleAlarms(deps, req.ctx, [req.query.id], 'ignored', null, true);
      req.auditNote = { targetId: req.query.id, summary: { ignored: true } };
      return ok(rows[0]!);
    },
  });

  app.post(P.alarmIgnoreBatch, {
    schema: {
      tags,
      summary: 'Ignore several alarms; those already settled or outside the caller’s rents are skipped',
      body: AlarmIgnoreBatchInput,
      response: { 200: envelope(z.object({ changed: z.number().int() })) },
    },
    config: { access: access.permission(ALARM), audit: alarmAudit },
    handler: async (req) => {
      const { changed } = await settleAlarms(deps, req.ctx, req.body.ids, 'ignored', null, false);
      req.auditNote = { summary: { ignored: changed, ids: req.body.ids.slice(0, 50) } };
      return ok({ changed });
    },
  });

  // Events --------------------------------------------------------------------------------------------------
  app.post(P.events, {
    schema: {
      tags,
      summary: 'Device events (online, offline, ignition, alarms, geofences), newest first (filters in the body)',
      body: EventQuery,
      response: { 200: envelope(paged(GpsEvent)) },
    },
    config: { access: access.permission(VIEW) },
    handler: async (req) => ok(await listEvents(deps, req.ctx, req.body)),
  });

  app.post(P.eventsByCar, {
    schema: {
      tags,
      summary: 'A car’s device events, newest first',
      params: IdParam,
      body: EventQuery,
      response: { 200: envelope(paged(GpsEvent)) },
    },
    config: { access: access.permission(VIEW) },
    handler: async (req) => ok(await listEvents(deps, req.ctx, { ...req.body, carId: req.params.id })),
  });

  // Geofences -----------------------------------------------------------------------------------------------
  app.get(P.geofenceList, {
    schema: {
      tags,
      summary: 'Geofences of the caller’s rents (WGS-84 `[lat, lon]` points)',
      querystring: GeofenceListQuery,
      response: { 200: envelope(paged(Geofence)) },
    },
    config: { access: access.permission(VIEW) },
    handler: async (req) => ok(await listGeofences(deps, req.ctx, req.query)),
  });

  app.get(P.geofenceUnbound, {
    schema: {
      tags,
      summary: 'Devices not bound to the geofence (to pick some)',
      querystring: GeofenceUnboundQuery,
      response: { 200: envelope(paged(GeofenceDevice)) },
    },
    config: { access: access.permission(VIEW) },
    handler: async (req) => ok(await geofenceDevices(deps, req.ctx, req.query.geofenceId, false, req.query)),
  });

  app.post(P.geofenceAdd, {
    schema: { tags, summary: 'Create a geofence', body: GeofenceInput, response: { 200: envelope(Geofence) } },
    config: { access: access.permission('riskGpsMap:add'), audit: fenceAudit },
    handler: async (req) => {
      const g = await createGeofence(deps, req.ctx, req.body);
      req.auditNote = { targetId: g.id, summary: { name: g.name, kind: g.kind } };
      return ok(g);
    },
  });

  app.put(P.geofenceUpdate, {
    schema: {
      tags,
      summary: 'Change a geofence',
      params: IdParam,
      body: GeofenceInput,
      response: { 200: envelope(Geofence) },
    },
    config: { access: access.permission('riskGpsMap:edit'), audit: fenceAudit },
    handler: async (req) => {
      const g = await updateGeofence(deps, req.ctx, req.params.id, req.body);
      req.auditNote = { targetId: g.id, summary: { name: g.name } };
      return ok(g);
    },
  });

  app.delete(P.geofenceDelete, {
    schema: {
      tags,
      summary: 'Delete a geofence and its bindings',
      params: IdParam,
      response: { 200: envelope(z.boolean()) },
    },
    config: { access: access.permission('riskGpsMap:delete'), audit: fenceAudit },
    handler: async (req) => {
      const g = await deleteGeofence(deps, req.ctx, req.params.id);
      req.auditNote = { targetId: g.id, summary: { name: g.name } };
      return ok(true);
    },
  });

  app.get(P.geofenceDevices, {
    schema: {
      tags,
      summary: 'Devices bound to the geofence, with whether their last position is inside',
      params: IdParam,
      querystring: GeofenceDeviceQuery,
      response: { 200: envelope(paged(GeofenceDevice)) },
    },
    config: { access: access.permission(VIEW) },
    handler: async (req) => ok(await geofenceDevices(deps, req.ctx, req.params.id, true, req.query)),
  });

  app.post(P.deviceGeofenceBind, {
    schema: {
      tags,
      summary: 'Bind devices to the geofence {id}',
      params: IdParam,
      body: GeofenceDevicesInput,
      response: { 200: envelope(z.object({ added: z.number().int() })) },
    },
    config: { access: access.permission('riskGpsMap:bind'), audit: fenceAudit },
    handler: async (req) => {
      const added = await bindDevices(deps, req.ctx, req.params.id, req.body.deviceIds);
      req.auditNote = { targetId: req.params.id, summary: { bind: req.body.deviceIds } };
      return ok({ added });
    },
  });

  app.delete(P.deviceGeofenceUnbind, {
    schema: {
      tags,
      summary: 'Unbind devices from the geofence {id}',
      params: IdParam,
      body: GeofenceDevicesInput,
      response: { 200: envelope(z.object({ removed: z.number().int() })) },
    },
    config: { access: access.permission('riskGpsMap:bind'), audit: fenceAudit },
    handler: async (req) => {
      const removed = await unbindDevices(deps, req.ctx, req.params.id, req.body.deviceIds);
      req.auditNote = { targetId: req.params.id, summary: { unbind: req.body.deviceIds } };
      return ok({ removed });
    },
  });
}
