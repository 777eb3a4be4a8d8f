import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { fenToYuan } from '@fleetdesk/contracts/common';
import type { PayInfo } from '@fleetdesk/contracts/payments';
import type {
  RenterLedgerAnswer,
  RenterLedgerEntry,
  RenterLedgerKind,
  RenterLedgerQuery,
} from '@fleetdesk/contracts/time-share';
import type { RequestContext } from '../../core/access.js';
import { rowsOf, type DbOrTx, type Tx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { offsetOf } from '../../core/envelope.js';
import { ConflictError, NotFoundError } from '../../core/errors.js';
import { drivers } from '../../db/schema/drivers.js';
import { users } from '../../db/schema/identity.js';
import { renterBalances, renterLedger as renterLedgerTable } from '../../db/schema/payments.js';
import { createReferenceOrder, type OrderRow } from './orders.service.js';
import { payOrder } from './pay.service.js';
import { yuanText } from './payments.service.js';
import './payments.messages.js';

/**
 * Renter balances (issue 33): a time-share renter's (a driver's) prepaid money. Topped up by orders of type
 * `renterTopUp` (paid through the provider; the settler credits once per order), debited by trips with one
 * conditional update (never below 0: 409 `payments.renterInsufficient`). Every movement is a `renter_ledger` row
 * with the balance after it, so the ledger replays the balance. Owned by the payments area; the time-share area
 * calls these.
 */

export const RENTER_TOP_UP_PREFIX = 'P';
/** The reference of a top-up order: the renter. */
export const RENTER_REFERENCE = 'driver';

/** A renter's balance (0 and null when he never had one). */
export async function renterBalance(
  db: DbOrTx,
  tenantId: number,
  driverId: number,
): Promise<{ fen: number; updatedAt: Date | null }> {
  const [row] = await db
    .select({ fen: renterBalances.balanceFen, updatedAt: renterBalances.updatedAt })
    .from(renterBalances)
    .where(and(eq(renterBalances.tenantId, tenantId), eq(renterBalances.driverId, driverId)));
  return row ? { fen: Number(row.fen), updatedAt: row.updatedAt } : { fen: 0, updatedAt: null };
}

/** The balances of several renters (lists); a renter without a row is absent (balance 0). */
export async function renterBalancesOf(
  db: DbOrTx,
  tenantId: number,
  driverIds: number[],
): Promise<Map<number, number>> {
  if (!driverIds.length) return new Map();
  const rows = await db
    .select({ driverId: renterBalances.driverId, fen: renterBalances.balanceFen })
    .from(renterBalances)
    .where(and(eq(renterBalances.tenantId, tenantId), inArray(renterBalances.driverId, driverIds)));
  return new Map(rows.map((r) => [Number(r.driverId), Number(r.fen)]));
}

async function driverExists(db: DbOrTx, tenantId: number, driverId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: drivers.id })
    .from(drivers)
    .where(and(eq(drivers.tenantId, tenantId), eq(drivers.id, driverId), sql`${drivers.deletedAt} is null`));
  return !!row;
}

/**
 * A top-up of a renter's balance: an order of type `renterTopUp` (its reference the driver) offered to the
 * provider at once; the balance moves when the payment is settled (`settleRenterTopUp`). 404 for a driver not of
 * the tenant. The caller checks the data scope (the renter's rent) and the amount's bounds.
 */
export async function createRenterTopUp(
  deps: AppDeps,
  ctx: RequestContext,
  driverId: number,
  amountFen: number,
): Promise<PayInfo> {
  if (!(await driverExists(deps.db, ctx.tenantId, driverId))) throw new NotFoundError('drivers.notFound');
  const now = deps.clock.now();
  const row = await deps.db.transaction((tx) =>
    createReferenceOrder(tx, ctx, {
      type: 'renterTopUp',
      referenceType: RENTER_REFERENCE,
      referenceId: String(driverId),
      amountFen,
      prefix: RENTER_TOP_UP_PREFIX,
      now,
    }),
  );
  return payOrder(deps, ctx, row.id);
}

