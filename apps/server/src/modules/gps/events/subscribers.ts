import type { GpsAlarmType } from '@fleetdesk/contracts/gps-events';
import { subscribe, type DomainEvent, type EventHandler } from '../../../core/events.js';
import { evaluateEvents, type RiskEventRow } from '../risk/risk.service.js';
import { notifyAlarms } from './alarm-notices.js';
import { rulesOf } from './events.js';

/** The durable subscribers of the GPS area (their names key the outbox deliveries: keep them). */
export const GPS_RISK_SUBSCRIBER = 'gps.risk';
export const GPS_ALARM_NOTICES_SUBSCRIBER = 'gps.alarmNotices';

/** The alarm types a risk rule looks at (besides every geofence exit). */
const RISK_ALARMS = new Set(['powerCut', 'tamper']);

const riskRows = (events: DomainEvent<'device.alarm' | 'device.geofenceExit'>[]): RiskEventRow[] =>
  events
    .filter((e) => e.payload.carId != null)
    .map((e) => ({
      tenant_id: e.tenantId,
      id: e.payload.gpsEventId,
      device_id: e.payload.deviceId,
      car_id: e.payload.carId,
      type: e.payload.type,
      at: e.payload.at,
    }));

/** The risk engine: power cuts and tampering of a rented car. */
const riskOfAlarms: EventHandler<'device.alarm'> = async (events, deps) => {
  const rows = riskRows(events.filter((e) => RISK_ALARMS.has(e.payload.type)));
  if (rows.length) await evaluateEvents(deps, rows);
};

/** The risk engine: a rented car leaving a geofence. */
const riskOfExits: EventHandler<'device.geofenceExit'> = async (events, deps) => {
  const rows = riskRows(events);
  if (rows.length) await evaluateEvents(deps, rows);
};

/** The alarm notices: message-centre messages and SMS, per the tenant's `gpsEvents.notices`. */
const alarmNotices: EventHandler<'device.alarm'> = async (events, deps) => {
  await notifyAlarms(
    deps,
    events.map((e) => ({
      tenantId: e.tenantId,
      deviceId: e.payload.deviceId,
      rentId: e.payload.rentId,
      carId: e.payload.carId,
      type: e.payload.type as GpsAlarmType,
      at: new Date(e.payload.at),
      gpsEventId: e.payload.gpsEventId,
    })),
    async (tenantId) => (await rulesOf(deps, tenantId)).notices,
  );
};

/** Subscribes the GPS area's handlers (once per process; again does nothing). */
export function registerGpsSubscribers(): void {
  subscribe('device.alarm', GPS_RISK_SUBSCRIBER, riskOfAlarms, { durable: true });
  subscribe('device.geofenceExit', GPS_RISK_SUBSCRIBER, riskOfExits, { durable: true });
  subscribe('device.alarm', GPS_ALARM_NOTICES_SUBSCRIBER, alarmNotices, { durable: true });
}
