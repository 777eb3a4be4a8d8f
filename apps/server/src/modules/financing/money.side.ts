import type { FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db.js';
import { ForbiddenError } from '../../core/errors.js';
import { actorOf, lockForSide, rowForSide, type Actor, type ApplicationRow } from './applications.service.js';
import type { AppDeps } from '../../core/deps.js';
import { logFinancierRead, type Side } from './financier.js';

/**
 * The money side's uses of the applications side's pieces (`financier.ts` sides, `applications.service.ts` rows
 * and actors): the scope of the money tables (instalments, repayments, waivers...) by a side, and the request a
 * financier's read is logged with.
 */
export type { Side };
export type { ApplicationRow };

/** What a financier's read is logged with (`logFinancierRead`). */
export type ReadRequest = Pick<FastifyRequest, 'ctx' | 'url' | 'ip'>;

/**
 * The condition that scopes rows of alias `a` (a money table with tenant_id, rent_id, financier_id) to a side:
 * the applicant's tenant and data scope, or the financier's own records.
 */
export function scopeOf(side: Side, alias: string): SQL {
  const a = sql.raw(alias);
  if (side.kind === 'financier') return sql`${a}.financier_id = ${side.financier.id}`;
  return sql`${a}.tenant_id = ${side.ctx.tenantId} and ${a}.rent_id = any(${`{${side.ctx.rentIds.join(',')}}`}::int8[])`;
}

/** Refuses a call only the other side may make (403 `error.financing.side`). */
export function requireSide(side: Side, kind: Side['kind']): void {
  if (side.kind !== kind) throw new ForbiddenError('error.financing.side');
}

/** Who acts: the side's user, or the system (a payment provider's notification, a job). */
export function actorFor(side: Side | null): Actor & { lang?: Side['ctx']['lang'] } {
  if (!side) return { side: 'system', userId: null, name: null };
  return { ...actorOf(side.ctx, side.kind), lang: side.ctx.lang };
}

/** One application the side may see (locked with `lock`), or 404. */
export async function applicationOf(db: DbOrTx, side: Side, id: number, lock = false): Promise<ApplicationRow> {
  return lock ? lockForSide(db, side, id) : rowForSide(db, side, id);
}

/** A financier's read of a money record or list, in its operation log (`logFinancierRead`); applicants' are not. */
export async function logRead(
  deps: Pick<AppDeps, 'db'>,
  side: Side,
  req: ReadRequest,
  target: { targetId: string | null; tenantId?: number | null; summary?: Record<string, unknown> },
): Promise<void> {
  if (side.kind === 'financier') await logFinancierRead(deps, req, { targetType: 'financing', ...target });
}