interface Movement {
  tenantId: number;
  driverId: number;
  kind: RenterLedgerKind;
  /** Signed. */
  amountFen: number;
  balanceAfterFen: number;
  orderId?: number | null;
  referenceType?: string | null;
  referenceId?: string | null;
  createdBy?: number | null;
  now: Date;
}
async function insertMovement(tx: DbOrTx, m: Movement): Promise<number> {
  const [row] = await tx
    .insert(renterLedgerTable)
    .values({
      tenantId: m.tenantId,
      driverId: m.driverId,
      kind: m.kind,
      amountFen: m.amountFen,
      balanceAfterFen: m.balanceAfterFen,
      orderId: m.orderId ?? null,
      referenceType: m.referenceType ?? null,
      referenceId: m.referenceId ?? null,
      createdBy: m.createdBy ?? null,
      createdAt: m.now,
    })
    .returning({ id: renterLedgerTable.id });
  return row!.id;
}

export interface RenterCredit {
  tenantId: number;
  driverId: number;
  amountFen: number;
  kind: Exclude<RenterLedgerKind, 'trip'>;
  orderId?: number | null;
  referenceType?: string | null;
  referenceId?: string | null;
  userId?: number | null;
  now: Date;
}
/** Adds to a renter's balance in the caller's transaction (the row is created on first use); answers the balance after. */
export async function creditRenter(tx: DbOrTx, c: RenterCredit): Promise<number> {
  if (!Number.isSafeInteger(c.amountFen) || c.amountFen <= 0)
    throw new Error(`a credit is positive fen: ${c.amountFen}`);
  const [row] = await tx
    .insert(renterBalances)
    .values({ tenantId: c.tenantId, driverId: c.driverId, balanceFen: c.amountFen, updatedAt: c.now })
    .onConflictDoUpdate({
      target: [renterBalances.tenantId, renterBalances.driverId],
      set: { balanceFen: sql`${renterBalances.balanceFen} + ${c.amountFen}`, updatedAt: c.now },
    })
    .returning({ fen: renterBalances.balanceFen });
  const after = Number(row!.fen);
  await insertMovement(tx, {
    tenantId: c.tenantId,
    driverId: c.driverId,
    kind: c.kind,
    amountFen: c.amountFen,
    balanceAfterFen: after,
    orderId: c.orderId,
    referenceType: c.referenceType,
    referenceId: c.referenceId,
    createdBy: c.userId,
    now: c.now,
  });
  return after;
}

export interface RenterDebit {
  tenantId: number;
  driverId: number;
  amountFen: number;
  /** What it pays for (`timeShareTrip` and the trip id): one debit per reference (409 payments.renterDebitRepeated). */
  referenceType: string;
  referenceId: string;
  /** `trip` (default) or `adjust`. */
  kind?: 'trip' | 'adjust';
  userId?: number | null;
  now: Date;
}
/**
 * Takes money from a renter's balance in the caller's transaction: one conditional update (`balance_fen >= x`),
 * which the row lock serialises, so two trips never overdraw. Short → 409 `payments.renterInsufficient` (need,
 * balance); a reference already debited → 409 `payments.renterDebitRepeated`. The balance never goes below 0
 * (a trip that cannot be paid stays owed: the time-share area keeps it `ended`). Answers the balance after.
 */
export async function debitRenter(tx: DbOrTx, d: RenterDebit): Promise<number> {
  if (!Number.isSafeInteger(d.amountFen) || d.amountFen <= 0)
    throw new Error(`a debit is positive fen: ${d.amountFen}`);
  const kind = d.kind ?? 'trip';
  const [seen] = await tx
    .select({ id: renterLedgerTable.id })
    .from(renterLedgerTable)
    .where(
      and(
        eq(renterLedgerTable.tenantId, d.tenantId),
        eq(renterLedgerTable.kind, kind),
        eq(renterLedgerTable.referenceType, d.referenceType),
        eq(renterLedgerTable.referenceId, d.referenceId),
      ),
    );
  if (seen)
    throw new ConflictError('payments.renterDebitRepeated', { reference: `${d.referenceType}:${d.referenceId}` });
  const [row] = await tx
    .update(renterBalances)
    .set({ balanceFen: sql`${renterBalances.balanceFen} - ${d.amountFen}`, updatedAt: d.now })
    .where(
      and(
        eq(renterBalances.tenantId, d.tenantId),
        eq(renterBalances.driverId, d.driverId),
        sql`${renterBalances.balanceFen} >= ${d.amountFen}`,
      ),
    )
    .returning({ fen: renterBalances.balanceFen });
  if (!row) {
    const balance = await renterBalance(tx, d.tenantId, d.driverId);
    throw new ConflictError(
      'payments.renterInsufficient',
      { need: yuanText(d.amountFen), balance: yuanText(balance.fen) },
      'payments.renterInsufficient',
      { needFen: d.amountFen, balanceFen: balance.fen },
    );
  }
  const after = Number(row.fen);
  await insertMovement(tx, {
    tenantId: d.tenantId,
    driverId: d.driverId,
    kind,
    amountFen: -d.amountFen,
    balanceAfterFen: after,
    referenceType: d.referenceType,
    referenceId: d.referenceId,
    createdBy: d.userId,
    now: d.now,
  });
  return after;
}

