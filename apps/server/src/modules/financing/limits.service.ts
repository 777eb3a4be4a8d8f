import { and, eq, sql, type SQL } from 'drizzle-orm';
import { fenToYuan, yuanToFen } from '@fleetdesk/contracts/common';
import type { LimitView, RentLimits, SaveLimitInput } from '@fleetdesk/contracts/financing';
import type { LimitListQuery } from '@fleetdesk/contracts/financing';
import type { z } from 'zod';
import { scopeFor } from '../../core/access.js';
import { rawIsoOrNull, rawNumber, rowsOf, type DbOrTx, type RawNumber, type RawTime } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { ConflictError, NotFoundError } from '../../core/errors.js';
import { containsPattern } from '../../core/like.js';
import { financingLimits } from '../../db/schema/financing.js';
import { rents } from '../../db/schema/tenancy.js';
import type { FinancierRow, Side } from './financier.js';

/**
 * Credit limits (docs/financing.md, "Credit limits"): per rent and financier, set by the financier. Used = the
 * amounts financed of applications in S5-S7 less the principal repaid; frozen = the amounts financed of S2-S4
 * (submitted, not yet lent); available = limit - used - frozen.
 */
interface LimitRaw {
  tenant_id: RawNumber;
  tenant_name: string;
  rent_id: RawNumber;
  rent_name: string;
  financier_id: RawNumber;
  financier_name: string;
  limit_fen: RawNumber;
  used_fen: RawNumber | null;
  frozen_fen: RawNumber | null;
  set_by_name: string | null;
  updated_at: RawTime | null;
}

/** The usage columns of the limit rows `l` (an alias of financing_limits). */
const usage = sql`
  (select coalesce(sum((a.quote->>'financedFen')::bigint), 0) from financing_applications a
     where a.tenant_id = l.tenant_id and a.rent_id = l.rent_id and a.financier_id = l.financier_id
       and a.state in ('S5', 'S6', 'S7'))
  - (select coalesce(sum(x.principal_fen), 0) from financing_repayment_lines x
       join financing_repayments r on r.tenant_id = x.tenant_id and r.id = x.repayment_id
       join financing_applications a on a.tenant_id = r.tenant_id and a.id = r.application_id
     where r.tenant_id = l.tenant_id and r.rent_id = l.rent_id and r.financier_id = l.financier_id
       and r.state = 'paid' and a.state in ('S5', 'S6', 'S7')) as used_fen,
  (select coalesce(sum((a.quote->>'financedFen')::bigint), 0) from financing_applications a
     where a.tenant_id = l.tenant_id and a.rent_id = l.rent_id and a.financier_id = l.financier_id
       and a.state in ('S2', 'S3', 'S4')) as frozen_fen`;

async function limitRows(db: DbOrTx, where: SQL, paging?: { limit: number; offset: number }): Promise<LimitView[]> {
  const rows = await rowsOf<LimitRaw>(
    db,
    sql`select l.tenant_id, t.name as tenant_name, l.rent_id, r.name as rent_name, l.financier_id,
          f.name as financier_name, l.limit_fen, l.set_by_name, l.updated_at, ${usage}
        from financing_limits l
        join tenants t on t.id = l.tenant_id
        join rents r on r.tenant_id = l.tenant_id and r.id = l.rent_id
        join financiers f on f.id = l.financier_id
        where ${where}
        order by l.tenant_id, l.rent_id, l.financier_id
        ${paging ? sql`limit ${paging.limit} offset ${paging.offset}` : sql``}`,
  );
  return rows.map((r) => {
    const total = rawNumber(r.limit_fen);
    const used = rawNumber(r.used_fen);
    const frozen = rawNumber(r.frozen_fen);
    return {
      tenantId: rawNumber(r.tenant_id),
      tenantName: r.tenant_name,
      rentId: rawNumber(r.rent_id),
      rentName: r.rent_name,
      financierId: rawNumber(r.financier_id),
      financierName: r.financier_name,
      total: fenToYuan(total),
      used: fenToYuan(used),
      frozen: fenToYuan(frozen),
      available: fenToYuan(total - used - frozen),
      setByName: r.set_by_name,
      updatedAt: rawIsoOrNull(r.updated_at),
    };
  });
}

function sums(limits: LimitView[]) {
  const add = (k: 'total' | 'used' | 'frozen' | 'available') =>
    fenToYuan(limits.reduce((s, l) => s + yuanToFen(l[k]), 0));
  return { total: add('total'), used: add('used'), frozen: add('frozen'), available: add('available') };
}

