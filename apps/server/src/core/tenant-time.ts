import { eq } from 'drizzle-orm';
import type { DbOrTx } from './db.js';
import { startOfDayIn } from './timezone.js';
import { tenants } from '../db/schema/tenancy.js';

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

export async function tenantDays(db: DbOrTx, tenantId: number, now: Date): Promise<TenantDays> {
  const [row] = await db.select({ tz: tenants.timeZone }).from(tenants).where(eq(tenants.id, tenantId));
  return tenantDaysOf(row?.tz ?? 'Asia/Shanghai', now);
}
