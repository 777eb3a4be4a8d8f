import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { fenToYuan, yuanToFen } from '@fleetdesk/contracts/common';
import {
  FINANCING_STATE_TITLES,
  RENT_OR_SALE_STATE_TITLES,
  type Certificate,
  type CertificateInput,
  type CertificateKind,
  type CertificateListQuery,
  type CertificateState,
  type CarUse,
  type FinancingState,
  type RentOrSale,
  type RentOrSaleAuditInput,
  type RentOrSaleInput,
  type RentOrSaleListQuery,
  type RentOrSaleOutcome,
  type RentOrSaleState,
  type RentOrSaleSupplementInput,
} from '@fleetdesk/contracts/financing';
import type { RequestContext } from '../../core/access.js';
import type { DbOrTx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { offsetOf } from '../../core/envelope.js';
import { ConflictError, invalidField, NotFoundError } from '../../core/errors.js';
import { translate } from '../../core/i18n.js';
import { containsPattern } from '../../core/like.js';
import {
  financingApplications as fa,
  financingCertificates as fc,
  financingRentOrSale as ros,
} from '../../db/schema/financing.js';
import { rents, tenants } from '../../db/schema/tenancy.js';
import { activity } from './activity.js';
import { actorOf, lockForSide } from './applications.service.js';
import { sideScope } from './applications.repository.js';
import { applicantSide, financierSide, type Side } from './financier.js';
import './collateral.messages.js';

/**
 * Rent or sale (租售, docs/financing.md): while a financed car is the financier's collateral (approved, S4, until
 * settled, S8) the tenant declares how it will be used, rented out or sold on instalments to a driver, and the
 * financier agrees, agrees with conditions, returns it for supplements or refuses. And the certificates (the
 * registration certificate, the original invoice...) the financier holds while the car is collateral.
 */

/** The application states in which the car is collateral: approved, until settled. */
export const COLLATERAL_STATES: readonly FinancingState[] = ['S4', 'S5', 'S6', 'S7'];
/** Declarations that wait for someone: at most one per application. */
const OPEN: readonly RentOrSaleState[] = ['applied', 'supplementing'];
const OUTCOME_STATE: Record<RentOrSaleOutcome, RentOrSaleState> = {
  agree: 'agreed',
  agreeWithConditions: 'agreedWithConditions',
  return: 'supplementing',
  refuse: 'refused',
};

type Lang = RequestContext['lang'];
const stateTitle = (lang: Lang, s: string) => RENT_OR_SALE_STATE_TITLES[s as RentOrSaleState]?.[lang] ?? s;
function refusal(lang: Lang, state: string, action: 'supplemented' | 'audited'): ConflictError {
  return new ConflictError('error.financing.rentOrSaleState', {
    state: stateTitle(lang, state),
    action: translate(lang, `financing.action.${action}`),
  });
}

const columns = {
  r: ros,
  code: fa.code,
  plate: fa.plate,
  vin: fa.vin,
  rentId: fa.rentId,
  tenantName: tenants.name,
  rentName: rents.name,
};
type Row = {
  r: typeof ros.$inferSelect;
  code: string;
  plate: string | null;
  vin: string;
  rentId: number;
  tenantName: string | null;
  rentName: string | null;
};

function withApplication(db: DbOrTx) {
  return db
    .select(columns)
    .from(ros)
    .innerJoin(fa, and(eq(fa.tenantId, ros.tenantId), eq(fa.id, ros.applicationId)))
    .leftJoin(tenants, eq(tenants.id, ros.tenantId))
    .leftJoin(rents, and(eq(rents.tenantId, fa.tenantId), eq(rents.id, fa.rentId)));
}

function toRentOrSale(x: Row): RentOrSale {
  const r = x.r;
  return {
    id: r.id,
    applicationId: r.applicationId,
    applicationCode: x.code,
    tenantName: x.tenantName ?? '',
    rentId: x.rentId,
    rentName: x.rentName ?? '',
    carId: r.carId,
    plate: x.plate,
    vin: x.vin,
    use: r.use as CarUse,
    buyerName: r.buyerName,
    buyerIdNo: r.buyerIdNo,
    buyerPhone: r.buyerPhone,
    salePrice: r.salePriceFen === null ? null : fenToYuan(r.salePriceFen),
    saleTerms: r.saleTerms,
    note: r.note,
    files: r.files,
    state: r.state as RentOrSaleState,
    conditions: r.conditions,
    reason: r.reason,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    decidedByName: r.decidedByName,
    version: r.version,
    createdAt: r.createdAt.toISOString(),
  };
}

async function find(db: DbOrTx, side: Side, id: number): Promise<RentOrSale> {
  const [row] = await withApplication(db).where(and(sideScope(side), eq(ros.id, id)));
  if (!row) throw new NotFoundError('error.financing.rentOrSaleNotFound');
  return toRentOrSale(row);
}

/** The declaration, locked with the application's scope of the side; 404 otherwise. */
async function lockDeclaration(tx: DbOrTx, side: Side, id: number) {
  const [row] = await tx
    .select({ r: ros })
    .from(ros)
    .innerJoin(fa, and(eq(fa.tenantId, ros.tenantId), eq(fa.id, ros.applicationId)))
    .where(and(sideScope(side), eq(ros.id, id)))
    .for('update', { of: ros });
  if (!row) throw new NotFoundError('error.financing.rentOrSaleNotFound');
  return row.r;
}

export async function getRentOrSale(deps: Pick<AppDeps, 'db'>, side: Side, id: number) {
  return find(deps.db, side, id);
}

/** The applicant declares the use of a financed car (S4-S7); one open declaration per application. */
export async function declareRentOrSale(
  deps: AppDeps,
  ctx: RequestContext,
  input: z.infer<typeof RentOrSaleInput>,
): Promise<RentOrSale> {
  await applicantSide(deps, ctx);
  const side: Side = { kind: 'applicant', ctx };
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    const app = await lockForSide(tx, side, input.applicationId);
    if (!COLLATERAL_STATES.includes(app.state as FinancingState)) {
      const title = FINANCING_STATE_TITLES[app.state as FinancingState]?.[ctx.lang] ?? app.state;
      throw new ConflictError('error.financing.notCollateral', { state: title });
    }
    const [open] = await tx
      .select({ state: ros.state })
      .from(ros)
      .where(and(eq(ros.tenantId, app.tenantId), eq(ros.applicationId, app.id), inArray(ros.state, [...OPEN])));
    if (open) throw new ConflictError('error.financing.rentOrSaleOpen', { state: stateTitle(ctx.lang, open.state) });
    const sale = input.use === 'sale';
    const [row] = await tx
      .insert(ros)
      .values({
        tenantId: app.tenantId,
        applicationId: app.id,
        carId: app.carId,
        use: input.use,
        buyerName: sale ? (input.buyerName ?? null) : null,
        buyerIdNo: sale ? (input.buyerIdNo ?? null) : null,
        buyerPhone: sale ? (input.buyerPhone ?? null) : null,
        salePriceFen: sale && input.salePrice != null ? yuanToFen(input.salePrice) : null,
        saleTerms: sale ? (input.saleTerms ?? null) : null,
        note: input.note ?? null,
        files: input.files,
        createdBy: ctx.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: ros.id });
    await activity(tx, actorOf(ctx, 'applicant'), {
      tenantId: app.tenantId,
      applicationId: app.id,
      action: 'rentOrSale',
      text: { key: 'financing.activity.rentOrSale', params: { use: { title: 'financingCarUse', value: input.use } } },
      note: input.note ?? null,
      at: now,
    });
    return row!.id;
  });
  return find(deps.db, side, id);
}