/** The limits a side sees: the applicant's rents in his scope; the financier's own limits. */
export async function limitsOfSide(db: DbOrTx, side: Side, rentId?: number): Promise<LimitView[]> {
  if (side.kind === 'financier') {
    return limitRows(
      db,
      rentId
        ? sql`l.financier_id = ${side.financier.id} and l.rent_id = ${rentId}`
        : sql`l.financier_id = ${side.financier.id}`,
    );
  }
  const scope = scopeFor(side.ctx, rentId);
  return limitRows(
    db,
    sql`l.tenant_id = ${scope.tenantId} and l.rent_id = any(${`{${scope.rentIds.join(',')}}`}::int8[])`,
  );
}

/** `rentFinancingLimit/get/rent/{id}`: a rent's limits, one per financier, and their sums. */
export async function rentLimits(deps: Pick<AppDeps, 'db'>, side: Side, rentId: number): Promise<RentLimits> {
  const limits = await limitsOfSide(deps.db, side, rentId);
  if (side.kind === 'financier' && limits.length === 0) throw new NotFoundError('error.financing.rentNotFound');
  return { rentId, ...sums(limits), limits };
}

export function limitSums(limits: LimitView[]) {
  return sums(limits);
}

/**
 * Locks a rent's limit with a financier and answers what is available (fen), for a submission: concurrent
 * submissions wait on the row's lock, so their sum never passes the limit. No limit: 409 `error.financing.noLimit`.
 */
export async function lockAvailable(tx: DbOrTx, tenantId: number, rentId: number, financierId: number) {
  const [row] = await tx
    .select()
    .from(financingLimits)
    .where(
      and(
        eq(financingLimits.tenantId, tenantId),
        eq(financingLimits.rentId, rentId),
        eq(financingLimits.financierId, financierId),
      ),
    )
    .for('update');
  if (!row) throw new ConflictError('error.financing.noLimit');
  const [view] = await limitRows(
    tx,
    sql`l.tenant_id = ${tenantId} and l.rent_id = ${rentId} and l.financier_id = ${financierId}`,
  );
  return yuanToFen(view!.available);
}

/** The financier's limits (its work list of applicants), paged. */
export async function listLimits(
  deps: Pick<AppDeps, 'db'>,
  financier: FinancierRow,
  q: z.infer<typeof LimitListQuery>,
): Promise<{ rows: LimitView[]; total: number }> {
  const where = sql`l.financier_id = ${financier.id}
    ${q.tenantId ? sql`and l.tenant_id = ${q.tenantId}` : sql``}
    ${
      q.keyword
        ? sql`and (t.name ilike ${containsPattern(q.keyword)} or r.name ilike ${containsPattern(q.keyword)})`
        : sql``
    }`;
  const rows = await limitRows(deps.db, where, { limit: q.pageSize, offset: (q.pageNum - 1) * q.pageSize });
  const [n] = await rowsOf<{ n: RawNumber }>(
    deps.db,
    sql`select count(*) as n from financing_limits l join tenants t on t.id = l.tenant_id
        join rents r on r.tenant_id = l.tenant_id and r.id = l.rent_id where ${where}`,
  );
  return { rows, total: rawNumber(n?.n ?? 0) };
}

/** The financier sets a rent's limit (any rental tenant's rent: it grants the credit). */
export async function saveLimit(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  side: { ctx: { name: string }; financier: FinancierRow },
  input: SaveLimitInput,
): Promise<LimitView> {
  const [rent] = await deps.db
    .select({ id: rents.id })
    .from(rents)
    .where(and(eq(rents.tenantId, input.tenantId), eq(rents.id, input.rentId)));
  if (!rent || input.tenantId === side.financier.id) throw new NotFoundError('error.financing.rentNotFound');
  const now = deps.clock.now();
  const values = {
    tenantId: input.tenantId,
    rentId: input.rentId,
    financierId: side.financier.id,
    limitFen: yuanToFen(input.limit),
    setByName: side.ctx.name,
    updatedAt: now,
  };
  await deps.db
    .insert(financingLimits)
    .values(values)
    .onConflictDoUpdate({
      target: [financingLimits.tenantId, financingLimits.rentId, financingLimits.financierId],
      set: { limitFen: values.limitFen, setByName: values.setByName, updatedAt: now },
    });
  const [view] = await limitRows(
    deps.db,
    sql`l.tenant_id = ${input.tenantId} and l.rent_id = ${input.rentId} and l.financier_id = ${side.financier.id}`,
  );
  return view!;
}
