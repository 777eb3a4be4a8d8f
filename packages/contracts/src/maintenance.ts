import { z } from 'zod';
import { Password } from './auth.js';
import {
  DATE_MAX,
  Id,
  Instant,
  LocalDate,
  MobilePhone,
  PageQuery,
  Version,
  YearMonth,
  yuan,
  type LocalText,
} from './common.js';
import { addDays, addMonths, toDays } from './dates.js';
import { Username } from './organisation.js';
import { addValidationMessages } from './validation-registry.js';
import { FileUrl } from './vehicles.js';

/**
 * Maintenance (issue 31; docs/maintenance.md): workshops and their sign-ins, service plans, the due list, work
 * orders with their parts and labour lines, settlement and the reports. Money is yuan on the wire (fen in the
 * database). `nextService` is the one rule of "when is this car's next service", shared by the server (which
 * writes it set-based into `maintenance_due`, the same arithmetic), the web and the tests.
 */
const base = '/api/ccwadmin';

export const MaintenancePaths = {
  // workshops
  workshopList: `${base}/maintainWorkshop/list`,
  workshopGet: `${base}/maintainWorkshop/get/:id`,
  workshopCreate: `${base}/maintainWorkshop/create`,
  workshopUpdate: `${base}/maintainWorkshop/update`,
  workshopDelete: `${base}/maintainWorkshop/delete/:id`,
  workshopAccount: `${base}/maintainWorkshop/account`,
  workshopAccounts: `${base}/maintainWorkshop/accounts/:id`,
  workshopOptions: `${base}/maintainWorkshop/options`,
  // plans
  planList: `${base}/maintainPlan/list`,
  planGet: `${base}/maintainPlan/get/:id`,
  /** POST creates, PUT updates (with id and version). */
  planSave: `${base}/maintainPlan/save`,
  planDelete: `${base}/maintainPlan/delete/:id`,
  // due list
  dueList: `${base}/maintainDue/list`,
  dueExport: `${base}/maintainDue/export`,
  dueCar: `${base}/maintainDue/car/:carId`,
  // work orders
  orderList: `${base}/maintainOrder/list`,
  orderExport: `${base}/maintainOrder/export`,
  orderGet: `${base}/maintainOrder/get/:id`,
  orderCreate: `${base}/maintainOrder/create`,
  orderUpdate: `${base}/maintainOrder/update`,
  orderSubmit: `${base}/maintainOrder/submit/:id`,
  orderEnter: `${base}/maintainOrder/enter/:id`,
  orderComplete: `${base}/maintainOrder/complete/:id`,
  orderSettle: `${base}/maintainOrder/settle/:id`,
  orderPickUp: `${base}/maintainOrder/pickUp/:id`,
  orderCancel: `${base}/maintainOrder/cancel/:id`,
  orderLines: `${base}/maintainOrder/lines/:id`,
  // reports
  reportSummary: `${base}/maintainReport/summary`,
  reportExport: `${base}/maintainReport/export`,
} as const;

export const MAINTENANCE_VALIDATION_MESSAGES = {
  'v.maintPlanTarget': {
    'zh-CN': '保养计划须指定车型或车辆（二选一）',
    'en-US': 'A service plan is for a car type or for one car (exactly one of the two)',
  },
  'v.maintPlanInterval': {
    'zh-CN': '请至少填写保养间隔里程或间隔月数',
    'en-US': 'Give the interval in km, in months, or both',
  },
  'v.maintPlannedEnd': {
    'zh-CN': '计划完工日期不能早于计划进厂日期',
    'en-US': 'The planned end is before the planned start',
  },
  'v.maintMileageOut': {
    'zh-CN': '出厂里程不能小于进厂里程',
    'en-US': 'The mileage out is below the mileage in',
  },
  'v.maintShares': {
    'zh-CN': '司机承担与保险承担之和不能超过维修总额',
    'en-US': "The driver's and the insurer's shares together exceed the total",
  },
  'v.maintGpsFields': {
    'zh-CN': 'GPS 安装或维修工单请填写地址、联系人和联系电话',
    'en-US': 'A GPS install or repair order needs an address, a contact and a phone',
  },
  'v.maintLineDuplicate': {
    'zh-CN': '服务项目重复',
    'en-US': 'This item is listed twice',
  },
  'v.maintPhone': {
    'zh-CN': '请填写手机、座机（如 0571-88886666）或 400 电话',
    'en-US': 'Give a mobile, a landline (0571-88886666) or a 400 number',
  },
  'v.maintMonthRange': {
    'zh-CN': '统计区间最多 24 个月，且止月不能早于起月',
    'en-US': 'The report covers at most 24 months and ends after it starts',
  },
} satisfies Record<string, LocalText>;
addValidationMessages(MAINTENANCE_VALIDATION_MESSAGES);