/**
 * The applicant adds to a declaration: while it waits (applied) or after the financier returned it for supplements
 * (supplementing, which goes back to applied). The note replaces the old one; files are added (at most 20).
 */
export async function supplementRentOrSale(
  deps: AppDeps,
  ctx: RequestContext,
  input: z.infer<typeof RentOrSaleSupplementInput>,
): Promise<RentOrSale> {
  await applicantSide(deps, ctx);
  const side: Side = { kind: 'applicant', ctx };
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const r = await lockDeclaration(tx, side, input.id);
    if (!OPEN.includes(r.state as RentOrSaleState)) throw refusal(ctx.lang, r.state, 'supplemented');
    if (r.version !== input.version) throw new ConflictError('error.financing.version');
    const files = [...r.files, ...input.files.filter((f) => !r.files.includes(f))];
    if (files.length > 20) throw invalidField('files', 'error.financing.tooManyFiles', { max: 20 });
    await tx
      .update(ros)
      .set({ note: input.note ?? r.note, files, state: 'applied', version: r.version + 1, updatedAt: now })
      .where(and(eq(ros.tenantId, r.tenantId), eq(ros.id, r.id)));
    await activity(tx, actorOf(ctx, 'applicant'), {
      tenantId: r.tenantId,
      applicationId: r.applicationId,
      action: 'rentOrSaleSupplement',
      text: { key: 'financing.activity.rentOrSaleSupplement' },
      note: input.note ?? null,
      at: now,
    });
  });
  return find(deps.db, side, input.id);
}

