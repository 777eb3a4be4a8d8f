import { and, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { fenToYuan, yuanToFen, type Lang } from '@fleetdesk/contracts/common';
import { findPlan } from '@fleetdesk/contracts/membership';
import {
  findPaidService,
  type CreateMembershipOrder,
  type CreateTopUpOrder,
  type Order,
  type OrderDetail,
  type OrderListQuery,
  type OrderRefund,
  type OrderType,
  type PaidServiceCode,
} from '@fleetdesk/contracts/payments';
import type { RequestContext } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { rowsOf, type DbOrTx } from '../../core/db.js';
import { offsetOf } from '../../core/envelope.js';
import { ConflictError, NotFoundError } from '../../core/errors.js';
import { containsPattern } from '../../core/like.js';
import { tenantDays } from '../../core/tenant-time.js';
import { users } from '../../db/schema/identity.js';
import { orderRefunds, orders } from '../../db/schema/index.js';
import { memberships } from '../../db/schema/tenancy.js';
import { numberSql } from './payments.service.js';
import { balanceOf } from './payments.repository.js';
import { payProviders } from './providers/index.js';
import { ProviderError, type RefundResult } from './providers/provider.js';
import './payments.messages.js';

/** An unpaid order closes after this long; the price it holds is no longer promised. */
export const ORDER_PAY_MINUTES = 30;

export type OrderRow = typeof orders.$inferSelect;

/** An order as the API shows it. An unpaid order past its time reads as closed even before the sweep. */
export function toOrder(row: OrderRow, lang: Lang, now: Date, createdByName: string | null = null): Order {
  const status = row.status === 'unpaid' && row.expiresAt <= now ? 'closed' : (row.status as Order['status']);
  const service = row.serviceCode ? findPaidService(row.serviceCode) : undefined;
  return {
    id: row.id,
    orderNo: row.orderNo,
    type: row.type as Order['type'],
    planCode: row.planCode,
    planName: row.planCode ? (findPlan(row.planCode)?.name[lang] ?? row.planCode) : null,
    years: row.years,
    serviceCode: (row.serviceCode as PaidServiceCode | null) ?? null,
    serviceName: service?.name[lang] ?? null,
    count: row.units,
    unitPrice: row.unitPriceFen === null ? null : fenToYuan(row.unitPriceFen),
    reference: row.referenceType ? { type: row.referenceType, id: row.referenceId ?? '' } : null,
    amount: fenToYuan(row.amountFen),
    refundedAmount: fenToYuan(row.refundedFen),
    status,
    payMethod: (row.payMethod as Order['payMethod']) ?? null,
    providerTradeNo: row.providerTradeNo,
    createdAt: row.createdAt.toISOString(),
    createdByName,
    paidAt: row.paidAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    closedAt:
      row.closedAt?.toISOString() ?? (status === 'closed' && !row.closedAt ? row.expiresAt.toISOString() : null),
    membershipFrom: row.membershipFrom?.toISOString() ?? null,
    membershipTo: row.membershipTo?.toISOString() ?? null,
  };
}

/**
 * Orders a membership plan. A plan below the current one can only be bought once the current has expired;
 * an earlier unpaid membership order of the tenant is closed by the new one (`closeReplaced` closes it at
 * the provider first).
 */
export async function createMembershipOrder(
  deps: AppDeps,
  ctx: RequestContext,
  input: CreateMembershipOrder,
  closeReplaced: (row: OrderRow) => Promise<void> = async () => undefined,
): Promise<Order> {
  const plan = findPlan(input.planCode);
  if (!plan || !plan.purchasable) throw new ConflictError('order.planNotForSale');
  const now = deps.clock.now();
  const [current] = await deps.db
    .select({ level: memberships.level, expiresAt: memberships.expiresAt })
    .from(memberships)
    .where(eq(memberships.tenantId, ctx.tenantId));
  if (current && current.expiresAt > now && plan.level < current.level) throw new ConflictError('order.noDowngrade');
  const replaced = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.tenantId, ctx.tenantId), eq(orders.type, 'membership'), eq(orders.status, 'unpaid')));
  for (const row of replaced) await closeReplaced(row);
  return deps.db.transaction(async (tx) => {
    await tx
      .update(orders)
      .set({ status: 'closed', closedAt: now })
      .where(and(eq(orders.tenantId, ctx.tenantId), eq(orders.type, 'membership'), eq(orders.status, 'unpaid')));
    const [row] = await tx
      .insert(orders)
      .values({
        tenantId: ctx.tenantId,
        orderNo: numberSql('M', now),
        type: 'membership',
        planCode: plan.code,
        years: input.years,
        amountFen: plan.priceFen * input.years,
        createdBy: ctx.userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + ORDER_PAY_MINUTES * 60_000),
      })
      .returning();
    return toOrder(row!, ctx.lang, now, ctx.name);
  });
}

