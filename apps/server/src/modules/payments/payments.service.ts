import { and, eq, sql, type SQL } from 'drizzle-orm';
import { fenToYuan, type Lang } from '@fleetdesk/contracts/common';
import { findPlan, PLANS } from '@fleetdesk/contracts/membership';
import {
  findPaidService,
  MAX_SERVICE_COUNT,
  PAID_SERVICES,
  type LedgerEntry,
  type LedgerQuery,
  type PaidServiceCode,
  type PaidServicePrice,
} from '@fleetdesk/contracts/payments';
import { rowsOf, type Db, type DbOrTx, type Tx } from '../../core/db.js';
import { ConflictError, NotFoundError } from '../../core/errors.js';
import { tenantDays } from '../../core/tenant-time.js';
import { orderRefunds, orders } from '../../db/schema/index.js';
import { memberships } from '../../db/schema/tenancy.js';
import './payments.messages.js';
import {
  balanceOf,
  credit,
  debit,
  insertLedger,
  ledgerPage,
  ledgerRows,
  type LedgerFilter,
  type LedgerRow,
} from './payments.repository.js';

/**
 * The money interface (docs/payments.md): the one way other modules price, charge and refund paid services.
 * Money is integer fen. A charge is a paid-service order (`orders.type = 'service'`, paid from the balance)
 * and one ledger row, written in the caller's transaction.
 */

/** Who is charged and by whom; a background task passes the task's tenant and user. */
export interface ChargeActor {
  tenantId: number;
  userId: number | null;
}

export type { PaidServiceCode } from '@fleetdesk/contracts/payments';

/** Yuan with two decimals, as messages show money. */
export function yuanText(fen: number): string {
  return (fen / 100).toFixed(2);
}

/** The next order (or refund) number: a letter, the UTC time to the second and six digits of a sequence. */
export function numberSql(prefix: string, now: Date): SQL<string> {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return sql<string>`${prefix + stamp} || lpad((nextval('order_no_seq') % 1000000)::text, 6, '0')`;
}

function checkCount(count: number): void {
  if (!Number.isInteger(count) || count < 1 || count > MAX_SERVICE_COUNT) {
    throw new ConflictError('payments.badCount', { max: MAX_SERVICE_COUNT });
  }
}

async function planOf(db: DbOrTx, tenantId: number): Promise<string | null> {
  const [row] = await db
    .select({ planCode: memberships.planCode })
    .from(memberships)
    .where(eq(memberships.tenantId, tenantId));
  return row?.planCode ?? null;
}

/** The unit price of a service for a plan, in fen; null when the plan does not offer it. */
export function unitPriceFor(planCode: string | null, serviceCode: PaidServiceCode): number | null {
  const service = findPaidService(serviceCode);
  if (!service || !planCode) return null;
  return service.prices[planCode] ?? null;
}

async function unitPriceOf(db: DbOrTx, tenantId: number, serviceCode: PaidServiceCode): Promise<number> {
  const price = unitPriceFor(await planOf(db, tenantId), serviceCode);
  if (price === null) throw new ConflictError('payments.serviceNotInPlan', { code: serviceCode });
  return price;
}

/**
 * A service as the tenant's plan has it: the unit price in fen (null: the plan does not offer it) and the units
 * included each month before charging (S20: SMS messages). Reads only.
 */
export async function planService(
  db: DbOrTx,
  tenantId: number,
  serviceCode: PaidServiceCode,
): Promise<{ unitPriceFen: number | null; includedPerMonth: number }> {
  const plan = await planOf(db, tenantId);
  const service = findPaidService(serviceCode);
  return {
    unitPriceFen: unitPriceFor(plan, serviceCode),
    includedPerMonth: (plan ? service?.includedPerMonth?.[plan] : undefined) ?? 0,
  };
}

/** Price of `count` units for the tenant's plan, and its balance before and after. Reads only. */
export async function priceService(
  db: Db | Tx,
  tenantId: number,
  serviceCode: PaidServiceCode,
  count: number,
): Promise<{
  serviceCode: PaidServiceCode;
  count: number;
  unitPriceFen: number;
  totalFen: number;
  balanceFen: number;
  balanceAfterFen: number;
}> {
  checkCount(count);
  const unitPriceFen = await unitPriceOf(db, tenantId, serviceCode);
  const totalFen = unitPriceFen * count;
  const balanceFen = (await balanceOf(db, tenantId)).fen;
  return { serviceCode, count, unitPriceFen, totalFen, balanceFen, balanceAfterFen: balanceFen - totalFen };
}

