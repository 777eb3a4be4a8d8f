import { z } from 'zod';
import { Id, Instant, PageQuery } from './common.js';
import { Month } from './cost-centres.js';
import { addValidationMessages } from './validation-registry.js';

/**
 * Attendance (考勤): shifts per department (`/oa/attendance`, 考勤设置), clocking in and out from the web or
 * the phone page with the browser's location, and the monthly sheet per employee and department with its
 * export (`/oaAttendance`, 考勤记录). Leave and business trips come from approved requests.
 */
const base = '/api/ccwadmin/oa/attendance';

export const AttendancePaths = {
  shifts: `${base}/shift/list`,
  shiftSave: `${base}/shift/save`,
  shiftDelete: `${base}/shift/delete/:id`,
  clock: `${base}/clock`,
  today: `${base}/today`,
  records: `${base}/record/list`,
  sheet: `${base}/sheet`,
  sheetExport: `${base}/sheet/export`,
} as const;

addValidationMessages({
  'v.shiftName': { 'zh-CN': '请输入班次名称（最多 20 个字）', 'en-US': 'Enter a shift name (at most 20 characters)' },
  'v.clockTime': { 'zh-CN': '时间格式为 HH:MM', 'en-US': 'A time is HH:MM' },
  'v.shiftHours': { 'zh-CN': '下班时间须晚于上班时间', 'en-US': 'The end must be after the start' },
  'v.workDays': { 'zh-CN': '请至少选择一个工作日', 'en-US': 'Choose at least one working day' },
});

const HHMM = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'v.clockTime' });

export const ShiftInput = z
  .strictObject({
    departmentId: Id.nullable().describe('null: everyone whose department (or one above) has no shift'),
    name: z.string().trim().min(1, { message: 'v.shiftName' }).max(20, { message: 'v.shiftName' }),
    workDays: z
      .array(z.number().int().min(1).max(7))
      .min(1, { message: 'v.workDays' })
      .max(7)
      .transform((d) => [...new Set(d)].sort()),
    startTime: HHMM,
    endTime: HHMM,
    graceMinutes: z.number().int().min(0).max(120).default(0),
  })
  .refine((s) => s.endTime > s.startTime, { path: ['endTime'], message: 'v.shiftHours' });
export type ShiftInput = z.infer<typeof ShiftInput>;

export const Shift = z.object({
  id: z.number().int(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  name: z.string(),
  workDays: z.array(z.number().int()),
  startTime: z.string(),
  endTime: z.string(),
  graceMinutes: z.number().int(),
});
export type Shift = z.infer<typeof Shift>;

export const CLOCK_KINDS = ['in', 'out'] as const;
export const CLOCK_SOURCES = ['web', 'mobile', 'import'] as const;

export const ClockInput = z.strictObject({
  kind: z.enum(CLOCK_KINDS),
  source: z.enum(['web', 'mobile']),
  latitude: z.number().min(-90).max(90).nullable().default(null),
  longitude: z.number().min(-180).max(180).nullable().default(null),
  address: z.string().trim().max(200).nullable().default(null),
});
export type ClockInput = z.infer<typeof ClockInput>;

export const ClockRecord = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  departmentName: z.string().nullable(),
  kind: z.enum(CLOCK_KINDS),
  at: Instant,
  day: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  address: z.string().nullable(),
  source: z.enum(CLOCK_SOURCES),
  /** `late` for a clock-in after the shift's start and grace, `early` for a clock-out before its end. */
  mark: z.enum(['late', 'early']).nullable(),
});
export type ClockRecord = z.infer<typeof ClockRecord>;

export const Today = z.object({
  day: z.string(),
  shift: Shift.nullable(),
  workday: z.boolean(),
  records: z.array(ClockRecord),
  absence: z.enum(['leave', 'trip']).nullable(),
});
export type Today = z.infer<typeof Today>;

export const RecordQuery = PageQuery.extend({
  month: Month.optional(),
  userId: Id.optional(),
  departmentId: Id.optional(),
});

export const SheetQuery = z.object({
  month: Month,
  departmentId: Id.optional(),
});
export type SheetQuery = z.infer<typeof SheetQuery>;

export const SheetRow = z.object({
  userId: z.number().int(),
  name: z.string(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  shiftName: z.string().nullable(),
  /** Working days of the month so far (up to today). */
  workdays: z.number().int(),
  attended: z.number().int(),
  late: z.number().int(),
  early: z.number().int(),
  missingOut: z.number().int(),
  absent: z.number().int(),
  leave: z.number().int(),
  trip: z.number().int(),
});
export type SheetRow = z.infer<typeof SheetRow>;

export const Sheet = z.object({
  month: z.string(),
  rows: z.array(SheetRow),
  /** Per department: the sums of its employees' rows. */
  departments: z.array(
    SheetRow.omit({ userId: true, name: true, shiftName: true }).extend({ employees: z.number().int() }),
  ),
});
export type Sheet = z.infer<typeof Sheet>;

export const SHEET_COLUMNS = [
  'workdays',
  'attended',
  'late',
  'early',
  'missingOut',
  'absent',
  'leave',
  'trip',
] as const;
