import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { fenToYuan, yuanToFen } from '@fleetdesk/contracts/common';
import type {
  CarTypeInput,
  CarTypeQuery,
  CarTypeWithProduct,
  FinancingCarType,
  FinancingProduct,
  ProductInput,
} from '@fleetdesk/contracts/financing';
import type { DueTiming, RepayMethod } from '@fleetdesk/contracts/financing-schedule';
import { isUniqueViolation, type DbOrTx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { ConflictError, invalidField, NotFoundError } from '../../core/errors.js';
import { containsPattern } from '../../core/like.js';
import { financiers, financingCarTypes, financingLimits, financingProducts } from '../../db/schema/financing.js';
import type { FinancierRow, Side } from './financier.js';

/**
 * Financing products and the car types they finance (docs/financing.md, "Products"): kept by the financier,
 * read by the applicants that have a limit with it.
 */
type ProductRow = typeof financingProducts.$inferSelect;

export function toProduct(r: ProductRow, financierName: string): FinancingProduct {
  return {
    id: r.id,
    financierId: r.tenantId,
    financierName,
    code: r.code,
    name: r.name,
    nameEn: r.nameEn,
    method: r.method as RepayMethod,
    dueMode: r.dueMode as DueTiming,
    repayDay: r.repayDay,
    annualRate: Number(r.annualRate),
    terms: r.terms,
    minDownRatio: Number(r.minDownRatio),
    maxDownRatio: Number(r.maxDownRatio),
    maxBalloonRatio: Number(r.maxBalloonRatio),
    lateFeeDailyRate: Number(r.lateFeeDailyRate),
    gpsFee: fenToYuan(r.gpsFeeFen),
    mortgageFee: fenToYuan(r.mortgageFeeFen),
    serviceFeeRate: Number(r.serviceFeeRate),
    depositRatio: Number(r.depositRatio),
    breakRateEarly: Number(r.breakRateEarly),
    breakRateLate: Number(r.breakRateLate),
    breakFloor: fenToYuan(r.breakFloorFen),
    carTypes: r.carTypes,
    active: r.active,
    version: r.version,
  };
}

/** The financiers whose products a side sees: its own (financier), those it has a limit with (applicant). */
async function financierIdsOf(db: DbOrTx, side: Side): Promise<number[]> {
  if (side.kind === 'financier') return [side.financier.id];
  const rows = await db
    .selectDistinct({ id: financingLimits.financierId })
    .from(financingLimits)
    .where(eq(financingLimits.tenantId, side.ctx.tenantId));
  return rows.map((r) => r.id);
}

export async function listProducts(deps: Pick<AppDeps, 'db'>, side: Side): Promise<FinancingProduct[]> {
  const ids = await financierIdsOf(deps.db, side);
  if (!ids.length) return [];
  const where: SQL[] = [inArray(financingProducts.tenantId, ids)];
  if (side.kind === 'applicant') where.push(eq(financingProducts.active, true));
  const rows = await deps.db
    .select({ p: financingProducts, name: financiers.name })
    .from(financingProducts)
    .innerJoin(financiers, eq(financiers.id, financingProducts.tenantId))
    .where(and(...where))
    .orderBy(asc(financingProducts.tenantId), asc(financingProducts.code));
  return rows.map((r) => toProduct(r.p, r.name));
}

/** A product an application may use: active, of the given financier (or any the applicant may use). */
export async function productForApplication(db: DbOrTx, side: Side, productId: number) {
  const ids = await financierIdsOf(db, side);
  const [row] = ids.length
    ? await db
        .select({ p: financingProducts, name: financiers.name })
        .from(financingProducts)
        .innerJoin(financiers, eq(financiers.id, financingProducts.tenantId))
        .where(
          and(
            inArray(financingProducts.tenantId, ids),
            eq(financingProducts.id, productId),
            eq(financingProducts.active, true),
          ),
        )
    : [];
  if (!row) throw invalidField('productId', 'error.financing.productNotFound');
  return { row: row.p, product: toProduct(row.p, row.name) };
}

/** A product by its financier and id, whatever its state (an application's terms). */
export async function productById(db: DbOrTx, financierId: number, productId: number) {
  const [row] = await db
    .select({ p: financingProducts, name: financiers.name })
    .from(financingProducts)
    .innerJoin(financiers, eq(financiers.id, financingProducts.tenantId))
    .where(and(eq(financingProducts.tenantId, financierId), eq(financingProducts.id, productId)));
  if (!row) throw new NotFoundError('error.financing.productNotFound');
  return toProduct(row.p, row.name);
}

export async function saveProduct(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  financier: FinancierRow,
  input: z.infer<typeof ProductInput>,
): Promise<FinancingProduct> {
  const values = {
    code: input.code,
    name: input.name,
    nameEn: input.nameEn,
    method: input.method,
    dueMode: input.dueMode,
    repayDay: input.repayDay ?? null,
    annualRate: input.annualRate,
    terms: [...input.terms].sort((a, b) => a - b),
    minDownRatio: input.minDownRatio,
    maxDownRatio: input.maxDownRatio,
    maxBalloonRatio: input.maxBalloonRatio,
    lateFeeDailyRate: input.lateFeeDailyRate,
    gpsFeeFen: yuanToFen(input.gpsFee),
    mortgageFeeFen: yuanToFen(input.mortgageFee),
    serviceFeeRate: input.serviceFeeRate,
    depositRatio: input.depositRatio,
    breakRateEarly: input.breakRateEarly,
    breakRateLate: input.breakRateLate,
    breakFloorFen: yuanToFen(input.breakFloor),
    carTypes: input.carTypes,
    active: input.active,
    updatedAt: deps.clock.now(),
  };
  try {
    let row: ProductRow | undefined;
    if (input.id) {
      [row] = await deps.db
        .update(financingProducts)
        .set({ ...values, version: sql`${financingProducts.version} + 1` })
        .where(
          and(
            eq(financingProducts.tenantId, financier.id),
            eq(financingProducts.id, input.id),
            input.version === undefined ? undefined : eq(financingProducts.version, input.version),
          ),
        )
        .returning();
      if (!row) {
        const [exists] = await deps.db
          .select({ id: financingProducts.id })
          .from(financingProducts)
          .where(and(eq(financingProducts.tenantId, financier.id), eq(financingProducts.id, input.id)));
        if (!exists) throw new NotFoundError('error.financing.productNotFound');
        throw new ConflictError('error.financing.version');
      }
    } else {
      [row] = await deps.db
        .insert(financingProducts)
        .values({ tenantId: financier.id, ...values })
        .returning();
    }
    return toProduct(row!, financier.name);
  } catch (err) {
    if (isUniqueViolation(err, 'financing_products_code_uq')) throw invalidField('code', 'error.financing.productCode');
    throw err;
  }
}

function toCarType(r: typeof financingCarTypes.$inferSelect, financierName: string): FinancingCarType {
  return {
    id: r.id,
    financierId: r.tenantId,
    financierName,
    productId: r.productId,
    brand: r.brand,
    series: r.series,
    modelName: r.modelName,
    guidePrice: fenToYuan(r.guidePriceFen),
    active: r.active,
  };
}

/** `financingCarType/list`: the car types a side sees, each with its product. */
export async function listCarTypes(
  deps: Pick<AppDeps, 'db'>,
  side: Side,
  q: z.infer<typeof CarTypeQuery>,
): Promise<CarTypeWithProduct[]> {
  const ids = (await financierIdsOf(deps.db, side)).filter((id) => !q.financierId || id === q.financierId);
  if (!ids.length) return [];
  const where: (SQL | undefined)[] = [inArray(financingCarTypes.tenantId, ids)];
  if (side.kind === 'applicant') where.push(eq(financingCarTypes.active, true), eq(financingProducts.active, true));
  if (q.keyword) {
    const p = containsPattern(q.keyword);
    where.push(
      or(ilike(financingCarTypes.brand, p), ilike(financingCarTypes.series, p), ilike(financingCarTypes.modelName, p)),
    );
  }
  const rows = await deps.db
    .select({ t: financingCarTypes, p: financingProducts, name: financiers.name })
    .from(financingCarTypes)
    .innerJoin(
      financingProducts,
      and(
        eq(financingProducts.tenantId, financingCarTypes.tenantId),
        eq(financingProducts.id, financingCarTypes.productId),
      ),
    )
    .innerJoin(financiers, eq(financiers.id, financingCarTypes.tenantId))
    .where(and(...where))
    .orderBy(asc(financingCarTypes.brand), asc(financingCarTypes.series), asc(financingCarTypes.modelName))
    .limit(500);
  return rows.map((r) => ({ ...toCarType(r.t, r.name), product: toProduct(r.p, r.name) }));
}

export async function saveCarType(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  financier: FinancierRow,
  input: z.infer<typeof CarTypeInput>,
): Promise<FinancingCarType> {
  const [product] = await deps.db
    .select({ id: financingProducts.id })
    .from(financingProducts)
    .where(and(eq(financingProducts.tenantId, financier.id), eq(financingProducts.id, input.productId)));
  if (!product) throw invalidField('productId', 'error.financing.productNotFound');
  const values = {
    productId: input.productId,
    brand: input.brand,
    series: input.series,
    modelName: input.modelName,
    guidePriceFen: yuanToFen(input.guidePrice),
    active: input.active,
    updatedAt: deps.clock.now(),
  };
  const [row] = input.id
    ? await deps.db
        .update(financingCarTypes)
        .set(values)
        .where(and(eq(financingCarTypes.tenantId, financier.id), eq(financingCarTypes.id, input.id)))
        .returning()
    : await deps.db
        .insert(financingCarTypes)
        .values({ tenantId: financier.id, ...values })
        .returning();
  if (!row) throw new NotFoundError();
  return toCarType(row, financier.name);
}
