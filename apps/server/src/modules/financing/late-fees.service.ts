import { MessageCategory } from '@fleetdesk/contracts/messages';
import { sql } from 'drizzle-orm';
import { ageingOf, lateFeeFen, overdueDays } from '@fleetdesk/contracts/financing-schedule';
import { rowsOf, type DbOrTx, type Tx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { publish } from '../../core/events.js';
import { tenantDays } from '../../core/tenant-time.js';
import { yuanText } from '../payments/payments.service.js';
import { termsOf } from './loans.service.js';
import { scheduleLink } from './money.flow.js';
import './money.messages.js';

/**
 * Late fees (罚息) of financing instalments (docs/financing.md "Money"): an instalment past its due date with
 * interest or principal owed is overdue by (today - due date) days, and its late fee is
 * `lateFeeFen(payment, daily rate, days)` (the payment x the terms' daily rate x days, rounded up to the yuan).
 * Once its interest and principal are paid the fee stops growing (what is left of it is still owed). The daily
 * schedule `financing.lateFees` brings every tenant's fees to its today, and tells each instalment's first day
 * overdue and each later ageing bucket once: the domain event `financing.overdue` and a message-centre reminder to
 * the applicant's users with `finance` who see the rent.
 */

interface DueRow {
  id: number;
  application_id: number;
  rent_id: number;
  financier_id: number;
  code: string;
  period: number;
  due_date: string;
  amount_fen: number;
  paid_fen: number;
  late_fee_fen: number;
  late_fee_paid_fen: number;
  late_fee_waived_fen: number;
  overdue_days: number;
  quote: Record<string, unknown> | null;
  conditions: Record<string, unknown> | null;
  app_code: string;
  plate: string | null;
  vin: string | null;
}

/**
 * Brings the late fees and overdue days of one tenant's open instalments to `today` (of one application when
 * `applicationId` is given: before a payment is allocated). Answers the rows that are overdue now, with their
 * new figures. Idempotent: the same day gives the same fees.
 */
export async function refreshLateFees(
  tx: DbOrTx,
  tenantId: number,
  today: string,
  applicationId?: number,
): Promise<(DueRow & { days: number; fee: number })[]> {
  const rows = await rowsOf<DueRow>(
    tx,
    sql`select i.id, i.application_id, i.rent_id, i.financier_id, i.code, i.period, i.due_date::text as due_date,
        i.amount_fen, i.paid_fen, i.late_fee_fen, i.late_fee_paid_fen, i.late_fee_waived_fen, i.overdue_days,
        a.quote, a.conditions, a.code as app_code, a.plate, a.vin
      from financing_instalments i
      join financing_applications a on a.tenant_id = i.tenant_id and a.id = i.application_id
      where i.tenant_id = ${tenantId} and a.state = 'S7' and i.state in ('pending', 'partial')
        and i.paid_fen < i.amount_fen and i.due_date < ${today}::date
        ${applicationId ? sql`and i.application_id = ${applicationId}` : sql``}
      order by i.id`,
  );
  const out: (DueRow & { days: number; fee: number })[] = [];
  const changed: { id: number; days: number; fee: number }[] = [];
  for (const r of rows) {
    const days = overdueDays(r.due_date, today);
    const rate = termsOf({ quote: r.quote }).lateFeeDailyRate;
    // Never below what was charged already (a product's rate lowered later does not shrink an old fee).
    const fee = Math.max(Number(r.late_fee_fen), lateFeeFen(Number(r.amount_fen), rate, days));
    out.push({ ...r, days, fee });
    if (days !== Number(r.overdue_days) || fee !== Number(r.late_fee_fen))
      changed.push({ id: Number(r.id), days, fee });
  }
  if (changed.length > 0) {
    await tx.execute(sql`update financing_instalments i
      set overdue_days = c.days, late_fee_fen = c.fee, version = i.version + 1, updated_at = now()
      from (select * from unnest(${`{${changed.map((c) => c.id).join(',')}}`}::int8[],
          ${`{${changed.map((c) => c.days).join(',')}}`}::int4[],
          ${`{${changed.map((c) => c.fee).join(',')}}`}::int8[]) as c(id, days, fee)) c
      where i.tenant_id = ${tenantId} and i.id = c.id`);
  }
  return out;
}

/**
 * One tenant's daily run: fees brought to its today; each instalment that is newly overdue, or newly in a later
 * ageing bucket, told once (`financing_overdue_notices` keys it): `financing.overdue` and a reminder.
 */
export async function applyFinancingLateFees(
  deps: AppDeps,
  tenantId: number,
): Promise<{ overdue: number; notices: number }> {
  const today = (await tenantDays(deps.db, tenantId, deps.clock.now())).today;
  return deps.events.transaction(
    async (tx) => {
      const overdue = await refreshLateFees(tx, tenantId, today);
      const notices = await tellOverdue(tx, tenantId, overdue);
      return { overdue: overdue.length, notices };
    },
    { awaitDelivery: true },
  );
}

async function tellOverdue(tx: Tx, tenantId: number, overdue: (DueRow & { days: number; fee: number })[]) {
  const wanted = overdue
    .map((r) => ({ r, bucket: ageingOf(r.days) }))
    .filter((x): x is { r: DueRow & { days: number; fee: number }; bucket: NonNullable<typeof x.bucket> } =>
      Boolean(x.bucket),
    );
  if (wanted.length === 0) return 0;
  const fresh = await rowsOf<{ instalment_id: number; bucket: string }>(
    tx,
    sql`insert into financing_overdue_notices (tenant_id, instalment_id, bucket)
      select ${tenantId}, id, bucket from unnest(${`{${wanted.map((w) => w.r.id).join(',')}}`}::int8[],
        ${`{${wanted.map((w) => w.bucket).join(',')}}`}::text[]) as x(id, bucket)
      on conflict do nothing returning instalment_id, bucket`,
  );
  const told = new Set(fresh.map((f) => `${Number(f.instalment_id)}:${f.bucket}`));
  const list = wanted.filter((w) => told.has(`${Number(w.r.id)}:${w.bucket}`));
  if (list.length === 0) return 0;
  await publish(
    tx,
    ...list.map(({ r, bucket }) => ({
      tenantId,
      name: 'financing.overdue' as const,
      payload: {
        applicationId: Number(r.application_id),
        instalmentId: Number(r.id),
        rentId: Number(r.rent_id),
        financierId: Number(r.financier_id),
        code: r.code,
        period: Number(r.period),
        dueDate: r.due_date,
        overdueDays: r.days,
        ageing: bucket,
        outstandingFen: Number(r.amount_fen) - Number(r.paid_fen),
        lateFeeFen: r.fee - Number(r.late_fee_paid_fen) - Number(r.late_fee_waived_fen),
        plate: r.plate,
        vin: r.vin,
      },
    })),
    ...list.map(({ r }) => ({
      tenantId,
      name: 'reminder.due' as const,
      payload: {
        source: 'financing',
        permission: 'finance',
        rentId: Number(r.rent_id),
        category: MessageCategory.bills,
        title: { key: 'financingMoney.msg.overdueTitle' },
        content: {
          key: 'financingMoney.msg.overdue',
          params: {
            code: r.app_code,
            period: Number(r.period),
            date: r.due_date,
            days: r.days,
            amount: yuanText(Number(r.amount_fen) - Number(r.paid_fen)),
            fee: yuanText(r.fee - Number(r.late_fee_paid_fen) - Number(r.late_fee_waived_fen)),
          },
        },
        link: scheduleLink(Number(r.application_id)),
      },
    })),
  );
  return list.length;
}

/** The schedule `financing.lateFees`: every tenant with a financing being repaid, each on its own today. */
export async function runFinancingLateFees(deps: AppDeps): Promise<{ overdue: number; notices: number }> {
  const tenants = await rowsOf<{ tenant_id: number }>(
    deps.db,
    sql`select distinct tenant_id from financing_applications where state = 'S7'`,
  );
  let overdue = 0;
  let notices = 0;
  for (const { tenant_id } of tenants) {
    const r = await applyFinancingLateFees(deps, Number(tenant_id));
    overdue += r.overdue;
    notices += r.notices;
  }
  return { overdue, notices };
}