const t = (zh: string, en: string): LocalText => ({ 'zh-CN': zh, 'en-US': en });
const text = (max: number) => z.string().trim().max(max);
const optText = (max: number) => text(max).nullish();
const boolParam = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());
const listParam = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(item).max(max));
function twoDecimals(v: number): boolean {
  const hundredths = v * 100;
  return Math.abs(hundredths - Math.round(hundredths)) <= Math.abs(hundredths) * 1e-12;
}
/** An odometer reading, km. */
export const Km = z.number().int().min(0).max(5_000_000);
/** Amount of a line or a share: yuan, at most 10 million. */
const Amount = yuan(10_000_000);

export const FileRef = z.object({ url: z.string(), signedUrl: z.string() });
export type FileRef = z.infer<typeof FileRef>;

// ---------------------------------------------------------------- enums

export const WORKSHOP_KINDS = ['own', 'partner'] as const;
export const WorkshopKind = z.enum(WORKSHOP_KINDS);
export type WorkshopKind = z.infer<typeof WorkshopKind>;
export const WORKSHOP_KIND_TITLES: Record<WorkshopKind, LocalText> = {
  own: t('自营', 'Own'),
  partner: t('合作', 'Partner'),
};

export const WORKSHOP_SERVICES = ['routine', 'repair', 'accident', 'tyre', 'bodywork', 'gps', 'preparation'] as const;
export const WorkshopService = z.enum(WORKSHOP_SERVICES);
export type WorkshopService = z.infer<typeof WorkshopService>;
export const WORKSHOP_SERVICE_TITLES: Record<WorkshopService, LocalText> = {
  routine: t('常规保养', 'Routine service'),
  repair: t('维修', 'Repair'),
  accident: t('事故维修', 'Accident repair'),
  tyre: t('轮胎', 'Tyres'),
  bodywork: t('钣金喷漆', 'Bodywork'),
  gps: t('GPS 安装维修', 'GPS install and repair'),
  preparation: t('整备', 'Preparation'),
};

export const WORK_ORDER_KINDS = [
  'service',
  'repair',
  'accident',
  'tyre',
  'bodywork',
  'gps_install',
  'gps_repair',
  'preparation',
] as const;
export const WorkOrderKind = z.enum(WORK_ORDER_KINDS);
export type WorkOrderKind = z.infer<typeof WorkOrderKind>;
export const WORK_ORDER_KIND_TITLES: Record<WorkOrderKind, LocalText> = {
  service: t('常规保养', 'Routine service'),
  repair: t('维修', 'Repair'),
  accident: t('事故维修', 'Accident repair'),
  tyre: t('轮胎', 'Tyres'),
  bodywork: t('钣金喷漆', 'Bodywork'),
  gps_install: t('GPS 安装', 'GPS install'),
  gps_repair: t('GPS 维修', 'GPS repair'),
  preparation: t('出租前整备', 'Preparation before rental'),
};
/** The kinds that install or repair a tracker (`POST /api/ccwgps/workMaintainOrder/create`). */
export const GPS_ORDER_KINDS: readonly WorkOrderKind[] = ['gps_install', 'gps_repair'];
/** The workshop service each work order kind needs (a workshop picker offers the workshops with it). */
export const SERVICE_OF_KIND: Record<WorkOrderKind, WorkshopService> = {
  service: 'routine',
  repair: 'repair',
  accident: 'accident',
  tyre: 'tyre',
  bodywork: 'bodywork',
  gps_install: 'gps',
  gps_repair: 'gps',
  preparation: 'preparation',
};

export const WORK_ORDER_STATES = [
  'reported',
  'approving',
  'approved',
  'in_workshop',
  'done',
  'settled',
  'picked_up',
  'cancelled',
] as const;
export const WorkOrderState = z.enum(WORK_ORDER_STATES);
export type WorkOrderState = z.infer<typeof WorkOrderState>;
export const WORK_ORDER_STATE_TITLES: Record<WorkOrderState, LocalText> = {
  reported: t('已报修', 'Reported'),
  approving: t('审批中', 'Awaiting approval'),
  approved: t('待进厂', 'Approved'),
  in_workshop: t('维修中', 'In the workshop'),
  done: t('已修好', 'Done'),
  settled: t('已结算', 'Settled'),
  picked_up: t('已提车', 'Picked up'),
  cancelled: t('已取消', 'Cancelled'),
};
/** The states with a work order still open (not settled, picked up or cancelled). */
export const OPEN_ORDER_STATES: readonly WorkOrderState[] = [
  'reported',
  'approving',
  'approved',
  'in_workshop',
  'done',
];
/** The states whose work order counts as a done service (the baseline of the next service). */
export const DONE_ORDER_STATES: readonly WorkOrderState[] = ['done', 'settled', 'picked_up'];