/** The financier decides a waiting declaration. */
export async function auditRentOrSale(
  deps: AppDeps,
  ctx: RequestContext,
  input: z.infer<typeof RentOrSaleAuditInput>,
): Promise<RentOrSale> {
  const { financier } = await financierSide(deps, ctx);
  const side: Side = { kind: 'financier', ctx, financier };
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const r = await lockDeclaration(tx, side, input.id);
    if (r.state !== 'applied') throw refusal(ctx.lang, r.state, 'audited');
    if (r.version !== input.version) throw new ConflictError('error.financing.version');
    const state = OUTCOME_STATE[input.outcome];
    await tx
      .update(ros)
      .set({
        state,
        conditions: input.outcome === 'agreeWithConditions' ? (input.conditions ?? null) : null,
        reason: input.outcome === 'return' || input.outcome === 'refuse' ? (input.reason ?? null) : null,
        decidedAt: now,
        decidedByName: ctx.name,
        version: r.version + 1,
        updatedAt: now,
      })
      .where(and(eq(ros.tenantId, r.tenantId), eq(ros.id, r.id)));
    await activity(tx, actorOf(ctx, 'financier'), {
      tenantId: r.tenantId,
      applicationId: r.applicationId,
      action: 'rentOrSaleAudit',
      text: {
        key: 'financing.activity.rentOrSaleAudit',
        params: { state: { title: 'financingRentOrSaleState', value: state } },
      },
      note: input.conditions ?? input.reason ?? null,
      at: now,
    });
  });
  return find(deps.db, side, input.id);
}

/**
 * The declarations a side sees, newest first: the applicant's (`list`) in his data scope, the financier's work
 * list (`admin`) across its applicants. A filter the side may not use (a tenant, for the applicant) is ignored.
 */
export async function listRentOrSale(
  deps: Pick<AppDeps, 'db'>,
  side: Side,
  q: z.infer<typeof RentOrSaleListQuery>,
): Promise<{ rows: RentOrSale[]; total: number }> {
  const where: (SQL | undefined)[] = [sideScope(side)];
  if (q.state) where.push(eq(ros.state, q.state));
  if (q.use) where.push(eq(ros.use, q.use));
  if (q.applicationId) where.push(eq(ros.applicationId, q.applicationId));
  if (q.rentId) where.push(eq(fa.rentId, q.rentId));
  if (q.tenantId && side.kind === 'financier') where.push(eq(ros.tenantId, q.tenantId));
  if (q.keyword) {
    const p = containsPattern(q.keyword.replace(/[\s·]/g, ''));
    where.push(or(ilike(fa.code, p), ilike(fa.plate, p), ilike(fa.vin, p), ilike(ros.buyerName, p)));
  }
  const filter = and(...where);
  const [rows, [total]] = await Promise.all([
    withApplication(deps.db).where(filter).orderBy(desc(ros.id)).limit(q.pageSize).offset(offsetOf(q)),
    deps.db
      .select({ n: count() })
      .from(ros)
      .innerJoin(fa, and(eq(fa.tenantId, ros.tenantId), eq(fa.id, ros.applicationId)))
      .where(filter),
  ]);
  return { rows: rows.map(toRentOrSale), total: Number(total?.n ?? 0) };
}

// ------------------------------------------------------------------------------------------------ certificates

