import { z } from 'zod';
import { Id, Instant, PageQuery, type LocalText } from './common.js';
import { Month } from './cost-centres.js';
import { addValidationMessages } from './validation-registry.js';

/**
 * GPS, part 1 (issue 17): devices (JT/T 808 terminals and OsmAnd phones), their binding to cars and users,
 * positions, the live map and route replay with trips and stops. Base `/api/ccwgps` (a few under ccwadmin).
 */
const gps = '/api/ccwgps';
const admin = '/api/ccwadmin';

export const GpsPaths = {
  // Devices (our CRUD, same style)
  deviceAdd: `${gps}/device/create`,
  deviceUpdate: `${gps}/device/update/:id`,
  deviceDelete: `${gps}/device/delete/:id`,
  deviceGet: `${gps}/device/get/:id`,
  /** Clears a device's identity (JT/T 808 auth code and IMEI; may register again), audited; `riskGpsMap:identity`. */
  deviceResetIdentity: `${gps}/device/resetIdentity/:id`,
  /** A new OsmAnd secret identifier for a phone tracker (answered once), audited; `riskGpsMap:identity`. */
  deviceOsmandSecret: `${gps}/device/osmandSecret/:id`,
  // Spec section 7
  deviceAll: `${gps}/device/all`,
  bindCar: `${gps}/device/bindCar`,
  bindCarExport: `${gps}/device/export/bindCar`,
  bindToCar: `${gps}/device/bind/:id`,
  unbindFromCar: `${gps}/device/unbind/:id`,
  bindHistory: `${gps}/deviceBindRecord/history`,
  changeDefault: `${gps}/device/changeDefault`,
  userBind: `${gps}/device/userBind/:id`,
  quickUserBind: `${gps}/device/quick/userBind/:id`,
  userUnbind: `${gps}/device/userUnBind/:id`,
  /** Active users of the tenant one may bind a device to (the picker of the user binding). */
  bindableUsers: `${gps}/device/users`,
  unboundCars: `${admin}/rentCar/getUnbindDeviceCars`,
  unboundCarsExport: `${admin}/rentCar/export/getUnbindDeviceCars`,
  /** A car of the caller's rents by VIN, with its devices (the binding dialogs' VIN search). */
  carByVin: `${admin}/rentCar/get/vin/:vin`,
  rentRestDevice: `${gps}/device/rentRestDevice`,
  statusByVin: `${gps}/deviceStatus/gps`,
  status: `${gps}/deviceStatus/:id`,
  checkInstall: `${gps}/deviceStatus/check/device/:id/install`,
  route: `${gps}/deviceStatus/route/:id`,
  statics: `${gps}/device/gpsStatics`,
  userInstall: `${gps}/product/userinstall`,
  workOrderCreate: `${gps}/workMaintainOrder/create`,
  // Live map
  live: `${gps}/live/positions`,
  liveStream: `${gps}/live/stream`,
  mapSettings: `${gps}/live/settings`,
  /** Addresses of positions (reverse geocoding through the tenant's map provider, cached by rounded coordinates). */
  reverseGeocode: `${gps}/geocode/reverse`,
  // OsmAnd (Traccar Client), public: the device id is the credential, as in Traccar
  osmand: '/api/gps/osmand',
} as const;

export const GPS_PROTOCOLS = ['jt808', 'osmand'] as const;
export const GpsProtocol = z.enum(GPS_PROTOCOLS);
export type GpsProtocol = z.infer<typeof GpsProtocol>;

/** Device models we know (product/userinstall lists them). */
export const DEVICE_MODELS: { code: string; protocol: GpsProtocol; title: LocalText; wired: boolean }[] = [
  {
    code: 'JT-W100',
    protocol: 'jt808',
    title: { 'zh-CN': '有线定位器 W100', 'en-US': 'Wired tracker W100' },
    wired: true,
  },
  {
    code: 'JT-B200',
    protocol: 'jt808',
    title: { 'zh-CN': '无线定位器 B200', 'en-US': 'Battery tracker B200' },
    wired: false,
  },
  {
    code: 'MD300',
    protocol: 'jt808',
    title: { 'zh-CN': 'OBD 定位器 MD300', 'en-US': 'OBD tracker MD300' },
    wired: true,
  },
  {
    code: 'PHONE',
    protocol: 'osmand',
    title: { 'zh-CN': '手机 (Traccar Client)', 'en-US': 'Phone (Traccar Client)' },
    wired: false,
  },
];