/**
 * The settler of `renterTopUp` orders (registered in `register.ts`): in the transaction that marks the order paid
 * (once per order, the order row locked), the renter named by the order's reference is credited and the ledger
 * gets its `topUp` row (unique per order: a second settlement could not credit twice).
 */
export async function settleRenterTopUp(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  const driverId = Number(order.referenceId);
  if (order.referenceType !== RENTER_REFERENCE || !Number.isSafeInteger(driverId) || driverId <= 0) {
    throw new Error(`renterTopUp order ${order.orderNo}: no renter in its reference`);
  }
  const [seen] = await tx
    .select({ id: renterLedgerTable.id })
    .from(renterLedgerTable)
    .where(
      and(
        eq(renterLedgerTable.tenantId, order.tenantId),
        eq(renterLedgerTable.orderId, order.id),
        eq(renterLedgerTable.kind, 'topUp'),
      ),
    );
  if (seen) return;
  await creditRenter(tx, {
    tenantId: order.tenantId,
    driverId,
    amountFen: order.amountFen,
    kind: 'topUp',
    orderId: order.id,
    referenceType: 'order',
    referenceId: order.orderNo,
    userId: order.createdBy,
    now,
  });
}

/** A renter's ledger, newest first, in the contracts' shape (yuan). */
export async function renterLedger(db: DbOrTx, tenantId: number, q: RenterLedgerQuery): Promise<RenterLedgerAnswer> {
  const where = and(
    eq(renterLedgerTable.tenantId, tenantId),
    eq(renterLedgerTable.driverId, q.driverId),
    q.kind ? eq(renterLedgerTable.kind, q.kind) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ l: renterLedgerTable, createdByName: users.name })
      .from(renterLedgerTable)
      .leftJoin(users, and(eq(users.tenantId, renterLedgerTable.tenantId), eq(users.id, renterLedgerTable.createdBy)))
      .where(where)
      .orderBy(desc(renterLedgerTable.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(renterLedgerTable).where(where),
  ]);
  return {
    rows: rows.map((r): RenterLedgerEntry => ({
      id: r.l.id,
      kind: r.l.kind,
      amount: fenToYuan(r.l.amountFen),
      balanceAfter: fenToYuan(r.l.balanceAfterFen),
      orderId: r.l.orderId,
      referenceType: r.l.referenceType,
      referenceId: r.l.referenceId,
      createdAt: r.l.createdAt.toISOString(),
      createdByName: r.createdByName,
    })),
    total: total?.n ?? 0,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

/**
 * Whether a renter's ledger replays to his balance: each row's balance after = the one before + its amount, and
 * the last equals the balance (support and tests).
 */
export async function auditRenterLedger(
  db: DbOrTx,
  tenantId: number,
  driverId: number,
): Promise<{ ok: boolean; balanceFen: number; ledgerFen: number; brokenAt: number | null }> {
  const rows = await rowsOf<{ id: number; amount_fen: number; balance_after_fen: number }>(
    db,
    sql`select id, amount_fen, balance_after_fen from renter_ledger
      where tenant_id = ${tenantId} and driver_id = ${driverId} order by id`,
  );
  let running = 0;
  let brokenAt: number | null = null;
  for (const r of rows) {
    running += Number(r.amount_fen);
    if (brokenAt === null && running !== Number(r.balance_after_fen)) brokenAt = Number(r.id);
  }
  const balance = (await renterBalance(db, tenantId, driverId)).fen;
  return { ok: brokenAt === null && running === balance, balanceFen: balance, ledgerFen: running, brokenAt };
}
