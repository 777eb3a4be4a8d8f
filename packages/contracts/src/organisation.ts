import { z } from 'zod';
import { Id, Instant, MobilePhone, PageQuery, yuan } from './common.js';
import { addValidationMessages } from './validation-registry.js';
import { GPS_ALARM_TYPES, GpsAlarmType } from './gps-rules.js';
import { DEFAULT_TEAM_RULES, TeamRules } from './team-performance.js';
import { DEFAULT_DRIVER_LEVELS, DriverLevelRules } from './driver-portal.js';

/**
 * Organisation and access administration: departments and employees (the address book), roles with their
 * permissions and data scope, the tenant's rents (subsidiaries), labels, and the company settings that later
 * areas read. The spec names the screens (`/oa/depart`, `/oa/companySetting`, `/oa/labelManagement`,
 * `/oaSetting`) and shows no calls; these follow the style of the vehicle calls.
 */
const base = '/api/ccwadmin';

export const OrganisationPaths = {
  departments: `${base}/dept/list`,
  departmentAdd: `${base}/dept/add`,
  departmentUpdate: `${base}/dept/update/:id`,
  departmentDelete: `${base}/dept/delete/:id`,

  employees: `${base}/employee/list`,
  employee: `${base}/employee/:id`,
  employeeAdd: `${base}/employee/add`,
  employeeUpdate: `${base}/employee/update/:id`,
  employeeStatus: `${base}/employee/status/:id`,
  employeeInvite: `${base}/employee/invite/:id`,
  employeePhoneCode: `${base}/employee/phoneCode/:id`,
  employeeExport: `${base}/employee/export`,

  roles: `${base}/role/list`,
  role: `${base}/role/:id`,
  roleAdd: `${base}/role/add`,
  roleUpdate: `${base}/role/update/:id`,
  roleCopy: `${base}/role/copy/:id`,
  roleDelete: `${base}/role/delete/:id`,
  permissionTree: `${base}/role/permissionTree`,

  rents: `${base}/rent/list`,
  rentAdd: `${base}/rent/add`,
  rentUpdate: `${base}/rent/update/:id`,
  rentStatus: `${base}/rent/status/:id`,

  labels: `${base}/label/list`,
  labelAdd: `${base}/label/add`,
  labelUpdate: `${base}/label/update/:id`,
  labelDelete: `${base}/label/delete/:id`,

  company: `${base}/setting/company`,
  rules: `${base}/setting/rules`,
  appFlags: `${base}/setting/app`,
} as const;

addValidationMessages({
  'v.departmentName': {
    'zh-CN': '请输入部门名称（最多 30 个字）',
    'en-US': 'Enter a department name (at most 30 characters)',
  },
  'v.hexColour': { 'zh-CN': '请选择颜色', 'en-US': 'Pick a colour' },
  'v.creditCode': {
    'zh-CN': '请输入 18 位统一社会信用代码',
    'en-US': 'Enter the 18-character unified social credit code',
  },
  'v.numberPrefix': {
    'zh-CN': '前缀为 1-8 位大写字母或数字',
    'en-US': 'A prefix is 1-8 capital letters or digits',
  },
  'v.timeZone': { 'zh-CN': '请选择时区', 'en-US': 'Pick a time zone' },
});

const text = (max: number) => z.string().trim().max(max);
const optText = (max: number) => text(max).nullish();

// ---------------------------------------------------------------------------------------------------------
// Departments

export const Department = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  sort: z.number().int(),
  /** Employees directly in this department (not left). */
  employees: z.number().int(),
});
export type Department = z.infer<typeof Department>;
export const DepartmentInput = z.strictObject({
  name: text(30).min(1, { message: 'v.departmentName' }),
  parentId: Id.nullable().default(null).describe('null: a top-level department'),
  sort: z.number().int().min(0).max(9999).default(0),
});
export type DepartmentInput = z.infer<typeof DepartmentInput>;

// ---------------------------------------------------------------------------------------------------------
// Employees: the tenant's users

export const EMPLOYEE_STATUSES = ['active', 'disabled', 'left'] as const;
export const EmployeeStatus = z.enum(EMPLOYEE_STATUSES);
export type EmployeeStatus = z.infer<typeof EmployeeStatus>;