/** Live status of a device: online within 10 minutes of its last message (Traccar's status.timeout = 600 s). */
export const DEVICE_STATUSES = ['moving', 'stopped', 'offline', 'never'] as const;
export const DeviceStatus = z.enum(DEVICE_STATUSES);
export type DeviceStatus = z.infer<typeof DeviceStatus>;
export const DEVICE_STATUS_TITLES: Record<DeviceStatus, LocalText> = {
  moving: { 'zh-CN': '行驶', 'en-US': 'Moving' },
  stopped: { 'zh-CN': '静止', 'en-US': 'Stopped' },
  offline: { 'zh-CN': '离线', 'en-US': 'Offline' },
  never: { 'zh-CN': '未上线', 'en-US': 'Never online' },
};
export const ONLINE_SECONDS = 600;

/** Route replay cap (Traccar's report.maxPositions). */
export const ROUTE_MAX_POSITIONS = 50_000;
/** Longest route period asked at once. */
export const ROUTE_MAX_DAYS = 7;

addValidationMessages({
  'v.gpsImei': { 'zh-CN': '设备号为 6-20 位数字', 'en-US': 'A device number is 6-20 digits' },
  'v.gpsSim': { 'zh-CN': 'SIM 卡号为 11-20 位数字', 'en-US': 'A SIM number is 11-20 digits' },
  'v.gpsDeviceModel': {
    'zh-CN': '请输入设备型号（最多 30 个字）',
    'en-US': 'Enter a device model (at most 30 characters)',
  },
  'v.gpsRoutePeriod': {
    'zh-CN': '结束时间须晚于开始时间，且最多 7 天',
    'en-US': 'The end must be after the start, at most 7 days later',
  },
  'v.gpsVin': { 'zh-CN': '请输入车架号', 'en-US': 'Enter a VIN' },
});

export const Imei = z
  .string()
  .trim()
  .regex(/^\d{6,20}$/, { message: 'v.gpsImei' });

export const DeviceInput = z.strictObject({
  imei: Imei,
  model: z.string().trim().min(1, { message: 'v.gpsDeviceModel' }).max(30, { message: 'v.gpsDeviceModel' }),
  protocol: GpsProtocol.default('jt808'),
  sim: z
    .string()
    .trim()
    .regex(/^\d{11,20}$/, { message: 'v.gpsSim' })
    .nullable()
    .default(null),
  rentId: Id.optional(),
  installedAt: Instant.nullable().default(null),
  installer: z.string().trim().max(30).nullable().default(null),
  installPosition: z.string().trim().max(60).nullable().default(null),
  remark: z.string().trim().max(200).nullable().default(null),
});
export type DeviceInput = z.infer<typeof DeviceInput>;

export const LastPosition = z.object({
  fixTime: z.string(),
  serverTime: z.string(),
  lat: z.number(),
  lon: z.number(),
  speed: z.number(),
  course: z.number().int(),
  altitude: z.number(),
  valid: z.boolean(),
  ignition: z.boolean().nullable(),
  alarms: z.array(z.string()),
  /** km, from the device's odometer. */
  mileage: z.number().nullable(),
});
export type LastPosition = z.infer<typeof LastPosition>;

