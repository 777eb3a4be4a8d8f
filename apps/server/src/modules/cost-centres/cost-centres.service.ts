import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  COST_CATEGORIES,
  monthsBetween,
  type CostCategory,
  type CostCentre,
  type CostCentreInput,
  type CostReport,
  type Posting,
  type ReportQuery,
} from '@fleetdesk/contracts/cost-centres';
import { fenToYuan, type PageQuery } from '@fleetdesk/contracts/common';
import type { RequestContext } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { pgErrorOf, rowsOf, type DbOrTx, type Tx } from '../../core/db.js';
import { page, offsetOf } from '../../core/envelope.js';
import { ConflictError, invalidField, NotFoundError } from '../../core/errors.js';
import { costCentres, costPostings } from '../../db/schema/office.js';
import './cost-centres.messages.js';

type Ctx = Pick<RequestContext, 'tenantId' | 'userId'>;

export async function listCentres(db: DbOrTx, tenantId: number): Promise<CostCentre[]> {
  const rows = await db
    .select({
      id: costCentres.id,
      parentId: costCentres.parentId,
      kind: costCentres.kind,
      code: costCentres.code,
      name: costCentres.name,
      enabled: costCentres.enabled,
      sort: costCentres.sort,
      posted: sql<string>`(select coalesce(sum(p.amount_fen), 0) from cost_postings p
        where p.tenant_id = cost_centres.tenant_id and p.centre_id = cost_centres.id)`,
    })
    .from(costCentres)
    .where(eq(costCentres.tenantId, tenantId))
    .orderBy(asc(costCentres.sort), asc(costCentres.id));
  return rows.map(({ posted, ...r }) => ({
    ...r,
    kind: r.kind as CostCentre['kind'],
    postedTotal: fenToYuan(Number(posted)),
  }));
}

export async function findCentre(db: DbOrTx, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(costCentres)
    .where(and(eq(costCentres.tenantId, tenantId), eq(costCentres.id, id)));
  return row;
}

function subtree(all: readonly { id: number; parentId: number | null }[], root: number): number[] {
  const out = [root];
  for (let i = 0; i < out.length; i++) for (const c of all) if (c.parentId === out[i]) out.push(c.id);
  return out;
}

function codeTaken(err: unknown, input: CostCentreInput): never {
  if (pgErrorOf(err).constraint === 'cost_centres_code_uq')
    throw invalidField('code', 'costCentre.codeTaken', { code: input.code });
  throw err;
}

export async function createCentre(deps: AppDeps, ctx: Ctx, input: CostCentreInput): Promise<CostCentre> {
  if (input.parentId !== null && !(await findCentre(deps.db, ctx.tenantId, input.parentId)))
    throw invalidField('parentId', 'costCentre.notFound');
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(costCentres)
    .values({ tenantId: ctx.tenantId, ...input, createdAt: now, updatedAt: now })
    .returning({ id: costCentres.id })
    .catch((err: unknown) => codeTaken(err, input));
  return (await listCentres(deps.db, ctx.tenantId)).find((c) => c.id === row!.id)!;
}

export async function updateCentre(deps: AppDeps, ctx: Ctx, id: number, input: CostCentreInput) {
  const before = await findCentre(deps.db, ctx.tenantId, id);
  if (!before) throw new NotFoundError('costCentre.notFound');
  if (input.parentId !== null) {
    const all = await listCentres(deps.db, ctx.tenantId);
    if (!all.some((c) => c.id === input.parentId)) throw invalidField('parentId', 'costCentre.notFound');
    if (subtree(all, id).includes(input.parentId)) throw new ConflictError('costCentre.cycle');
  }
  await deps.db
    .update(costCentres)
    .set({ ...input, updatedAt: deps.clock.now() })
    .where(and(eq(costCentres.tenantId, ctx.tenantId), eq(costCentres.id, id)))
    .catch((err: unknown) => codeTaken(err, input));
  const after = (await listCentres(deps.db, ctx.tenantId)).find((c) => c.id === id)!;
  return { before, after };
}

