import { z } from 'zod';
import { Id, Instant, PageQuery, Yuan } from './common.js';
import { LocalDate } from './vehicles.js';
import { addValidationMessages } from './validation-registry.js';

const base = '/api/ccwadmin';

/** The calls of traffic violations and paid violation queries (spec section 7 "Fleet"), Fastify-style. */
export const ViolationPaths = {
  list: `${base}/peccancyDetail/list`,
  byCar: `${base}/peccancyDetail/findByCarId/:id`,
  listForCar: `${base}/peccancyDetail/listForCar`,
  original: `${base}/peccancyDetail/original/data`,
  originalExport: `${base}/peccancyDetail/original/data/export`,
  exportList: `${base}/peccancyDetail/export`,
  remindCount: `${base}/peccancyDetail/getLimitRemindCount`,
  get: `${base}/peccancyDetail/get/:id`,
  attribute: `${base}/peccancyDetail/attribute/:id`,
  handle: `${base}/peccancyDetail/handle/:id`,
  add: `${base}/peccancyDetail/add`,
  limitGet: `${base}/peccancyLimitConfig/get`,
  limitSave: `${base}/peccancyLimitConfig/save`,
  byYear: `${base}/statisticsPeccancy/getByYear`,
  checkSingle: `${base}/peccancy/order/check/single/peccancy/order/data`,
  checkBatch: `${base}/peccancy/order/check/batch/peccancy/order/data`,
  query: `${base}/peccancy/order/query`,
  batchQuery: `${base}/peccancy/order/batch/query`,
  orders: `${base}/peccancy/order/list`,
  orderItems: `${base}/consumer/order/peccancy/items/:id`,
} as const;

/** The service code of a violation query in the paid-services catalogue (one unit = one car queried). */
export const VIOLATION_QUERY_SERVICE = 'S10' as const;
/** Most cars one batch query may take. */
export const MAX_QUERY_CARS = 2000;

export const VIOLATION_VALIDATION_MESSAGES = {
  'v.violationLimit': {
    'zh-CN': '请输入 0 或正整数，留空表示不提醒',
    'en-US': 'Enter 0 or a whole number; leave empty for no reminder',
  },
  'v.violationPoints': { 'zh-CN': '扣分须为 0 到 12 的整数', 'en-US': 'Points are a whole number from 0 to 12' },
  'v.violationPlace': { 'zh-CN': '请填写违章地点', 'en-US': 'Enter where the violation happened' },
  'v.violationOffence': { 'zh-CN': '请填写违章行为', 'en-US': 'Enter what the offence was' },
  'v.violationNo': {
    'zh-CN': '编号只能包含字母、数字和 -，最多 40 位',
    'en-US': 'The number may hold letters, digits and -, at most 40',
  },
} as const;
addValidationMessages(VIOLATION_VALIDATION_MESSAGES);

const text = (max: number) => z.string().trim().max(max);

export const HandledState = z.enum(['unhandled', 'handled']);
export type HandledState = z.infer<typeof HandledState>;

/** Where a record came from: a paid query, typed in, or the demo. */
export const ViolationSource = z.enum(['query', 'manual', 'demo']);

const ViolationFilterFields = z.strictObject({
  plate: text(20).optional().describe('part of the plate, separators ignored'),
  carId: Id.optional(),
  driverId: Id.optional(),
  rentId: Id.optional(),
  handled: HandledState.optional(),
  offence: text(60).optional().describe('part of the offence code or text'),
  authority: text(60).optional().describe('part of the authority name'),
  attributed: z.enum(['yes', 'no']).optional(),
  from: LocalDate.optional().describe('violation day from (tenant time zone)'),
  to: LocalDate.optional().describe('violation day to, inclusive'),
});
function rangeRule(v: { from?: string; to?: string }, ctx: z.RefinementCtx): void {
  if (v.from && v.to && v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'v.dateRange' });
}
export const ViolationListFilter = ViolationFilterFields.extend(PageQuery.shape).superRefine(rangeRule);
export type ViolationListFilter = z.infer<typeof ViolationListFilter>;
/** The export takes the list's filter in the query string. */
export const ViolationExportFilter = ViolationFilterFields.superRefine(rangeRule);
export type ViolationExportFilter = z.infer<typeof ViolationExportFilter>;

export const Violation = z.object({
  id: z.number().int(),
  violationNo: z.string(),
  carId: z.number().int(),
  plate: z.string(),
  rentId: z.number().int(),
  rentName: z.string().nullable(),
  occurredAt: z.string(),
  place: z.string(),
  offenceCode: z.string(),
  offenceText: z.string(),
  fine: z.number().describe('yuan'),
  points: z.number().int(),
  lateFee: z.number().describe('yuan'),
  handled: z.boolean(),
  handledAt: z.string().nullable(),
  authority: z.string(),
  driverId: z.number().int().nullable(),
  driverName: z.string().nullable(),
  source: ViolationSource,
  costCentreId: z.number().int().nullable().optional().describe('the cost centre its fine was posted to'),
  createdAt: z.string(),
});
export type Violation = z.infer<typeof Violation>;

export const CarViolationsQuery = PageQuery.extend({ carId: Id, handled: HandledState.optional() });
export type CarViolationsQuery = z.infer<typeof CarViolationsQuery>;

/** A car's violations at a glance (the car page's tab header). */
export const CarViolationSummary = z.object({
  carId: z.number().int(),
  plate: z.string(),
  total: z.number().int(),
  unhandled: z.number().int(),
  unhandledFine: z.number(),
  unhandledPoints: z.number().int(),
  overLimit: z.boolean(),
  lastQueriedAt: z.string().nullable(),
});
export type CarViolationSummary = z.infer<typeof CarViolationSummary>;