export const Employee = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  title: z.string().nullable().describe('job title'),
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  rentIds: z.array(z.number().int()).describe('the rents (subsidiaries) the employee may act in'),
  defaultRentId: z.number().int().nullable(),
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  labels: z.array(z.object({ id: z.number().int(), name: z.string(), color: z.string() })),
  status: EmployeeStatus,
  /** True for the tenant's own administrator account(s) holding every permission. */
  administrator: z.boolean(),
  lastLoginAt: Instant.nullable(),
  leftAt: Instant.nullable(),
  createdAt: Instant,
});
export type Employee = z.infer<typeof Employee>;

export const EmployeeQuery = PageQuery.extend({
  keyword: z.string().trim().max(50).optional().describe('name, username or phone'),
  departmentId: Id.optional().describe('this department and the ones below it'),
  status: EmployeeStatus.optional(),
  roleId: Id.optional(),
  labelId: Id.optional(),
});
export type EmployeeQuery = z.infer<typeof EmployeeQuery>;

/** A sign-in name: 3-32 characters, a letter first. */
export const Username = z
  .string()
  .trim()
  .min(3)
  .max(32)
  .regex(/^[A-Za-z][\w.-]*$/, { message: 'v.username' });

export const EmployeeInput = z
  .strictObject({
    name: text(30).min(1),
    username: Username,
    phone: MobilePhone,
    email: z.email().max(100).nullish(),
    title: optText(30),
    departmentId: Id.nullable().default(null),
    rentIds: z.array(Id).min(1).max(200),
    defaultRentId: Id.nullable().default(null),
    roleIds: z.array(Id).min(1).max(20),
    labelIds: z.array(Id).max(20).default([]),
    phoneCode: z
      .string()
      .trim()
      .max(10)
      .optional()
      .describe(
        'the code sent to the new phone (employee/phoneCode): needed to change the phone of an account that has signed in',
      ),
  })
  .refine((e) => e.defaultRentId === null || e.rentIds.includes(e.defaultRentId), {
    message: 'v.defaultRent',
    path: ['defaultRentId'],
  });
export type EmployeeInput = z.infer<typeof EmployeeInput>;
addValidationMessages({
  'v.defaultRent': {
    'zh-CN': '默认公司须在可操作的公司之中',
    'en-US': 'The default company must be one of the companies the employee may act in',
  },
});

export const EmployeeStatusInput = z.strictObject({ status: EmployeeStatus });
/** `employee/phoneCode/:id`: a code to the new phone of an employee who has signed in. */
export const EmployeePhoneCodeInput = z.strictObject({ phone: MobilePhone });
export const PhoneCodeSent = z.object({ sandbox: z.boolean() });
export const InviteResult = z.object({
  sent: z.boolean(),
  sandbox: z.boolean().describe('the SMS went to the sandbox outbox (the code is in the outbox and the log)'),
  validHours: z.number().int(),
});
/** `employee/add` answers the employee and how the invitation went. */
export const EmployeeCreated = Employee.extend({ invite: InviteResult });
/** `employee/export` takes the list's filters, without paging. */
export const EmployeeExportFilter = EmployeeQuery.omit({ pageNum: true, pageSize: true });
export type EmployeeExportFilter = z.infer<typeof EmployeeExportFilter>;

// ---------------------------------------------------------------------------------------------------------
// Roles

/**
 * Which records a role sees: `all` of the tenant, the rents its users are `assigned` to, or (`workshop`) only the
 * maintenance work orders of the workshops its users sign in for (maintenance_workshop_users), in their rents, or
 * (`own`, 本人) the rents its users are assigned to and, in the CRM, only the leads they own plus the pool. `own`
 * counts as `assigned` for the no-escalation rules.
 */
export const DATA_SCOPES = ['all', 'assigned', 'workshop', 'own', 'team'] as const;
export const DataScope = z.enum(DATA_SCOPES);
export type DataScope = z.infer<typeof DataScope>;

export const RoleRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  allPermissions: z.boolean().describe('grants everything the plan allows (the administrator role)'),
  builtin: z.boolean(),
  dataScope: DataScope,
  users: z.number().int().describe('employees holding the role (not left)'),
  updatedAt: Instant,
});
export type RoleRow = z.infer<typeof RoleRow>;
export const Role = RoleRow.extend({
  grants: z.array(z.string()).describe('menu and element codes'),
});
export type Role = z.infer<typeof Role>;
export const RoleInput = z.strictObject({
  name: text(30).min(1),
  description: optText(200),
  dataScope: DataScope.default('all'),
  grants: z.array(z.string().max(80)).max(1000).default([]),
});
export type RoleInput = z.infer<typeof RoleInput>;
export const RoleCopyInput = z.strictObject({ name: text(30).min(1) });

