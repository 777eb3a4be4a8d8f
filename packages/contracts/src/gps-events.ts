import { z } from 'zod';
import { Id, Instant, PageQuery, type LocalText } from './common.js';
import { Month } from './cost-centres.js';
import { GPS_ALARM_TYPES, GpsAlarmType, SpeedLimit } from './gps-rules.js';
import { addValidationMessages } from './validation-registry.js';

/**
 * GPS, part 2 (issue 18): events and alarms derived from positions, geofences bound to devices.
 * Base `/api/ccwgps` (spec section 7).
 */
const gps = '/api/ccwgps';

export const GpsEventPaths = {
  alarmList: `${gps}/alarm`,
  /** DELETE: ignore one alarm (`?id=`). */
  alarmIgnore: `${gps}/alarm`,
  alarmHandle: `${gps}/alarm/handle/:id`,
  alarmIgnoreBatch: `${gps}/alarm/ignoreBatch`,
  alarmUnhandled: `${gps}/alarm/alarmCount/unHandle`,
  alarmByImei: `${gps}/alarm/byImei/:imei`,
  alarmStatics: `${gps}/alarm/gpsAlarmStatics`,
  events: `${gps}/deviceEvents`,
  eventsByCar: `${gps}/deviceEvents/queryByCar/:id`,
  geofenceList: `${gps}/geofence`,
  geofenceAdd: `${gps}/geofence`,
  geofenceUpdate: `${gps}/geofence/:id`,
  geofenceDelete: `${gps}/geofence/:id`,
  geofenceDevices: `${gps}/geofence/:id/devices`,
  /** Devices not bound to the geofence (to pick some). */
  geofenceUnbound: `${gps}/geofence/unbind`,
  deviceGeofenceBind: `${gps}/deviceGeofence/:id`,
  deviceGeofenceUnbind: `${gps}/deviceGeofence/:id`,
} as const;