function insufficient(needFen: number, balanceFen: number): ConflictError {
  return new ConflictError(
    'payments.insufficientBalance',
    { need: yuanText(needFen), balance: yuanText(balanceFen) },
    'payments.insufficientBalance',
  );
}

/**
 * Debits the tenant's balance in the caller's transaction (so the caller's order and its charge commit or
 * roll back together). Never overdraws, also under concurrent charges: the debit is one conditional update
 * of the balance row. A short balance throws 409 30101 `payments.insufficientBalance` naming the amount
 * needed and the balance.
 */
export async function charge(
  tx: Tx,
  actor: ChargeActor,
  serviceCode: PaidServiceCode,
  count: number,
  reference: { type: string; id: string },
  options: { now?: Date; description?: string } = {},
): Promise<{ chargeId: number; unitPriceFen: number; amountFen: number; balanceAfterFen: number }> {
  checkCount(count);
  const unitPriceFen = await unitPriceOf(tx, actor.tenantId, serviceCode);
  const amountFen = unitPriceFen * count;
  const now = options.now ?? new Date();
  const [order] = await tx
    .insert(orders)
    .values({
      tenantId: actor.tenantId,
      orderNo: numberSql('S', now),
      type: 'service',
      serviceCode,
      units: count,
      unitPriceFen,
      referenceType: reference.type.slice(0, 64),
      referenceId: reference.id.slice(0, 128),
      amountFen,
      status: 'paid',
      payMethod: 'balance',
      createdBy: actor.userId,
      createdAt: now,
      expiresAt: now,
      paidAt: now,
    })
    .returning({ id: orders.id });
  let balanceAfterFen: number;
  if (amountFen > 0) {
    const after = await debit(tx, actor.tenantId, amountFen, now);
    if (after === null) throw insufficient(amountFen, (await balanceOf(tx, actor.tenantId)).fen);
    balanceAfterFen = after;
    await insertLedger(tx, actor.tenantId, {
      kind: 'charge',
      amountFen: -amountFen,
      balanceAfterFen,
      orderId: order!.id,
      serviceCode,
      units: count,
      description: options.description ?? '',
      createdBy: actor.userId,
      now,
    });
  } else {
    balanceAfterFen = (await balanceOf(tx, actor.tenantId)).fen;
  }
  return { chargeId: order!.id, unitPriceFen, amountFen, balanceAfterFen };
}

/**
 * Gives back all or part (`count` units) of a charge, e.g. a violation query that the provider failed. A refund
 * beyond what was charged is refused; the same `key` for the same charge twice is refused (so that a retried
 * task never gives the same units back twice).
 */
export async function refundCharge(
  tx: Tx,
  actor: ChargeActor,
  chargeId: number,
  opts: { count?: number; reason: string; key: string; now?: Date },
): Promise<{ amountFen: number; balanceAfterFen: number }> {
  const now = opts.now ?? new Date();
  const [order] = await rowsOf<{
    id: number;
    type: string;
    status: string;
    units: number | null;
    unit_price_fen: string | number | null;
    refunded_units: number;
    service_code: string | null;
  }>(
    tx,
    sql`select id, type, status, units, unit_price_fen, refunded_units, service_code from orders
        where tenant_id = ${actor.tenantId} and id = ${chargeId} for update`,
  );
  if (!order) throw new NotFoundError();
  if (order.type !== 'service') throw new ConflictError('payments.notACharge');
  const key = opts.key.slice(0, 200);
  const [seen] = await tx
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(
      and(
        eq(orderRefunds.tenantId, actor.tenantId),
        eq(orderRefunds.orderId, chargeId),
        eq(orderRefunds.refundKey, key),
      ),
    );
  if (seen) throw new ConflictError('payments.refundRepeated', { key }, 'payments.refundRepeated');
  const units = Number(order.units ?? 0);
  const remaining = units - Number(order.refunded_units);
  if (remaining <= 0) throw new ConflictError('payments.notRefundable');
  const count = opts.count ?? remaining;
  if (!Number.isInteger(count) || count < 1 || count > remaining) {
    throw new ConflictError('payments.refundTooMuch', { remaining, count: String(count) });
  }
  const amountFen = Number(order.unit_price_fen ?? 0) * count;
  const [refund] = await tx
    .insert(orderRefunds)
    .values({
      tenantId: actor.tenantId,
      orderId: chargeId,
      refundNo: numberSql('R', now),
      channel: 'balance',
      refundKey: key,
      units: count,
      amountFen,
      reason: opts.reason.slice(0, 200),
      status: 'succeeded',
      createdBy: actor.userId,
      createdAt: now,
      finishedAt: now,
    })
    .returning({ id: orderRefunds.id });
  await tx
    .update(orders)
    .set({
      refundedUnits: sql`${orders.refundedUnits} + ${count}`,
      refundedFen: sql`${orders.refundedFen} + ${amountFen}`,
      status: count === remaining ? 'refunded' : 'partRefunded',
    })
    .where(and(eq(orders.tenantId, actor.tenantId), eq(orders.id, chargeId)));
  if (amountFen === 0) return { amountFen, balanceAfterFen: (await balanceOf(tx, actor.tenantId)).fen };
  const balanceAfterFen = await credit(tx, actor.tenantId, amountFen, now);
  await insertLedger(tx, actor.tenantId, {
    kind: 'chargeRefund',
    amountFen,
    balanceAfterFen,
    orderId: chargeId,
    refundId: refund!.id,
    serviceCode: order.service_code,
    units: count,
    description: opts.reason.slice(0, 200),
    createdBy: actor.userId,
    now,
  });
  return { amountFen, balanceAfterFen };
}