export const WORK_ORDER_ACTIONS = [
  'update',
  'submit',
  'enter',
  'lines',
  'complete',
  'settle',
  'pickUp',
  'cancel',
] as const;
export type WorkOrderAction = (typeof WORK_ORDER_ACTIONS)[number];
/** Which action each state allows (one source for the server, the web and the tests; permissions aside). */
export const WORK_ORDER_TRANSITIONS: Record<WorkOrderState, readonly WorkOrderAction[]> = {
  reported: ['update', 'submit', 'cancel'],
  approving: ['cancel'],
  approved: ['update', 'enter', 'lines', 'cancel'],
  in_workshop: ['lines', 'complete', 'cancel'],
  done: ['settle'],
  settled: ['pickUp'],
  picked_up: [],
  cancelled: [],
};
export function orderActionsOf(state: WorkOrderState): readonly WorkOrderAction[] {
  return WORK_ORDER_TRANSITIONS[state];
}

export const PAYERS = ['company', 'contract_cover', 'driver', 'insurance'] as const;
export const Payer = z.enum(PAYERS);
export type Payer = z.infer<typeof Payer>;
export const PAYER_TITLES: Record<Payer, LocalText> = {
  company: t('公司承担', 'Company'),
  contract_cover: t('承包内', 'Within the contract cover'),
  driver: t('司机自费', 'Driver'),
  insurance: t('保险理赔', 'Insurance claim'),
};

export const ORDER_LINE_KINDS = ['part', 'labour'] as const;
export const OrderLineKind = z.enum(ORDER_LINE_KINDS);
export type OrderLineKind = z.infer<typeof OrderLineKind>;
export const ORDER_LINE_KIND_TITLES: Record<OrderLineKind, LocalText> = {
  part: t('配件', 'Part'),
  labour: t('工时', 'Labour'),
};

export const ORDER_EVENT_KINDS = [
  'created',
  'updated',
  'submitted',
  'approvalAsked',
  'approved',
  'rejected',
  'entered',
  'linesChanged',
  'completed',
  'settled',
  'pickedUp',
  'cancelled',
] as const;
export const OrderEventKind = z.enum(ORDER_EVENT_KINDS);
export type OrderEventKind = z.infer<typeof OrderEventKind>;
export const ORDER_EVENT_KIND_TITLES: Record<OrderEventKind, LocalText> = {
  created: t('报修', 'Reported'),
  updated: t('修改', 'Changed'),
  submitted: t('提交', 'Submitted'),
  approvalAsked: t('提交审批', 'Approval asked'),
  approved: t('审批通过', 'Approved'),
  rejected: t('审批未通过', 'Not approved'),
  entered: t('进厂', 'Into the workshop'),
  linesChanged: t('修改配件工时', 'Lines changed'),
  completed: t('完工', 'Completed'),
  settled: t('结算', 'Settled'),
  pickedUp: t('提车', 'Picked up'),
  cancelled: t('取消', 'Cancelled'),
};

/** A car's service position: `overdue` past the date or the km, `due` within the lead days or km, else `ok`. */
export const SERVICE_STATES = ['ok', 'due', 'overdue'] as const;
export const ServiceState = z.enum(SERVICE_STATES);
export type ServiceState = z.infer<typeof ServiceState>;
export const SERVICE_STATE_TITLES: Record<ServiceState, LocalText> = {
  ok: t('正常', 'OK'),
  due: t('即将保养', 'Due soon'),
  overdue: t('已超期', 'Overdue'),
};
/** The due list's filter: only `due` (not yet overdue), only `overdue`, or both (`all-due`, the default). */
export const DUE_FILTERS = ['due', 'overdue', 'all-due'] as const;
export const DueFilter = z.enum(DUE_FILTERS);
export type DueFilter = z.infer<typeof DueFilter>;

/** Where a car's current km comes from: the GPS odometer of its bound device, or the car's recorded mileage. */
export const KM_SOURCES = ['gps', 'car'] as const;
export const KmSource = z.enum(KM_SOURCES);
export type KmSource = z.infer<typeof KmSource>;
export const KM_SOURCE_TITLES: Record<KmSource, LocalText> = {
  gps: t('GPS 里程', 'GPS odometer'),
  car: t('车辆登记里程', 'Recorded mileage'),
};

// ---------------------------------------------------------------- next service (pure)

export interface ServicePlanInterval {
  intervalKm: number | null;
  intervalMonths: number | null;
}
/** The newest done `service` work order: its actual end day and `mileage_out ?? mileage_in`. */
export interface LastService {
  day: string;
  km: number;
}
export interface CarForService {
  /** First registration date, else purchase date, else the day the car was created: the baseline without history. */
  registeredOn: string;
  currentKm: number;
}
export interface ServiceLead {
  /** `reminders.serviceDays` of the company settings. */
  days: number;
  /** `maintenance.leadKm` of the company settings. */
  km: number;
}
export const DEFAULT_SERVICE_LEAD: ServiceLead = { days: 15, km: 1000 };
/** Days that must have passed since the baseline before the pace (km per day) is trusted. */
export const PACE_MIN_DAYS = 7;
/** The due day of a car that has neither a month interval nor a known pace: never on the list by date. */
export const DUE_NEVER = DATE_MAX;