function toCertificate(x: {
  c: typeof fc.$inferSelect;
  code: string;
  plate: string | null;
  vin: string;
  tenantName: string | null;
}): Certificate {
  return {
    id: x.c.id,
    applicationId: x.c.applicationId,
    applicationCode: x.code,
    tenantName: x.tenantName ?? '',
    plate: x.plate,
    vin: x.vin,
    kind: x.c.kind as CertificateKind,
    number: x.c.number,
    receivedAt: x.c.receivedAt,
    returnedAt: x.c.returnedAt,
    state: x.c.state as CertificateState,
    note: x.c.note,
  };
}

function certificates(db: DbOrTx) {
  return db
    .select({ c: fc, code: fa.code, plate: fa.plate, vin: fa.vin, tenantName: tenants.name })
    .from(fc)
    .innerJoin(fa, and(eq(fa.tenantId, fc.tenantId), eq(fa.id, fc.applicationId)))
    .leftJoin(tenants, eq(tenants.id, fc.tenantId));
}

/** The certificates (`rentOrSale/cert`): the applicant sees those of his cars, the financier those it holds. */
export async function listCertificates(
  deps: Pick<AppDeps, 'db'>,
  side: Side,
  q: z.infer<typeof CertificateListQuery>,
): Promise<{ rows: Certificate[]; total: number }> {
  const where: (SQL | undefined)[] = [sideScope(side)];
  if (q.applicationId) where.push(eq(fc.applicationId, q.applicationId));
  if (q.kind) where.push(eq(fc.kind, q.kind));
  if (q.state) where.push(eq(fc.state, q.state));
  if (q.keyword) {
    const p = containsPattern(q.keyword.replace(/[\s·]/g, ''));
    where.push(or(ilike(fa.code, p), ilike(fa.plate, p), ilike(fa.vin, p), ilike(fc.number, p)));
  }
  const filter = and(...where);
  const [rows, [total]] = await Promise.all([
    certificates(deps.db).where(filter).orderBy(desc(fc.id)).limit(q.pageSize).offset(offsetOf(q)),
    deps.db
      .select({ n: count() })
      .from(fc)
      .innerJoin(fa, and(eq(fa.tenantId, fc.tenantId), eq(fa.id, fc.applicationId)))
      .where(filter),
  ]);
  return { rows: rows.map(toCertificate), total: Number(total?.n ?? 0) };
}

/** The financier records a certificate it received, or its return (`rentOrSale/cert/save`). */
export async function saveCertificate(
  deps: AppDeps,
  ctx: RequestContext,
  input: z.infer<typeof CertificateInput>,
): Promise<Certificate> {
  const { financier } = await financierSide(deps, ctx);
  const side: Side = { kind: 'financier', ctx, financier };
  const returnedAt = input.returnedAt ?? null;
  const receivedAt = input.receivedAt ?? null;
  if ((input.state === 'returned' && !returnedAt) || (receivedAt && returnedAt && returnedAt < receivedAt)) {
    throw invalidField('returnedAt', 'error.financing.certificateDates');
  }
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    const app = await lockForSide(tx, side, input.applicationId);
    const values = {
      kind: input.kind,
      number: input.number ?? null,
      receivedAt,
      returnedAt,
      state: input.state,
      note: input.note ?? null,
      updatedAt: now,
    };
    let certId: number;
    if (input.id) {
      const [row] = await tx
        .update(fc)
        .set(values)
        .where(and(eq(fc.tenantId, app.tenantId), eq(fc.applicationId, app.id), eq(fc.id, input.id)))
        .returning({ id: fc.id });
      if (!row) throw new NotFoundError('error.financing.certificateNotFound');
      certId = row.id;
    } else {
      const [row] = await tx
        .insert(fc)
        .values({ tenantId: app.tenantId, applicationId: app.id, ...values, createdAt: now })
        .returning({ id: fc.id });
      certId = row!.id;
    }
    await activity(tx, actorOf(ctx, 'financier'), {
      tenantId: app.tenantId,
      applicationId: app.id,
      action: 'certificate',
      text: {
        key: 'financing.activity.certificate',
        params: {
          kind: { title: 'financingCertificateKind', value: input.kind },
          state: { title: 'financingCertificateState', value: input.state },
        },
      },
      note: input.number ?? null,
      at: now,
    });
    return certId;
  });
  const [row] = await certificates(deps.db).where(and(sideScope(side), eq(fc.id, id)));
  return toCertificate(row!);
}
