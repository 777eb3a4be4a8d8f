import { sql } from 'drizzle-orm';
import { fenToYuan, yuanToFen } from '@fleetdesk/contracts/common';
import type { DepositReturn, DepositReturnState } from '@fleetdesk/contracts/financing';
import { rowsOf, isUniqueViolation } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { offsetOf } from '../../core/envelope.js';
import { ConflictError, NotFoundError, invalidField } from '../../core/errors.js';
import { yuanText } from '../payments/payments.service.js';
import { recordActivity, tellSide } from './money.flow.js';
import { applicationOf, logRead, type ReadRequest, requireSide, scopeOf, type Side } from './money.side.js';
import { depositHeldFen } from './payoff.service.js';
import { stateRefusal } from './applications.service.js';
import './money.messages.js';

/**
 * The security deposit's return after settlement (S8): the applicant applies for the deposit still held (the
 * terms' deposit less what an early payoff set against it) minus deductions with their reasons; the financier
 * approves or refuses (with a reason). One live (applied or approved) return per application.
 */

const SELECT = sql`select d.id, d.tenant_id, d.application_id, a.code as application_code, t.name as tenant_name,
    d.deposit_fen, d.deductions, d.return_fen, d.state, d.reason, d.decided_by_name, d.decided_at, d.created_at
  from financing_deposit_returns d
  join financing_applications a on a.tenant_id = d.tenant_id and a.id = d.application_id
  join tenants t on t.id = d.tenant_id`;

function toReturn(r: Record<string, unknown>): DepositReturn {
  const deductions = (typeof r.deductions === 'string' ? JSON.parse(r.deductions) : r.deductions) as {
    reason: string;
    fen: number;
  }[];
  return {
    id: Number(r.id),
    applicationId: Number(r.application_id),
    applicationCode: String(r.application_code),
    tenantName: String(r.tenant_name),
    deposit: fenToYuan(Number(r.deposit_fen)),
    deductions: (deductions ?? []).map((d) => ({ reason: d.reason, amount: fenToYuan(d.fen) })),
    returnAmount: fenToYuan(Number(r.return_fen)),
    state: r.state as DepositReturnState,
    reason: (r.reason as string | null) ?? null,
    decidedByName: (r.decided_by_name as string | null) ?? null,
    decidedAt: r.decided_at ? new Date(r.decided_at as string).toISOString() : null,
    createdAt: new Date(r.created_at as string).toISOString(),
  };
}

async function returnOf(deps: AppDeps, caller: Side, id: number) {
  const [row] = await rowsOf<Record<string, unknown>>(
    deps.db,
    sql`${SELECT} where d.id = ${id} and ${scopeOf(caller, 'a')}`,
  );
  if (!row) throw new NotFoundError('financingMoney.depositReturnNotFound');
  return toReturn(row);
}

/** `financingDeductDeposit/return/apply/{id}` (applicant, after S8). */
export async function applyDepositReturn(
  deps: AppDeps,
  caller: Side,
  applicationId: number,
  input: { deductions: { reason: string; amount: number }[]; reason?: string | null },
) {
  requireSide(caller, 'applicant');
  const now = deps.clock.now();
  const id = await deps.events.transaction(async (tx) => {
    const app = await applicationOf(tx, caller, applicationId, true);
    if (app.state !== 'S8') throw stateRefusal(caller.ctx.lang, app.state, 'depositReturn');
    const deposit = await depositHeldFen(tx, app);
    const deductions = input.deductions.map((d) => ({ reason: d.reason, fen: yuanToFen(d.amount) }));
    const deducted = deductions.reduce((s, d) => s + d.fen, 0);
    if (deducted > deposit)
      throw invalidField('deductions', 'financingMoney.depositDeductions', { deposit: yuanText(deposit) });
    const returnFen = deposit - deducted;
    let row: { id: number } | undefined;
    try {
      [row] = await rowsOf<{ id: number }>(
        tx,
        sql`insert into financing_deposit_returns (tenant_id, application_id, deposit_fen, deductions, return_fen, state,
            reason, created_by, created_at, updated_at)
          values (${app.tenantId}, ${app.id}, ${deposit}, ${JSON.stringify(deductions)}::jsonb, ${returnFen}, 'applied',
            ${input.reason ?? null}, ${caller.ctx.userId}, ${now}, ${now})
          returning id`,
      );
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictError('financingMoney.depositApplied');
      throw err;
    }
    await recordActivity(tx, caller, app, 'depositApplied', { amount: yuanText(returnFen) }, now, input.reason ?? null);
    await tellSide(tx, app, 'financier', { what: 'deposit', params: { amount: yuanText(returnFen) } });
    return Number(row!.id);
  });
  return returnOf(deps, caller, id);
}

/** `financingDeductDeposit/return/decide/{id}` (financier). */
export async function decideDepositReturn(
  deps: AppDeps,
  caller: Side,
  id: number,
  input: { approve: boolean; note?: string | null },
) {
  requireSide(caller, 'financier');
  const now = deps.clock.now();
  await deps.events.transaction(async (tx) => {
    const [d] = await rowsOf<{ tenant_id: number; application_id: number; state: string; return_fen: number }>(
      tx,
      sql`select d.tenant_id, d.application_id, d.state, d.return_fen from financing_deposit_returns d
        join financing_applications a on a.tenant_id = d.tenant_id and a.id = d.application_id
        where d.id = ${id} and ${scopeOf(caller, 'a')} for update of d`,
    );
    if (!d) throw new NotFoundError('financingMoney.depositReturnNotFound');
    if (d.state !== 'applied') throw new ConflictError('financingMoney.decided');
    const app = await applicationOf(tx, caller, Number(d.application_id), true);
    await tx.execute(sql`update financing_deposit_returns set state = ${input.approve ? 'approved' : 'refused'},
        decided_by_name = ${caller.ctx.name}, decided_at = ${now}, updated_at = ${now}
        ${input.note ? sql`, reason = ${input.note}` : sql``}
      where tenant_id = ${d.tenant_id} and id = ${id}`);
    const amount = yuanText(Number(d.return_fen));
    await recordActivity(
      tx,
      caller,
      app,
      input.approve ? 'depositApproved' : 'depositRefused',
      { amount },
      now,
      input.note ?? null,
    );
    await tellSide(tx, app, 'applicant', {
      title: 'financingMoney.msg.decidedTitle',
      key: 'financingMoney.msg.depositDecided',
      params: {
        code: app.code,
        amount,
        outcome: { title: 'financingMoneyDecision', value: input.approve ? 'approved' : 'refused' },
      },
    });
  });
  return returnOf(deps, caller, id);
}

export async function listDepositReturns(
  deps: AppDeps,
  caller: Side,
  q: { pageNum: number; pageSize: number; state?: DepositReturnState },
  req: ReadRequest,
) {
  const cond = q.state ? sql`${scopeOf(caller, 'a')} and d.state = ${q.state}` : scopeOf(caller, 'a');
  const [rows, [total]] = await Promise.all([
    rowsOf<Record<string, unknown>>(
      deps.db,
      sql`${SELECT} where ${cond} order by d.id desc limit ${q.pageSize} offset ${offsetOf(q)}`,
    ),
    rowsOf<{ n: number }>(
      deps.db,
      sql`select count(*)::int as n from financing_deposit_returns d
        join financing_applications a on a.tenant_id = d.tenant_id and a.id = d.application_id where ${cond}`,
    ),
  ]);
  await logRead(deps, caller, req, { targetId: null, summary: { list: 'depositReturns', ...q } });
  return { rows: rows.map(toReturn), total: Number(total?.n ?? 0) };
}