export interface NextService {
  baseOn: string;
  baseKm: number;
  /** base day + interval months (null: the plan has no months). */
  nextDueOn: string | null;
  /** base km + interval km (null: the plan has no km). */
  nextDueKm: number | null;
  /** (current km − base km) / days since base, from `PACE_MIN_DAYS` on and when positive. */
  kmPerDay: number | null;
  /** today + ceil(remaining km / pace) (today once the km is reached). */
  projectedOn: string | null;
  /**
   * The day the car counts as due, which the due list sorts and filters by: the earlier of `nextDueOn` and
   * `projectedOn`; today when the remaining km is within the lead km; `DUE_NEVER` when nothing gives a day.
   */
  dueOn: string;
  remainingKm: number | null;
  state: ServiceState;
}

/**
 * When a car's next service falls, whichever comes first of the plan's km and months (the design's rule; the
 * server's `refreshDue` SQL computes the same). Without history the baseline is the registration day and 0 km.
 */
export function nextService(
  plan: ServicePlanInterval,
  last: LastService | null,
  car: CarForService,
  today: string,
  lead: ServiceLead = DEFAULT_SERVICE_LEAD,
): NextService {
  const baseOn = last?.day ?? car.registeredOn;
  const baseKm = last?.km ?? 0;
  const nextDueOn = plan.intervalMonths != null ? addMonths(baseOn, plan.intervalMonths) : null;
  const nextDueKm = plan.intervalKm != null ? baseKm + plan.intervalKm : null;
  const days = toDays(today) - toDays(baseOn);
  const travelled = car.currentKm - baseKm;
  const kmPerDay = days >= PACE_MIN_DAYS && travelled > 0 ? travelled / days : null;
  const remainingKm = nextDueKm != null ? nextDueKm - car.currentKm : null;
  let projectedOn: string | null = null;
  if (remainingKm != null) {
    if (remainingKm <= 0) projectedOn = today;
    else if (kmPerDay != null) projectedOn = addDays(today, Math.ceil(remainingKm / kmPerDay));
  }
  let dueOn = [nextDueOn, projectedOn].filter((d): d is string => d != null).sort()[0] ?? DUE_NEVER;
  if (remainingKm != null && remainingKm <= lead.km && dueOn > today) dueOn = today;
  const state = serviceStateOf({ nextDueOn, nextDueKm, dueOn, currentKm: car.currentKm }, today, lead.days);
  return { baseOn, baseKm, nextDueOn, nextDueKm, kmPerDay, projectedOn, dueOn, remainingKm, state };
}

/** The state of a stored due row on `today` (the due list computes the same in SQL). */
export function serviceStateOf(
  row: { nextDueOn: string | null; nextDueKm: number | null; dueOn: string; currentKm: number },
  today: string,
  leadDays: number,
): ServiceState {
  if ((row.nextDueOn != null && today > row.nextDueOn) || (row.nextDueKm != null && row.currentKm >= row.nextDueKm))
    return 'overdue';
  return row.dueOn <= addDays(today, leadDays) ? 'due' : 'ok';
}

// ---------------------------------------------------------------- money of a work order (pure)

/** A line's amount in fen: quantity x unit price (parts), hours x rate (labour), rounded to the fen. */
export function lineAmountFen(line: {
  kind: OrderLineKind;
  quantity?: number | null;
  hours?: number | null;
  priceFen: number;
}): number {
  const factor = line.kind === 'part' ? (line.quantity ?? 0) : (line.hours ?? 0);
  return Math.round(factor * line.priceFen);
}

export interface SettlementSplit {
  driverFen: number;
  insuranceFen: number;
  companyFen: number;
}
/**
 * Who pays what of a total: the driver's share (payer `driver` without a share: the whole total), the insurer's
 * share (at most what the driver leaves), the company the rest. Null when the shares exceed the total.
 */
export function settlementSplit(
  totalFen: number,
  payer: Payer,
  driverShareFen: number | null,
  insuranceShareFen: number | null,
): SettlementSplit | null {
  const driverFen = driverShareFen ?? (payer === 'driver' ? totalFen : 0);
  const insuranceFen = insuranceShareFen ?? 0;
  if (driverFen < 0 || insuranceFen < 0 || driverFen > totalFen || insuranceFen > totalFen - driverFen) return null;
  return { driverFen, insuranceFen, companyFen: totalFen - driverFen - insuranceFen };
}

/** A work order number: `WX` + yyyymmdd (the tenant's day) + the 4-digit sequence of the day. */
export function workOrderNumber(day: string, sequence: number): string {
  return `WX${day.replaceAll('-', '')}${String(sequence).padStart(4, '0')}`;
}

// ---------------------------------------------------------------- workshops

