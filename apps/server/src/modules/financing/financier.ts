import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { RequestContext } from '../../core/access.js';
import type { DbOrTx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { ForbiddenError } from '../../core/errors.js';
import { operationLogs } from '../../db/schema/audit.js';
import { financiers } from '../../db/schema/financing.js';
import './financing.messages.js';

/**
 * Which side a request is on (docs/financing.md, "Who is who"). A request is on the financier side when its
 * tenant is a row of `financiers`: the financier reads the financing tables of every tenant by
 * `financier_id = ctx.tenantId`, and nothing else of theirs. Any other tenant's request is the applicant's.
 */
export interface FinancierRow {
  id: number;
  name: string;
  nameEn: string;
}

export type Side =
  { kind: 'applicant'; ctx: RequestContext } | { kind: 'financier'; ctx: RequestContext; financier: FinancierRow };

const CACHE_MS = 30_000;
const cache = new Map<number, { at: number; row: FinancierRow | null }>();

/** The financier a tenant is, or null (a rental tenant); cached per process for 30 s. */
export async function financierOf(db: DbOrTx, ctx: Pick<RequestContext, 'tenantId'>): Promise<FinancierRow | null> {
  const hit = cache.get(ctx.tenantId);
  const now = Date.now();
  if (hit && now - hit.at < CACHE_MS) return hit.row;
  const [row] = await db
    .select({ id: financiers.id, name: financiers.name, nameEn: financiers.nameEn, active: financiers.active })
    .from(financiers)
    .where(eq(financiers.id, ctx.tenantId));
  const value = row && row.active ? { id: row.id, name: row.name, nameEn: row.nameEn } : null;
  cache.set(ctx.tenantId, { at: now, row: value });
  return value;
}

/** Forgets the cached side of a tenant (the seed and the tests make financiers). */
export function forgetFinancier(tenantId?: number): void {
  if (tenantId === undefined) cache.clear();
  else cache.delete(tenantId);
}

export async function sideOf(deps: Pick<AppDeps, 'db'>, ctx: RequestContext): Promise<Side> {
  const financier = await financierOf(deps.db, ctx);
  return financier ? { kind: 'financier', ctx, financier } : { kind: 'applicant', ctx };
}

/** A call only the applicant makes: 403 `error.financing.side` for a financier. */
export async function applicantSide(deps: Pick<AppDeps, 'db'>, ctx: RequestContext): Promise<RequestContext> {
  const side = await sideOf(deps, ctx);
  if (side.kind !== 'applicant') throw new ForbiddenError('error.financing.side');
  return ctx;
}

/** A call only the financier makes: 403 `error.financing.side` for a rental tenant. */
export async function financierSide(
  deps: Pick<AppDeps, 'db'>,
  ctx: RequestContext,
): Promise<{ ctx: RequestContext; financier: FinancierRow }> {
  const side = await sideOf(deps, ctx);
  if (side.kind !== 'financier') throw new ForbiddenError('error.financing.side');
  return { ctx, financier: side.financier };
}

/**
 * Writes a financier's read of a record or a list into the operation log (writes are logged by the audit hook
 * already): action `financing.read`, the target (an application code, or the list), and whose records they are.
 */
export async function logFinancierRead(
  deps: Pick<AppDeps, 'db'>,
  req: Pick<FastifyRequest, 'ctx' | 'url' | 'ip'>,
  target: { targetType: string; targetId?: string | null; tenantId?: number | null; summary?: Record<string, unknown> },
): Promise<void> {
  await deps.db.insert(operationLogs).values({
    tenantId: req.ctx.tenantId,
    rentId: req.ctx.rentId,
    userId: req.ctx.userId,
    username: req.ctx.username,
    action: 'financing.read',
    method: 'GET',
    path: req.url.split('?')[0] ?? req.url,
    targetType: target.targetType,
    targetId: target.targetId ?? null,
    summary: { recordTenantId: target.tenantId ?? null, ...target.summary },
    ip: req.ip,
  });
}
