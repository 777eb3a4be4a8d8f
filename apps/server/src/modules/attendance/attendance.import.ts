import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { tenantDays, type TenantDays } from '../../core/tenant-time.js';
import { operationLogs } from '../../db/schema/audit.js';
import { users } from '../../db/schema/identity.js';
import { attendanceRecords } from '../../db/schema/office.js';
import {
  fold,
  linesLogged,
  refsLogged,
  registerImportType,
  type ImportColumnDef,
  type ImportContext,
  type Issue,
  type RowReader,
} from '../excel-import/excel-import.service.js';
import './attendance.messages.js';

/**
 * Clock records from a sheet (`excel/data/…/attendance/data`): one row per employee and day, a clock-in and an
 * optional clock-out, written as records of source `import`. Their late/early marks are read from the shift like
 * every record's, so an imported day counts in the monthly sheet as a clocked one.
 */
const columns: ImportColumnDef[] = [
  {
    key: 'employee',
    title: { 'zh-CN': '员工', 'en-US': 'Employee' },
    required: true,
    example: 'liuyang',
    description: { 'zh-CN': '用户名或手机号', 'en-US': 'Username or mobile number' },
  },
  {
    key: 'day',
    title: { 'zh-CN': '日期', 'en-US': 'Date' },
    required: true,
    example: '2026-11-02',
    description: { 'zh-CN': '不能晚于今天', 'en-US': 'Not after today' },
  },
  {
    key: 'clockIn',
    title: { 'zh-CN': '上班时间', 'en-US': 'Clock-in' },
    required: true,
    example: '08:56',
    description: { 'zh-CN': '24 小时制 HH:MM', 'en-US': '24-hour HH:MM' },
  },
  {
    key: 'clockOut',
    title: { 'zh-CN': '下班时间', 'en-US': 'Clock-out' },
    example: '18:05',
    description: {
      'zh-CN': '24 小时制 HH:MM，须晚于上班时间；未打下班卡留空',
      'en-US': '24-hour HH:MM, after the clock-in; empty when there was no clock-out',
    },
  },
  { key: 'place', title: { 'zh-CN': '打卡地点', 'en-US': 'Place' }, example: '杭州公司前台' },
  { key: 'remark', title: { 'zh-CN': '备注', 'en-US': 'Remark' }, example: '考勤机导出' },
];

interface Employee {
  id: number;
}

interface Prepared {
  days: TenantDays;
  /** Employees of the tenant by folded username and by phone. */
  employees: Map<string, Employee>;
  /** Minutes since midnight now, in the tenant's zone (a time today must not be later). */
  nowMinutes: number;
}

export interface AttendanceImportRow {
  userId: number;
  day: string;
  /** Minutes since the day's midnight. */
  inMinutes: number;
  outMinutes: number | null;
  address: string | null;
}

async function prepare(deps: AppDeps, ctx: ImportContext): Promise<Prepared> {
  const now = deps.clock.now();
  const days = await tenantDays(deps.db, ctx.tenantId, now);
  const rows = await deps.db
    .select({ id: users.id, username: users.username, phone: users.phone })
    .from(users)
    .where(eq(users.tenantId, ctx.tenantId));
  const employees = new Map<string, Employee>();
  for (const u of rows) {
    employees.set(fold(u.username), { id: u.id });
    employees.set(u.phone, { id: u.id });
  }
  return { days, employees, nowMinutes: Math.floor((now.getTime() - days.startOf(days.today).getTime()) / 60_000) };
}

/** `9:05`, `09:05`, `09:05:30`, `9点05`, or an Excel time (a fraction of a day): minutes since midnight. */
export function parseTime(v: string): number | null {
  const s = v.trim();
  const m = /^(\d{1,2})[:：点时](\d{2})(?:[:：分](\d{2})秒?)?分?$/.exec(s);
  if (m) {
    const [h, min] = [Number(m[1]), Number(m[2])];
    if (h > 23 || min > 59 || (m[3] !== undefined && Number(m[3]) > 59)) return null;
    return h * 60 + min;
  }
  if (/^0?\.\d+$/.test(s) || s === '0') {
    const minutes = Math.round(Number(s) * 1440);
    return minutes < 1440 ? minutes : null;
  }
  return null;
}

function time(r: RowReader, key: string, required: boolean): number | null {
  const v = r.raw(key);
  if (v === null) {
    if (required) r.error(key, 'import.required');
    return null;
  }
  const minutes = parseTime(v);
  if (minutes === null) r.error(key, 'attendance.import.notTime');
  return minutes;
}