const WorkshopFields = {
  rentId: Id.nullable().default(null).describe('the rent it serves (null: the whole company)'),
  name: text(60).min(2),
  kind: WorkshopKind,
  address: text(200).min(2),
  contactName: text(30).min(1),
  contactPhone: z
    .string()
    .trim()
    .regex(/^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}|400-?\d{3}-?\d{4})$/, { message: 'v.maintPhone' })
    .describe('mobile, landline (0571-88886666) or 400 number'),
  services: z
    .array(WorkshopService)
    .min(1)
    .max(WORKSHOP_SERVICES.length)
    .refine((s) => new Set(s).size === s.length, { message: 'v.maintLineDuplicate' }),
  labourRate: Amount.describe('yuan per hour'),
  enabled: z.boolean().default(true),
  remark: optText(200),
};
export const WorkshopInput = z.strictObject(WorkshopFields);
export type WorkshopInput = z.infer<typeof WorkshopInput>;
export const WorkshopUpdateInput = z.strictObject({ ...WorkshopFields, id: Id, version: Version });
export type WorkshopUpdateInput = z.infer<typeof WorkshopUpdateInput>;

export const Workshop = z.object({
  id: Id,
  rentId: Id.nullable(),
  rentName: z.string().nullable(),
  name: z.string(),
  kind: WorkshopKind,
  address: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  services: z.array(WorkshopService),
  labourRate: z.number(),
  enabled: z.boolean(),
  remark: z.string().nullable(),
  accounts: z.number().int().describe('its sign-ins'),
  openOrders: z.number().int().describe('its work orders not yet settled or cancelled'),
  version: Version,
  createdAt: Instant,
  updatedAt: Instant,
});
export type Workshop = z.infer<typeof Workshop>;

export const WorkshopListQuery = PageQuery.extend({
  keyword: text(40).optional().describe('part of the name, contact or address'),
  kind: WorkshopKind.optional(),
  enabled: boolParam.optional(),
  rentId: Id.optional(),
  service: WorkshopService.optional(),
});
export type WorkshopListQuery = z.infer<typeof WorkshopListQuery>;

export const WorkshopOptionsQuery = z.object({
  service: WorkshopService.optional(),
  rentId: Id.optional().describe("the workshops serving this rent (its own and the company's)"),
});
export type WorkshopOptionsQuery = z.infer<typeof WorkshopOptionsQuery>;
export const WorkshopOption = z.object({
  id: Id,
  name: z.string(),
  kind: WorkshopKind,
  rentId: Id.nullable(),
  services: z.array(WorkshopService),
  labourRate: z.number(),
});
export type WorkshopOption = z.infer<typeof WorkshopOption>;

/** `maintainWorkshop/account`: a sign-in for the workshop (the user gets the tenant's `workshop` role). */
export const WorkshopAccountInput = z.strictObject({
  workshopId: Id,
  username: Username,
  name: text(30).min(1),
  mobile: MobilePhone,
  password: Password,
});
export type WorkshopAccountInput = z.infer<typeof WorkshopAccountInput>;
export const WorkshopAccount = z.object({
  userId: Id,
  workshopId: Id,
  username: z.string(),
  name: z.string(),
  mobile: z.string(),
  enabled: z.boolean(),
  createdAt: Instant,
});
export type WorkshopAccount = z.infer<typeof WorkshopAccount>;

// ---------------------------------------------------------------- plans

export const PlanItem = z.strictObject({
  name: text(40).min(1),
  partNo: optText(40),
  quantity: z.number().positive().max(1000).nullish(),
});
export type PlanItem = z.infer<typeof PlanItem>;

const PlanFields = {
  name: text(40).min(2),
  carTypeId: Id.nullish(),
  carId: Id.nullish(),
  intervalKm: z.number().int().min(500).max(200_000).nullish(),
  intervalMonths: z.number().int().min(1).max(60).nullish(),
  items: z
    .array(PlanItem)
    .max(50)
    .default([])
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((item, i) => {
        if (seen.has(item.name)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: 'v.maintLineDuplicate' });
        seen.add(item.name);
      });
    }),
  enabled: z.boolean().default(true),
};
function refinePlan(
  v: { carTypeId?: number | null; carId?: number | null; intervalKm?: number | null; intervalMonths?: number | null },
  ctx: z.RefinementCtx,
) {
  if ((v.carTypeId == null) === (v.carId == null))
    ctx.addIssue({ code: 'custom', path: ['carTypeId'], message: 'v.maintPlanTarget' });
  if (v.intervalKm == null && v.intervalMonths == null)
    ctx.addIssue({ code: 'custom', path: ['intervalKm'], message: 'v.maintPlanInterval' });
}
/** `maintainPlan/save` POST: a new plan, for a car type or for one car. */
export const PlanInput = z.strictObject(PlanFields).superRefine(refinePlan);
export type PlanInput = z.infer<typeof PlanInput>;
/** `maintainPlan/save` PUT: the plan `id` as seen at `version`. */
export const PlanUpdateInput = z.strictObject({ ...PlanFields, id: Id, version: Version }).superRefine(refinePlan);
export type PlanUpdateInput = z.infer<typeof PlanUpdateInput>;