/** Orders a top-up of the balance, paid like any order; the balance moves when the payment arrives. */
export async function createTopUpOrder(deps: AppDeps, ctx: RequestContext, input: CreateTopUpOrder): Promise<Order> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(orders)
    .values({
      tenantId: ctx.tenantId,
      orderNo: numberSql('T', now),
      type: 'topUp',
      amountFen: yuanToFen(input.amount),
      createdBy: ctx.userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ORDER_PAY_MINUTES * 60_000),
    })
    .returning();
  return toOrder(row!, ctx.lang, now, ctx.name);
}

/** What `createReferenceOrder` makes: an order of another area's type that pays for one of its records. */
export interface ReferenceOrderInput {
  /** The order type (`ORDER_TYPE_VALUES`): `financing`, `booking`, `renterTopUp`... */
  type: OrderType;
  /** What the order pays for (`financingRepayment`, `shortBooking`, `driver`...) and its id or code. */
  referenceType: string;
  referenceId: string;
  amountFen: number;
  /** The order number's letter (`F` financing, `B` booking, `P` renter top-up). */
  prefix: string;
  now: Date;
  /** Minutes the order may be paid in (default ORDER_PAY_MINUTES). */
  payMinutes?: number;
}

/**
 * An unpaid order of another area's type in the caller's transaction; pay it with `payOrder` (the QR code), and
 * settle it with the settler that area registered for its type (`registerOrderSettler`).
 */
export async function createReferenceOrder(
  tx: DbOrTx,
  ctx: Pick<RequestContext, 'tenantId' | 'userId'>,
  input: ReferenceOrderInput,
): Promise<OrderRow> {
  if (!/^[A-Z]$/.test(input.prefix)) throw new Error(`order number prefix must be one capital letter: ${input.prefix}`);
  if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0) {
    throw new Error(`an order's amount is a positive number of fen: ${input.amountFen}`);
  }
  const [row] = await tx
    .insert(orders)
    .values({
      tenantId: ctx.tenantId,
      orderNo: numberSql(input.prefix, input.now),
      type: input.type,
      referenceType: input.referenceType,
      referenceId: input.referenceId,
      amountFen: input.amountFen,
      createdBy: ctx.userId,
      createdAt: input.now,
      expiresAt: new Date(input.now.getTime() + (input.payMinutes ?? ORDER_PAY_MINUTES) * 60_000),
    })
    .returning();
  return row!;
}

export async function listOrders(deps: AppDeps, ctx: RequestContext, q: OrderListQuery) {
  const where: SQL[] = [eq(orders.tenantId, ctx.tenantId)];
  const now = deps.clock.now();
  if (q.type) where.push(eq(orders.type, q.type));
  if (q.status === 'closed') {
    // Unpaid orders past their time read as closed before the sweeper marks them.
    where.push(or(eq(orders.status, 'closed'), and(eq(orders.status, 'unpaid'), lt(orders.expiresAt, now)))!);
  } else if (q.status === 'unpaid') {
    where.push(eq(orders.status, 'unpaid'), gte(orders.expiresAt, now));
  } else if (q.status) {
    where.push(eq(orders.status, q.status));
  }
  if (q.orderNo) where.push(ilike(orders.orderNo, containsPattern(q.orderNo)));
  if (q.payMethod) where.push(eq(orders.payMethod, q.payMethod));
  if (q.from || q.to) {
    const days = await tenantDays(deps.db, ctx.tenantId, now);
    if (q.from) where.push(gte(orders.createdAt, days.startOf(q.from)));
    if (q.to) where.push(lt(orders.createdAt, days.startOf(days.plusDays(1, q.to))));
  }
  const cond = and(...where);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({ order: orders, createdByName: users.name })
      .from(orders)
      .leftJoin(users, and(eq(users.tenantId, orders.tenantId), eq(users.id, orders.createdBy)))
      .where(cond)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    deps.db.select({ n: count() }).from(orders).where(cond),
  ]);
  return { rows: rows.map((r) => toOrder(r.order, ctx.lang, now, r.createdByName)), total: total?.n ?? 0 };
}

