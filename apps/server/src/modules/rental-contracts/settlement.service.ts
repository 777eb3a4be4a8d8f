import { and, eq, sql } from 'drizzle-orm';
import { fenToYuan, yuanToFen } from '@fleetdesk/contracts/common';
import {
  DEDUCTION_KIND_TITLES,
  settlementResult,
  type SettlementInput,
  type SettlementPayInput,
  type DeductionKind,
  type Settlement,
  type SettlementState,
} from '@fleetdesk/contracts/handover';
import type { z } from 'zod';
import type { RequestContext } from '../../core/access.js';
import { rowsOf, type DbOrTx, type Tx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { ConflictError, ForbiddenError } from '../../core/errors.js';
import { hasPermission } from '../../core/access.js';
import { tenantDays } from '../../core/tenant-time.js';
import { handoverInspections, rentalSettlements, type StoredDeduction } from '../../db/schema/handover.js';
import { rentalContracts, rentalPaymentLines } from '../../db/schema/rental-contracts.js';
import { startApproval, type ApprovalHooks } from '../approvals/approvals.service.js';
import { contractInScope, lockContractForHandover } from './handover.service.js';
import { lineOut } from './rental-contracts.repository.js';
import { account, event, publishEnded, record } from './rental-contracts.service.js';
import { tenantRules } from '../settings/settings.service.js';

type Input = z.output<typeof SettlementInput>;
type SettlementRow = typeof rentalSettlements.$inferSelect;
const EDITABLE: readonly string[] = ['draft', 'rejected', 'withdrawn'];

/**
 * Deposit received by the contract's group: what was paid of its valid deposit lines, negative ones included (a
 * deposit carried from one contract of the group to the next leaves the first as a paid negative line and pays
 * the second's, so the group holds it once).
 */
async function depositReceived(db: DbOrTx, tenantId: number, groupNo: string) {
  const [row] = await rowsOf<{ fen: number }>(
    db,
    sql`select coalesce(sum(l.paid_fen), 0)::bigint as fen from rental_payment_lines l
      join rental_contracts k on k.tenant_id = l.tenant_id and k.id = l.contract_id
      where l.tenant_id = ${tenantId} and k.group_no = ${groupNo} and k.state <> 'cancelled'
        and l.valid and l.type = 'deposit'`,
  );
  return Number(row?.fen ?? 0);
}

/**
 * Open lines (something still to pay) of the contract's group, the settlement's own line aside: the group settles
 * once, also for the bills a contract of it left open when it ended by a renewal or a car change.
 */
async function openLines(db: DbOrTx, tenantId: number, groupNo: string, except: number | null) {
  return rowsOf<{ id: number }>(
    db,
    sql`select l.id from rental_payment_lines l
      join rental_contracts k on k.tenant_id = l.tenant_id and k.id = l.contract_id
      where l.tenant_id = ${tenantId} and k.group_no = ${groupNo} and k.state <> 'cancelled'
        and l.valid and l.state in ('unpaid', 'partial') and l.amount_fen > 0
        and l.id is distinct from ${except}`,
  );
}

async function returnOf(db: DbOrTx, tenantId: number, contractId: number) {
  const [row] = await db
    .select()
    .from(handoverInspections)
    .where(
      and(
        eq(handoverInspections.tenantId, tenantId),
        eq(handoverInspections.contractId, contractId),
        eq(handoverInspections.kind, 'return'),
      ),
    );
  return row;
}

async function settlementOf(db: DbOrTx, tenantId: number, contractId: number, lock = false) {
  const q = db
    .select()
    .from(rentalSettlements)
    .where(and(eq(rentalSettlements.tenantId, tenantId), eq(rentalSettlements.contractId, contractId)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

function computed(depositFen: number, deductions: StoredDeduction[], owedBackFen: number) {
  return settlementResult(
    depositFen,
    deductions.map((d) => d.amountFen),
    owedBackFen,
  );
}

/** The contract's settlement, or (none saved yet) the proposal: the deposit received and the return's damage. */
export async function getSettlement(deps: AppDeps, ctx: RequestContext, contractId: number): Promise<Settlement> {
  const c = await contractInScope(deps.db, ctx, contractId);
  const [row, ret, deposit] = await Promise.all([
    settlementOf(deps.db, ctx.tenantId, contractId),
    returnOf(deps.db, ctx.tenantId, contractId),
    depositReceived(deps.db, ctx.tenantId, c.groupNo),
  ]);
  const unpaid = (await openLines(deps.db, ctx.tenantId, c.groupNo, row?.lineId ?? null)).length;
  const returned = !!ret;
  const damageDeduction = fenToYuan(Number(ret?.damageDeductionFen ?? 0));
  if (!row) {
    const r = computed(deposit, [], 0);
    return {
      id: null,
      contractId,
      state: null,
      depositReceived: fenToYuan(deposit),
      deductions: [],
      deductionsTotal: 0,
      owedBack: 0,
      owedBackNote: null,
      voidRemaining: false,
      result: fenToYuan(r.result),
      outcome: r.outcome,
      remark: null,
      approvalId: null,
      lineId: null,
      unpaidLines: unpaid,
      damageDeduction,
      returned,
      editable: returned && c.state === 'signed',
      lockedAt: null,
    };
  }
  return settlementOut(row, { unpaid, damageDeduction, returned, contractState: c.state });
}

function settlementOut(
  row: SettlementRow,
  o: { unpaid: number; damageDeduction: number; returned: boolean; contractState: string },
): Settlement {
  const r = computed(Number(row.depositReceivedFen), row.deductions, Number(row.owedBackFen));
  return {
    id: row.id,
    contractId: row.contractId,
    state: row.state as SettlementState,
    depositReceived: fenToYuan(Number(row.depositReceivedFen)),
    deductions: row.deductions.map((d) => ({
      kind: d.kind as DeductionKind,
      amount: fenToYuan(d.amountFen),
      note: d.note,
    })),
    deductionsTotal: fenToYuan(r.deductionsTotal),
    owedBack: fenToYuan(Number(row.owedBackFen)),
    owedBackNote: row.owedBackNote,
    voidRemaining: row.voidRemaining,
    result: fenToYuan(r.result),
    outcome: r.outcome,
    remark: row.remark,
    approvalId: row.approvalId,
    lineId: row.lineId,
    unpaidLines: o.unpaid,
    damageDeduction: o.damageDeduction,
    returned: o.returned,
    editable: EDITABLE.includes(row.state) && o.contractState === 'signed',
    lockedAt: row.lockedAt ? row.lockedAt.toISOString() : null,
  };
}

async function editableContract(tx: DbOrTx, ctx: RequestContext, contractId: number) {
  const c = await lockContractForHandover(tx, ctx, contractId);
  if (c.state !== 'signed') throw new ConflictError('handover.notSigned');
  if (!(await returnOf(tx, ctx.tenantId, contractId))) throw new ConflictError('handover.notReturned');
  const row = await settlementOf(tx, ctx.tenantId, contractId, true);
  if (row?.state === 'pending') throw new ConflictError('handover.settlementPending');
  if (row?.state === 'approved') throw new ConflictError('handover.settlementLocked');
  return { c, row };
}

/** Saves the settlement (a draft, or one rejected or withdrawn, is changed): deposit, deductions, owed back. */
export async function saveSettlement(deps: AppDeps, ctx: RequestContext, contractId: number, input: Input) {
  await deps.db.transaction(async (tx) => {
    const { c, row } = await editableContract(tx, ctx, contractId);
    const deposit = await depositReceived(tx, ctx.tenantId, c.groupNo);
    const deductions: StoredDeduction[] = input.deductions.map((d) => ({
      kind: d.kind,
      amountFen: yuanToFen(d.amount),
      note: d.note ?? null,
    }));
    const owedBackFen = yuanToFen(input.owedBack);
    const r = computed(deposit, deductions, owedBackFen);
    const values = {
      depositReceivedFen: deposit,
      deductions,
      deductionsFen: r.deductionsTotal,
      owedBackFen,
      owedBackNote: input.owedBack > 0 ? (input.owedBackNote ?? null) : null,
      resultFen: r.result,
      voidRemaining: input.voidRemaining,
      remark: input.remark ?? null,
      updatedAt: deps.clock.now(),
    };
    if (row) {
      await tx
        .update(rentalSettlements)
        .set({ ...values, state: 'draft' })
        .where(and(eq(rentalSettlements.tenantId, ctx.tenantId), eq(rentalSettlements.id, row.id)));
    } else {
      await tx.insert(rentalSettlements).values({
        tenantId: ctx.tenantId,
        contractId,
        rentId: c.rentId,
        createdBy: ctx.userId,
        ...values,
      });
    }
    await event(tx, ctx, contractId, 'settlement', {
      text: { key: 'contracts.event.settlementSaved', params: { amount: fenToYuan(r.result) } },
    });
  });
  return getSettlement(deps, ctx, contractId);
}

function breakdown(row: SettlementRow): string {
  const parts = row.deductions.map(
    (d) =>
      `${DEDUCTION_KIND_TITLES[d.kind as DeductionKind]['zh-CN']}${d.note ? `(${d.note})` : ''} ${fenToYuan(d.amountFen)}`,
  );
  return [
    `押金 ${fenToYuan(Number(row.depositReceivedFen))}`,
    ...parts,
    ...(Number(row.owedBackFen) ? [`返还 ${fenToYuan(Number(row.owedBackFen))}`] : []),
  ].join('；');
}

/**
 * Sends the saved settlement for approval (business type `settlement`, the contract as business id). The deposit
 * received is read again first, so that a deposit collected meanwhile counts.
 */
export async function submitSettlement(deps: AppDeps, ctx: RequestContext, contractId: number) {
  await deps.db.transaction(async (tx) => {
    const { c, row } = await editableContract(tx, ctx, contractId);
    if (!row) throw new ConflictError('handover.settlementMissing');
    const deposit = await depositReceived(tx, ctx.tenantId, c.groupNo);
    const r = computed(deposit, row.deductions, Number(row.owedBackFen));
    // Marked first: an approval the engine decides at once (no step applies) runs onOutcome inside startApproval.
    await tx
      .update(rentalSettlements)
      .set({ state: 'pending', depositReceivedFen: deposit, resultFen: r.result, updatedAt: deps.clock.now() })
      .where(and(eq(rentalSettlements.tenantId, ctx.tenantId), eq(rentalSettlements.id, row.id)));
    const what = r.result > 0 ? '应收退车结算费' : r.result < 0 ? '应退押金' : '无需收退';
    const request = await startApproval(tx as Tx, deps, ctx, {
      businessType: 'settlement',
      businessId: String(contractId),
      summary: `合同 ${c.number} 退租结算：${what} ${fenToYuan(Math.abs(r.result))} 元`,
      form: {
        contractNo: c.number,
        amount: fenToYuan(Math.abs(r.result)),
        reason: breakdown({ ...row, depositReceivedFen: deposit }).slice(0, 200),
      },
      attachments: [],
    });
    await tx
      .update(rentalSettlements)
      .set({ approvalId: request.id })
      .where(and(eq(rentalSettlements.tenantId, ctx.tenantId), eq(rentalSettlements.id, row.id)));
    await event(tx, ctx, contractId, 'settlement', {
      text: {
        key:
          r.result > 0
            ? 'contracts.event.settlementSubmittedFee'
            : r.result < 0
              ? 'contracts.event.settlementSubmittedRefund'
              : 'contracts.event.settlementSubmittedNone',
        params: { amount: fenToYuan(Math.abs(r.result)) },
      },
    });
  });
  return getSettlement(deps, ctx, contractId);
}

/**
 * The approval's outcome, in the deciding transaction. Approved: a settlement-fee line (result > 0) or a deposit
 * refund line (result < 0) with the breakdown in its remark; the contract group ends (completed when nothing is
 * left unpaid, else terminated early; `voidRemaining` then voids those lines) and the car is free for a new
 * contract; the settlement is locked. Rejected or withdrawn: it can be changed and sent again.
 */
async function settlementOutcome(o: {
  tx: Tx;
  tenantId: number;
  contractId: number;
  outcome: 'approved' | 'rejected' | 'withdrawn';
  actorId: number;
  now: Date;
}) {
  const { tx, tenantId, contractId, now } = o;
  const [c] = await tx
    .select()
    .from(rentalContracts)
    .where(and(eq(rentalContracts.tenantId, tenantId), eq(rentalContracts.id, contractId)))
    .for('update');
  const row = c ? await settlementOf(tx, tenantId, contractId, true) : undefined;
  if (!c || !row) return;
  const actor = { tenantId, userId: o.actorId };
  if (o.outcome !== 'approved') {
    await tx
      .update(rentalSettlements)
      .set({ state: o.outcome, updatedAt: now })
      .where(and(eq(rentalSettlements.tenantId, tenantId), eq(rentalSettlements.id, row.id)));
    await event(tx, actor, contractId, 'settlement', {
      text: {
        key: o.outcome === 'rejected' ? 'contracts.event.settlementRejected' : 'contracts.event.settlementWithdrawn',
      },
    });
    return;
  }
  if (row.state !== 'pending' || c.state !== 'signed') throw new ConflictError('handover.settlementChanged');
  const today = (await tenantDays(tx, tenantId, now)).today;
  const result = Number(row.resultFen);
  let lineId: number | null = null;
  if (result !== 0) {
    const [line] = await tx
      .insert(rentalPaymentLines)
      .values({
        tenantId,
        contractId,
        rentId: c.rentId,
        type: result > 0 ? 'settlementFee' : 'depositRefund',
        dueDate: today,
        amountFen: result,
        remark: `${result > 0 ? '退车结算费' : '退押金'}：${breakdown(row)}`.slice(0, 500),
      })
      .returning({ id: rentalPaymentLines.id });
    lineId = line!.id;
  }
  const open = await openLines(tx, tenantId, c.groupNo, lineId);
  const to = open.length > 0 ? 'terminated' : 'completed';
  if (row.voidRemaining && open.length) {
    await tx
      .update(rentalPaymentLines)
      .set({
        valid: false,
        remark: sql`coalesce(${rentalPaymentLines.remark}, '') || ' (退租结算作废)'`,
        updatedAt: now,
      })
      .where(
        and(
          eq(rentalPaymentLines.tenantId, tenantId),
          sql`${rentalPaymentLines.id} in (${sql.join(
            open.map((l) => sql`${Number(l.id)}`),
            sql`, `,
          )})`,
        ),
      );
  }
  const group = await tx
    .update(rentalContracts)
    .set({ state: to, endedAt: now, updatedAt: now })
    .where(
      and(
        eq(rentalContracts.tenantId, tenantId),
        eq(rentalContracts.groupNo, c.groupNo),
        eq(rentalContracts.state, 'signed'),
      ),
    )
    .returning({
      id: rentalContracts.id,
      rentId: rentalContracts.rentId,
      carId: rentalContracts.carId,
      number: rentalContracts.number,
    });
  for (const g of group) {
    await event(tx, actor, g.id, 'state', {
      from: 'signed',
      to,
      text: { key: 'contracts.event.settlementApproved' },
    });
    await publishEnded(tx, tenantId, g, to, now);
  }
  await tx
    .update(rentalSettlements)
    .set({ state: 'approved', lineId, lockedAt: now, updatedAt: now })
    .where(and(eq(rentalSettlements.tenantId, tenantId), eq(rentalSettlements.id, row.id)));
}

/**
 * Pays the line of an approved settlement in full (`SettlementPayInput`): a deposit refund (negative) is paid out
 * of the account, which needs `rentContract:refund` besides `collect`; a settlement fee is collected into it.
 * The line's version guards two clerks at once (409), like a collection.
 */
export async function paySettlementLine(
  deps: AppDeps,
  ctx: RequestContext,
  contractId: number,
  input: SettlementPayInput,
) {
  return deps.db.transaction(async (tx) => {
    await contractInScope(tx, ctx, contractId);
    const row = await settlementOf(tx, ctx.tenantId, contractId, true);
    if (!row || row.state !== 'approved' || row.lineId === null) throw new ConflictError('handover.nothingToPay');
    const [line] = await tx
      .select()
      .from(rentalPaymentLines)
      .where(and(eq(rentalPaymentLines.tenantId, ctx.tenantId), eq(rentalPaymentLines.id, row.lineId)))
      .for('update');
    if (!line) throw new ConflictError('handover.nothingToPay');
    if (line.amountFen < 0 && !hasPermission(ctx.permissions, 'rentContract:refund')) throw new ForbiddenError();
    if (line.version !== input.version) throw new ConflictError('contracts.lineChanged');
    if (line.state !== 'unpaid' || !line.valid) throw new ConflictError('contracts.lineClosed');
    await account(tx, ctx.tenantId, input.accountId);
    const days = await tenantDays(tx, ctx.tenantId, deps.clock.now());
    const paidDate = input.paidDate ?? days.today;
    const [paid] = await tx
      .update(rentalPaymentLines)
      .set({
        paidFen: line.amountFen,
        state: 'paid',
        paidDate,
        accountId: input.accountId,
        version: line.version + 1,
        updatedAt: deps.clock.now(),
      })
      .where(and(eq(rentalPaymentLines.tenantId, ctx.tenantId), eq(rentalPaymentLines.id, line.id)))
      .returning();
    await record(tx, ctx, {
      contractId,
      lineId: line.id,
      accountId: input.accountId,
      amountFen: line.amountFen,
      paidDate,
      remark: line.amountFen < 0 ? '退押金' : '退车结算费',
    });
    await event(tx, ctx, contractId, 'collect', {
      text: {
        key: line.amountFen < 0 ? 'contracts.event.depositRefunded' : 'contracts.event.returnFeeCollected',
        params: { amount: fenToYuan(Math.abs(line.amountFen)) },
      },
    });
    return lineOut(paid!, days.today, (await tenantRules(tx, ctx.tenantId)).rentGraceDays);
  });
}

/** What the settlement's outcome does to its contract (added to the type by this area's `register.ts`). */
export const settlementHooks: ApprovalHooks = {
  onOutcome: async ({ tx, request, outcome, actorId, now }) => {
    if (!request.businessId) return;
    await settlementOutcome({
      tx,
      tenantId: request.tenantId,
      contractId: Number(request.businessId),
      outcome,
      actorId,
      now,
    });
  },
};
