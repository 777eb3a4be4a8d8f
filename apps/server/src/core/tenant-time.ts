import { eq } from 'drizzle-orm';
import type { DbOrTx } from './db.js';
import { startOfDayIn } from './timezone.js';
import { tenants } from '../db/schema/tenancy.js';

/** The zone of a tenant that has not chosen one (tenants.time_zone defaults to it too). */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** Calendar days of a tenant: due dates, "today" and day boundaries are the tenant's, not the server's. */
export interface TenantDays {
  timeZone: string;
  /** Today, YYYY-MM-DD. */
  today: string;
  /** `today` plus `n` days, YYYY-MM-DD. */
  plusDays(n: number, from?: string): string;
  /** The instant a calendar day starts. */
  startOf(date: string): Date;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of `at` in a zone, YYYY-MM-DD (one formatter per zone: building one costs more than using it). */
export function localDate(timeZone: string, at: Date): string {
  let f = dayFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, f);
  }
  return f.format(at);
}

export function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export function tenantDaysOf(timeZone: string, now: Date): TenantDays {
  const today = localDate(timeZone, now);
  return {
    timeZone,
    today,
    plusDays: (n, from = today) => addDays(from, n),
    // Noon UTC is the same calendar day in every zone from UTC-11 to UTC+11.
    startOf: (date) => startOfDayIn(timeZone, new Date(`${date}T12:00:00Z`)),
  };
}

/** The tenant's time zone (its company settings), or the default. */
export async function tenantZone(db: DbOrTx, tenantId: number): Promise<string> {
  const [row] = await db.select({ tz: tenants.timeZone }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.tz ?? DEFAULT_TIME_ZONE;
}

export async function tenantDays(db: DbOrTx, tenantId: number, now: Date): Promise<TenantDays> {
  return tenantDaysOf(await tenantZone(db, tenantId), now);
}

const minuteFormats = new Map<string, Intl.DateTimeFormat>();

/** A time as a message shows it: the wall clock of the zone, to the minute (`2026-11-29 18:05`). */
export function localMinute(timeZone: string, at: Date): string {
  let f = minuteFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    minuteFormats.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** The instants a calendar month (`YYYY-MM`) starts and the next one starts, in the zone. */
export function monthBounds(timeZone: string, month: string): { from: Date; to: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  const days = tenantDaysOf(timeZone, new Date(0));
  return { from: days.startOf(`${month}-01`), to: days.startOf(`${next}-01`) };
}
