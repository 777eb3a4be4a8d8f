import { sql, type SQL } from 'drizzle-orm';
import { fenToYuan } from '@fleetdesk/contracts/common';
import type { Waiver, WaiverState } from '@fleetdesk/contracts/financing';
import { rowsOf } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { offsetOf } from '../../core/envelope.js';
import { ConflictError, NotFoundError } from '../../core/errors.js';
import { tenantDays } from '../../core/tenant-time.js';
import { yuanText } from '../payments/payments.service.js';
import { refreshLateFees } from './late-fees.service.js';
import { recordActivity, tellSide } from './money.flow.js';
import { applicationOf, logRead, type ReadRequest, requireSide, scopeOf, type Side } from './money.side.js';
import { owedOf, stateAfter } from './repayments.allocation.js';
import { settleIfRepaid } from './repayments.service.js';
import './money.messages.js';

/**
 * Waivers of late fees: the applicant asks to waive part or all of an instalment's unpaid late fee, with a reason
 * (`rentFinancingDetail/waive/{id}`); the financier approves (the fee's waived part grows; an instalment with
 * nothing else owed is paid, and the last one settles the financing) or refuses with a note. One request per
 * instalment waits at a time; both steps are in the activity history.
 */

const SELECT = sql`select w.id, w.tenant_id, w.instalment_id, i.code as instalment_code, i.application_id, t.name as tenant_name,
    w.amount_fen, w.reason, w.state, w.decided_by_name, w.decided_at, w.decision_note, w.created_at
  from financing_waivers w
  join financing_instalments i on i.tenant_id = w.tenant_id and i.id = w.instalment_id
  join tenants t on t.id = w.tenant_id`;

function toWaiver(r: Record<string, unknown>): Waiver {
  return {
    id: Number(r.id),
    instalmentId: Number(r.instalment_id),
    instalmentCode: String(r.instalment_code),
    applicationId: Number(r.application_id),
    tenantName: String(r.tenant_name),
    amount: fenToYuan(Number(r.amount_fen)),
    reason: String(r.reason),
    state: r.state as WaiverState,
    decidedByName: (r.decided_by_name as string | null) ?? null,
    decidedAt: r.decided_at ? new Date(r.decided_at as string).toISOString() : null,
    decisionNote: (r.decision_note as string | null) ?? null,
    createdAt: new Date(r.created_at as string).toISOString(),
  };
}

async function waiverOf(deps: AppDeps, caller: Side, id: number) {
  const [row] = await rowsOf<Record<string, unknown>>(
    deps.db,
    sql`${SELECT} where w.id = ${id} and ${scopeOf(caller, 'i')}`,
  );
  if (!row) throw new NotFoundError('financingMoney.waiverNotFound');
  return toWaiver(row);
}

interface InstalmentForWaiver {
  tenant_id: number;
  id: number;
  application_id: number;
  period: number;
  principal_fen: number;
  interest_fen: number;
  paid_fen: number;
  late_fee_fen: number;
  late_fee_paid_fen: number;
  late_fee_waived_fen: number;
  state: string;
}

const toOpen = (i: InstalmentForWaiver) => ({
  id: Number(i.id),
  period: Number(i.period),
  principalFen: Number(i.principal_fen),
  interestFen: Number(i.interest_fen),
  paidFen: Number(i.paid_fen),
  lateFeeFen: Number(i.late_fee_fen),
  lateFeePaidFen: Number(i.late_fee_paid_fen),
  lateFeeWaivedFen: Number(i.late_fee_waived_fen),
});

/** The applicant asks to waive `amountFen` of an instalment's unpaid late fee. */
export async function requestWaiver(
  deps: AppDeps,
  caller: Side,
  instalmentId: number,
  input: { amountFen: number; reason: string },
) {
  requireSide(caller, 'applicant');
  const now = deps.clock.now();
  const id = await deps.events.transaction(async (tx) => {
    const [inst] = await rowsOf<InstalmentForWaiver>(
      tx,
      sql`select i.* from financing_instalments i where i.id = ${instalmentId} and ${scopeOf(caller, 'i')}`,
    );
    if (!inst) throw new NotFoundError('financingMoney.instalmentNotFound');
    const app = await applicationOf(tx, caller, Number(inst.application_id), true);
    const today = (await tenantDays(tx, app.tenantId, now)).today;
    await refreshLateFees(tx, app.tenantId, today, app.id);
    const [fresh] = await rowsOf<InstalmentForWaiver>(
      tx,
      sql`select * from financing_instalments where tenant_id = ${app.tenantId} and id = ${instalmentId} for update`,
    );
    const owed = owedOf(toOpen(fresh!)).lateFeeFen;
    if (input.amountFen > owed) throw new ConflictError('financingMoney.waiverTooMuch', { owed: yuanText(owed) });
    const [pending] = await rowsOf<{ id: number }>(
      tx,
      sql`select id from financing_waivers where tenant_id = ${app.tenantId} and instalment_id = ${instalmentId}
        and state = 'pending'`,
    );
    if (pending) throw new ConflictError('financingMoney.waiverPending');
    const [row] = await rowsOf<{ id: number }>(
      tx,
      sql`insert into financing_waivers (tenant_id, instalment_id, amount_fen, reason, state, requested_by, created_at, updated_at)
        values (${app.tenantId}, ${instalmentId}, ${input.amountFen}, ${input.reason}, 'pending', ${caller.ctx.userId}, ${now}, ${now})
        returning id`,
    );
    const params = { period: Number(fresh!.period), amount: yuanText(input.amountFen) };
    await recordActivity(tx, caller, app, 'waiverRequested', params, now, input.reason);
    await tellSide(tx, app, 'financier', { what: 'waiver', params: { amount: yuanText(input.amountFen) } });
    return Number(row!.id);
  });
  return waiverOf(deps, caller, id);
}