/**
 * A violation typed in from a paper ticket (source `manual`). The car's usage period covering `occurredAt`
 * attributes its driver, exactly as for queried ones (the database trigger). The number is the ticket's
 * (决定书编号); left empty the server makes one (`SD` + the car's id + the minute).
 */
export const ViolationInput = z.strictObject({
  carId: Id,
  occurredAt: Instant.describe('when it happened; not in the future'),
  place: text(100).min(1, { message: 'v.violationPlace' }),
  offenceCode: text(20).optional().default(''),
  offenceText: text(100).min(1, { message: 'v.violationOffence' }),
  fine: Yuan.describe('yuan'),
  points: z.number().int({ message: 'v.violationPoints' }).min(0, { message: 'v.violationPoints' }).max(12, {
    message: 'v.violationPoints',
  }),
  authority: text(60).optional().default(''),
  violationNo: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{0,40}$/, { message: 'v.violationNo' })
    .optional()
    .default(''),
});
export type ViolationInput = z.output<typeof ViolationInput>;

export const AttributeInput = z.strictObject({ driverId: Id.nullable() });
export const HandleInput = z.strictObject({
  handled: z.boolean(),
  costCentreId: Id.nullish().describe(
    'when handled: the cost centre its fine is posted to; unset: the vehicle cost centre of the settings',
  ),
});

/** The records as the provider answered them (one per car queried by an order). */
export const OriginalDataQuery = PageQuery.extend({ orderId: Id.optional(), carId: Id.optional() });
export type OriginalDataQuery = z.infer<typeof OriginalDataQuery>;
export const OriginalRecord = z.object({
  orderId: z.number().int(),
  carId: z.number().int(),
  plate: z.string(),
  provider: z.string(),
  queriedAt: z.string().nullable(),
  state: z.string(),
  found: z.number().int(),
  data: z.unknown().describe('the provider answer for this car, as received'),
});
export type OriginalRecord = z.infer<typeof OriginalRecord>;

/** Limits on the totals of unhandled violations; null: no reminder for that total. */
const Limit = z.number().int({ message: 'v.violationLimit' }).min(0, { message: 'v.violationLimit' }).max(100000);
export const ViolationLimitConfig = z.strictObject({
  carPoints: Limit.nullable(),
  carFine: Yuan.nullable().describe('yuan'),
  driverPoints: Limit.nullable(),
  driverFine: Yuan.nullable().describe('yuan'),
});
export type ViolationLimitConfig = z.infer<typeof ViolationLimitConfig>;

export const LimitRemindCount = z.object({
  cars: z.number().int(),
  drivers: z.number().int(),
  total: z.number().int(),
});
export type LimitRemindCount = z.infer<typeof LimitRemindCount>;

export const YearQuery = z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() });
export const YearStatistics = z.object({
  year: z.number().int(),
  months: z.array(
    z.object({
      month: z.number().int(),
      count: z.number().int(),
      handled: z.number().int(),
      fine: z.number(),
      points: z.number().int(),
    }),
  ),
  total: z.object({ count: z.number().int(), handled: z.number().int(), fine: z.number(), points: z.number().int() }),
  topOffences: z.array(z.object({ offenceCode: z.string(), offenceText: z.string(), count: z.number().int() })),
});
export type YearStatistics = z.infer<typeof YearStatistics>;

// ---------------------------------------------------------------------------------------------------------
// Paid queries

export const CheckSingleInput = z.strictObject({ carId: Id });
export const CheckBatchInput = z.strictObject({ carIds: z.array(Id).min(1).max(MAX_QUERY_CARS) });
export const QueryReason = z.enum(['noEngineNo', 'noVin', 'unsupportedPlate', 'notFound']);

export const QueryCheck = z.object({
  carId: z.number().int(),
  plate: z.string(),
  queryable: z.boolean(),
  reason: QueryReason.nullable(),
  /** What the provider needs for this plate's city: the last N digits of the engine number / VIN (0 = all). */
  engineDigits: z.number().int().nullable(),
  vinDigits: z.number().int().nullable(),
});
export type QueryCheck = z.infer<typeof QueryCheck>;

export const BatchCheck = z.object({
  cars: z.array(QueryCheck),
  queryable: z.number().int(),
  refused: z.number().int(),
  unitPrice: z.number().nullable(),
  total: z.number().nullable(),
  balance: z.number(),
  provider: z.string(),
  sandbox: z.boolean(),
});
export type BatchCheck = z.infer<typeof BatchCheck>;

export const QueryOrderState = z.enum(['running', 'completed', 'failed']);
export const QueryOrder = z.object({
  id: z.number().int(),
  kind: z.enum(['single', 'batch']),
  state: QueryOrderState,
  provider: z.string(),
  carCount: z.number().int(),
  amount: z.number(),
  refunded: z.number(),
  found: z.number().int(),
  added: z.number().int(),
  failed: z.number().int(),
  taskId: z.number().int().nullable(),
  targetId: z.string(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type QueryOrder = z.infer<typeof QueryOrder>;
export const QueryOrdersQuery = PageQuery;

export const QueryOrderItem = z.object({
  carId: z.number().int(),
  plate: z.string(),
  state: z.enum(['pending', 'done', 'failed']),
  found: z.number().int(),
  added: z.number().int(),
  error: z.string().nullable(),
  refunded: z.boolean(),
  queriedAt: z.string().nullable(),
});
export type QueryOrderItem = z.infer<typeof QueryOrderItem>;
export const QueryOrderDetail = z.object({ order: QueryOrder, items: z.array(QueryOrderItem) });
export type QueryOrderDetail = z.infer<typeof QueryOrderDetail>;
