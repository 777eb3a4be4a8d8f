import { z } from 'zod';
import { Id, Instant, PageQuery, type LocalText } from './common.js';
import { addValidationMessages } from './validation-registry.js';
import './gps-events.js'; // v.gpsPeriod

/**
 * GPS device receipts (设备交接单, issue 18): a handover of devices from one company (rent) of the tenant, the
 * sender, to another, the receiver. Base `/api/ccwgps` (spec section 7).
 */
const gps = '/api/ccwgps';

export const GpsReceiptPaths = {
  create: `${gps}/receipt/create`,
  list: `${gps}/receipt/list`,
  detail: `${gps}/receipt/detail/:id`,
  receive: `${gps}/receipt/b/receive/:id`,
  cancel: `${gps}/receipt/cancel/:id`,
  /** Devices of the received receipt {id} still at the receiver and in no pending receipt (to send back). */
  availableB2a: `${gps}/receipt/available/b2a/device/:id`,
} as const;

/** `a2b` sends devices out; `b2a` sends back devices that came in on a received receipt. */
export const GPS_RECEIPT_KINDS = ['a2b', 'b2a'] as const;
export const GpsReceiptKind = z.enum(GPS_RECEIPT_KINDS);
export type GpsReceiptKind = z.infer<typeof GpsReceiptKind>;
export const GPS_RECEIPT_KIND_TITLES: Record<GpsReceiptKind, LocalText> = {
  a2b: { 'zh-CN': '发出', 'en-US': 'Send out' },
  b2a: { 'zh-CN': '退回', 'en-US': 'Send back' },
};

export const GPS_RECEIPT_STATES = ['pending', 'received', 'cancelled'] as const;
export const GpsReceiptState = z.enum(GPS_RECEIPT_STATES);
export type GpsReceiptState = z.infer<typeof GpsReceiptState>;
export const GPS_RECEIPT_STATE_TITLES: Record<GpsReceiptState, LocalText> = {
  pending: { 'zh-CN': '待接收', 'en-US': 'Pending' },
  received: { 'zh-CN': '已接收', 'en-US': 'Received' },
  cancelled: { 'zh-CN': '已取消', 'en-US': 'Cancelled' },
};

/** Devices on one receipt. */
export const GPS_RECEIPT_MAX_DEVICES = 200;

addValidationMessages({
  'v.gpsReceiptDevices': {
    'zh-CN': `请选择 1-${GPS_RECEIPT_MAX_DEVICES} 台设备`,
    'en-US': `Choose 1 to ${GPS_RECEIPT_MAX_DEVICES} devices`,
  },
  'v.gpsReceiptSource': {
    'zh-CN': '退回单须指明原交接单',
    'en-US': 'A send-back names the receipt the devices came in on',
  },
  'v.gpsReceiptToRent': { 'zh-CN': '请选择接收公司', 'en-US': 'Choose the receiving company' },
  'v.gpsExpressNo': {
    'zh-CN': '快递单号为 4-40 位字母、数字或短横线',
    'en-US': 'A courier number is 4 to 40 letters, digits or dashes',
  },
});

export const GpsReceiptInput = z
  .strictObject({
    kind: GpsReceiptKind.default('a2b'),
    /** The sender; default the caller's current rent. For b2a it is the source receipt's receiver. */
    fromRentId: Id.optional(),
    /** The receiver (a2b). A b2a goes back to the source receipt's sender. */
    toRentId: Id.optional(),
    /** b2a: the received receipt the devices came in on. */
    sourceId: Id.optional(),
    deviceIds: z
      .array(Id)
      .min(1, { message: 'v.gpsReceiptDevices' })
      .max(GPS_RECEIPT_MAX_DEVICES, { message: 'v.gpsReceiptDevices' }),
    note: z.string().trim().max(200).nullable().default(null),
    expressNo: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{4,40}$/, { message: 'v.gpsExpressNo' })
      .nullable()
      .default(null),
  })
  .superRefine((r, ctx) => {
    if (r.kind === 'b2a' && r.sourceId === undefined)
      ctx.addIssue({ code: 'custom', message: 'v.gpsReceiptSource', path: ['sourceId'] });
    if (r.kind === 'a2b' && r.toRentId === undefined)
      ctx.addIssue({ code: 'custom', message: 'v.gpsReceiptToRent', path: ['toRentId'] });
  });
export type GpsReceiptInput = z.infer<typeof GpsReceiptInput>;

export const GpsReceiptDevice = z.object({
  deviceId: z.number().int(),
  imei: z.string(),
  model: z.string(),
  /** Where the device is now. */
  rentName: z.string(),
});
export type GpsReceiptDevice = z.infer<typeof GpsReceiptDevice>;

export const GpsReceipt = z.object({
  id: z.number().int(),
  number: z.string(),
  kind: GpsReceiptKind,
  state: GpsReceiptState,
  fromRentId: z.number().int(),
  fromRentName: z.string(),
  toRentId: z.number().int(),
  toRentName: z.string(),
  sourceId: z.number().int().nullable(),
  sourceNumber: z.string().nullable(),
  deviceCount: z.number().int(),
  note: z.string().nullable(),
  expressNo: z.string().nullable(),
  createdByName: z.string(),
  createdAt: Instant,
  receivedByName: z.string().nullable(),
  receivedAt: Instant.nullable(),
  cancelledByName: z.string().nullable(),
  cancelledAt: Instant.nullable(),
});
export type GpsReceipt = z.infer<typeof GpsReceipt>;

export const GpsReceiptDetail = GpsReceipt.extend({
  devices: z.array(GpsReceiptDevice),
  /** What the caller may do now (the web shows the buttons). */
  canReceive: z.boolean(),
  canCancel: z.boolean(),
});
export type GpsReceiptDetail = z.infer<typeof GpsReceiptDetail>;

export const GpsReceiptQuery = PageQuery.extend({
  state: GpsReceiptState.optional(),
  kind: GpsReceiptKind.optional(),
  number: z.string().trim().max(40).optional(),
  /** `out`: sent by the caller's rents; `in`: to be received by them; default both. */
  direction: z.enum(['out', 'in']).optional(),
  from: Instant.optional(),
  to: Instant.optional(),
}).refine((q) => !q.from || !q.to || q.from < q.to, { message: 'v.gpsPeriod', path: ['to'] });
export type GpsReceiptQuery = z.infer<typeof GpsReceiptQuery>;