export async function orderRow(db: DbOrTx, tenantId: number, id: number): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, id)));
  if (!row) throw new NotFoundError();
  return row;
}

export async function orderByNo(db: DbOrTx, orderNo: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
  return row ?? null;
}

async function creatorName(db: DbOrTx, row: OrderRow): Promise<string | null> {
  if (row.createdBy === null) return null;
  const [u] = await db
    .select({ name: users.name })
    .from(users)
    .where(and(eq(users.tenantId, row.tenantId), eq(users.id, row.createdBy)));
  return u?.name ?? null;
}

export async function getOrder(deps: AppDeps, ctx: RequestContext, id: number): Promise<OrderDetail> {
  const row = await orderRow(deps.db, ctx.tenantId, id);
  const refunds = await deps.db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.tenantId, ctx.tenantId), eq(orderRefunds.orderId, id)))
    .orderBy(orderRefunds.id);
  const order = toOrder(row, ctx.lang, deps.clock.now(), await creatorName(deps.db, row));
  return {
    ...order,
    refunds: refunds.map((r): OrderRefund => ({
      id: r.id,
      refundNo: r.refundNo,
      channel: r.channel as OrderRefund['channel'],
      amount: fenToYuan(r.amountFen),
      count: r.units,
      reason: r.reason,
      status: r.status as OrderRefund['status'],
      createdAt: r.createdAt.toISOString(),
      finishedAt: r.finishedAt?.toISOString() ?? null,
    })),
    refundable: await refundableOf(deps.db, row),
  };
}

/** Yuan of a paid top-up that can still go back to the payer: the smaller of what is left of it and the balance. */
async function refundableOf(db: DbOrTx, row: OrderRow): Promise<number> {
  if (row.type !== 'topUp' || (row.status !== 'paid' && row.status !== 'partRefunded')) return 0;
  if (row.payMethod === 'balance' || !row.payMethod) return 0;
  const balance = (await balanceOf(db, row.tenantId)).fen;
  return fenToYuan(Math.max(0, Math.min(row.amountFen - row.refundedFen, balance)));
}

/** Cancels an unpaid order; a paid, closed or cancelled one cannot be. */
export async function cancelOrder(
  deps: AppDeps,
  ctx: Pick<RequestContext, 'tenantId' | 'lang'>,
  id: number,
): Promise<Order> {
  const row = await orderRow(deps.db, ctx.tenantId, id);
  const now = deps.clock.now();
  if (toOrder(row, ctx.lang, now).status !== 'unpaid') throw new ConflictError('order.notCancellable');
  const [updated] = await deps.db
    .update(orders)
    .set({ status: 'cancelled', closedAt: now })
    .where(and(eq(orders.tenantId, ctx.tenantId), eq(orders.id, id), eq(orders.status, 'unpaid')))
    .returning();
  if (!updated) throw new ConflictError('order.notCancellable');
  return toOrder(updated, ctx.lang, now, await creatorName(deps.db, updated));
}

// ---------------------------------------------------------------------------------------------------------
// Refunding part of a paid order to its payer (short-term bookings)

/** Order types whose payment may be given back in part to the payer through the provider. */
export const PART_REFUNDABLE_TYPES: readonly string[] = ['booking'];

export interface PartRefundInput {
  tenantId: number;
  orderId: number;
  amountFen: number;
  /** Shown in the order's refunds (at most 100 characters kept). */
  reason: string;
  /**
   * The caller's name for this refund (`booking:12:cancel`): a key already used on the order is refused (409
   * `order.refundRepeated`), so a retried request never refunds twice. A refund the provider refused frees its key.
   */
  key: string;
  userId?: number | null;
}
export interface PartRefundResult {
  refundId: number;
  refundNo: string;
  amountFen: number;
  /** `processing`: the provider did not answer; the schedule `payments.refunds` asks it again and finishes it. */
  status: 'succeeded' | 'processing';
}

/**
 * Gives back part (or the rest) of a paid order of a `PART_REFUNDABLE_TYPES` type through the provider that took
 * it: an `order_refunds` row (channel provider, keyed) and the order's refunded amount are written first, under
 * the order's lock, so two refunds never give back more than was paid; then the provider is asked. A provider
 * that refuses: the refund is recorded as failed, the order's refunded amount restored, and 409
 * `order.providerFailed`. No tenant balance moves (unlike withdraw): the money was the renter's.
 */
