import { sql } from 'drizzle-orm';
import {
  CONTRACT_SMS_KINDS,
  CONTRACT_SMS_TEMPLATES,
  type ContractSmsKind,
  type Recipient,
} from '@fleetdesk/contracts/sms-notices';
import { rowsOf } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { startOfDayIn } from '../../core/timezone.js';
import {
  createSystemNotice,
  normalisePhone,
  purposeTemplate,
  systemSendingState,
} from '../sms-notices/sms-notices.service.js';
import { tenantRules } from '../settings/settings.service.js';
import { addDays } from './schedule.js';
import { billsLive } from './rental-contracts.repository.js';
import { todayOf } from './rental-contracts.service.js';

/** The SMS notices' source of these batches (named "合同提醒 / Contract reminders" on the SMS screens). */
export const CONTRACT_SMS_SOURCE = 'contractReminder';
/** Local hours (tenant's time zone) in which the reminders text drivers: from 09:00 to before 21:00. */
export const SMS_HOURS = { from: 9, until: 21 };
/** `sms_templates.purpose` of a kind's template. */
export const contractSmsPurpose = (kind: ContractSmsKind) => `contract.${kind}`;

/** Keys in `rental_reminders` of the SMS of one line (rent due, overdue) or contract (end). */
const KEY_PREFIX: Record<ContractSmsKind, string> = {
  rentDue: 'sms:due:',
  overdue: 'sms:overdue:',
  contractEnd: 'sms:end:',
};

interface Candidate {
  driver_id: number;
  name: string;
  phone: string;
  keys: string[];
  contract_nos: string;
  plates: string;
  amount_fen: number | null;
  due_date: string | null;
  end_date: string;
  days_overdue: number | null;
  company: string;
}

/**
 * The drivers a kind's SMS would go to today, one row per driver: the keys of the lines (or contracts) it is
 * about, their contract numbers and plates, the outstanding sum, the earliest due date and contract end, and
 * the most days past the overdue deadline. Only signed contracts of the tenant (for bills, also ended contracts
 * whose group goes on: `billsLive`), live drivers.
 */
function candidates(
  tenantId: number,
  kind: ContractSmsKind,
  day: { today: string; dueUntil: string; deadline: string; endUntil: string },
) {
  const prefix = KEY_PREFIX[kind];
  const source =
    kind === 'contractEnd'
      ? sql`select k.id as item_id, k.id as contract_id, null::bigint as outstanding, null::date as due_date,
            null::int as days_overdue
          from rental_contracts k
          where k.tenant_id = ${tenantId} and k.state = 'signed' and k.end_date >= ${day.today}::date
            and k.end_date <= ${day.endUntil}::date`
      : sql`select l.id as item_id, l.contract_id, l.amount_fen - l.paid_fen as outstanding, l.due_date,
            ${kind === 'overdue' ? sql`(${day.deadline}::date - l.due_date)` : sql`null::int`} as days_overdue
          from rental_payment_lines l
          join rental_contracts k on k.tenant_id = l.tenant_id and k.id = l.contract_id and ${billsLive('k')}
          where l.tenant_id = ${tenantId} and l.valid and l.type = 'rent' and l.state in ('unpaid', 'partial')
            and ${
              kind === 'rentDue'
                ? sql`l.due_date >= ${day.today}::date and l.due_date <= ${day.dueUntil}::date`
                : sql`l.due_date < ${day.deadline}::date`
            }`;
  return sql`
    select d.id as driver_id, d.name, d.phone,
      array_agg(${prefix} || s.item_id order by s.item_id) as keys,
      string_agg(distinct k.number, '、') as contract_nos,
      string_agg(distinct c.plate, '、') as plates,
      sum(s.outstanding)::bigint as amount_fen,
      min(s.due_date)::text as due_date,
      min(k.end_date)::text as end_date,
      max(s.days_overdue) as days_overdue,
      min(r.short_name) as company
    from (${source}) s
    join rental_contracts k on k.tenant_id = ${tenantId} and k.id = s.contract_id
    join drivers d on d.tenant_id = k.tenant_id and d.id = k.driver_id and d.deleted_at is null
    join cars c on c.tenant_id = k.tenant_id and c.id = k.car_id
    join rents r on r.tenant_id = k.tenant_id and r.id = k.rent_id
    where not exists (select 1 from rental_reminders x where x.tenant_id = ${tenantId} and x.key = ${prefix} || s.item_id)
    group by d.id, d.name, d.phone
    order by d.id`;
}

const yuan = (fen: number) => (fen / 100).toFixed(2);

function recipientOf(c: Candidate): Recipient {
  const variables: Record<string, string> = {
    plate: c.plates,
    contractNo: c.contract_nos,
    endDate: c.end_date,
    company: c.company,
  };
  if (c.amount_fen !== null) variables.amount = yuan(Number(c.amount_fen));
  if (c.due_date) variables.dueDate = c.due_date;
  if (c.days_overdue !== null) variables.daysOverdue = String(c.days_overdue);
  return { phone: c.phone, name: c.name, variables };
}