export const GPS_EVENT_TYPES = [
  'online',
  'offline',
  'ignitionOn',
  'ignitionOff',
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
export const GpsEventType = z.enum(GPS_EVENT_TYPES);
export type GpsEventType = z.infer<typeof GpsEventType>;
// The alarm types and the speed limit live in `gps-rules.ts`: the tenant rules and the car types (in the web
// shell's bundle) name them without loading this file.
export { GPS_ALARM_TYPES, GpsAlarmType, SpeedLimit } from './gps-rules.js';
/** The alarm types as event types (and the compiler's check that every alarm type is an event type). */
export const ALARM_EVENT_TYPES: readonly GpsEventType[] = GPS_ALARM_TYPES;

export const GPS_EVENT_TITLES: Record<GpsEventType, LocalText> = {
  online: { 'zh-CN': '上线', 'en-US': 'Online' },
  offline: { 'zh-CN': '离线', 'en-US': 'Offline' },
  ignitionOn: { 'zh-CN': '点火', 'en-US': 'Ignition on' },
  ignitionOff: { 'zh-CN': '熄火', 'en-US': 'Ignition off' },
  overspeed: { 'zh-CN': '超速', 'en-US': 'Overspeed' },
  powerCut: { 'zh-CN': '断电', 'en-US': 'Power cut' },
  sos: { 'zh-CN': 'SOS 求救', 'en-US': 'SOS' },
  tamper: { 'zh-CN': '拆除报警', 'en-US': 'Tamper' },
  vibration: { 'zh-CN': '震动', 'en-US': 'Vibration' },
  lowBattery: { 'zh-CN': '低电量', 'en-US': 'Low battery' },
  geofenceEnter: { 'zh-CN': '进入围栏', 'en-US': 'Entered geofence' },
  geofenceExit: { 'zh-CN': '离开围栏', 'en-US': 'Left geofence' },
  identity: { 'zh-CN': '设备身份异常', 'en-US': 'Device identity alarm' },
};

export const ALARM_STATUSES = ['unhandled', 'handled', 'ignored'] as const;
export const AlarmStatus = z.enum(ALARM_STATUSES);
export type AlarmStatus = z.infer<typeof AlarmStatus>;
export const ALARM_STATUS_TITLES: Record<AlarmStatus, LocalText> = {
  unhandled: { 'zh-CN': '未处理', 'en-US': 'Unhandled' },
  handled: { 'zh-CN': '已处理', 'en-US': 'Handled' },
  ignored: { 'zh-CN': '已忽略', 'en-US': 'Ignored' },
};

addValidationMessages({
  'v.gpsAlarmNote': { 'zh-CN': '请填写处理说明（最多 200 字）', 'en-US': 'Enter a note (at most 200 characters)' },
  'v.gpsAlarmIds': { 'zh-CN': '请选择 1-500 条报警', 'en-US': 'Choose 1 to 500 alarms' },
  'v.gpsPeriod': { 'zh-CN': '结束时间须晚于开始时间', 'en-US': 'The end must be after the start' },
  'v.geofenceName': { 'zh-CN': '请输入围栏名称（最多 40 字）', 'en-US': 'Enter a name (at most 40 characters)' },
  'v.geofencePoint': {
    'zh-CN': '坐标须为 [纬度, 经度]，纬度 -90~90，经度 -180~180',
    'en-US': 'A point is [lat, lon], latitude -90 to 90, longitude -180 to 180',
  },
  'v.geofenceShape': {
    'zh-CN': '圆形需要 1 个中心点和半径，多边形至少 3 个点，线路至少 2 个点（最多 500 个点）',
    'en-US':
      'A circle needs one centre and a radius, a polygon at least 3 points, a polyline at least 2 (at most 500 points)',
  },
  'v.geofenceRadius': {
    'zh-CN': '半径为 10 到 100000 米',
    'en-US': 'The radius is 10 to 100,000 metres',
  },
  'v.geofenceDevices': { 'zh-CN': '请选择 1-500 台设备', 'en-US': 'Choose 1 to 500 devices' },
});

export const AlarmQuery = PageQuery.extend({
  status: AlarmStatus.optional(),
  type: GpsAlarmType.optional(),
  keyword: z.string().trim().max(40).optional().describe('device number or plate'),
  rentId: Id.optional(),
  from: Instant.optional(),
  to: Instant.optional(),
}).refine((q) => !q.from || !q.to || q.from < q.to, { message: 'v.gpsPeriod', path: ['to'] });
export type AlarmQuery = z.infer<typeof AlarmQuery>;

export const GpsEvent = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  imei: z.string(),
  rentId: z.number().int(),
  rentName: z.string(),
  carId: z.number().int().nullable(),
  plate: z.string().nullable(),
  type: GpsEventType,
  at: z.string(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  speed: z.number().nullable(),
  geofenceId: z.number().int().nullable(),
  geofenceName: z.string().nullable(),
  attributes: z.record(z.string(), z.unknown()),
  alarmStatus: AlarmStatus.nullable(),
  handledByName: z.string().nullable(),
  handledAt: z.string().nullable(),
  note: z.string().nullable(),
});
export type GpsEvent = z.infer<typeof GpsEvent>;

export const AlarmHandleInput = z.strictObject({
  note: z.string().trim().min(1, { message: 'v.gpsAlarmNote' }).max(200, { message: 'v.gpsAlarmNote' }),
});
export const AlarmIgnoreQuery = z.object({ id: Id });
export const AlarmIgnoreBatchInput = z.strictObject({
  ids: z.array(Id).min(1, { message: 'v.gpsAlarmIds' }).max(500, { message: 'v.gpsAlarmIds' }),
});
export const ImeiParam = z.object({
  imei: z
    .string()
    .trim()
    .regex(/^\d{6,20}$/, { message: 'v.gpsImei' }),
});
export const AlarmStaticsQuery = z.object({ month: Month, rentId: Id.optional() });
export const AlarmStatics = z.object({
  month: z.string(),
  total: z.number().int(),
  unhandled: z.number().int(),
  byType: z.array(z.object({ type: GpsAlarmType, count: z.number().int(), unhandled: z.number().int() })),
  /** China days of the month (`yyyy-MM-dd`) with alarms. */
  byDay: z.array(z.object({ day: z.string(), count: z.number().int() })),
});
export type AlarmStatics = z.infer<typeof AlarmStatics>;