/** The catalogue as a tree to tick: menus (with children) and their elements, limited to the tenant's plan. */
export interface PermissionNode {
  code: string;
  kind: 'menu' | 'element';
  title: { 'zh-CN': string; 'en-US': string };
  children: PermissionNode[];
}
export const PermissionNode: z.ZodType<PermissionNode> = z.lazy(() =>
  z.object({
    code: z.string(),
    kind: z.enum(['menu', 'element']),
    title: z.object({ 'zh-CN': z.string(), 'en-US': z.string() }),
    children: z.array(PermissionNode),
  }),
);

// ---------------------------------------------------------------------------------------------------------
// Rents (subsidiaries)

export const RENT_STATUSES = ['active', 'disabled'] as const;
export const CreditCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/, { message: 'v.creditCode' });

export const Rent = z.object({
  id: z.number().int(),
  name: z.string(),
  shortName: z.string(),
  code: z.string(),
  city: z.string(),
  address: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  licenceNo: z.string().nullable(),
  licenceImage: z.string().nullable().describe('stable address of the licence image'),
  licenceImageUrl: z.string().nullable().describe('signed address to show it'),
  status: z.enum(RENT_STATUSES),
  /** Employees who may act in this rent, and the cars it holds. */
  employees: z.number().int(),
  cars: z.number().int(),
  createdAt: Instant,
});
export type Rent = z.infer<typeof Rent>;
export const RentInput = z.strictObject({
  name: text(60).min(2),
  shortName: text(20).min(1),
  city: text(30).min(1),
  address: optText(200),
  contactName: optText(30),
  contactPhone: MobilePhone.nullish(),
  licenceNo: CreditCode.nullish(),
  licenceImage: z.string().max(1024).nullish(),
});
export type RentInput = z.infer<typeof RentInput>;
export const RentStatusInput = z.strictObject({ status: z.enum(RENT_STATUSES) });

// ---------------------------------------------------------------------------------------------------------
// Labels

export const LABEL_KINDS = ['employee', 'driver', 'car', 'customer'] as const;
export const LabelKind = z.enum(LABEL_KINDS);
export type LabelKind = z.infer<typeof LabelKind>;
export const LABEL_COLOURS = ['blue', 'green', 'red', 'orange', 'gold', 'purple', 'cyan', 'magenta', 'grey'] as const;

export const Label = z.object({
  id: z.number().int(),
  kind: LabelKind,
  name: z.string(),
  color: z.string(),
  /** Records carrying the label. */
  used: z.number().int(),
});
export type Label = z.infer<typeof Label>;
export const LabelQuery = z.object({ kind: LabelKind.optional() });
export const LabelInput = z.strictObject({
  kind: LabelKind,
  name: text(20).min(1),
  color: z.enum(LABEL_COLOURS, { message: 'v.hexColour' }).default('blue'),
});
export type LabelInput = z.infer<typeof LabelInput>;
export const LabelDeleteQuery = z.object({
  force: z.enum(['true', 'false']).default('false').describe('true: remove it from every record that carries it'),
});

// ---------------------------------------------------------------------------------------------------------
// Company settings

