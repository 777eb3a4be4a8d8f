import { sql } from 'drizzle-orm';
import { rawNumber, rowsOf, type RawNumber } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { HOURLY, registerSchedule } from '../../core/schedules.js';
import { tenantRules } from '../settings/settings.service.js';
import { remindOverdue, returnStaleLeads } from './pool.js';

/**
 * The hourly CRM job, per tenant with owned open leads: stale leads back to the pool (`crm.poolDays`, owner log
 * `return`, `crm.leadReturned`), then the overdue follow-ups told to their owners (`crm.followUpOverdue`, once per
 * due time). Tests call it with a moved clock; the events are delivered before it answers.
 */
export async function runCrmHourly(
  deps: AppDeps,
  now: Date = deps.clock.now(),
): Promise<{ returned: number; reminded: number }> {
  const tenants = await rowsOf<{ tenant_id: RawNumber }>(
    deps.db,
    sql`select distinct tenant_id from crm_leads
      where owner_id is not null and deleted_at is null and state in ('new', 'following', 'paused')`,
  );
  let returned = 0;
  let reminded = 0;
  for (const t of tenants) {
    const tenantId = rawNumber(t.tenant_id);
    const rules = await tenantRules(deps.db, tenantId);
    await deps.events.transaction(
      async (tx) => {
        returned += await returnStaleLeads(tx, tenantId, rules.crm.poolDays, now);
        reminded += await remindOverdue(tx, tenantId, now);
      },
      { awaitDelivery: true },
    );
  }
  return { returned, reminded };
}

export function registerCrmSchedules(): void {
  registerSchedule({
    name: 'crm.hourly',
    cron: HOURLY,
    atStart: true,
    description:
      'CRM: owned leads without a follow-up for crm.poolDays back to the pool (their owners told), then the overdue follow-ups told to their owners (once per due time).',
    run: async (deps) => {
      await runCrmHourly(deps);
    },
  });
}
