import { z } from 'zod';
import { addValidationMessages } from './validation-registry.js';

/**
 * The GPS names that the tenant rules (`organisation.ts`) and the car types (`vehicles.ts`) use, apart from
 * `gps-events.ts` so that the screens which load those contracts (the web shell among them) do not load the
 * GPS events' paths, titles and schemas.
 */

/** The GPS event types that are alarms (handled or ignored by someone); the event types are in `gps-events.ts`. */
export const GPS_ALARM_TYPES = [
  'overspeed',
  'powerCut',
  'sos',
  'tamper',
  'vibration',
  'lowBattery',
  'geofenceEnter',
  'geofenceExit',
  'identity',
] as const;
export const GpsAlarmType = z.enum(GPS_ALARM_TYPES);
export type GpsAlarmType = z.infer<typeof GpsAlarmType>;

addValidationMessages({
  'v.speedLimit': { 'zh-CN': '限速为 1-300 km/h 的整数', 'en-US': 'A speed limit is a whole number of 1 to 300 km/h' },
});

/** An overspeed limit of a car type or a geofence, km/h. */
export const SpeedLimit = z
  .number({ message: 'v.speedLimit' })
  .int({ message: 'v.speedLimit' })
  .min(1, { message: 'v.speedLimit' })
  .max(300, { message: 'v.speedLimit' });
