import { sql, type SQL } from 'drizzle-orm';
import type { LedgerKind } from '@fleetdesk/contracts/payments';
import { rowsOf, type DbOrTx } from '../../core/db.js';

/**
 * The balance and its ledger. Every function takes the tenant first and filters by it. A movement is always
 * the balance update and its ledger row in the same transaction: the update takes the balance row's lock, so
 * ledger ids follow the order in which the balance moved, and each row's `balance_after_fen` is the
 * previous row's plus its amount.
 */

/** The tenant's balance in fen (0 before the first top-up). */
export async function balanceOf(db: DbOrTx, tenantId: number): Promise<{ fen: number; updatedAt: Date | null }> {
  const [row] = await rowsOf<{ balance_fen: string | number; updated_at: Date | string }>(
    db,
    sql`select balance_fen, updated_at from tenant_balances where tenant_id = ${tenantId}`,
  );
  return row ? { fen: Number(row.balance_fen), updatedAt: new Date(row.updated_at) } : { fen: 0, updatedAt: null };
}

/**
 * Takes `amountFen` off the balance if it is there: one conditional update, so that of concurrent debits each
 * sees the balance the previous one left (PostgreSQL re-checks the condition after waiting for the row lock).
 * Null when the balance is short (nothing changed).
 */
export async function debit(db: DbOrTx, tenantId: number, amountFen: number, now: Date): Promise<number | null> {
  const [row] = await rowsOf<{ balance_fen: string | number }>(
    db,
    sql`update tenant_balances set balance_fen = balance_fen - ${amountFen}, updated_at = ${now}
        where tenant_id = ${tenantId} and balance_fen >= ${amountFen}
        returning balance_fen`,
  );
  return row ? Number(row.balance_fen) : null;
}

/** Adds `amountFen` to the balance (creating it on the first credit); the balance after. */
export async function credit(db: DbOrTx, tenantId: number, amountFen: number, now: Date): Promise<number> {
  const [row] = await rowsOf<{ balance_fen: string | number }>(
    db,
    sql`insert into tenant_balances (tenant_id, balance_fen, updated_at) values (${tenantId}, ${amountFen}, ${now})
        on conflict (tenant_id) do update
          set balance_fen = tenant_balances.balance_fen + excluded.balance_fen, updated_at = excluded.updated_at
        returning balance_fen`,
  );
  return Number(row!.balance_fen);
}

export interface LedgerInsert {
  kind: LedgerKind;
  amountFen: number;
  balanceAfterFen: number;
  orderId: number | null;
  refundId?: number | null;
  serviceCode?: string | null;
  units?: number | null;
  description: string;
  createdBy: number | null;
  now: Date;
}

export async function insertLedger(db: DbOrTx, tenantId: number, e: LedgerInsert): Promise<number> {
  const [row] = await rowsOf<{ id: string | number }>(
    db,
    sql`insert into balance_ledger
          (tenant_id, kind, amount_fen, balance_after_fen, order_id, refund_id, service_code, units, description,
           created_by, created_at)
        values (${tenantId}, ${e.kind}, ${e.amountFen}, ${e.balanceAfterFen}, ${e.orderId}, ${e.refundId ?? null},
                ${e.serviceCode ?? null}, ${e.units ?? null}, ${e.description}, ${e.createdBy}, ${e.now})
        returning id`,
  );
  return Number(row!.id);
}

export interface LedgerFilter {
  kind?: LedgerKind | undefined;
  serviceCode?: string | undefined;
  /** Instants bounding `created_at` (from inclusive, to exclusive). */
  from?: Date | undefined;
  to?: Date | undefined;
}

export interface LedgerRow {
  id: number;
  kind: LedgerKind;
  amount_fen: number;
  balance_after_fen: number;
  order_id: number | null;
  order_no: string | null;
  service_code: string | null;
  units: number | null;
  description: string;
  created_at: Date;
  created_by_name: string | null;
}

function whereOf(tenantId: number, f: LedgerFilter): SQL {
  const parts = [sql`l.tenant_id = ${tenantId}`];
  if (f.kind) parts.push(sql`l.kind = ${f.kind}`);
  if (f.serviceCode) parts.push(sql`l.service_code = ${f.serviceCode}`);
  if (f.from) parts.push(sql`l.created_at >= ${f.from}`);
  if (f.to) parts.push(sql`l.created_at < ${f.to}`);
  return sql.join(parts, sql` and `);
}