/** The user a system batch is recorded under: the tenant's first active administrator, else its first user. */
async function batchOwner(deps: AppDeps, tenantId: number): Promise<number | null> {
  const [row] = await rowsOf<{ id: number }>(
    deps.db,
    sql`select u.id from users u
      where u.tenant_id = ${tenantId}
      order by (u.status = 'active' and exists (select 1 from user_roles ur join roles r
        on r.tenant_id = ur.tenant_id and r.id = ur.role_id
        where ur.tenant_id = u.tenant_id and ur.user_id = u.id and r.all_permissions)) desc, u.id
      limit 1`,
  );
  return row ? Number(row.id) : null;
}

class OverQuota extends Error {}

export interface ContractSmsResult {
  kind: ContractSmsKind;
  batchId: number | null;
  taskId: number | null;
  recipients: number;
  /** Why nothing was sent: the kind is off, its template is disabled, nobody to text, or over the daily quota. */
  skipped?: 'off' | 'templateDisabled' | 'nobody' | 'quota' | 'night';
}

/**
 * The SMS to drivers of the daily contract reminders, for the kinds the tenant turned on (`contractSms`): one
 * SMS task (a notice batch, source `contractReminder`) per kind and run, with one recipient per driver, from the
 * kind's template (`sms_templates.purpose`). Each line (rent due, overdue) or contract (end) is texted once:
 * its key (`sms:due:<line>`, `sms:overdue:<line>`, `sms:end:<contract>`) goes into `rental_reminders` in the
 * transaction that creates the task, so a rerun the same day (or a second process) finds nothing new. Drivers
 * whose phone is not a mainland mobile get nothing and their keys are not recorded. A kind that would exceed
 * the tenant's daily SMS quota sends nothing (and records nothing, so a later run tries again). Runs outside
 * `SMS_HOURS` of the tenant's local time text nobody: the hourly maintenance texts them in the morning.
 */
export async function sendReminderSms(deps: AppDeps, tenantId: number): Promise<ContractSmsResult[]> {
  const rules = await tenantRules(deps, tenantId);
  const kinds = CONTRACT_SMS_KINDS.filter((k) => rules.contractSms[k]);
  if (!kinds.length)
    return CONTRACT_SMS_KINDS.map((kind) => ({ kind, batchId: null, taskId: null, recipients: 0, skipped: 'off' }));
  // Drivers are texted in the daytime of the tenant's time zone only; an earlier hourly run leaves it to a later one.
  const now = deps.clock.now();
  const hour = Math.floor(
    (now.getTime() - startOfDayIn((await systemSendingState(deps, tenantId)).timeZone, now).getTime()) / 3_600_000,
  );
  if (hour < SMS_HOURS.from || hour >= SMS_HOURS.until) {
    return CONTRACT_SMS_KINDS.map((kind) => ({
      kind,
      batchId: null,
      taskId: null,
      recipients: 0,
      skipped: rules.contractSms[kind] ? 'night' : 'off',
    }));
  }
  const today = await todayOf(deps.db, tenantId, now);
  const day = {
    today,
    dueUntil: addDays(today, rules.reminders.rentDueDays),
    deadline: addDays(today, -rules.rentGraceDays),
    endUntil: addDays(today, 30),
  };
  const owner = await batchOwner(deps, tenantId);
  const results: ContractSmsResult[] = [];
  for (const kind of CONTRACT_SMS_KINDS) {
    const none = (skipped: ContractSmsResult['skipped']) =>
      results.push({ kind, batchId: null, taskId: null, recipients: 0, skipped });
    if (!rules.contractSms[kind]) {
      none('off');
      continue;
    }
    const template = await purposeTemplate(deps, tenantId, contractSmsPurpose(kind), CONTRACT_SMS_TEMPLATES[kind]);
    if (template.status !== 'active') {
      none('templateDisabled');
      continue;
    }
    if (owner === null) {
      none('nobody');
      continue;
    }
    const sending = await systemSendingState(deps, tenantId);
    try {
      const created = await deps.db.transaction(async (tx) => {
        // One run per tenant and kind at a time (two processes' hourly jobs): the second reads after the first
        // committed its keys, and finds nothing new.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`contractSms:${tenantId}:${kind}`}))`);
        const rows = await rowsOf<Candidate>(tx, candidates(tenantId, kind, day));
        const notice = await createSystemNotice(
          deps,
          tx,
          { tenantId, userId: owner },
          {
            template,
            source: CONTRACT_SMS_SOURCE,
            recipients: rows.map(recipientOf),
            signature: sending.signature,
            segmentPriceFen: sending.segmentPriceFen,
            defaults: { company: sending.shortName },
          },
        );
        if (!notice.created) return null;
        if (notice.items.length > sending.remaining) throw new OverQuota();
        // Only the drivers who are texted have their lines (or contracts) recorded.
        const texted = new Set(notice.items.map((i) => i.phone));
        const keys = rows.filter((r) => texted.has(normalisePhone(r.phone))).flatMap((r) => r.keys);
        await tx.execute(sql`insert into rental_reminders (tenant_id, key)
          values ${sql.join(
            keys.map((k) => sql`(${tenantId}, ${k})`),
            sql`, `,
          )} on conflict do nothing`);
        return { ...notice.created, recipients: notice.items.length };
      });
      if (!created) {
        none('nobody');
        continue;
      }
      await deps.tasks.dispatch(created.task);
      results.push({ kind, batchId: created.batchId, taskId: created.task.id, recipients: created.recipients });
    } catch (err) {
      if (!(err instanceof OverQuota)) throw err;
      none('quota');
    }
  }
  return results;
}