export const Plan = z.object({
  id: Id,
  name: z.string(),
  carTypeId: Id.nullable(),
  carTypeName: z.string().nullable(),
  carId: Id.nullable(),
  plate: z.string().nullable(),
  intervalKm: z.number().int().nullable(),
  intervalMonths: z.number().int().nullable(),
  items: z.array(z.object({ name: z.string(), partNo: z.string().nullish(), quantity: z.number().nullish() })),
  enabled: z.boolean(),
  cars: z.number().int().describe('the cars it is the plan of (a car with its own plan leaves its type plan)'),
  version: Version,
  updatedAt: Instant,
});
export type Plan = z.infer<typeof Plan>;

export const PlanListQuery = PageQuery.extend({
  keyword: text(40).optional().describe('part of the name, the car type or the plate'),
  carTypeId: Id.optional(),
  carId: Id.optional(),
  enabled: boolParam.optional(),
  target: z.enum(['carType', 'car']).optional(),
});
export type PlanListQuery = z.infer<typeof PlanListQuery>;

// ---------------------------------------------------------------- due list

export const DueListQuery = PageQuery.extend({
  rentId: Id.optional(),
  state: DueFilter.default('all-due'),
  keyword: text(30).optional().describe('part of the plate or VIN'),
  carTypeId: Id.optional(),
  carId: Id.optional().describe("one car (the reminder's link)"),
});
export type DueListQuery = z.infer<typeof DueListQuery>;
export const DueExportQuery = DueListQuery.omit({ pageNum: true, pageSize: true });
export type DueExportQuery = z.infer<typeof DueExportQuery>;

export const DueRow = z.object({
  carId: Id,
  plate: z.string(),
  vin: z.string(),
  rentId: Id,
  rentName: z.string().nullable(),
  carTypeId: Id.nullable(),
  carTypeName: z.string().nullable(),
  carStatus: z.string(),
  planId: Id,
  planName: z.string(),
  intervalKm: z.number().int().nullable(),
  intervalMonths: z.number().int().nullable(),
  lastServiceOn: LocalDate.nullable().describe('null: no service yet (the baseline is the registration day)'),
  lastServiceKm: z.number().int().nullable(),
  currentKm: z.number().int(),
  kmSource: KmSource,
  kmReadAt: Instant.nullable(),
  nextDueOn: LocalDate.nullable(),
  nextDueKm: z.number().int().nullable(),
  remainingKm: z.number().int().nullable(),
  dueOn: LocalDate,
  kmPerDay: z.number().nullable(),
  state: ServiceState,
  openOrderId: Id.nullable().describe('an open service work order of the car, if any'),
});
export type DueRow = z.infer<typeof DueRow>;
export const DueCarParam = z.object({ carId: Id });

/** `maintainDue/car/:carId`: one car's service position (the car page's maintenance tab). */
export const CarServicePosition = z.object({
  carId: Id,
  plate: z.string(),
  plan: z
    .object({
      id: Id,
      name: z.string(),
      scope: z.enum(['car', 'carType']),
      intervalKm: z.number().int().nullable(),
      intervalMonths: z.number().int().nullable(),
      items: Plan.shape.items,
    })
    .nullable(),
  lastServiceOn: LocalDate.nullable(),
  lastServiceKm: z.number().int().nullable(),
  lastOrderId: Id.nullable(),
  currentKm: z.number().int(),
  kmSource: KmSource,
  kmReadAt: Instant.nullable(),
  nextDueOn: LocalDate.nullable(),
  nextDueKm: z.number().int().nullable(),
  remainingKm: z.number().int().nullable(),
  dueOn: LocalDate.nullable(),
  kmPerDay: z.number().nullable(),
  state: ServiceState.nullable().describe('null: the car has no plan'),
  leadDays: z.number().int(),
  leadKm: z.number().int(),
});
export type CarServicePosition = z.infer<typeof CarServicePosition>;

// ---------------------------------------------------------------- work orders

export const PartLineInput = z.strictObject({
  kind: z.literal('part'),
  name: text(60).min(1),
  partNo: optText(40),
  quantity: z.number().positive().max(10_000).refine(twoDecimals, { message: 'v.twoDecimals' }),
  unitPrice: Amount,
});
export const LabourLineInput = z.strictObject({
  kind: z.literal('labour'),
  name: text(60).min(1),
  hours: z.number().positive().max(1000).refine(twoDecimals, { message: 'v.twoDecimals' }),
  rate: Amount.describe('yuan per hour'),
});
export const OrderLineInput = z.discriminatedUnion('kind', [PartLineInput, LabourLineInput]);
export type OrderLineInput = z.infer<typeof OrderLineInput>;
const Lines = z.array(OrderLineInput).max(100);

