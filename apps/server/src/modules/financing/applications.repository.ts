import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { fenToYuan } from '@fleetdesk/contracts/common';
import {
  endorsementSlots,
  quoteToYuan,
  type Application,
  type ApplicationListQuery,
  type ApplicationListRow,
  type ApplyItem,
  type ApplyItemCode,
  type FinancingState,
  type LoanState,
  type ReviewStage,
} from '@fleetdesk/contracts/financing';
import type { DbOrTx } from '../../core/db.js';
import { offsetOf } from '../../core/envelope.js';
import { containsPattern } from '../../core/like.js';
import {
  financiers,
  financingApplications as fa,
  financingApplyItems,
  financingProducts,
} from '../../db/schema/financing.js';
import { rents, tenants } from '../../db/schema/tenancy.js';
import type { Side } from './financier.js';

export type ApplicationRow = typeof fa.$inferSelect;

/**
 * The applications a side may see: the applicant's in his tenant and data scope (`ctx.rentIds`); the financier's
 * made to it, once they reached it (`submitted_at` is set when the internal approval passes). Anything else is
 * simply not found (404).
 */
export function sideScope(side: Side): SQL {
  if (side.kind === 'financier') return and(eq(fa.financierId, side.financier.id), isNotNull(fa.submittedAt))!;
  return and(eq(fa.tenantId, side.ctx.tenantId), inArray(fa.rentId, [...side.ctx.rentIds]))!;
}

const listColumns = {
  app: fa,
  tenantName: tenants.name,
  rentName: rents.name,
  financierName: financiers.name,
  productName: financingProducts.name,
};

function filters(side: Side, q: Partial<ApplicationListQuery>, days?: (d: string) => Date): SQL {
  const where: (SQL | undefined)[] = [sideScope(side)];
  const states = q.states?.length ? q.states : q.state ? [q.state] : null;
  if (states) where.push(inArray(fa.state, states));
  if (q.reviewStage) where.push(eq(fa.reviewStage, q.reviewStage));
  if (q.code) where.push(ilike(fa.code, containsPattern(q.code)));
  if (q.keyword) {
    const p = containsPattern(q.keyword.replace(/[\s·]/g, '').toUpperCase());
    where.push(or(ilike(fa.plate, p), ilike(fa.vin, p)));
  }
  if (q.rentId) where.push(eq(fa.rentId, q.rentId));
  if (q.financierId) where.push(eq(fa.financierId, q.financierId));
  if (q.tenantId) where.push(eq(fa.tenantId, q.tenantId));
  if (q.from && days) where.push(gte(fa.createdAt, days(q.from)));
  if (q.to && days) where.push(lt(fa.createdAt, days(addDay(q.to))));
  return and(...where)!;
}

function addDay(d: string): string {
  const x = new Date(`${d}T00:00:00Z`);
  x.setUTCDate(x.getUTCDate() + 1);
  return x.toISOString().slice(0, 10);
}

type ListRecord = {
  app: ApplicationRow;
  tenantName: string | null;
  rentName: string | null;
  financierName: string | null;
  productName: string | null;
};

function base(db: DbOrTx) {
  return db
    .select(listColumns)
    .from(fa)
    .leftJoin(tenants, eq(tenants.id, fa.tenantId))
    .leftJoin(rents, and(eq(rents.tenantId, fa.tenantId), eq(rents.id, fa.rentId)))
    .leftJoin(financiers, eq(financiers.id, fa.financierId))
    .leftJoin(
      financingProducts,
      and(eq(financingProducts.tenantId, fa.financierId), eq(financingProducts.id, fa.productId)),
    );
}

export async function listApplications(
  db: DbOrTx,
  side: Side,
  q: ApplicationListQuery,
  days: (d: string) => Date,
): Promise<{ rows: ApplicationListRow[]; total: number }> {
  const where = filters(side, q, days);
  const [rows, [total]] = await Promise.all([
    base(db).where(where).orderBy(desc(fa.id)).limit(q.pageSize).offset(offsetOf(q)),
    db.select({ n: count() }).from(fa).where(where),
  ]);
  return { rows: rows.map(toListRow), total: Number(total?.n ?? 0) };
}

export async function findApplication(db: DbOrTx, side: Side, id: number): Promise<ListRecord | undefined> {
  const [row] = await base(db).where(and(sideScope(side), eq(fa.id, id)));
  return row;
}

/** The application row, locked for the caller's transaction; undefined when the side may not see it. */
export async function lockApplication(tx: DbOrTx, side: Side, id: number): Promise<ApplicationRow | undefined> {
  const [row] = await tx
    .select()
    .from(fa)
    .where(and(sideScope(side), eq(fa.id, id)))
    .for('update');
  return row;
}

/** The row by its tenant and id (approval hooks, the money side), locked. */
export async function lockById(tx: DbOrTx, tenantId: number, id: number): Promise<ApplicationRow | undefined> {
  const [row] = await tx
    .select()
    .from(fa)
    .where(and(eq(fa.tenantId, tenantId), eq(fa.id, id)))
    .for('update');
  return row;
}

