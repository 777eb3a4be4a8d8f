import { z } from 'zod';
import { Id, Instant, PageQuery, type LocalText } from './common.js';
import { addValidationMessages } from './validation-registry.js';

/**
 * GPS, part 2 (issue 18): remote commands to trackers (fuel cut and restore, locate now, reporting interval,
 * reboot), queued until the device is online and tracked from its reply. Base `/api/ccwgps` (spec section 7).
 */
const gps = '/api/ccwgps';

export const GpsCommandPaths = {
  /** PUT: queue a command for a device (`:id` = device id). */
  send: `${gps}/deviceCommand/send/:id`,
  page: `${gps}/deviceCommand/page`,
  detail: `${gps}/deviceCommand/page/:id`,
  /** PUT: cancel a command still queued (`:id` = command id). */
  cancel: `${gps}/deviceCommand/cancel/:id`,
} as const;

export const GPS_COMMAND_TYPES = ['fuelCut', 'fuelRestore', 'locate', 'interval', 'reboot'] as const;
export const GpsCommandType = z.enum(GPS_COMMAND_TYPES);
export type GpsCommandType = z.infer<typeof GpsCommandType>;
/** Commands that need `riskGpsMap:fuelCut`; the others need `riskGpsMap:command`. */
export const FUEL_COMMANDS: readonly GpsCommandType[] = ['fuelCut', 'fuelRestore'];
export const GPS_COMMAND_PERMISSION = {
  fuel: 'riskGpsMap:fuelCut',
  other: 'riskGpsMap:command',
  /** A fuel cut with `force`: no approval, above the safe speed. */
  force: 'riskGpsMap:forceFuelCut',
} as const;
export const commandPermission = (type: GpsCommandType): string =>
  FUEL_COMMANDS.includes(type) ? GPS_COMMAND_PERMISSION.fuel : GPS_COMMAND_PERMISSION.other;

export const GPS_COMMAND_TITLES: Record<GpsCommandType, LocalText> = {
  fuelCut: { 'zh-CN': '断油断电', 'en-US': 'Cut fuel and power' },
  fuelRestore: { 'zh-CN': '恢复油电', 'en-US': 'Restore fuel and power' },
  locate: { 'zh-CN': '立即定位', 'en-US': 'Locate now' },
  interval: { 'zh-CN': '设置上报间隔', 'en-US': 'Set reporting interval' },
  reboot: { 'zh-CN': '重启设备', 'en-US': 'Reboot the device' },
};

export const GPS_COMMAND_STATUSES = ['queued', 'sent', 'succeeded', 'failed', 'expired', 'cancelled'] as const;
export const GpsCommandStatus = z.enum(GPS_COMMAND_STATUSES);
export type GpsCommandStatus = z.infer<typeof GpsCommandStatus>;
export const GPS_COMMAND_STATUS_TITLES: Record<GpsCommandStatus, LocalText> = {
  queued: { 'zh-CN': '排队中', 'en-US': 'Queued' },
  sent: { 'zh-CN': '已下发', 'en-US': 'Sent' },
  succeeded: { 'zh-CN': '执行成功', 'en-US': 'Succeeded' },
  failed: { 'zh-CN': '执行失败', 'en-US': 'Failed' },
  expired: { 'zh-CN': '已过期', 'en-US': 'Expired' },
  cancelled: { 'zh-CN': '已取消', 'en-US': 'Cancelled' },
};

export const GPS_COMMAND_SOURCES = ['manual', 'risk'] as const;
export const GpsCommandSource = z.enum(GPS_COMMAND_SOURCES);
export const GPS_COMMAND_SOURCE_TITLES: Record<(typeof GPS_COMMAND_SOURCES)[number], LocalText> = {
  manual: { 'zh-CN': '人工', 'en-US': 'Manual' },
  risk: { 'zh-CN': '风控', 'en-US': 'Risk engine' },
};

/** What happened to a command, in order (the drawer's timeline). */
export const GPS_COMMAND_STEPS = [
  'queued',
  'held',
  'sent',
  'requeued',
  'acknowledged',
  'succeeded',
  'failed',
  'expired',
  'cancelled',
] as const;
export type GpsCommandStep = (typeof GPS_COMMAND_STEPS)[number];
export const GPS_COMMAND_STEP_TITLES: Record<GpsCommandStep, LocalText> = {
  queued: { 'zh-CN': '进入队列', 'en-US': 'Queued' },
  held: { 'zh-CN': '等待安全车速', 'en-US': 'Waiting for a safe speed' },
  sent: { 'zh-CN': '下发至设备', 'en-US': 'Sent to the device' },
  requeued: { 'zh-CN': '连接断开，重新排队', 'en-US': 'Connection lost, queued again' },
  acknowledged: { 'zh-CN': '设备已应答', 'en-US': 'Acknowledged by the device' },
  succeeded: { 'zh-CN': '执行成功', 'en-US': 'Succeeded' },
  failed: { 'zh-CN': '执行失败', 'en-US': 'Failed' },
  expired: { 'zh-CN': '24 小时未送达，已过期', 'en-US': 'Not delivered within 24 h: expired' },
  cancelled: { 'zh-CN': '已取消', 'en-US': 'Cancelled' },
};

