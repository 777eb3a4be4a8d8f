import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type {
  ClockInput,
  ClockRecord,
  Sheet,
  SheetQuery,
  SheetRow,
  Shift,
  ShiftInput,
  Today,
} from '@fleetdesk/contracts/attendance';
import type { PageQuery } from '@fleetdesk/contracts/common';
import type { RequestContext } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import type { DbOrTx } from '../../core/db.js';
import { offsetOf, page } from '../../core/envelope.js';
import { ConflictError, ForbiddenError, invalidField, NotFoundError } from '../../core/errors.js';
import { addDays, tenantDays } from '../../core/tenant-time.js';
import { departments, users } from '../../db/schema/identity.js';
import { attendanceAbsences, attendanceRecords, attendanceShifts } from '../../db/schema/office.js';
import './attendance.messages.js';

type Ctx = Pick<RequestContext, 'tenantId' | 'userId' | 'permissions'>;

/** Who may see everyone's records and sheets (others see their own). */
const seesAll = (ctx: Ctx) => ctx.permissions.elements.has('oaAttendance:edit');

// ---------------------------------------------------------------------------------------------------------
// Shifts

export async function listShifts(db: DbOrTx, tenantId: number): Promise<Shift[]> {
  const rows = await db
    .select({
      id: attendanceShifts.id,
      departmentId: attendanceShifts.departmentId,
      departmentName: departments.name,
      name: attendanceShifts.name,
      workDays: attendanceShifts.workDays,
      startTime: attendanceShifts.startTime,
      endTime: attendanceShifts.endTime,
      graceMinutes: attendanceShifts.graceMinutes,
    })
    .from(attendanceShifts)
    .leftJoin(
      departments,
      and(eq(departments.tenantId, attendanceShifts.tenantId), eq(departments.id, attendanceShifts.departmentId)),
    )
    .where(eq(attendanceShifts.tenantId, tenantId))
    .orderBy(sql`${attendanceShifts.departmentId} nulls first`, asc(attendanceShifts.id));
  return rows.map((r) => ({ ...r, workDays: r.workDays as number[] }));
}

/** Sets the shift of a department (or the default one): one per department, replaced when saved again. */
export async function saveShift(deps: AppDeps, ctx: Ctx, input: ShiftInput): Promise<Shift> {
  if (input.departmentId !== null) {
    const [d] = await deps.db
      .select({ id: departments.id })
      .from(departments)
      .where(and(eq(departments.tenantId, ctx.tenantId), eq(departments.id, input.departmentId)));
    if (!d) throw invalidField('departmentId', 'attendance.departmentNotFound');
  }
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .delete(attendanceShifts)
      .where(
        and(
          eq(attendanceShifts.tenantId, ctx.tenantId),
          input.departmentId === null
            ? sql`${attendanceShifts.departmentId} is null`
            : eq(attendanceShifts.departmentId, input.departmentId),
        ),
      );
    await tx.insert(attendanceShifts).values({ tenantId: ctx.tenantId, ...input, createdAt: now, updatedAt: now });
  });
  return (await listShifts(deps.db, ctx.tenantId)).find((s) => s.departmentId === input.departmentId)!;
}

export async function deleteShift(deps: AppDeps, ctx: Ctx, id: number): Promise<Shift> {
  const shift = (await listShifts(deps.db, ctx.tenantId)).find((s) => s.id === id);
  if (!shift) throw new NotFoundError('attendance.shiftNotFound');
  await deps.db
    .delete(attendanceShifts)
    .where(and(eq(attendanceShifts.tenantId, ctx.tenantId), eq(attendanceShifts.id, id)));
  return shift;
}

/** The shift that applies to a department: its own, else the nearest above, else the default. */
export function shiftFor(
  shifts: Shift[],
  depts: { id: number; parentId: number | null }[],
  departmentId: number | null,
): Shift | null {
  const byId = new Map(depts.map((d) => [d.id, d]));
  const seen = new Set<number>();
  for (
    let d = departmentId ? byId.get(departmentId) : undefined;
    d && !seen.has(d.id);
    d = d.parentId ? byId.get(d.parentId) : undefined
  ) {
    seen.add(d.id);
    const own = shifts.find((s) => s.departmentId === d!.id);
    if (own) return own;
  }
  return shifts.find((s) => s.departmentId === null) ?? null;
}