/** The financier approves or refuses a waiting waiver. */
export async function decideWaiver(
  deps: AppDeps,
  caller: Side,
  id: number,
  input: { approve: boolean; note?: string | null },
) {
  requireSide(caller, 'financier');
  const now = deps.clock.now();
  await deps.events.transaction(async (tx) => {
    const [w] = await rowsOf<{
      tenant_id: number;
      instalment_id: number;
      amount_fen: number;
      state: string;
      application_id: number;
    }>(
      tx,
      sql`select w.tenant_id, w.instalment_id, w.amount_fen, w.state, i.application_id from financing_waivers w
        join financing_instalments i on i.tenant_id = w.tenant_id and i.id = w.instalment_id
        where w.id = ${id} and ${scopeOf(caller, 'i')} for update of w`,
    );
    if (!w) throw new NotFoundError('financingMoney.waiverNotFound');
    if (w.state !== 'pending') throw new ConflictError('financingMoney.decided');
    const app = await applicationOf(tx, caller, Number(w.application_id), true);
    const tenantId = Number(w.tenant_id);
    const [inst] = await rowsOf<InstalmentForWaiver>(
      tx,
      sql`select * from financing_instalments where tenant_id = ${tenantId} and id = ${w.instalment_id} for update`,
    );
    let amount = Number(w.amount_fen);
    if (input.approve) {
      // Never more than is still owed now (a payment may have met part of the fee meanwhile).
      const open = toOpen(inst!);
      amount = Math.min(amount, owedOf(open).lateFeeFen);
      const after = { ...open, lateFeeWaivedFen: open.lateFeeWaivedFen + amount };
      const closed = inst!.state === 'paid' || inst!.state === 'settled';
      const state = closed ? inst!.state : stateAfter(after);
      await tx.execute(sql`update financing_instalments set late_fee_waived_fen = ${after.lateFeeWaivedFen}, state = ${state},
          paid_at = ${state === 'paid' && !closed ? now : sql`paid_at`}, version = version + 1, updated_at = ${now}
        where tenant_id = ${tenantId} and id = ${w.instalment_id}`);
    }
    await tx.execute(sql`update financing_waivers set state = ${input.approve ? 'approved' : 'refused'},
        decided_by_name = ${caller.ctx.name}, decided_at = ${now}, decision_note = ${input.note ?? null}, updated_at = ${now}
        ${input.approve ? sql`, amount_fen = ${Math.max(1, amount)}` : sql``}
      where tenant_id = ${tenantId} and id = ${id}`);
    const params = { period: Number(inst!.period), amount: yuanText(amount) };
    await recordActivity(
      tx,
      caller,
      app,
      input.approve ? 'waiverApproved' : 'waiverRefused',
      params,
      now,
      input.note ?? null,
    );
    await tellSide(tx, app, 'applicant', {
      title: 'financingMoney.msg.decidedTitle',
      key: 'financingMoney.msg.waiverDecided',
      params: {
        code: app.code,
        amount: yuanText(amount),
        outcome: { title: 'financingMoneyDecision', value: input.approve ? 'approved' : 'refused' },
      },
    });
    if (input.approve && app.state === 'S7') await settleIfRepaid(tx, caller, app, now);
  });
  return waiverOf(deps, caller, id);
}

export async function listWaivers(
  deps: AppDeps,
  caller: Side,
  q: { pageNum: number; pageSize: number; state?: WaiverState; applicationId?: number },
  req: ReadRequest,
) {
  const where: SQL[] = [scopeOf(caller, 'i')];
  if (q.state) where.push(sql`w.state = ${q.state}`);
  if (q.applicationId) where.push(sql`i.application_id = ${q.applicationId}`);
  const cond = sql.join(where, sql` and `);
  const [rows, [total]] = await Promise.all([
    rowsOf<Record<string, unknown>>(
      deps.db,
      sql`${SELECT} where ${cond} order by w.id desc limit ${q.pageSize} offset ${offsetOf(q)}`,
    ),
    rowsOf<{ n: number }>(
      deps.db,
      sql`select count(*)::int as n from financing_waivers w
        join financing_instalments i on i.tenant_id = w.tenant_id and i.id = w.instalment_id where ${cond}`,
    ),
  ]);
  await logRead(deps, caller, req, { targetId: null, summary: { list: 'waivers', ...q } });
  return { rows: rows.map(toWaiver), total: Number(total?.n ?? 0) };
}