export const CompanyProfile = z.object({
  name: z.string(),
  shortName: z.string(),
  logo: z.string().nullable(),
  logoUrl: z.string().nullable(),
  licenceNo: z.string().nullable(),
  licenceImage: z.string().nullable(),
  licenceImageUrl: z.string().nullable(),
  timeZone: z.string(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
});
export type CompanyProfile = z.infer<typeof CompanyProfile>;

/** Time zones offered (IANA names); the tenant's day boundaries, reminders and reports follow it. */
export const TIME_ZONES = [
  'Asia/Shanghai',
  'Asia/Hong_Kong',
  'Asia/Taipei',
  'Asia/Singapore',
  'Asia/Tokyo',
  'Europe/London',
  'Europe/Berlin',
  'America/New_York',
  'America/Los_Angeles',
  'UTC',
] as const;

export const CompanyProfileInput = z.strictObject({
  name: text(60).min(2),
  shortName: text(20).min(1),
  logo: z.string().max(1024).nullish(),
  licenceNo: CreditCode.nullish(),
  licenceImage: z.string().max(1024).nullish(),
  timeZone: z.enum(TIME_ZONES, { message: 'v.timeZone' }),
  contactName: optText(30),
  contactPhone: MobilePhone.nullish(),
});
export type CompanyProfileInput = z.infer<typeof CompanyProfileInput>;

const LeadDays = z.number().int().min(0).max(365);
const NumberPrefix = z
  .string()
  .trim()
  .regex(/^[A-Z0-9]{1,8}$/, { message: 'v.numberPrefix' });

/**
 * Alarm notices (issue 18): the alarm types that notify the message centre (the users of the car's rent who may
 * see the GPS map) and by SMS (to `smsPhones`, else the rent's contact phone); one notice per device and type
 * per 10 minutes.
 */
export const GpsAlarmNotices = z.strictObject({
  message: z.array(GpsAlarmType).max(GPS_ALARM_TYPES.length).default([]),
  sms: z.array(GpsAlarmType).max(GPS_ALARM_TYPES.length).default([]),
  smsPhones: z.array(MobilePhone).max(10, { message: 'v.gpsSmsPhones' }).default([]),
});
export type GpsAlarmNotices = z.infer<typeof GpsAlarmNotices>;
export const DEFAULT_GPS_ALARM_NOTICES: GpsAlarmNotices = {
  message: ['sos', 'powerCut', 'tamper'],
  sms: [],
  smsPhones: [],
};
addValidationMessages({
  'v.gpsSmsPhones': { 'zh-CN': '最多 10 个手机号', 'en-US': 'At most 10 phone numbers' },
});

/** The `crm` section of the rules (issue 32): the pool, claim limits, owned leads, survey links. */
export const CrmRules = z.object({
  poolDays: z
    .number()
    .int()
    .min(1)
    .max(365)
    .default(15)
    .describe('an owned open lead without a follow-up for this many days (since it was owned) returns to the pool'),
  claimPerDay: z.number().int().min(1).max(500).default(20).describe('leads an employee may claim per tenant day'),
  maxOwned: z
    .number()
    .int()
    .min(1)
    .max(10_000)
    .nullable()
    .default(null)
    .describe('open leads an employee may own (claim and assign refuse beyond it); null: no limit'),
  surveyDays: z.number().int().min(1).max(90).default(14).describe('default validity of a survey link, days'),
});
export type CrmRules = z.infer<typeof CrmRules>;
export const DEFAULT_CRM_RULES: CrmRules = { poolDays: 15, claimPerDay: 20, maxOwned: null, surveyDays: 14 };

const HHMM = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'v.timeOfDay' });
addValidationMessages({
  'v.timeOfDay': { 'zh-CN': '请输入 HH:MM 格式的时间', 'en-US': 'Enter a time as HH:MM' },
});

/** The `shortTerm` section of the rules (issue 33, 短租): grace, cancellation, late and early return, fuel, holds. */
export const ShortTermRules = z.object({
  graceMinutes: z
    .number()
    .int()
    .min(0)
    .max(360)
    .default(60)
    .describe('minutes past a whole rental day (or past the planned return) that cost nothing'),
  freeCancelHours: z
    .number()
    .int()
    .min(0)
    .max(720)
    .default(24)
    .describe('a paid booking cancelled at least this many hours before pick-up costs nothing'),
  holidayFreeCancelHours: z
    .number()
    .int()
    .min(0)
    .max(720)
    .default(72)
    .describe('the same when the stay touches a holiday'),
  cancelFeeDays: z
    .number()
    .int()
    .min(0)
    .max(30)
    .default(1)
    .describe('a later cancellation costs this many first-day prices (never more than the rent)'),
  holidayCancelFeeDays: z.number().int().min(0).max(30).default(2).describe('the same when the stay touches a holiday'),
  lateHourPct: z
    .number()
    .int()
    .min(0)
    .max(100)
    .default(20)
    .describe("each started hour of a late return costs this percentage of the day's price (at most one day per day)"),
  earlyReturnRefundPct: z
    .number()
    .int()
    .min(0)
    .max(100)
    .default(50)
    .describe("percentage of the unused whole days' prices given back on an early return"),
  fuelPerPct: yuan(1000).default(5).describe('yuan per percent of fuel or charge missing at the return'),
  violationHoldDays: z
    .number()
    .int()
    .min(0)
    .max(365)
    .default(30)
    .describe('days after the return the violation deposit is held'),
  unpaidMinutes: z
    .number()
    .int()
    .min(5)
    .max(1440)
    .default(30)
    .describe('an unpaid booking is cancelled after this many minutes'),
});
export type ShortTermRules = z.infer<typeof ShortTermRules>;
export const DEFAULT_SHORT_TERM_RULES: ShortTermRules = {
  graceMinutes: 60,
  freeCancelHours: 24,
  holidayFreeCancelHours: 72,
  cancelFeeDays: 1,
  holidayCancelFeeDays: 2,
  lateHourPct: 20,
  earlyReturnRefundPct: 50,
  fuelPerPct: 5,
  violationHoldDays: 30,
  unpaidMinutes: 30,
};

