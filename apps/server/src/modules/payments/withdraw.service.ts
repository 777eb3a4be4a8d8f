import { and, eq, lt, sql } from 'drizzle-orm';
import type { OrderDetail, WithdrawInput } from '@fleetdesk/contracts/payments';
import { yuanToFen } from '@fleetdesk/contracts/common';
import type { RequestContext } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { rowsOf } from '../../core/db.js';
import { ConflictError } from '../../core/errors.js';
import { orderRefunds, orders } from '../../db/schema/index.js';
import { finishPartRefund, getOrder, orderRow } from './orders.service.js';
import { balanceOf, credit, debit, insertLedger } from './payments.repository.js';
import { numberSql, yuanText } from './payments.service.js';
import { payProviders } from './providers/index.js';
import { ProviderError, type RefundResult } from './providers/provider.js';

/**
 * Withdraw: unused top-up paid back to the payer through the provider that took it. The balance is debited
 * first (ledger `withdraw`, in one transaction with the refund row and the order's refunded amount), so the
 * money cannot be spent and refunded at once; if the provider refuses, it comes back (`withdrawReversal`).
 * At most the smaller of what is left of that top-up and the balance.
 */
export async function withdraw(
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  input: WithdrawInput,
): Promise<OrderDetail> {
  const amountFen = yuanToFen(input.amount);
  const now = deps.clock.now();
  const prepared = await deps.db.transaction(async (tx) => {
    const [locked] = await rowsOf<{ id: number }>(
      tx,
      sql`select id from orders where tenant_id = ${ctx.tenantId} and id = ${id} for update`,
    );
    const row = await orderRow(tx, ctx.tenantId, Number(locked?.id ?? id));
    const provider = payProviders(deps).byName(row.payMethod);
    if (row.type !== 'topUp' || (row.status !== 'paid' && row.status !== 'partRefunded') || !provider) {
      throw new ConflictError('order.notWithdrawable');
    }
    const balance = (await balanceOf(tx, ctx.tenantId)).fen;
    const maxFen = Math.min(row.amountFen - row.refundedFen, balance);
    if (amountFen > maxFen) throw new ConflictError('order.withdrawTooMuch', { max: yuanText(Math.max(maxFen, 0)) });
    const after = await debit(tx, ctx.tenantId, amountFen, now);
    if (after === null) throw new ConflictError('order.withdrawTooMuch', { max: yuanText(Math.max(maxFen, 0)) });
    const [refund] = await tx
      .insert(orderRefunds)
      .values({
        tenantId: ctx.tenantId,
        orderId: row.id,
        refundNo: numberSql('R', now),
        channel: 'provider',
        amountFen,
        reason: input.reason,
        status: 'processing',
        createdBy: ctx.userId,
        createdAt: now,
      })
      .returning();
    await insertLedger(tx, ctx.tenantId, {
      kind: 'withdraw',
      amountFen: -amountFen,
      balanceAfterFen: after,
      orderId: row.id,
      refundId: refund!.id,
      description: input.reason,
      createdBy: ctx.userId,
      now,
    });
    const refundedFen = row.refundedFen + amountFen;
    await tx
      .update(orders)
      .set({ refundedFen, status: refundedFen >= row.amountFen ? 'refunded' : 'partRefunded' })
      .where(and(eq(orders.tenantId, ctx.tenantId), eq(orders.id, row.id)));
    return { row, refund: refund!, provider };
  });

  let result: RefundResult;
  try {
    result = await prepared.provider.refund({
      orderNo: prepared.row.orderNo,
      refundNo: prepared.refund.refundNo,
      amountFen,
      totalFen: prepared.row.amountFen,
      reason: input.reason,
    });
  } catch (err) {
    deps.log.warn({ err, orderNo: prepared.row.orderNo }, 'refund at the payment provider failed');
    // Unreachable: the provider may have taken it; the follow-up asks it later (followUpRefunds).
    result =
      err instanceof ProviderError && err.code === 'NETWORK'
        ? { status: 'processing', providerRefundId: null }
        : { status: 'failed', failure: err instanceof Error ? err.message.slice(0, 200) : String(err) };
  }
  await finishWithdraw(deps, ctx.tenantId, prepared.refund.id, result, ctx.userId);
  return getOrder(deps, ctx, id);
}

/** Records the provider's answer to a refund; a failed one gives the money back to the balance. */
export async function finishWithdraw(
  deps: AppDeps,
  tenantId: number,
  refundId: number,
  result: RefundResult,
  userId: number | null,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [refund] = await tx
      .update(orderRefunds)
      .set(
        result.status === 'failed'
          ? { status: 'failed', failure: result.failure, finishedAt: now }
          : {
              status: result.status,
              providerRefundId: result.providerRefundId,
              finishedAt: result.status === 'succeeded' ? now : null,
            },
      )
      .where(
        and(eq(orderRefunds.tenantId, tenantId), eq(orderRefunds.id, refundId), eq(orderRefunds.status, 'processing')),
      )
      .returning();
    if (!refund || result.status !== 'failed') return;
    const after = await credit(tx, tenantId, refund.amountFen, now);
    await insertLedger(tx, tenantId, {
      kind: 'withdrawReversal',
      amountFen: refund.amountFen,
      balanceAfterFen: after,
      orderId: refund.orderId,
      refundId: refund.id,
      description: result.failure.slice(0, 200),
      createdBy: userId,
      now,
    });
    await tx
      .update(orders)
      .set({
        refundedFen: sql`${orders.refundedFen} - ${refund.amountFen}`,
        status: sql`case when ${orders.refundedFen} - ${refund.amountFen} = 0 then 'paid' else 'partRefunded' end`,
      })
      .where(and(eq(orders.tenantId, tenantId), eq(orders.id, refund.orderId)));
  });
}

/**
 * Refunds still `processing` a minute after they were asked (WeChat answers PROCESSING; an answer that never
 * came): asked again at their provider and finished (the schedule `payments.refunds`): withdrawals of top-ups by
 * `finishWithdraw`, part refunds of other orders (bookings) by `finishPartRefund`.
 */
export async function followUpRefunds(deps: AppDeps, limit = 50): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - 60_000);
  const due = await deps.db
    .select({
      tenantId: orderRefunds.tenantId,
      id: orderRefunds.id,
      refundNo: orderRefunds.refundNo,
      orderNo: orders.orderNo,
      orderType: orders.type,
      payMethod: orders.payMethod,
    })
    .from(orderRefunds)
    .innerJoin(orders, and(eq(orders.tenantId, orderRefunds.tenantId), eq(orders.id, orderRefunds.orderId)))
    .where(
      and(
        eq(orderRefunds.status, 'processing'),
        eq(orderRefunds.channel, 'provider'),
        lt(orderRefunds.createdAt, before),
      ),
    )
    .orderBy(orderRefunds.createdAt)
    .limit(limit);
  let finished = 0;
  for (const r of due) {
    const provider = payProviders(deps).byName(r.payMethod);
    if (!provider) continue;
    try {
      const result = await provider.queryRefund({ orderNo: r.orderNo, refundNo: r.refundNo });
      if (result.status === 'processing') continue;
      // A top-up's refund came out of the tenant balance (withdraw); a booking's did not (refundOrderPart).
      if (r.orderType === 'topUp') await finishWithdraw(deps, r.tenantId, r.id, result, null);
      else await finishPartRefund(deps, r.tenantId, r.id, result);
      finished++;
    } catch (err) {
      deps.log.warn({ err, refundNo: r.refundNo }, 'refund follow-up: the payment provider did not answer');
    }
  }
  return finished;
}
