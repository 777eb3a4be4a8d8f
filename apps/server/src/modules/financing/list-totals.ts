import { sql, type SQL } from 'drizzle-orm';
import { CountCache } from '../../core/count-cache.js';
import { rawNumber, rowsOf, type DbOrTx, type RawNumber } from '../../core/db.js';
import type { Side } from './financier.js';

/**
 * The totals of the financing lists, counted once per filter and version of the owner's lists (an applicant
 * tenant's, or a financier's across its applicants: `financing_list_versions`, bumped by triggers on every write
 * of applications, instalments and repayments, migration 0038). Counting a tenant's 1,300,000 repayments costs
 * PostgreSQL more than the whole page (bench/financing.bench.mjs); a repeated filter costs one key lookup.
 */
const totals = new CountCache();

/** Whose lists a side reads: the applicant's tenant, or the financier. */
export const listOwner = (side: Side): number => (side.kind === 'financier' ? side.financier.id : side.ctx.tenantId);

const versionOf = (ownerId: number) =>
  sql`coalesce((select x.version from financing_list_versions x where x.owner_id = ${ownerId}), 0)::int8`;

/** The total of `count` (a statement answering one row with the count as `n`) for the side's lists. */
export async function listTotal(db: DbOrTx, side: Side, count: SQL): Promise<number> {
  const owner = listOwner(side);
  const key = CountCache.keyOf(owner, count);
  const [now] = await rowsOf<{ v: RawNumber }>(db, sql`select ${versionOf(owner)} as v`);
  const cached = totals.get(key, rawNumber(now!.v));
  if (cached !== undefined) return cached;
  const [row] = await rowsOf<{ n: RawNumber; v: RawNumber }>(
    db,
    sql`select (select n from (${count}) c) as n, ${versionOf(owner)} as v`,
  );
  const total = rawNumber(row!.n);
  totals.set(key, rawNumber(row!.v), total);
  return total;
}