/** The `timeShare` section of the rules (issue 33, 分时租赁): reservations, fees, balance warnings, the night rate. */
export const TimeShareRules = z.object({
  reserveMinutes: z.number().int().min(1).max(120).default(15).describe('a reservation is held this many minutes'),
  offZoneFee: yuan(10_000).default(50).describe('yuan charged when a trip ends outside every zone'),
  warnBelow: yuan(10_000)
    .default(0)
    .describe("warn the renter when a live trip's running amount passes the balance minus this (yuan)"),
  lockAfterMinutes: z
    .number()
    .int()
    .min(1)
    .max(1440)
    .default(60)
    .describe('minutes after the warning, with the balance still short, before the car is locked'),
  recoverAfterHours: z
    .number()
    .int()
    .min(1)
    .max(168)
    .default(6)
    .describe('hours after locking before staff are told to recover the car'),
  nightFrom: HHMM.default('23:00').describe('the night rate starts (local time, inclusive)'),
  nightTo: HHMM.default('07:00').describe('the night rate ends (local time, exclusive)'),
});
export type TimeShareRules = z.infer<typeof TimeShareRules>;
export const DEFAULT_TIME_SHARE_RULES: TimeShareRules = {
  reserveMinutes: 15,
  offZoneFee: 50,
  warnBelow: 0,
  lockAfterMinutes: 60,
  recoverAfterHours: 6,
  nightFrom: '23:00',
  nightTo: '07:00',
};

/**
 * The business rules every later area reads through the settings service (server: `settings.service.ts`),
 * each with its default, so that a tenant that never opened the settings page works as documented here.
 */
