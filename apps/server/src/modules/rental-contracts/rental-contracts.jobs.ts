import { MessageCategory } from '@fleetdesk/contracts/messages';
import { sql } from 'drizzle-orm';
import { publish } from '../../core/events.js';
import { rowsOf } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { yuanText } from '../payments/payments.service.js';
import { tenantRules } from '../settings/settings.service.js';
import { addDays } from './schedule.js';
import { todayOf } from './rental-contracts.service.js';
import './rental-contracts.messages.js';
import { billsLive } from './rental-contracts.repository.js';
import { endExpiredTempCars } from './rental-contracts.temp-cars.js';
import { sendReminderSms } from './rental-contracts.sms.js';

/** Message-centre category of bills. */
export const BILL_CATEGORY = MessageCategory.bills;

/**
 * The daily late-fee job of one tenant, as one statement: every open line past its overdue deadline (due date +
 * grace days) of a signed contract, or of an ended contract whose group goes on in a signed one (`billsLive`),
 * gets its late-fee line, or has it updated while unpaid:
 * round(outstanding x daily per mille / 1000 x days past the deadline), at most capPercent of the outstanding
 * amount (the same arithmetic as `lateFeeFen`). Answers the number of late-fee lines written.
 */
export async function applyLateFees(deps: AppDeps, tenantId: number, today?: string): Promise<number> {
  const rules = await tenantRules(deps, tenantId);
  const day = today ?? (await todayOf(deps.db, tenantId, deps.clock.now()));
  const deadline = addDays(day, -rules.rentGraceDays);
  const { dailyRatePermille, capPercent } = rules.lateFee;
  const rows = await rowsOf<{ n: number }>(
    deps.db,
    sql`with src as (
        select l.tenant_id, l.id, l.contract_id, l.rent_id, l.amount_fen - l.paid_fen as outstanding,
          ${deadline}::date - l.due_date as days
        from rental_payment_lines l
        join rental_contracts c on c.tenant_id = l.tenant_id and c.id = l.contract_id and ${billsLive('c')}
        where l.tenant_id = ${tenantId} and l.valid and l.state in ('unpaid', 'partial') and l.type <> 'lateFee'
          and l.amount_fen > 0 and l.due_date < ${deadline}::date
      ), ins as (
        insert into rental_payment_lines
          (tenant_id, contract_id, rent_id, type, due_date, amount_fen, late_fee_for, overdue_days, remark)
        select tenant_id, contract_id, rent_id, 'lateFee', ${day}::date,
          least(round(outstanding::numeric * ${dailyRatePermille}::numeric * days / 1000),
                round(outstanding::numeric * ${capPercent}::numeric / 100))::bigint,
          id, days, '滞纳金(逾期 ' || days || ' 天)'
        from src
        on conflict (tenant_id, late_fee_for) where late_fee_for is not null
        do update set amount_fen = excluded.amount_fen, overdue_days = excluded.overdue_days,
          due_date = excluded.due_date, remark = excluded.remark, updated_at = now(),
          version = rental_payment_lines.version + 1
        where rental_payment_lines.state = 'unpaid' and rental_payment_lines.amount_fen <> excluded.amount_fen
        returning 1
      )
      select count(*)::int as n from ins`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Reminders of one tenant, each once (`rental_reminders` keys): rent due within the lead days
 * (`reminders.rentDueDays`), contracts ending within 30 days, overdue rent (rent of signed contracts and of ended
 * contracts whose group goes on: `billsLive`). Message-centre messages to the
 * users who may see contracts of the rent (`recipientsOf`: grants, plan, data scope). Answers the number of reminders recorded.
 */
export async function sendReminders(deps: AppDeps, tenantId: number): Promise<number> {
  const rules = await tenantRules(deps, tenantId);
  const today = await todayOf(deps.db, tenantId, deps.clock.now());
  const dueUntil = addDays(today, rules.reminders.rentDueDays);
  const deadline = addDays(today, -rules.rentGraceDays);
  const endUntil = addDays(today, 30);
  // One statement records the reminders not sent yet and answers them; in the same transaction each becomes a
  // `reminder.due` event, whose message-centre messages are delivered before this answers.
  return deps.events.transaction(
    async (tx) => {
      const fresh = await rowsOf<{
        key: string;
        kind: 'due' | 'overdue' | 'end';
        rent_id: number;
        contract_id: number;
        number: string;
        driver: string;
        period: number | null;
        amount_fen: string | null;
        date: string;
      }>(
        tx,
        sql`with c as (
        select 'due:' || l.id as key, 'due' as kind, l.rent_id, l.contract_id, k.number, d.name as driver, l.period,
          l.amount_fen - l.paid_fen as amount_fen, l.due_date::text as date
        from rental_payment_lines l
        join rental_contracts k on k.tenant_id = l.tenant_id and k.id = l.contract_id and ${billsLive('k')}
        join drivers d on d.tenant_id = k.tenant_id and d.id = k.driver_id
        where l.tenant_id = ${tenantId} and l.valid and l.type = 'rent' and l.state in ('unpaid', 'partial')
          and l.due_date >= ${today}::date and l.due_date <= ${dueUntil}::date
        union all
        select 'overdue:' || l.id, 'overdue', l.rent_id, l.contract_id, k.number, d.name, l.period,
          l.amount_fen - l.paid_fen, l.due_date::text
        from rental_payment_lines l
        join rental_contracts k on k.tenant_id = l.tenant_id and k.id = l.contract_id and ${billsLive('k')}
        join drivers d on d.tenant_id = k.tenant_id and d.id = k.driver_id
        where l.tenant_id = ${tenantId} and l.valid and l.type = 'rent' and l.state in ('unpaid', 'partial')
          and l.due_date < ${deadline}::date
        union all
        select 'end:' || k.id, 'end', k.rent_id, k.id, k.number, d.name, null, null, k.end_date::text
        from rental_contracts k
        join drivers d on d.tenant_id = k.tenant_id and d.id = k.driver_id
        where k.tenant_id = ${tenantId} and k.state = 'signed' and k.end_date >= ${today}::date
          and k.end_date <= ${endUntil}::date
      ), fresh as (
        insert into rental_reminders (tenant_id, key) select ${tenantId}, key from c
        on conflict do nothing returning key
      )
      select c.key, c.kind, c.rent_id, c.contract_id, c.number, c.driver, c.period, c.amount_fen, c.date
      from c join fresh using (key) order by c.key`,
      );
      await publish(
        tx,
        // An overdue bill is told as `bill.overdue` only (its message is the message centre's, linking the bill).
        ...fresh
          .filter((c) => c.kind !== 'overdue')
          .map((c) => ({
            tenantId,
            name: 'reminder.due' as const,
            payload: {
              source: 'contracts',
              permission: 'rentContract:view',
              rentId: Number(c.rent_id),
              category: BILL_CATEGORY,
              // The texts as keys (rental-contracts.messages.ts), shown in each reader's language.
              title: { key: `contracts.reminder.${c.kind}Title` },
              content: {
                key: `contracts.reminder.${c.kind}`,
                params: {
                  number: c.number,
                  driver: c.driver,
                  period: c.period === null ? '-' : Number(c.period),
                  amount: c.amount_fen === null ? '' : yuanText(Number(c.amount_fen)),
                  date: c.date,
                },
              },
              // A bill opens on its contract's bills tab, picked out (web entityPath.bill); an ending contract, the contract.
              link:
                c.kind === 'due'
                  ? `/rentContract/detail/${c.contract_id}?tab=bills&bill=${c.key.slice('due:'.length)}`
                  : `/rentContract/detail/${c.contract_id}`,
            },
          })),
        // An overdue bill is a fact of its own (the risk engine and the message centre act on it).
        ...fresh
          .filter((c) => c.kind === 'overdue')
          .map((c) => ({
            tenantId,
            name: 'bill.overdue' as const,
            payload: {
              contractId: Number(c.contract_id),
              lineId: Number(c.key.slice('overdue:'.length)),
              rentId: Number(c.rent_id),
              number: c.number,
              driver: c.driver,
              period: c.period === null ? null : Number(c.period),
              outstandingFen: Number(c.amount_fen ?? 0),
              dueDate: c.date,
            },
          })),
      );
      return fresh.length;
    },
    { awaitDelivery: true },
  );
}

/**
 * The daily work of every tenant with signed contracts: late fees, then reminders (message centre, then the
 * drivers' SMS of the kinds the tenant turned on: `rental-contracts.sms.ts`), then temporary cars past their end.
 */
export async function runContractsDaily(deps: AppDeps): Promise<{ lateFees: number; reminders: number; sms: number }> {
  const tenants = await rowsOf<{ tenant_id: number }>(
    deps.db,
    sql`select distinct tenant_id from rental_contracts where state = 'signed'`,
  );
  let lateFees = 0;
  let reminders = 0;
  let sms = 0;
  for (const { tenant_id } of tenants) {
    lateFees += await applyLateFees(deps, Number(tenant_id));
    reminders += await sendReminders(deps, Number(tenant_id));
    for (const r of await sendReminderSms(deps, Number(tenant_id))) sms += r.recipients;
    await endExpiredTempCars(deps, Number(tenant_id));
  }
  return { lateFees, reminders, sms };
}

/** The hourly schedule `contracts.daily` (`register.ts`; idempotent: the fees of a day are the same). */
export async function runContractsHourly(deps: AppDeps): Promise<void> {
  await runContractsDaily(deps);
}