// ---------------------------------------------------------------------------------------------------------
// Clocking

/** HH:MM of an instant in a zone. */
export function localTime(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    at,
  );
}

/** ISO weekday (1 = Monday) of a YYYY-MM-DD. */
export function weekday(day: string): number {
  const d = new Date(`${day}T12:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

function markOf(kind: string, time: string, shift: Shift | null): 'late' | 'early' | null {
  if (!shift) return null;
  const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  if (kind === 'in' && minutes(time) > minutes(shift.startTime) + shift.graceMinutes) return 'late';
  if (kind === 'out' && minutes(time) < minutes(shift.endTime) - shift.graceMinutes) return 'early';
  return null;
}

async function context(db: DbOrTx, tenantId: number, now: Date) {
  const days = await tenantDays(db, tenantId, now);
  const shifts = await listShifts(db, tenantId);
  const depts = await db
    .select({ id: departments.id, parentId: departments.parentId })
    .from(departments)
    .where(eq(departments.tenantId, tenantId));
  return { days, shifts, depts };
}

interface RecordDb {
  id: number;
  userId: number;
  userName: string;
  departmentId: number | null;
  departmentName: string | null;
  kind: string;
  at: Date;
  day: string;
  latitude: string | null;
  longitude: string | null;
  address: string | null;
  source: string;
}

function recordOut(r: RecordDb, timeZone: string, shift: Shift | null, workday: boolean): ClockRecord {
  return {
    id: r.id,
    userId: r.userId,
    userName: r.userName,
    departmentName: r.departmentName,
    kind: r.kind as ClockRecord['kind'],
    at: r.at.toISOString(),
    day: r.day,
    latitude: r.latitude === null ? null : Number(r.latitude),
    longitude: r.longitude === null ? null : Number(r.longitude),
    address: r.address,
    source: r.source as ClockRecord['source'],
    mark: workday ? markOf(r.kind, localTime(timeZone, r.at), shift) : null,
  };
}

const recordColumns = {
  id: attendanceRecords.id,
  userId: attendanceRecords.userId,
  userName: users.name,
  departmentId: users.departmentId,
  departmentName: departments.name,
  kind: attendanceRecords.kind,
  at: attendanceRecords.at,
  day: attendanceRecords.day,
  latitude: attendanceRecords.latitude,
  longitude: attendanceRecords.longitude,
  address: attendanceRecords.address,
  source: attendanceRecords.source,
};

function recordsFrom(db: DbOrTx) {
  return db
    .select(recordColumns)
    .from(attendanceRecords)
    .innerJoin(users, and(eq(users.tenantId, attendanceRecords.tenantId), eq(users.id, attendanceRecords.userId)))
    .leftJoin(departments, and(eq(departments.tenantId, users.tenantId), eq(departments.id, users.departmentId)));
}

async function userDepartment(db: DbOrTx, tenantId: number, userId: number) {
  const [u] = await db
    .select({ departmentId: users.departmentId })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  return u?.departmentId ?? null;
}

async function absenceOn(db: DbOrTx, tenantId: number, userId: number, day: string) {
  const [a] = await db
    .select({ kind: attendanceAbsences.kind })
    .from(attendanceAbsences)
    .where(
      and(
        eq(attendanceAbsences.tenantId, tenantId),
        eq(attendanceAbsences.userId, userId),
        lte(attendanceAbsences.startsOn, day),
        gte(attendanceAbsences.endsOn, day),
      ),
    );
  return (a?.kind as 'leave' | 'trip' | undefined) ?? null;
}

/** The caller's day: shift, whether it is a working day, his records and any leave or trip. */
export async function today(deps: AppDeps, ctx: Ctx): Promise<Today> {
  const { days, shifts, depts } = await context(deps.db, ctx.tenantId, deps.clock.now());
  const shift = shiftFor(shifts, depts, await userDepartment(deps.db, ctx.tenantId, ctx.userId));
  const workday = !!shift && shift.workDays.includes(weekday(days.today));
  const rows = await recordsFrom(deps.db)
    .where(
      and(
        eq(attendanceRecords.tenantId, ctx.tenantId),
        eq(attendanceRecords.userId, ctx.userId),
        eq(attendanceRecords.day, days.today),
      ),
    )
    .orderBy(asc(attendanceRecords.at));
  return {
    day: days.today,
    shift,
    workday,
    records: rows.map((r) => recordOut(r, days.timeZone, shift, workday)),
    absence: await absenceOn(deps.db, ctx.tenantId, ctx.userId, days.today),
  };
}

/** Clocks the caller in or out now; a second clock-in the same day is refused (409), clock-outs replace nothing. */
export async function clock(deps: AppDeps, ctx: Ctx, input: ClockInput): Promise<ClockRecord> {
  const now = deps.clock.now();
  const { days } = await context(deps.db, ctx.tenantId, now);
  const before = await today(deps, ctx);
  if (input.kind === 'in' && before.records.some((r) => r.kind === 'in'))
    throw new ConflictError('attendance.alreadyIn');
  if (input.kind === 'out' && !before.records.some((r) => r.kind === 'in')) throw new ConflictError('attendance.notIn');
  const [row] = await deps.db
    .insert(attendanceRecords)
    .values({
      tenantId: ctx.tenantId,
      userId: ctx.userId,
      kind: input.kind,
      at: now,
      day: days.today,
      latitude: input.latitude === null ? null : String(input.latitude),
      longitude: input.longitude === null ? null : String(input.longitude),
      address: input.address,
      source: input.source,
      createdBy: ctx.userId,
      createdAt: now,
    })
    .returning({ id: attendanceRecords.id });
  return (await today(deps, ctx)).records.find((r) => r.id === row!.id)!;
}

function monthBounds(month: string) {
  const from = `${month}-01`;
  const next = new Date(`${from}T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return { from, to: addDays(next.toISOString().slice(0, 10), -1) };
}

/** Records, newest first: everyone's for `oaAttendance:edit`, else the caller's own. */
export async function listRecords(
  deps: AppDeps,
  ctx: Ctx,
  q: PageQuery & { month?: string | undefined; userId?: number | undefined; departmentId?: number | undefined },
) {
  if (q.userId && q.userId !== ctx.userId && !seesAll(ctx)) throw new ForbiddenError();
  const { days, shifts, depts } = await context(deps.db, ctx.tenantId, deps.clock.now());
  const userId = seesAll(ctx) ? q.userId : ctx.userId;
  const filters = [eq(attendanceRecords.tenantId, ctx.tenantId)];
  if (userId) filters.push(eq(attendanceRecords.userId, userId));
  if (q.departmentId && seesAll(ctx)) filters.push(eq(users.departmentId, q.departmentId));
  if (q.month) {
    const b = monthBounds(q.month);
    filters.push(gte(attendanceRecords.day, b.from), lte(attendanceRecords.day, b.to));
  }
  const [count] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(attendanceRecords)
    .innerJoin(users, and(eq(users.tenantId, attendanceRecords.tenantId), eq(users.id, attendanceRecords.userId)))
    .where(and(...filters));
  const rows = await recordsFrom(deps.db)
    .where(and(...filters))
    .orderBy(sql`${attendanceRecords.at} desc`, sql`${attendanceRecords.id} desc`)
    .limit(q.pageSize)
    .offset(offsetOf(q));
  return page(
    rows.map((r) => {
      const shift = shiftFor(shifts, depts, r.departmentId);
      return recordOut(r, days.timeZone, shift, !!shift && shift.workDays.includes(weekday(r.day)));
    }),
    Number(count!.n),
    q,
  );
}

/**
 * The monthly sheet: per active employee (everyone in the department and below for `oaAttendance:edit`, else the
 * caller), the working days up to today and how they went, and the sums per department.
 */
export async function monthlySheet(deps: AppDeps, ctx: Ctx, q: SheetQuery): Promise<Sheet> {
  const { days, shifts, depts } = await context(deps.db, ctx.tenantId, deps.clock.now());
  const b = monthBounds(q.month);
  const deptNames = new Map(
    (
      await deps.db
        .select({ id: departments.id, name: departments.name })
        .from(departments)
        .where(eq(departments.tenantId, ctx.tenantId))
    ).map((d) => [d.id, d.name]),
  );
  let scope: number[] | null = null;
  if (q.departmentId) {
    if (!deptNames.has(q.departmentId)) throw new NotFoundError('attendance.departmentNotFound');
    scope = [q.departmentId];
    for (let i = 0; i < scope.length; i++) for (const d of depts) if (d.parentId === scope[i]) scope.push(d.id);
  }
  const people = await deps.db
    .select({ id: users.id, name: users.name, departmentId: users.departmentId })
    .from(users)
    .where(
      and(
        eq(users.tenantId, ctx.tenantId),
        eq(users.status, 'active'),
        seesAll(ctx) ? undefined : eq(users.id, ctx.userId),
        scope ? inArray(users.departmentId, scope) : undefined,
      ),
    )
    .orderBy(asc(users.departmentId), asc(users.id));
  const ids = people.map((p) => p.id);
  const records = ids.length
    ? await deps.db
        .select({
          userId: attendanceRecords.userId,
          kind: attendanceRecords.kind,
          at: attendanceRecords.at,
          day: attendanceRecords.day,
        })
        .from(attendanceRecords)
        .where(
          and(
            eq(attendanceRecords.tenantId, ctx.tenantId),
            inArray(attendanceRecords.userId, ids),
            gte(attendanceRecords.day, b.from),
            lte(attendanceRecords.day, b.to),
          ),
        )
        .orderBy(asc(attendanceRecords.at))
    : [];
  const absences = ids.length
    ? await deps.db
        .select()
        .from(attendanceAbsences)
        .where(
          and(
            eq(attendanceAbsences.tenantId, ctx.tenantId),
            inArray(attendanceAbsences.userId, ids),
            lte(attendanceAbsences.startsOn, b.to),
            gte(attendanceAbsences.endsOn, b.from),
          ),
        )
    : [];
  const last = b.to < days.today ? b.to : days.today;
  const rows: SheetRow[] = people.map((p) => {
    const shift = shiftFor(shifts, depts, p.departmentId);
    const row: SheetRow = {
      userId: p.id,
      name: p.name,
      departmentId: p.departmentId,
      departmentName: p.departmentId ? (deptNames.get(p.departmentId) ?? null) : null,
      shiftName: shift?.name ?? null,
      workdays: 0,
      attended: 0,
      late: 0,
      early: 0,
      missingOut: 0,
      absent: 0,
      leave: 0,
      trip: 0,
    };
    if (!shift) return row;
    for (let day = b.from; day <= last; day = addDays(day, 1)) {
      if (!shift.workDays.includes(weekday(day))) continue;
      row.workdays += 1;
      const away = absences.find((a) => a.userId === p.id && a.startsOn <= day && a.endsOn >= day);
      if (away) {
        row[away.kind as 'leave' | 'trip'] += 1;
        continue;
      }
      const mine = records.filter((r) => r.userId === p.id && r.day === day);
      const firstIn = mine.find((r) => r.kind === 'in');
      const lastOut = [...mine].reverse().find((r) => r.kind === 'out');
      if (!firstIn) {
        // Today is not over: no clock-in yet is not an absence.
        if (day < days.today) row.absent += 1;
        continue;
      }
      row.attended += 1;
      if (markOf('in', localTime(days.timeZone, firstIn.at), shift) === 'late') row.late += 1;
      if (lastOut) {
        if (markOf('out', localTime(days.timeZone, lastOut.at), shift) === 'early') row.early += 1;
      } else if (day < days.today) row.missingOut += 1;
    }
    return row;
  });
  const byDept = new Map<number | null, Sheet['departments'][number]>();
  for (const r of rows) {
    const d = byDept.get(r.departmentId) ?? {
      departmentId: r.departmentId,
      departmentName: r.departmentName,
      employees: 0,
      workdays: 0,
      attended: 0,
      late: 0,
      early: 0,
      missingOut: 0,
      absent: 0,
      leave: 0,
      trip: 0,
    };
    d.employees += 1;
    for (const k of ['workdays', 'attended', 'late', 'early', 'missingOut', 'absent', 'leave', 'trip'] as const)
      d[k] += r[k];
    byDept.set(r.departmentId, d);
  }
  return { month: q.month, rows, departments: [...byDept.values()] };
}