/** JT/T 808 general reply results (0x0001), and ours for a control whose state did not change. */
export const GPS_COMMAND_RESULT_TITLES: Record<number, LocalText> = {
  0: { 'zh-CN': '成功', 'en-US': 'OK' },
  1: { 'zh-CN': '失败', 'en-US': 'Failure' },
  2: { 'zh-CN': '消息有误', 'en-US': 'Bad message' },
  3: { 'zh-CN': '设备不支持', 'en-US': 'Not supported' },
  4: { 'zh-CN': '报警处理确认', 'en-US': 'Alarm confirmed' },
};

/** Commands not delivered within this many hours expire. */
export const GPS_COMMAND_EXPIRY_HOURS = 24;
export const INTERVAL_MIN_SECONDS = 5;
export const INTERVAL_MAX_SECONDS = 3600;

addValidationMessages({
  'v.gpsCommandReason': {
    'zh-CN': '请填写下发原因（1-200 字）',
    'en-US': 'Enter a reason (1 to 200 characters)',
  },
  'v.gpsCommandPeriod': { 'zh-CN': '结束时间须晚于开始时间', 'en-US': 'The end must be after the start' },
  'v.gpsCommandInterval': {
    'zh-CN': '上报间隔为 5 到 3600 秒',
    'en-US': 'The reporting interval is 5 to 3,600 seconds',
  },
});

export const GpsCommandParams = z.strictObject({
  intervalSeconds: z
    .number({ message: 'v.gpsCommandInterval' })
    .int({ message: 'v.gpsCommandInterval' })
    .min(INTERVAL_MIN_SECONDS, { message: 'v.gpsCommandInterval' })
    .max(INTERVAL_MAX_SECONDS, { message: 'v.gpsCommandInterval' })
    .optional(),
});
export type GpsCommandParams = z.infer<typeof GpsCommandParams>;

export const GpsCommandInput = z
  .strictObject({
    commandType: GpsCommandType,
    reason: z
      .string({ message: 'v.gpsCommandReason' })
      .trim()
      .min(1, { message: 'v.gpsCommandReason' })
      .max(200, { message: 'v.gpsCommandReason' }),
    params: GpsCommandParams.default({}),
    /** A fuel cut while the car is faster than the safe speed: send it anyway (second confirmation). */
    force: z.boolean().default(false),
    /** A fuel cut held until a position at or below the safe speed arrives (the risk engine's way). */
    waitSafeSpeed: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.commandType === 'interval' && v.params.intervalSeconds === undefined)
      ctx.addIssue({ code: 'custom', message: 'v.gpsCommandInterval', path: ['params', 'intervalSeconds'] });
  });
export type GpsCommandInput = z.infer<typeof GpsCommandInput>;

export const GpsCommandQuery = PageQuery.extend({
  commandName: GpsCommandType.optional().describe('the command type'),
  deviceId: Id.optional(),
  keyword: z.string().trim().max(40).optional().describe('device number or plate'),
  status: GpsCommandStatus.optional(),
  source: GpsCommandSource.optional(),
  from: Instant.optional(),
  to: Instant.optional(),
}).refine((q) => !q.from || !q.to || q.from < q.to, { message: 'v.gpsCommandPeriod', path: ['to'] });
export type GpsCommandQuery = z.infer<typeof GpsCommandQuery>;

export const GpsCommandStepRow = z.object({
  step: z.enum(GPS_COMMAND_STEPS),
  at: z.string(),
  note: z.string().nullable(),
});
export type GpsCommandStepRow = z.infer<typeof GpsCommandStepRow>;

export const GpsCommand = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  imei: z.string(),
  rentId: z.number().int(),
  rentName: z.string(),
  /** The car the device was bound to when the command was queued. */
  carId: z.number().int().nullable(),
  plate: z.string().nullable(),
  commandType: GpsCommandType,
  params: z.object({ intervalSeconds: z.number().int().optional() }),
  reason: z.string(),
  source: GpsCommandSource,
  riskCaseId: z.number().int().nullable(),
  status: GpsCommandStatus,
  waitSafeSpeed: z.boolean(),
  forced: z.boolean(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  queuedAt: z.string(),
  sentAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
  /** The device's result (0 ok, 1 failure, 2 bad message, 3 unsupported). */
  resultCode: z.number().int().nullable(),
  resultText: z.string().nullable(),
  /** Serial number of the downlink message (matched against the reply). */
  serial: z.number().int().nullable(),
});
export type GpsCommand = z.infer<typeof GpsCommand>;

export const GpsCommandDetail = GpsCommand.extend({ steps: z.array(GpsCommandStepRow) });
export type GpsCommandDetail = z.infer<typeof GpsCommandDetail>;