export const Device = z.object({
  id: z.number().int(),
  imei: z.string(),
  model: z.string(),
  protocol: GpsProtocol,
  sim: z.string().nullable(),
  rentId: z.number().int(),
  rentName: z.string(),
  carId: z.number().int().nullable(),
  plate: z.string().nullable(),
  vin: z.string().nullable(),
  isDefault: z.boolean(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  installedAt: z.string().nullable(),
  installer: z.string().nullable(),
  installPosition: z.string().nullable(),
  remark: z.string().nullable(),
  registeredAt: z.string().nullable(),
  /** JT/T 808-2019: the IMEI the terminal proved at its first authentication (later ones must match). */
  terminalImei: z.string().nullable(),
  /** OsmAnd: whether a secret identifier is set (the secret itself is answered only when made). */
  hasOsmandSecret: z.boolean(),
  /** The OsmAnd secret identifier, only in the answer of the call that made it (shown once). */
  osmandSecret: z.string().optional(),
  /** Positions refused: fix time too far ahead of the server, coordinates out of range; the last refusal. */
  rejectedFuture: z.number().int(),
  rejectedRange: z.number().int(),
  rejectedAt: z.string().nullable(),
  status: DeviceStatus,
  last: LastPosition.nullable(),
  createdAt: z.string(),
});
export type Device = z.infer<typeof Device>;

export const DeviceListQuery = PageQuery.extend({
  keyword: z.string().trim().max(40).optional(),
  rentId: Id.optional(),
  status: DeviceStatus.optional(),
  bound: z.enum(['yes', 'no']).optional(),
});
export type DeviceListQuery = z.infer<typeof DeviceListQuery>;

export const BindInput = z.strictObject({ carId: Id, remark: z.string().trim().max(200).nullable().default(null) });
export const UnbindInput = z.strictObject({ remark: z.string().trim().max(200).nullable().default(null) });

export const BindRecord = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  imei: z.string(),
  carId: z.number().int(),
  plate: z.string(),
  action: z.enum(['bind', 'unbind']),
  remark: z.string().nullable(),
  userName: z.string().nullable(),
  at: z.string(),
});
export const BindHistoryQuery = PageQuery.extend({ deviceId: Id.optional(), carId: Id.optional() });

export const ChangeDefaultQuery = z.object({ carVin: z.string().trim().min(1, { message: 'v.gpsVin' }), imei: Imei });
export const UserBindInput = z.strictObject({ userId: Id });
export const BindableUserQuery = z.object({ keyword: z.string().trim().max(40).optional() });
export const BindableUser = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  phone: z.string(),
  /** Devices already bound to the user. */
  devices: z.number().int(),
});
export type BindableUser = z.infer<typeof BindableUser>;

/** The protocol a known model speaks (a model we do not know may speak either). */
export function modelProtocol(model: string): GpsProtocol | null {
  return DEVICE_MODELS.find((m) => m.code === model)?.protocol ?? null;
}

export const UnboundCar = z.object({
  id: z.number().int(),
  plate: z.string(),
  vin: z.string(),
  rentId: z.number().int(),
  rentName: z.string(),
  status: z.string(),
});
export const UnboundCarQuery = PageQuery.extend({
  keyword: z.string().trim().max(40).optional(),
  rentId: Id.optional(),
});

export const CarByVinParams = z.object({
  vin: z.string().trim().min(1, { message: 'v.gpsVin' }).max(40, { message: 'v.gpsVin' }),
});

/** A car found by VIN: where it belongs, its state, and the devices bound to it (the default first). */
export const CarByVin = UnboundCar.extend({
  devices: z.array(
    z.object({
      id: z.number().int(),
      imei: z.string(),
      model: z.string(),
      protocol: GpsProtocol,
      isDefault: z.boolean(),
      status: DeviceStatus,
    }),
  ),
});
export type CarByVin = z.infer<typeof CarByVin>;

export const VinQuery = z.object({ carVin: z.string().trim().min(1, { message: 'v.gpsVin' }) });

export const CarGps = z.object({
  carId: z.number().int(),
  plate: z.string(),
  vin: z.string(),
  devices: z.array(Device),
});

export const InstallCheck = z.object({
  deviceId: z.number().int(),
  imei: z.string(),
  ok: z.boolean(),
  checks: z.array(z.object({ code: z.string(), ok: z.boolean(), message: z.string() })),
});

export const RouteQuery = z.object({ from: Instant, to: Instant }).superRefine((q, c) => {
  const ms = Date.parse(q.to) - Date.parse(q.from);
  if (!(ms > 0) || ms > ROUTE_MAX_DAYS * 86_400_000)
    c.addIssue({ code: 'custom', path: ['to'], message: 'v.gpsRoutePeriod' });
});

export const RoutePoint = z.object({
  t: z.string(),
  lat: z.number(),
  lon: z.number(),
  speed: z.number(),
  course: z.number().int(),
  alarms: z.array(z.string()),
});
export type RoutePoint = z.infer<typeof RoutePoint>;