/** Deletes a centre without children and without postings (a centre with costs can be disabled). */
export async function deleteCentre(deps: AppDeps, ctx: Ctx, id: number) {
  const centre = await findCentre(deps.db, ctx.tenantId, id);
  if (!centre) throw new NotFoundError('costCentre.notFound');
  const [children] = await deps.db
    .select({ n: count() })
    .from(costCentres)
    .where(and(eq(costCentres.tenantId, ctx.tenantId), eq(costCentres.parentId, id)));
  if (children!.n) throw new ConflictError('costCentre.hasChildren', { count: children!.n });
  const [posted] = await deps.db
    .select({ n: count() })
    .from(costPostings)
    .where(and(eq(costPostings.tenantId, ctx.tenantId), eq(costPostings.centreId, id)));
  if (posted!.n) throw new ConflictError('costCentre.hasPostings', { count: posted!.n });
  await deps.db
    .delete(costCentres)
    .where(and(eq(costCentres.tenantId, ctx.tenantId), eq(costCentres.id, id)))
    .catch((err: unknown) => {
      // A policy, an accident or a violation that names it as its own centre (composite foreign keys).
      if (pgErrorOf(err).code === '23503') throw new ConflictError('costCentre.inUse', { name: centre.name });
      throw err;
    });
  return centre;
}

export interface CostPosting {
  centreId: number;
  category: CostCategory;
  /** Where the cost comes from (`approval`, `maintenance`, `insurance`...) and its id there: posting twice books once. */
  sourceType: string;
  sourceId: string;
  amountFen: number;
  /** YYYY-MM-DD: the month of the report it counts in. */
  occurredOn: string;
  description: string;
  createdBy: number | null;
}

/**
 * THE posting call: every area books its costs here, in its own transaction. The centre must exist and be
 * enabled (a field error on `field` otherwise); the same (source type, source id) is booked only once.
 * Answers whether it was booked now.
 */
export async function postCost(tx: Tx | DbOrTx, tenantId: number, posting: CostPosting, field = 'costCentreId') {
  await checkCentre(tx, tenantId, posting.centreId, field);
  const rows = await tx
    .insert(costPostings)
    .values({ tenantId, ...posting })
    .onConflictDoNothing()
    .returning({ id: costPostings.id });
  return rows.length > 0;
}

/** A centre a record or a setting may name: one of the tenant's, enabled (else postCost's field error on `field`). */
export async function checkCentre(db: DbOrTx, tenantId: number, centreId: number, field = 'costCentreId') {
  const centre = await findCentre(db, tenantId, centreId);
  if (!centre) throw invalidField(field, 'costCentre.notFound');
  if (!centre.enabled) throw invalidField(field, 'costCentre.disabled', { name: centre.name });
  return centre;
}

/**
 * A vehicle cost (insurance premium, accident, violation fine): posted to the record's own centre, else to the
 * tenant's vehicle cost centre (`costs.vehicleCostCentreId` of the rules, read by the caller with `tenantRules`),
 * else not at all. Same transaction and same once-per-source rule as `postCost`; a zero amount posts nothing.
 * A default centre disabled since it was chosen refuses the write like a record's own (field `field`).
 */
export async function postVehicleCost(
  tx: Tx | DbOrTx,
  tenantId: number,
  centres: { own: number | null | undefined; fallback: number | null },
  posting: Omit<CostPosting, 'centreId'>,
  field = 'costCentreId',
): Promise<boolean> {
  const centreId = centres.own ?? centres.fallback;
  if (centreId == null || posting.amountFen <= 0) return false;
  return postCost(tx, tenantId, { ...posting, centreId }, field);
}