export async function itemsOf(db: DbOrTx, tenantId: number, applicationId: number): Promise<ApplyItem[]> {
  const rows = await db
    .select()
    .from(financingApplyItems)
    .where(and(eq(financingApplyItems.tenantId, tenantId), eq(financingApplyItems.applicationId, applicationId)))
    .orderBy(asc(financingApplyItems.code));
  const order: Record<string, number> = { A3: 0, A1: 1, A2: 2 };
  return rows
    .sort((a, b) => (order[a.code] ?? 9) - (order[b.code] ?? 9))
    .map((r) => ({
      id: r.id,
      code: r.code as ApplyItemCode,
      amount: fenToYuan(r.amountFen),
      loanState: r.loanState as LoanState,
      requestedAt: r.requestedAt?.toISOString() ?? null,
      disbursedAt: r.disbursedAt?.toISOString() ?? null,
      disbursed: r.disbursedFen == null ? null : fenToYuan(r.disbursedFen),
    }));
}

export function toListRow(r: ListRecord): ApplicationListRow {
  const a = r.app;
  return {
    id: a.id,
    code: a.code,
    tenantId: a.tenantId,
    tenantName: r.tenantName ?? '',
    rentId: a.rentId,
    rentName: r.rentName ?? '',
    financierId: a.financierId,
    financierName: r.financierName ?? '',
    productId: a.productId,
    productName: r.productName ?? '',
    state: a.state as FinancingState,
    reviewStage: (a.reviewStage as ReviewStage | null) ?? null,
    carId: a.carId,
    plate: a.plate,
    vin: a.vin,
    carTypeName: a.carTypeName,
    totalAmount: fenToYuan(a.totalAmountFen),
    payProportion: Number(a.payProportion),
    stagingNumber: a.stagingNumber,
    financed: a.quote ? fenToYuan(a.quote.financedFen) : null,
    monthly: a.quote ? fenToYuan(a.quote.monthlyFen) : null,
    supplementReason: a.supplementReason,
    submittedAt: a.submittedAt?.toISOString() ?? null,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
    version: a.version,
  };
}

export function toApplication(r: ListRecord, items: ApplyItem[], actions: string[]): Application {
  const a = r.app;
  const conditions = a.conditions;
  return {
    ...toListRow(r),
    engineNo: a.engineNo,
    compulsoryNo: a.compulsoryNo,
    commercialNo: a.commercialNo,
    balloon: fenToYuan(a.balloonFen),
    installMobile: a.installMobile,
    installAddress: a.installAddress,
    imgBuyInvoice: a.imgBuyInvoice,
    imgCompulsory: a.imgCompulsory,
    imgCommercial: a.imgCommercial,
    imgCompulsoryEndorsementA: a.imgCompulsoryEndorsementA,
    imgCompulsoryEndorsementB: a.imgCompulsoryEndorsementB,
    imgCompulsoryEndorsementC: a.imgCompulsoryEndorsementC,
    imgCommercialEndorsementA: a.imgCommercialEndorsementA,
    imgCommercialEndorsementB: a.imgCommercialEndorsementB,
    imgCommercialEndorsementC: a.imgCommercialEndorsementC,
    buyCommercial: a.buyCommercial,
    buyCompulsory: a.buyCompulsory,
    gps: a.gps,
    username: a.username,
    idNo: a.idNo,
    contact: a.contact,
    imgId1: a.imgId1,
    imgId2: a.imgId2,
    applyItems: a.applyItems as ApplyItemCode[],
    commercialAmount: fenToYuan(a.commercialAmountFen),
    compulsoryAmount: fenToYuan(a.compulsoryAmountFen),
    quote: a.quote ? quoteToYuan(a.quote) : null,
    conditions: conditions && conditions.note ? conditions : null,
    rejectReason: a.rejectReason,
    approvalRequestId: a.approvalRequestId,
    items,
    slots: endorsementSlots(a),
    decidedAt: a.decidedAt?.toISOString() ?? null,
    disbursedAt: a.disbursedAt?.toISOString() ?? null,
    settledAt: a.settledAt?.toISOString() ?? null,
    cancelledAt: a.cancelledAt?.toISOString() ?? null,
    actions,
  };
}

/** Applications by state of a side (the finance home). */
export async function countsByState(db: DbOrTx, side: Side): Promise<Record<string, number>> {
  const rows = await db.select({ state: fa.state, n: count() }).from(fa).where(sideScope(side)).groupBy(fa.state);
  return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
}

/** The next code of a sequence (`RZ202601` + 5 digits), in the caller's transaction. */
export async function nextCode(tx: DbOrTx, tenantId: number, prefix: string, digits = 5): Promise<string> {
  const result = (await tx.execute(
    sql`insert into financing_numbers (tenant_id, prefix, last) values (${tenantId}, ${prefix}, 1)
        on conflict (tenant_id, prefix) do update set last = financing_numbers.last + 1 returning last`,
  )) as unknown as { rows: { last: number | string }[] };
  return `${prefix}${String(Number(result.rows[0]!.last)).padStart(digits, '0')}`;
}