export const EventQuery = PageQuery.extend({
  deviceId: Id.optional(),
  type: GpsEventType.optional(),
  from: Instant.optional(),
  to: Instant.optional(),
}).refine((q) => !q.from || !q.to || q.from < q.to, { message: 'v.gpsPeriod', path: ['to'] });
export type EventQuery = z.infer<typeof EventQuery>;

// Geofences ------------------------------------------------------------------------------------------------
export const GEOFENCE_KINDS = ['circle', 'polygon', 'polyline'] as const;
export const GeofenceKind = z.enum(GEOFENCE_KINDS);
export type GeofenceKind = z.infer<typeof GeofenceKind>;
export const GEOFENCE_KIND_TITLES: Record<GeofenceKind, LocalText> = {
  circle: { 'zh-CN': '圆形', 'en-US': 'Circle' },
  polygon: { 'zh-CN': '多边形', 'en-US': 'Polygon' },
  polyline: { 'zh-CN': '线路', 'en-US': 'Polyline' },
};
/** Traccar's polylineDistance default: a polyline's corridor half-width, metres. */
export const POLYLINE_DEFAULT_METRES = 25;

const LatLon = z.tuple([z.number().min(-90).max(90), z.number().min(-180).max(180)], { message: 'v.geofencePoint' });

export const GeofenceInput = z
  .strictObject({
    name: z.string().trim().min(1, { message: 'v.geofenceName' }).max(40, { message: 'v.geofenceName' }),
    kind: GeofenceKind,
    /** WGS-84 `[lat, lon]` (the web converts from GCJ-02 before saving). */
    points: z.array(LatLon, { message: 'v.geofencePoint' }).max(500, { message: 'v.geofenceShape' }),
    /** Metres: a circle's radius, a polyline's corridor half-width. */
    radius: z
      .number()
      .min(10, { message: 'v.geofenceRadius' })
      .max(100_000, { message: 'v.geofenceRadius' })
      .nullable()
      .default(null),
    rentId: Id.optional(),
    alarmOnEnter: z.boolean().default(false),
    alarmOnExit: z.boolean().default(true),
    /** km/h inside the geofence (null: none; left out on a change: kept). */
    speedLimitKmh: SpeedLimit.nullable().optional(),
    remark: z.string().trim().max(200).nullable().default(null),
  })
  .superRefine((g, ctx) => {
    const n = g.points.length;
    const ok = g.kind === 'circle' ? n === 1 : g.kind === 'polygon' ? n >= 3 : n >= 2;
    if (!ok) ctx.addIssue({ code: 'custom', message: 'v.geofenceShape', path: ['points'] });
    if (g.kind === 'circle' && g.radius === null)
      ctx.addIssue({ code: 'custom', message: 'v.geofenceRadius', path: ['radius'] });
  });
export type GeofenceInput = z.infer<typeof GeofenceInput>;

export const Geofence = z.object({
  id: z.number().int(),
  rentId: z.number().int(),
  rentName: z.string(),
  name: z.string(),
  kind: GeofenceKind,
  points: z.array(z.tuple([z.number(), z.number()])),
  radius: z.number().nullable(),
  alarmOnEnter: z.boolean(),
  alarmOnExit: z.boolean(),
  speedLimitKmh: z.number().int().nullable(),
  remark: z.string().nullable(),
  devices: z.number().int(),
  createdAt: z.string(),
});
export type Geofence = z.infer<typeof Geofence>;

export const GeofenceListQuery = PageQuery.extend({
  keyword: z.string().trim().max(40).optional(),
  rentId: Id.optional(),
  deviceId: Id.optional(),
});
export const GeofenceDeviceQuery = PageQuery.extend({ keyword: z.string().trim().max(40).optional() });
export const GeofenceUnboundQuery = GeofenceDeviceQuery.extend({ geofenceId: Id });
export const GeofenceDevicesInput = z.strictObject({
  deviceIds: z.array(Id).min(1, { message: 'v.geofenceDevices' }).max(500, { message: 'v.geofenceDevices' }),
});
export const GeofenceDevice = z.object({
  id: z.number().int(),
  imei: z.string(),
  model: z.string(),
  plate: z.string().nullable(),
  rentName: z.string(),
  inside: z.boolean().nullable(),
});
export type GeofenceDevice = z.infer<typeof GeofenceDevice>;