function parse(r: RowReader, p: Prepared): AttendanceImportRow | null {
  const who = r.text('employee', { required: true, max: 32 });
  let employee: Employee | undefined;
  if (who) {
    employee = p.employees.get(fold(who)) ?? p.employees.get(who.replace(/[\s-]/g, ''));
    if (!employee) r.error('employee', 'attendance.import.unknownEmployee', { value: who });
  }
  const day = r.date('day', { required: true });
  if (day && day > p.days.today) r.error('day', 'attendance.import.futureDay');
  const inMinutes = time(r, 'clockIn', true);
  const outMinutes = time(r, 'clockOut', false);
  if (inMinutes !== null && outMinutes !== null && outMinutes <= inMinutes) {
    r.error('clockOut', 'attendance.import.outBeforeIn');
  }
  if (day === p.days.today) {
    const latest = Math.max(inMinutes ?? 0, outMinutes ?? 0);
    if (latest > p.nowMinutes)
      r.error(
        outMinutes !== null && outMinutes > p.nowMinutes ? 'clockOut' : 'clockIn',
        'attendance.import.futureTime',
      );
  }
  const place = r.text('place', { max: 100 });
  const remark = r.text('remark', { max: 100 });
  if (r.errors.length || !employee || !day || inMinutes === null) return null;
  // The records keep one note: the place, then the remark.
  const address = [place, remark].filter(Boolean).join(' · ') || null;
  return { userId: employee.id, day, inMinutes, outMinutes, address };
}

/** A day of an employee is imported once: not twice in the file, not over a clock-in already recorded. */
async function checkRows(db: DbOrTx, ctx: ImportContext, rows: { line: number; row: AttendanceImportRow }[]) {
  const issues = new Map<number, { errors: Issue[]; warnings: Issue[] }>();
  if (!rows.length) return issues;
  const key = (userId: number, day: string) => `${userId}:${day}`;
  const clockedIn = new Map<string, number>();
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    const found = await db
      .select({ id: attendanceRecords.id, userId: attendanceRecords.userId, day: attendanceRecords.day })
      .from(attendanceRecords)
      .where(
        and(
          eq(attendanceRecords.tenantId, ctx.tenantId),
          eq(attendanceRecords.kind, 'in'),
          inArray(attendanceRecords.userId, [...new Set(chunk.map((r) => r.row.userId))]),
          inArray(attendanceRecords.day, [...new Set(chunk.map((r) => r.row.day))]),
        ),
      );
    for (const f of found) clockedIn.set(key(f.userId, f.day), f.id);
  }
  // Clock-ins this very import wrote in earlier batches: the line they came from.
  const lineOfRecord = await linesLogged(db, ctx, 'attendance.import');
  const before = new Map<string, number>();
  for (const { line, row } of rows) {
    const k = key(row.userId, row.day);
    const existing = clockedIn.get(k);
    const earlier = existing !== undefined ? lineOfRecord.get(existing) : undefined;
    let error: Issue | null = null;
    if (earlier !== undefined && earlier !== null) {
      error = { column: 'day', key: 'import.duplicateInFile', params: { row: earlier } };
    } else if (existing !== undefined) error = { column: 'day', key: 'attendance.import.alreadyIn' };
    else if (before.has(k)) error = { column: 'day', key: 'import.duplicateInFile', params: { row: before.get(k)! } };
    if (error) issues.set(line, { errors: [error], warnings: [] });
    else before.set(k, line);
  }
  return issues;
}

async function insert(
  tx: DbOrTx,
  deps: AppDeps,
  ctx: ImportContext,
  rows: { line: number; row: AttendanceImportRow; ref: string }[],
  p: Prepared,
): Promise<void> {
  const now = deps.clock.now();
  for (const { row, ref } of rows) {
    const start = p.days.startOf(row.day).getTime();
    const record = (kind: 'in' | 'out', minutes: number) => ({
      tenantId: ctx.tenantId,
      userId: row.userId,
      kind,
      at: new Date(start + minutes * 60_000),
      day: row.day,
      address: row.address,
      source: 'import',
      createdBy: ctx.userId,
      createdAt: now,
    });
    const [clockIn] = await tx
      .insert(attendanceRecords)
      .values(record('in', row.inMinutes))
      .returning({ id: attendanceRecords.id });
    if (row.outMinutes !== null) await tx.insert(attendanceRecords).values(record('out', row.outMinutes));
    // The operation log names who imported the day; its ref lets a resumed import find the row.
    await tx.insert(operationLogs).values({
      tenantId: ctx.tenantId,
      rentId: ctx.rentId,
      userId: ctx.userId,
      action: 'attendance.import',
      method: 'POST',
      path: '/api/ccwadmin/excel/data/import/attendance/data',
      targetType: 'attendance',
      targetId: String(clockIn!.id),
      summary: { ref, userId: row.userId, day: row.day },
      createdAt: now,
    });
  }
}

/** Clock records are an Excel import type: `excel/data/…/attendance/data` (no `{extra}`). */
export function registerAttendanceImport(): void {
  registerImportType<AttendanceImportRow, Prepared>({
    type: 'attendance',
    title: { 'zh-CN': '打卡记录', 'en-US': 'Clock records' },
    permission: 'oaAttendance:import',
    columns,
    prepare,
    parse,
    checkRows: (db, ctx, rows) => checkRows(db, ctx, rows),
    insert,
    written: (db, ctx, refs) => refsLogged(db, ctx.tenantId, 'attendance.import', refs),
  });
}
