import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
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
  type PaidServiceCode,
} from '@fleetdesk/contracts/payments';
import type { RequestContext } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import type { DbOrTx } from '../../core/db.js';
import { offsetOf } from '../../core/envelope.js';
import { ConflictError, NotFoundError } from '../../core/errors.js';
import { containsPattern } from '../../core/like.js';
import { tenantDays } from '../../core/tenant-time.js';
import { users } from '../../db/schema/identity.js';
import { orderRefunds, orders } from '../../db/schema/index.js';
import { memberships } from '../../db/schema/tenancy.js';
import { numberSql } from './payments.service.js';
import { balanceOf } from './payments.repository.js';

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
export async function cancelOrder(deps: AppDeps, ctx: RequestContext, id: number): Promise<Order> {
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