function toLedgerRow(r: Record<string, unknown>): LedgerRow {
  return {
    id: Number(r.id),
    kind: r.kind as LedgerKind,
    amount_fen: Number(r.amount_fen),
    balance_after_fen: Number(r.balance_after_fen),
    order_id: r.order_id === null ? null : Number(r.order_id),
    order_no: (r.order_no as string | null) ?? null,
    service_code: (r.service_code as string | null) ?? null,
    units: r.units === null || r.units === undefined ? null : Number(r.units),
    description: r.description as string,
    created_at: new Date(r.created_at as string),
    created_by_name: (r.created_by_name as string | null) ?? null,
  };
}

/** A page of the ledger, newest first (the primary key walked backwards), with the filter's total. */
export async function ledgerPage(
  db: DbOrTx,
  tenantId: number,
  f: LedgerFilter,
  limit: number,
  offset: number,
): Promise<{ rows: LedgerRow[]; total: number }> {
  const where = whereOf(tenantId, f);
  const [rows, [count]] = await Promise.all([
    rowsOf<Record<string, unknown>>(
      db,
      sql`select l.id, l.kind, l.amount_fen, l.balance_after_fen, l.order_id, o.order_no, l.service_code, l.units,
                 l.description, l.created_at, u.name as created_by_name
          from balance_ledger l
          left join orders o on o.tenant_id = l.tenant_id and o.id = l.order_id
          left join users u on u.tenant_id = l.tenant_id and u.id = l.created_by
          where ${where}
          order by l.id desc limit ${limit} offset ${offset}`,
    ),
    rowsOf<{ n: string | number }>(db, sql`select count(*) as n from balance_ledger l where ${where}`),
  ]);
  return { rows: rows.map(toLedgerRow), total: Number(count?.n ?? 0) };
}

/** Every ledger row of the filter, newest first, 1,000 at a time (exports). */
export async function* ledgerRows(db: DbOrTx, tenantId: number, f: LedgerFilter): AsyncGenerator<LedgerRow> {
  let before = Number.MAX_SAFE_INTEGER;
  for (;;) {
    const rows = await rowsOf<Record<string, unknown>>(
      db,
      sql`select l.id, l.kind, l.amount_fen, l.balance_after_fen, l.order_id, o.order_no, l.service_code, l.units,
                 l.description, l.created_at, u.name as created_by_name
          from balance_ledger l
          left join orders o on o.tenant_id = l.tenant_id and o.id = l.order_id
          left join users u on u.tenant_id = l.tenant_id and u.id = l.created_by
          where ${whereOf(tenantId, f)} and l.id < ${before}
          order by l.id desc limit 1000`,
    );
    for (const r of rows) yield toLedgerRow(r);
    if (rows.length < 1000) return;
    before = Number(rows[rows.length - 1]!.id);
  }
}

/**
 * Whether the ledger replays the balance: each row's balance after equals the previous row's plus its amount,
 * and the last equals the balance. Used by tests and the benchmark.
 */
export async function auditLedger(
  db: DbOrTx,
  tenantId: number,
): Promise<{ ok: boolean; rows: number; balanceFen: number; sumFen: number; breaks: number }> {
  const [r] = await rowsOf<{ rows: string | number; sum: string | number | null; breaks: string | number }>(
    db,
    sql`select count(*) as rows, sum(amount_fen) as sum,
               count(*) filter (where balance_after_fen <> coalesce(prev, 0) + amount_fen) as breaks
        from (select amount_fen, balance_after_fen,
                     lag(balance_after_fen) over (order by id) as prev
              from balance_ledger where tenant_id = ${tenantId}) x`,
  );
  const balance = await balanceOf(db, tenantId);
  const sumFen = Number(r?.sum ?? 0);
  const breaks = Number(r?.breaks ?? 0);
  return {
    ok: breaks === 0 && sumFen === balance.fen,
    rows: Number(r?.rows ?? 0),
    balanceFen: balance.fen,
    sumFen,
    breaks,
  };
}
