import { sql } from 'drizzle-orm';
import { rowsOf } from '../core/db.js';
import { addDays, localDate } from '../core/tenant-time.js';
import { computeDays } from '../modules/dashboard/daily-report.service.js';
import type { DemoContext } from './context.js';

/** How far back the demo's daily reports go: a year and a month, so that a year-on-year view has its months. */
export const DEMO_REPORT_DAYS = 400;

/**
 * The dashboard's demo (docs/dashboard.md): the daily reports of both demo tenants up to yesterday, as the nightly
 * job would have stored them from the records the other areas seeded (so last, after every area).
 */
export async function seedDashboard({ tx, clock, demo, other }: DemoContext): Promise<void> {
  for (const tenantId of [demo.tenantId, other.tenantId]) {
    const [tz] = await rowsOf<{ time_zone: string }>(tx, sql`select time_zone from tenants where id = ${tenantId}`);
    const today = localDate(tz!.time_zone, clock.now());
    await computeDays(
      { db: tx, clock },
      tenantId,
      addDays(today, -DEMO_REPORT_DAYS),
      addDays(today, -1),
      tz!.time_zone,
    );
  }
}
