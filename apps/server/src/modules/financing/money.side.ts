import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../core/access.js';
import { rowsOf, type DbOrTx } from '../../core/db.js';
import { ForbiddenError, NotFoundError } from '../../core/errors.js';
import { operationLogs } from '../../db/schema/index.js';

/**
 * The money side's view of who is calling (docs/financing.md "Who is who"): the applicant (a rental tenant, scoped
 * by its data scope) or the financier (by `financier_id`, across tenants, every read in the operation log).
 */
export type Side = 'applicant' | 'financier';

export interface Caller {
  side: Side;
  ctx: RequestContext;
}

/** The SQL condition that scopes rows of alias `a` (with tenant_id, rent_id, financier_id) to the caller. */
export function scopeOf(caller: Caller, alias: string) {
  const a = sql.raw(alias);
  if (caller.side === 'financier') return sql`${a}.financier_id = ${caller.ctx.tenantId}`;
  return sql`${a}.tenant_id = ${caller.ctx.tenantId} and ${a}.rent_id = any(${`{${caller.ctx.rentIds.join(',')}}`}::int8[])`;
}

/** Refuses a call only the other side may make (403 `error.financing.side`). */
export function requireSide(caller: Caller, side: Side): void {
  if (caller.side !== side) throw new ForbiddenError('error.financing.side');
}

/** An application as the money side reads it. */
export interface AppRow {
  tenant_id: number;
  id: number;
  rent_id: number;
  financier_id: number;
  product_id: number;
  code: string;
  state: string;
  version: number;
  plate: string | null;
  vin: string | null;
  car_type_name: string | null;
  quote: Record<string, unknown> | null;
  conditions: Record<string, unknown> | null;
  submitted_at: Date | null;
  disbursed_at: Date | null;
  settled_at: Date | null;
}

/**
 * One application the caller may see, or 404 (another tenant's, another rent's, another financier's). With
 * `lock`, the row is locked for the transaction.
 */
export async function applicationOf(db: DbOrTx, caller: Caller, id: number, lock = false): Promise<AppRow> {
  const [row] = await rowsOf<AppRow>(
    db,
    sql`select a.tenant_id, a.id, a.rent_id, a.financier_id, a.product_id, a.code, a.state, a.version, a.plate,
        a.vin, a.car_type_name, a.quote, a.conditions, a.submitted_at, a.disbursed_at, a.settled_at
      from financing_applications a where a.id = ${id} and ${scopeOf(caller, 'a')}
      ${lock ? sql`for update` : sql``}`,
  );
  if (!row) throw new NotFoundError('error.notFound');
  return normalise(row);
}

export function normalise(row: AppRow): AppRow {
  return {
    ...row,
    tenant_id: Number(row.tenant_id),
    id: Number(row.id),
    rent_id: Number(row.rent_id),
    financier_id: Number(row.financier_id),
    product_id: Number(row.product_id),
    version: Number(row.version),
  };
}

/**
 * A financier's read of a financing record, in the financier's operation log (action `financing.read`, target the
 * application code, the tenant whose record it is in the summary). Applicants' reads are not logged.
 */
export async function logFinancierRead(
  db: DbOrTx,
  caller: Caller,
  what: { path: string; code: string | null; tenantId?: number | null; summary?: Record<string, unknown> },
): Promise<void> {
  if (caller.side !== 'financier') return;
  await db.insert(operationLogs).values({
    tenantId: caller.ctx.tenantId,
    rentId: caller.ctx.rentId,
    userId: caller.ctx.userId,
    username: caller.ctx.username,
    action: 'financing.read',
    method: 'GET',
    path: what.path,
    targetType: 'financing',
    targetId: what.code,
    summary: { tenantId: what.tenantId ?? null, ...what.summary },
    ip: null,
  });
}

const FINANCIER_CACHE_MS = 30_000;
const financierCache = new Map<number, { financier: boolean; at: number }>();

/** Which side a request is on: a tenant that is a row of `financiers` is the financier (cached 30 s). */
export async function callerOf(db: DbOrTx, ctx: RequestContext): Promise<Caller> {
  const now = Date.now();
  const hit = financierCache.get(ctx.tenantId);
  let financier = hit && now - hit.at < FINANCIER_CACHE_MS ? hit.financier : undefined;
  if (financier === undefined) {
    const rows = await rowsOf<{ id: number }>(db, sql`select id from financiers where id = ${ctx.tenantId}`);
    financier = rows.length > 0;
    financierCache.set(ctx.tenantId, { financier, at: now });
  }
  return { side: financier ? 'financier' : 'applicant', ctx };
}