export const OrderLine = z.object({
  id: Id,
  kind: OrderLineKind,
  name: z.string(),
  partNo: z.string().nullable(),
  quantity: z.number().nullable(),
  hours: z.number().nullable(),
  unitPrice: z.number().nullable().describe('parts: yuan each'),
  rate: z.number().nullable().describe('labour: yuan per hour'),
  amount: z.number(),
});
export type OrderLine = z.infer<typeof OrderLine>;

export const OrderEvent = z.object({
  id: Id,
  kind: OrderEventKind,
  text: z.string().describe("rendered in the reader's language"),
  userName: z.string().nullable(),
  at: Instant,
});
export type OrderEvent = z.infer<typeof OrderEvent>;

const OrderFields = {
  kind: WorkOrderKind,
  driverId: Id.nullish().describe("the driver (default: the car's live contract's driver)"),
  workshopId: Id.nullish(),
  problem: text(1000).min(2),
  accidentId: Id.nullish().describe('accident repairs: the accident record (compliance)'),
  photos: z.array(FileUrl).max(20).default([]),
  mileageIn: Km.nullish(),
  plannedStart: LocalDate,
  plannedEnd: LocalDate.nullish(),
  estimate: Amount.default(0).describe('yuan: the approval compares it with maintenance.approvalAbove'),
  payer: Payer.default('company').describe('who is expected to pay (settlement may change it)'),
  // GPS kinds
  deviceId: Id.nullish(),
  address: optText(100),
  contactName: optText(30),
  contactPhone: MobilePhone.nullish(),
  appointmentAt: Instant.nullish(),
};
function refineOrder(
  v: {
    kind: WorkOrderKind;
    plannedStart: string;
    plannedEnd?: string | null;
    address?: string | null;
    contactName?: string | null;
    contactPhone?: string | null;
  },
  ctx: z.RefinementCtx,
) {
  if (v.plannedEnd && v.plannedEnd < v.plannedStart)
    ctx.addIssue({ code: 'custom', path: ['plannedEnd'], message: 'v.maintPlannedEnd' });
  if (GPS_ORDER_KINDS.includes(v.kind) && (!v.address || !v.contactName || !v.contactPhone))
    ctx.addIssue({ code: 'custom', path: ['address'], message: 'v.maintGpsFields' });
}
export const WorkOrderCreateInput = z.strictObject({ ...OrderFields, carId: Id }).superRefine(refineOrder);
export type WorkOrderCreateInput = z.infer<typeof WorkOrderCreateInput>;
/** `maintainOrder/update` (reported or approved only): the same fields, the car stays. */
export const WorkOrderUpdateInput = z
  .strictObject({ ...OrderFields, id: Id, version: Version })
  .superRefine(refineOrder);
export type WorkOrderUpdateInput = z.infer<typeof WorkOrderUpdateInput>;

export const OrderVersionInput = z.strictObject({ version: Version });
export type OrderVersionInput = z.infer<typeof OrderVersionInput>;
export const OrderSubmitInput = OrderVersionInput;
export const OrderEnterInput = z.strictObject({
  version: Version,
  workshopId: Id.nullish().describe('required unless the order names one'),
  mileageIn: Km.nullish(),
  actualStart: Instant.nullish().describe('default: now'),
});
export type OrderEnterInput = z.infer<typeof OrderEnterInput>;
export const OrderLinesInput = z.strictObject({ version: Version, lines: Lines });
export type OrderLinesInput = z.infer<typeof OrderLinesInput>;
export const OrderCompleteInput = z.strictObject({
  version: Version,
  actualEnd: Instant,
  mileageOut: Km,
  lines: Lines.optional().describe('absent: the lines stay as they are'),
  note: optText(500),
});
export type OrderCompleteInput = z.infer<typeof OrderCompleteInput>;
export const OrderSettleInput = z
  .strictObject({
    version: Version,
    payer: Payer,
    driverShare: Amount.nullish().describe("yuan; payer driver without a share: the whole total is the driver's"),
    insuranceShare: Amount.nullish().describe('yuan; needs the accident (payer insurance)'),
    costCentreId: Id.nullish().describe("default: the car's cost centre, else the settings' vehicle cost centre"),
    note: optText(500),
  })
  .superRefine((v, ctx) => {
    if (v.payer === 'insurance' && v.insuranceShare == null)
      ctx.addIssue({ code: 'custom', path: ['insuranceShare'], message: 'v.required' });
  });
export type OrderSettleInput = z.infer<typeof OrderSettleInput>;
export const OrderPickUpInput = z.strictObject({ version: Version, note: optText(500) });
export type OrderPickUpInput = z.infer<typeof OrderPickUpInput>;
export const OrderCancelInput = z.strictObject({ version: Version, reason: text(200).min(2) });
export type OrderCancelInput = z.infer<typeof OrderCancelInput>;