export async function refundOrderPart(deps: AppDeps, input: PartRefundInput): Promise<PartRefundResult> {
  if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0) {
    throw new Error(`a refund is a positive number of fen: ${input.amountFen}`);
  }
  const now = deps.clock.now();
  const key = input.key.slice(0, 200);
  const prepared = await deps.db.transaction(async (tx) => {
    const [locked] = await rowsOf<{ id: number }>(
      tx,
      sql`select id from orders where tenant_id = ${input.tenantId} and id = ${input.orderId} for update`,
    );
    if (!locked) throw new NotFoundError();
    const row = await orderRow(tx, input.tenantId, input.orderId);
    const provider = payProviders(deps).byName(row.payMethod);
    if (
      !PART_REFUNDABLE_TYPES.includes(row.type) ||
      (row.status !== 'paid' && row.status !== 'partRefunded') ||
      !provider
    ) {
      throw new ConflictError('order.notPartRefundable');
    }
    const [seen] = await tx
      .select({ id: orderRefunds.id })
      .from(orderRefunds)
      .where(
        and(
          eq(orderRefunds.tenantId, input.tenantId),
          eq(orderRefunds.orderId, row.id),
          eq(orderRefunds.refundKey, key),
        ),
      );
    if (seen) throw new ConflictError('order.refundRepeated', { key }, 'order.refundRepeated');
    const leftFen = row.amountFen - row.refundedFen;
    if (input.amountFen > leftFen) {
      throw new ConflictError('order.refundTooMuch', { max: (Math.max(leftFen, 0) / 100).toFixed(2) });
    }
    const [refund] = await tx
      .insert(orderRefunds)
      .values({
        tenantId: input.tenantId,
        orderId: row.id,
        refundNo: numberSql('R', now),
        channel: 'provider',
        refundKey: key,
        amountFen: input.amountFen,
        reason: input.reason.slice(0, 100),
        status: 'processing',
        createdBy: input.userId ?? null,
        createdAt: now,
      })
      .returning();
    const refundedFen = row.refundedFen + input.amountFen;
    await tx
      .update(orders)
      .set({ refundedFen, status: refundedFen >= row.amountFen ? 'refunded' : 'partRefunded' })
      .where(and(eq(orders.tenantId, input.tenantId), eq(orders.id, row.id)));
    return { row, refund: refund!, provider };
  });

  let result: RefundResult;
  try {
    result = await prepared.provider.refund({
      orderNo: prepared.row.orderNo,
      refundNo: prepared.refund.refundNo,
      amountFen: input.amountFen,
      totalFen: prepared.row.amountFen,
      reason: input.reason.slice(0, 100),
    });
  } catch (err) {
    deps.log.warn({ err, orderNo: prepared.row.orderNo }, 'part refund at the payment provider failed');
    result =
      err instanceof ProviderError && err.code === 'NETWORK'
        ? { status: 'processing', providerRefundId: null }
        : { status: 'failed', failure: err instanceof Error ? err.message.slice(0, 200) : String(err) };
  }
  await finishPartRefund(deps, input.tenantId, prepared.refund.id, result);
  if (result.status === 'failed') {
    throw new ConflictError('order.providerFailed', { detail: result.failure.slice(0, 80) });
  }
  return {
    refundId: prepared.refund.id,
    refundNo: prepared.refund.refundNo,
    amountFen: input.amountFen,
    status: result.status,
  };
}

/**
 * Records the provider's answer to a part refund (also the follow-up of one left `processing`); a failed one
 * restores the order's refunded amount and frees its key (nothing was given back).
 */
export async function finishPartRefund(
  deps: AppDeps,
  tenantId: number,
  refundId: number,
  result: RefundResult,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [refund] = await tx
      .update(orderRefunds)
      .set(
        result.status === 'failed'
          ? { status: 'failed', failure: result.failure, finishedAt: now, refundKey: null }
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
    await tx
      .update(orders)
      .set({
        refundedFen: sql`${orders.refundedFen} - ${refund.amountFen}`,
        status: sql`case when ${orders.refundedFen} - ${refund.amountFen} = 0 then 'paid' else 'partRefunded' end`,
      })
      .where(and(eq(orders.tenantId, tenantId), eq(orders.id, refund.orderId)));
  });
}