// ---------------------------------------------------------------------------------------------------------
// Reading the balance, the ledger and the price list

export async function balance(db: DbOrTx, tenantId: number): Promise<{ balance: number; updatedAt: string | null }> {
  const b = await balanceOf(db, tenantId);
  return { balance: fenToYuan(b.fen), updatedAt: b.updatedAt?.toISOString() ?? null };
}

/** The paid services with the tenant plan's unit prices and every plan's, for the price list. */
export async function priceList(db: DbOrTx, tenantId: number, lang: Lang): Promise<PaidServicePrice[]> {
  const plan = await planOf(db, tenantId);
  const purchasable = PLANS.filter((p) => p.purchasable || p.code === plan);
  return PAID_SERVICES.map((s) => {
    const price = unitPriceFor(plan, s.code);
    return {
      code: s.code,
      name: s.name[lang],
      unit: s.unit[lang],
      unitPrice: price === null ? null : fenToYuan(price),
      available: price !== null,
      includedPerMonth: plan ? (s.includedPerMonth?.[plan] ?? null) : null,
      prices: purchasable.map((p) => {
        const fen = s.prices[p.code];
        return {
          planCode: p.code,
          planName: findPlan(p.code)!.name[lang],
          unitPrice: fen === undefined ? null : fenToYuan(fen),
          includedPerMonth: s.includedPerMonth?.[p.code] ?? null,
        };
      }),
    };
  });
}

async function ledgerFilter(
  db: DbOrTx,
  tenantId: number,
  q: Pick<LedgerQuery, 'kind' | 'serviceCode' | 'from' | 'to'>,
  now: Date,
): Promise<LedgerFilter> {
  const days = q.from || q.to ? await tenantDays(db, tenantId, now) : null;
  return {
    kind: q.kind,
    serviceCode: q.serviceCode,
    from: q.from ? days!.startOf(q.from) : undefined,
    to: q.to ? days!.startOf(days!.plusDays(1, q.to)) : undefined,
  };
}

export function toLedgerEntry(r: LedgerRow, lang: Lang): LedgerEntry {
  const service = r.service_code ? findPaidService(r.service_code) : undefined;
  return {
    id: r.id,
    kind: r.kind,
    amount: fenToYuan(r.amount_fen),
    balanceAfter: fenToYuan(r.balance_after_fen),
    orderId: r.order_id,
    orderNo: r.order_no,
    serviceCode: service?.code ?? null,
    serviceName: service?.name[lang] ?? null,
    count: r.units,
    description: r.description,
    createdAt: r.created_at.toISOString(),
    createdByName: r.created_by_name,
  };
}

export async function listLedger(
  db: DbOrTx,
  tenantId: number,
  q: LedgerQuery,
  lang: Lang,
  now: Date,
): Promise<{ rows: LedgerEntry[]; total: number }> {
  const filter = await ledgerFilter(db, tenantId, q, now);
  const { rows, total } = await ledgerPage(db, tenantId, filter, q.pageSize, (q.pageNum - 1) * q.pageSize);
  return { rows: rows.map((r) => toLedgerEntry(r, lang)), total };
}

export async function* exportLedger(
  db: DbOrTx,
  tenantId: number,
  q: Pick<LedgerQuery, 'kind' | 'serviceCode' | 'from' | 'to'>,
  lang: Lang,
  now: Date,
): AsyncGenerator<LedgerEntry> {
  const filter = await ledgerFilter(db, tenantId, q, now);
  for await (const r of ledgerRows(db, tenantId, filter)) yield toLedgerEntry(r, lang);
}

export { auditLedger } from './payments.repository.js';