export const TenantRules = z.object({
  reminders: z
    .object({
      licenceDays: LeadDays.default(30).describe('vehicle licences and transport certificates'),
      insuranceDays: LeadDays.default(30),
      inspectionDays: LeadDays.default(30),
      driverDocumentDays: LeadDays.default(30).describe("drivers' licences and certificates"),
      rentDueDays: LeadDays.default(3).describe('days before a bill is due'),
      serviceDays: LeadDays.default(15).describe("days before a car's next service (maintenance plans)"),
    })
    .default({
      licenceDays: 30,
      insuranceDays: 30,
      inspectionDays: 30,
      driverDocumentDays: 30,
      rentDueDays: 3,
      serviceDays: 15,
    }),
  rentGraceDays: z.number().int().min(0).max(60).default(3).describe('days after the due date before it is overdue'),
  lateFee: z
    .object({
      dailyRatePermille: z
        .number()
        .min(0)
        .max(100)
        .default(5)
        .describe('per mille of the overdue amount per day (5 = 0.5 %)'),
      capPercent: z.number().min(0).max(100).default(20).describe('at most this percentage of the overdue amount'),
    })
    .default({ dailyRatePermille: 5, capPercent: 20 }),
  billProRating: z.boolean().default(false).describe('a partial last period is billed by days'),
  settingDebtorPaying: z.boolean().default(false).describe('spec section 3: debtors may pay online'),
  contractPrefixes: z
    .record(z.string().regex(/^\d+$/), NumberPrefix)
    .default({})
    .describe('contract number prefix per rent id; a rent without one uses "HT"'),
  mapTiles: z.enum(['amap', 'osm']).default('amap').describe('AutoNavi (GCJ-02) or OpenStreetMap (WGS-84)'),
  contractSms: z
    .strictObject({
      rentDue: z.boolean().default(false).describe('rent due within reminders.rentDueDays'),
      contractEnd: z.boolean().default(false).describe('contract ending within 30 days'),
      overdue: z.boolean().default(false).describe('rent past its due date + rentGraceDays'),
    })
    .default({ rentDue: false, contractEnd: false, overdue: false })
    .describe('per reminder kind, whether the daily contract reminders also send the driver an SMS (off by default)'),
  gpsEvents: z
    .object({
      overspeedKmh: z
        .number()
        .int()
        .min(0)
        .max(300)
        .default(120)
        .describe('speed limit, km/h (0 = no overspeed alarm)'),
      overspeedSeconds: z.number().int().min(0).max(3600).default(10).describe('minimum duration above the limit, s'),
      offlineMinutes: z
        .number()
        .int()
        .min(1)
        .max(10080)
        .default(10)
        .describe('silence after which a device is offline'),
      lowBatteryPercent: z
        .number()
        .int()
        .min(0)
        .max(100)
        .default(20)
        .describe('phone battery level that raises low battery'),
      safeSpeedKmh: z
        .number()
        .int()
        .min(0)
        .max(120)
        .default(20)
        .describe('a fuel cut is sent only at or below this speed, km/h (unless forced)'),
      notices: GpsAlarmNotices.default(DEFAULT_GPS_ALARM_NOTICES).describe(
        'which alarm types notify by the message centre and by SMS, and the SMS numbers',
      ),
    })
    .default({
      overspeedKmh: 120,
      overspeedSeconds: 10,
      offlineMinutes: 10,
      lowBatteryPercent: 20,
      safeSpeedKmh: 20,
      notices: DEFAULT_GPS_ALARM_NOTICES,
    })
    .describe('GPS events and alarms (issue 18)'),
  gpsRisk: z
    .object({
      overdueDays: z
        .number()
        .int()
        .min(0)
        .max(365)
        .default(3)
        .describe('rent overdue more than this many days makes leaving the geofence a risk'),
      geofenceExitOverdue: z.boolean().default(true).describe('leaving its geofences while rent is overdue'),
      powerCutRented: z.boolean().default(true).describe('a power cut or tamper alarm while rented'),
      silentRented: z.boolean().default(true).describe('silent longer than silentHours while rented'),
      silentHours: z.number().int().min(1).max(720).default(24).describe('hours of silence that raise a case'),
    })
    .default({ overdueDays: 3, geofenceExitOverdue: true, powerCutRented: true, silentRented: true, silentHours: 24 })
    .describe('GPS risk engine rules (issue 18)'),
  costs: z
    .object({
      vehicleCostCentreId: Id.nullable()
        .default(null)
        .describe(
          'the enabled cost centre that insurance premiums, accident costs and violation fines are posted to when the record names none (null: nothing is posted)',
        ),
    })
    .default({ vehicleCostCentreId: null })
    .describe('cost posting (cost centres)'),
  maintenance: z
    .object({
      approvalAbove: yuan(10_000_000)
        .nullable()
        .default(2000)
        .describe('a work order whose estimate is above this (yuan) needs the maintenanceOrder approval; null: never'),
      leadKm: z
        .number()
        .int()
        .min(0)
        .max(20_000)
        .default(1000)
        .describe('a car is due for service this many km before its next service km'),
    })
    .default({ approvalAbove: 2000, leadKm: 1000 })
    .describe('maintenance (issue 31)'),
  crm: CrmRules.default(DEFAULT_CRM_RULES).describe('CRM pool and claim limits, survey links (issue 32)'),
  shortTerm: ShortTermRules.default(DEFAULT_SHORT_TERM_RULES).describe('short-term rental (issue 33)'),
  timeShare: TimeShareRules.default(DEFAULT_TIME_SHARE_RULES).describe('time-share rental (issue 33)'),
  teams: TeamRules.default(DEFAULT_TEAM_RULES).describe('fleet teams: the ranking weights (issue 34)'),
  driverLevels: DriverLevelRules.default(DEFAULT_DRIVER_LEVELS).describe(
    'the super driver membership levels, lowest first, and their perks (driver portal, issue 34)',
  ),
  messageArchiveDays: z
    .number()
    .int()
    .min(7)
    .max(3650)
    .default(90)
    .describe('message-centre messages older than this many days are archived (out of the bell and the default list)'),
  approvalSms: z
    .boolean()
    .optional()
    .describe(
      'SMS each approver when a request starts waiting for him (set on the approval settings screen; unset is off, and a rules save without it keeps the stored value)',
    ),
  approvalSecondApproverId: Id.nullable()
    .optional()
    .describe(
      'who decides a request that needs a decider other than the applicant (a fuel cut) when its flow leaves only the applicant (set on the approval settings screen; a rules save without it keeps the stored value)',
    ),
});
export type TenantRules = z.infer<typeof TenantRules>;
export const TenantRulesInput = TenantRules;

/**
 * The app flags of spec section 3 that the web keeps in its session store, for any signed-in user of the
 * tenant (no settings permission): they come from the tenant's rules.
 */
export const AppFlags = z.object({
  settingDebtorPaying: z.boolean().describe('debtors may pay online (TenantRules.settingDebtorPaying)'),
});
export type AppFlags = z.infer<typeof AppFlags>;
export const DEFAULT_CONTRACT_PREFIX = 'HT';
