import { randomInt } from 'node:crypto';
import { and, count, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Lang } from '@fleetdesk/contracts/common';
import { fenToYuan } from '@fleetdesk/contracts/common';
import { findPlan, type CreateMembershipOrder, type Order, type OrderListQuery } from '@fleetdesk/contracts/membership';
import type { RequestContext } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { offsetOf } from '../../core/envelope.js';
import { ConflictError, NotFoundError } from '../../core/errors.js';
import { orders } from '../../db/schema/orders.js';
import { memberships } from '../../db/schema/tenancy.js';

/** An unpaid order closes after this long; the price it holds is no longer promised. */
export const ORDER_PAY_MINUTES = 30;

type OrderRow = typeof orders.$inferSelect;

function orderNo(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `M${stamp}${String(randomInt(1_000_000)).padStart(6, '0')}`;
}

function toOrder(row: OrderRow, lang: Lang, now: Date): Order {
  // An unpaid order past its time reads as closed even before the sweep marks it.
  const status = row.status === 'unpaid' && row.expiresAt <= now ? 'closed' : (row.status as Order['status']);
  return {
    id: row.id,
    orderNo: row.orderNo,
    type: row.type as Order['type'],
    planCode: row.planCode,
    planName: row.planCode ? (findPlan(row.planCode)?.name[lang] ?? row.planCode) : null,
    years: row.years,
    amount: fenToYuan(row.amountFen),
    status,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * Orders a membership plan. A plan below the current one can only be bought once the current has expired;
 * an earlier unpaid membership order of the tenant is closed by the new one.
 */
export async function createMembershipOrder(
  deps: AppDeps,
  ctx: RequestContext,
  input: CreateMembershipOrder,
): Promise<Order> {
  const plan = findPlan(input.planCode);
  if (!plan || !plan.purchasable) throw new ConflictError('order.planNotForSale');
  const now = deps.clock.now();
  const [current] = await deps.db
    .select({ level: memberships.level, expiresAt: memberships.expiresAt })
    .from(memberships)
    .where(eq(memberships.tenantId, ctx.tenantId));
  if (current && current.expiresAt > now && plan.level < current.level) throw new ConflictError('order.noDowngrade');
  return deps.db.transaction(async (tx) => {
    await tx
      .update(orders)
      .set({ status: 'closed' })
      .where(and(eq(orders.tenantId, ctx.tenantId), eq(orders.type, 'membership'), eq(orders.status, 'unpaid')));
    const [row] = await tx
      .insert(orders)
      .values({
        tenantId: ctx.tenantId,
        orderNo: orderNo(now),
        type: 'membership',
        planCode: plan.code,
        years: input.years,
        amountFen: plan.priceFen * input.years,
        createdBy: ctx.userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + ORDER_PAY_MINUTES * 60_000),
      })
      .returning();
    return toOrder(row!, ctx.lang, now);
  });
}

export async function listOrders(deps: AppDeps, ctx: RequestContext, q: z.infer<typeof OrderListQuery>) {
  const where: SQL[] = [eq(orders.tenantId, ctx.tenantId)];
  if (q.type) where.push(eq(orders.type, q.type));
  if (q.status) where.push(eq(orders.status, q.status));
  const cond = and(...where);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(orders)
      .where(cond)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    deps.db.select({ n: count() }).from(orders).where(cond),
  ]);
  const now = deps.clock.now();
  return { rows: rows.map((r) => toOrder(r, ctx.lang, now)), total: total?.n ?? 0 };
}

async function orderOf(deps: AppDeps, ctx: RequestContext, id: number): Promise<OrderRow> {
  const [row] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.tenantId, ctx.tenantId), eq(orders.id, id)));
  if (!row) throw new NotFoundError();
  return row;
}

export async function getOrder(deps: AppDeps, ctx: RequestContext, id: number): Promise<Order> {
  return toOrder(await orderOf(deps, ctx, id), ctx.lang, deps.clock.now());
}

/** Cancels an unpaid order; a paid, closed or cancelled one cannot be. */
export async function cancelOrder(deps: AppDeps, ctx: RequestContext, id: number): Promise<Order> {
  const row = await orderOf(deps, ctx, id);
  const now = deps.clock.now();
  if (toOrder(row, ctx.lang, now).status !== 'unpaid') throw new ConflictError('order.notCancellable');
  const [updated] = await deps.db
    .update(orders)
    .set({ status: 'cancelled' })
    .where(and(eq(orders.tenantId, ctx.tenantId), eq(orders.id, id), eq(orders.status, 'unpaid')))
    .returning();
  if (!updated) throw new ConflictError('order.notCancellable');
  return toOrder(updated, ctx.lang, now);
}

/** Marks unpaid orders past their time as closed (run by the maintenance job). */
export async function closeExpiredOrders(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<number> {
  const rows = await deps.db
    .update(orders)
    .set({ status: 'closed' })
    .where(and(eq(orders.status, 'unpaid'), lt(orders.expiresAt, deps.clock.now())))
    .returning({ id: orders.id });
  return rows.length;
}
