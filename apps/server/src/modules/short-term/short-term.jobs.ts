import { sql } from 'drizzle-orm';
import { MessageCategory } from '@fleetdesk/contracts/messages';
import { recipientsOf } from '../../core/access.js';
import { rawNumber, rowsOf, type DbOrTx, type RawNumber } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { registerSchedule } from '../../core/schedules.js';
import { localMinute, tenantDays } from '../../core/tenant-time.js';
import { createMessagesForRecipients } from '../messages/messages.service.js';
import { tenantRules } from '../settings/settings.service.js';
import { releaseViolationDeposits } from './booking-flow.service.js';
import { bookingEvent, expireUnpaid } from './bookings.service.js';
import './short-term.messages.js';

/** The schedule's cron: every five minutes (unpaid bookings expire after `shortTerm.unpaidMinutes`, default 30). */
export const SHORT_TERM_CRON = '*/5 * * * *';

/**
 * Overdue pick-ups (to pick up, past the pick-up time + the grace) and returns (in use, past the planned return +
 * the grace): the staff (`sevenShort:view`, seeing the rent) are told once per booking and kind
 * (`overdue_notified_at`, cleared by the pick-up), with a history event `overdue`.
 */
async function remindOverdue(tx: DbOrTx, tenantId: number, graceMinutes: number, zone: string, now: Date) {
  const cutoff = new Date(now.getTime() - graceMinutes * 60_000).toISOString();
  const due = await rowsOf<{
    id: RawNumber;
    code: string;
    rent_id: RawNumber;
    plate: string;
    state: string;
    pick_up_at: Date | string;
    return_at: Date | string;
  }>(
    tx,
    sql`select b.id, b.code, b.rent_id, c.plate, b.state, b.pick_up_at, b.return_at
      from st_bookings b join cars c on c.tenant_id = b.tenant_id and c.id = b.car_id
      where b.tenant_id = ${tenantId}
        and (b.state = 'toPickUp' and b.pick_up_at < ${cutoff} or b.state = 'inUse' and b.return_at < ${cutoff})
        and b.overdue_notified_at is null
      order by b.id limit 500`,
  );
  if (!due.length) return 0;
  const recipients = await recipientsOf(tx, tenantId, 'sevenShort:view');
  for (const b of due) {
    const pickUp = b.state === 'toPickUp';
    const at = localMinute(zone, new Date(pickUp ? b.pick_up_at : b.return_at));
    const text = {
      key: pickUp ? 'shortTerm.pickUpOverdue' : 'shortTerm.returnOverdue',
      params: { code: b.code, plate: b.plate, at },
    };
    await createMessagesForRecipients(tx, tenantId, recipients, [
      {
        rentId: rawNumber(b.rent_id),
        category: MessageCategory.vehicleReminders,
        title: { key: 'shortTerm.overdueTitle' },
        content: text,
        link: `/sevenShort/booking/${rawNumber(b.id)}`,
      },
    ]);
    await tx.execute(
      sql`update st_bookings set overdue_notified_at = ${now.toISOString()} where tenant_id = ${tenantId} and id = ${b.id}`,
    );
    await bookingEvent(tx, tenantId, rawNumber(b.id), 'overdue', now, null, text, {
      which: pickUp ? 'pickUp' : 'return',
    });
  }
  return due.length;
}

/**
 * The short-term job, per tenant with bookings: unpaid bookings past `unpaidMinutes` cancelled, overdue pick-ups and
 * returns told to the staff (once), violation deposits whose hold ended released (the fines of the booking's
 * violations kept). Idempotent; tests call it with a moved clock.
 */
export async function runShortTermJob(deps: AppDeps, now: Date = deps.clock.now()) {
  const tenants = await rowsOf<{ tenant_id: RawNumber }>(
    deps.db,
    sql`select distinct tenant_id from st_bookings
      where state in ('unpaid', 'toPickUp', 'inUse') or (settled_at is not null and violation_released_at is null)`,
  );
  let expired = 0;
  let reminded = 0;
  let released = 0;
  for (const t of tenants) {
    const tenantId = rawNumber(t.tenant_id);
    const rules = (await tenantRules(deps.db, tenantId)).shortTerm;
    const days = await tenantDays(deps.db, tenantId, now);
    await deps.events.transaction(async (tx) => {
      expired += await expireUnpaid(tx, tenantId, rules.unpaidMinutes, now);
      reminded += await remindOverdue(tx, tenantId, rules.graceMinutes, days.timeZone, now);
    });
    released += await releaseViolationDeposits(deps, tenantId, days.today, now);
  }
  return { expired, reminded, released };
}

export function registerShortTermSchedules(): void {
  registerSchedule({
    name: 'shortTerm.bookings',
    cron: SHORT_TERM_CRON,
    atStart: true,
    description:
      'Short-term rental: unpaid bookings past shortTerm.unpaidMinutes cancelled, overdue pick-ups and returns told to the staff (once), violation deposits past their hold released (fines kept).',
    run: async (deps) => {
      await runShortTermJob(deps);
    },
  });
}