export const Trip = z.object({
  start: z.string(),
  end: z.string(),
  startLat: z.number(),
  startLon: z.number(),
  endLat: z.number(),
  endLon: z.number(),
  /** km */
  distance: z.number(),
  /** km/h */
  averageSpeed: z.number(),
  maxSpeed: z.number(),
  durationSeconds: z.number().int(),
});
export type Trip = z.infer<typeof Trip>;
export const Stop = z.object({
  start: z.string(),
  end: z.string(),
  lat: z.number(),
  lon: z.number(),
  durationSeconds: z.number().int(),
});
export type Stop = z.infer<typeof Stop>;

export const Route = z.object({
  deviceId: z.number().int(),
  points: z.array(RoutePoint),
  /** More positions than ROUTE_MAX_POSITIONS: the first ones are given, with `message` saying so. */
  truncated: z.boolean(),
  message: z.string().nullable(),
  trips: z.array(Trip),
  stops: z.array(Stop),
  /** km */
  distance: z.number(),
});
export type Route = z.infer<typeof Route>;

export const StaticsQuery = PageQuery.extend({ month: Month });
export const DeviceMonth = z.object({
  deviceId: z.number().int(),
  imei: z.string(),
  plate: z.string().nullable(),
  positions: z.number().int(),
  /** km driven in the month (odometer, else the sum of legs). */
  mileage: z.number(),
  activeDays: z.number().int(),
  alarms: z.number().int(),
  maxSpeed: z.number(),
});

export const InstallProduct = z.object({
  code: z.string(),
  protocol: GpsProtocol,
  name: z.string(),
  wired: z.boolean(),
  installed: z.number().int(),
});

export const WORK_ORDER_KINDS = ['install', 'repair'] as const;
export const WorkOrderInput = z.strictObject({
  kind: z.enum(WORK_ORDER_KINDS),
  carId: Id,
  deviceId: Id.nullable().default(null),
  address: z.string().trim().min(1).max(100),
  contactName: z.string().trim().min(1).max(30),
  contactPhone: z
    .string()
    .trim()
    .regex(/^1[3-9]\d{9}$/, { message: 'v.mobile' }),
  appointmentAt: Instant.nullable().default(null),
  remark: z.string().trim().max(200).nullable().default(null),
});
export const WorkOrder = z.object({
  id: z.number().int(),
  kind: z.enum(WORK_ORDER_KINDS),
  carId: z.number().int(),
  deviceId: z.number().int().nullable(),
  status: z.string(),
  createdAt: z.string(),
});

/** One car on the live map. */
export const LiveCar = z.object({
  deviceId: z.number().int(),
  imei: z.string(),
  carId: z.number().int().nullable(),
  plate: z.string().nullable(),
  status: DeviceStatus,
  lat: z.number(),
  lon: z.number(),
  speed: z.number(),
  course: z.number().int(),
  fixTime: z.string(),
  alarms: z.array(z.string()),
  mileage: z.number().nullable(),
});
export type LiveCar = z.infer<typeof LiveCar>;
export const LiveQuery = z.object({ keyword: z.string().trim().max(40).optional() });

/** What the map screen needs of the tenant's rules. */
export const MapSettings = z.object({ mapTiles: z.enum(['amap', 'osm']) });
export type MapSettings = z.infer<typeof MapSettings>;

/** Providers of addresses: the sandbox (default, a table of real places), AutoNavi or OpenStreetMap's Nominatim. */
export const GEOCODE_PROVIDERS = ['sandbox', 'amap', 'nominatim'] as const;
export type GeocodeProviderName = (typeof GEOCODE_PROVIDERS)[number];

/** Positions (WGS-84) to name: at most 100 a call (a page of a list, a case's evidence). */
export const ReverseGeocodeInput = z.strictObject({
  points: z
    .array(z.strictObject({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) }))
    .min(1)
    .max(100),
});
export type ReverseGeocodeInput = z.infer<typeof ReverseGeocodeInput>;

/** One address per point, in the same order; null when the provider knows none or did not answer. */
export const ReverseGeocodeAnswer = z.object({
  provider: z.enum(GEOCODE_PROVIDERS),
  /** True for the sandbox: the screens mark its addresses. */
  sandbox: z.boolean(),
  addresses: z.array(z.string().nullable()),
});
export type ReverseGeocodeAnswer = z.infer<typeof ReverseGeocodeAnswer>;