export const WorkOrderRow = z.object({
  id: Id,
  number: z.string(),
  rentId: Id,
  rentName: z.string().nullable(),
  carId: Id,
  plate: z.string(),
  driverId: Id.nullable(),
  driverName: z.string().nullable(),
  contractId: Id.nullable(),
  workshopId: Id.nullable(),
  workshopName: z.string().nullable(),
  kind: WorkOrderKind,
  state: WorkOrderState,
  problem: z.string(),
  mileageIn: z.number().int().nullable(),
  mileageOut: z.number().int().nullable(),
  plannedStart: LocalDate,
  plannedEnd: LocalDate.nullable(),
  actualStart: Instant.nullable(),
  actualEnd: Instant.nullable(),
  estimate: z.number(),
  total: z.number(),
  payer: Payer,
  version: Version,
  createdAt: Instant,
  updatedAt: Instant,
});
export type WorkOrderRow = z.infer<typeof WorkOrderRow>;

export const WorkOrderDetail = WorkOrderRow.extend({
  contractNo: z.string().nullable(),
  accidentId: Id.nullable(),
  photos: z.array(FileRef),
  parts: z.number(),
  labour: z.number(),
  driverShare: z.number(),
  insuranceShare: z.number(),
  companyShare: z.number(),
  approvalRequestId: Id.nullable(),
  carStatusBefore: z.string().nullable(),
  deviceId: Id.nullable(),
  address: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  appointmentAt: Instant.nullable(),
  cancelReason: z.string().nullable(),
  createdByName: z.string().nullable(),
  settledAt: Instant.nullable(),
  pickedUpAt: Instant.nullable(),
  lines: z.array(OrderLine),
  events: z.array(OrderEvent),
  /** What the caller may do now (state and permissions; the server checks again). */
  actions: z.array(z.enum(WORK_ORDER_ACTIONS)),
});
export type WorkOrderDetail = z.infer<typeof WorkOrderDetail>;

export const WorkOrderListQuery = PageQuery.extend({
  state: listParam(WorkOrderState, WORK_ORDER_STATES.length).optional().describe('comma separated'),
  kind: listParam(WorkOrderKind, WORK_ORDER_KINDS.length).optional().describe('comma separated'),
  workshopId: Id.optional(),
  carId: Id.optional(),
  driverId: Id.optional(),
  payer: Payer.optional(),
  rentId: Id.optional(),
  keyword: text(30).optional().describe('part of the number or the plate'),
  reportedFrom: LocalDate.optional(),
  reportedTo: LocalDate.optional(),
});
export type WorkOrderListQuery = z.infer<typeof WorkOrderListQuery>;
export const WorkOrderExportQuery = WorkOrderListQuery.omit({ pageNum: true, pageSize: true });
export type WorkOrderExportQuery = z.infer<typeof WorkOrderExportQuery>;

// ---------------------------------------------------------------- reports

export const ReportQuery = z
  .object({
    from: YearMonth,
    to: YearMonth,
    rentId: Id.optional(),
  })
  .superRefine((v, ctx) => {
    const months =
      (Number(v.to.slice(0, 4)) - Number(v.from.slice(0, 4))) * 12 + Number(v.to.slice(5)) - Number(v.from.slice(5));
    if (months < 0 || months >= 24) ctx.addIssue({ code: 'custom', path: ['to'], message: 'v.maintMonthRange' });
  });
export type ReportQuery = z.infer<typeof ReportQuery>;

const CostFigures = {
  orders: z.number().int(),
  parts: z.number(),
  labour: z.number(),
  total: z.number(),
  company: z.number().describe("the company's part (total − driver − insurance)"),
};
export const ReportByCar = z.object({
  carId: Id,
  plate: z.string(),
  carTypeName: z.string().nullable(),
  ...CostFigures,
  km: z.number().int().nullable().describe('km driven in the period (odometer readings of its orders)'),
  costPer1000Km: z.number().nullable(),
});
export const ReportSummary = z.object({
  from: YearMonth,
  to: YearMonth,
  totals: z.object({ ...CostFigures, cars: z.number().int(), costPer1000Km: z.number().nullable() }),
  byCar: z.array(ReportByCar),
  byCarType: z.array(
    z.object({
      carTypeId: Id.nullable(),
      carTypeName: z.string().nullable(),
      cars: z.number().int(),
      ...CostFigures,
      costPer1000Km: z.number().nullable(),
    }),
  ),
  byWorkshop: z.array(z.object({ workshopId: Id.nullable(), workshopName: z.string().nullable(), ...CostFigures })),
  byMonth: z.array(z.object({ month: YearMonth, ...CostFigures })),
  byKind: z.array(z.object({ kind: WorkOrderKind, ...CostFigures })),
  topRepairs: z.array(z.object({ carId: Id, plate: z.string(), repairs: z.number().int(), total: z.number() })),
});
export type ReportSummary = z.infer<typeof ReportSummary>;