export async function listPostings(
  db: DbOrTx,
  tenantId: number,
  q: PageQuery & { centreId?: number | undefined; category?: CostCategory | undefined; month?: string | undefined },
) {
  const filters = [sql`p.tenant_id = ${tenantId}`];
  if (q.centreId) {
    const ids = subtree(await listCentres(db, tenantId), q.centreId);
    filters.push(
      sql`p.centre_id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    );
  }
  if (q.category) filters.push(sql`p.category = ${q.category}`);
  if (q.month) filters.push(sql`to_char(p.occurred_on, 'YYYY-MM') = ${q.month}`);
  const rows = await rowsOf<{
    id: number;
    centre_id: number;
    centre_name: string;
    category: CostCategory;
    source_type: string;
    source_id: string;
    amount_fen: string | number;
    occurred_on: string;
    description: string;
    created_at: Date | string;
    total: string | number;
  }>(
    db,
    sql`select p.id, p.centre_id, c.name as centre_name, p.category, p.source_type, p.source_id, p.amount_fen,
        to_char(p.occurred_on, 'YYYY-MM-DD') as occurred_on, p.description, p.created_at, count(*) over () as total
      from cost_postings p join cost_centres c on c.tenant_id = p.tenant_id and c.id = p.centre_id
      where ${sql.join(filters, sql` and `)}
      order by p.occurred_on desc, p.id desc limit ${q.pageSize} offset ${offsetOf(q)}`,
  );
  const out: Posting[] = rows.map((r) => ({
    id: Number(r.id),
    centreId: Number(r.centre_id),
    centreName: r.centre_name,
    category: r.category,
    sourceType: r.source_type,
    sourceId: r.source_id,
    amount: fenToYuan(Number(r.amount_fen)),
    occurredOn: r.occurred_on,
    description: r.description,
    createdAt: new Date(r.created_at).toISOString(),
  }));
  return page(out, rows.length ? Number(rows[0]!.total) : 0, q);
}

/** Monthly totals per centre (each with everything under it) and per category of the chosen centre. */
export async function costReport(db: DbOrTx, tenantId: number, q: ReportQuery): Promise<CostReport> {
  const months = monthsBetween(q.from, q.to);
  const centres = await listCentres(db, tenantId);
  if (q.centreId && !centres.some((c) => c.id === q.centreId)) throw new NotFoundError('costCentre.notFound');
  const sums = await rowsOf<{ centre_id: number; category: CostCategory; month: string; fen: string | number }>(
    db,
    sql`select centre_id, category, to_char(occurred_on, 'YYYY-MM') as month, sum(amount_fen) as fen
      from cost_postings where tenant_id = ${tenantId}
        and occurred_on >= ${`${q.from}-01`}::date and occurred_on < (${`${q.to}-01`}::date + interval '1 month')
      group by 1, 2, 3`,
  );
  const monthIndex = new Map(months.map((m, i) => [m, i]));
  const under = new Map(centres.map((c) => [c.id, new Set(subtree(centres, c.id))]));
  const centreRows = centres.map((c) => {
    const amounts = months.map(() => 0);
    for (const s of sums) {
      if (under.get(c.id)!.has(Number(s.centre_id))) amounts[monthIndex.get(s.month)!]! += Number(s.fen);
    }
    return {
      id: c.id,
      parentId: c.parentId,
      name: c.name,
      kind: c.kind,
      amounts: amounts.map(fenToYuan),
      total: fenToYuan(amounts.reduce((a, b) => a + b, 0)),
    };
  });
  const scope = q.centreId ? under.get(q.centreId)! : null;
  const categories = COST_CATEGORIES.map((category) => {
    const amounts = months.map(() => 0);
    for (const s of sums) {
      if (s.category === category && (!scope || scope.has(Number(s.centre_id))))
        amounts[monthIndex.get(s.month)!]! += Number(s.fen);
    }
    return { category, amounts: amounts.map(fenToYuan), total: fenToYuan(amounts.reduce((a, b) => a + b, 0)) };
  });
  return { months, centres: centreRows, categories };
}
