import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { fenToYuan, yuanToFen } from '@fleetdesk/contracts/common';
import {
  BOOKED_CAR_STATE_TITLES,
  type BookedCar,
  type BookedCarInput,
  type BookedCarListQuery,
  type BookedCarState,
  type BookedCarStateInput,
} from '@fleetdesk/contracts/financing';
import { rentInScope, type RequestContext } from '../../core/access.js';
import type { DbOrTx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { offsetOf } from '../../core/envelope.js';
import { ConflictError, invalidField, NotFoundError } from '../../core/errors.js';
import { containsPattern } from '../../core/like.js';
import { tenantDays } from '../../core/tenant-time.js';
import { bookedCars as bc, financiers } from '../../db/schema/financing.js';
import { rents } from '../../db/schema/tenancy.js';
import { nextCode } from './applications.repository.js';
import { applicantSide } from './financier.js';
import './collateral.messages.js';

/**
 * Booked cars (`car/booked/*`, docs/financing.md): a rent reserves car models it will buy (and may finance), with the
 * earnest paid to the dealer. The applicant's own records: booked → earnest paid → purchased, or cancelled before
 * the purchase. A financier has none (403 `error.financing.side`).
 */

/** Where a booking may go. */
export const BOOKED_MOVES: Readonly<Record<BookedCarState, readonly BookedCarState[]>> = {
  booked: ['earnestPaid', 'purchased', 'cancelled'],
  earnestPaid: ['purchased', 'cancelled'],
  purchased: [],
  cancelled: [],
};

const columns = { b: bc, rentName: rents.name, financierName: financiers.name };
type Row = { b: typeof bc.$inferSelect; rentName: string | null; financierName: string | null };

function base(db: DbOrTx) {
  return db
    .select(columns)
    .from(bc)
    .leftJoin(rents, and(eq(rents.tenantId, bc.tenantId), eq(rents.id, bc.rentId)))
    .leftJoin(financiers, eq(financiers.id, bc.financierId));
}

function scope(ctx: RequestContext): SQL {
  return and(eq(bc.tenantId, ctx.tenantId), inArray(bc.rentId, [...ctx.rentIds]))!;
}

function toBookedCar({ b, rentName, financierName }: Row): BookedCar {
  return {
    id: b.id,
    code: b.code,
    rentId: b.rentId,
    rentName: rentName ?? '',
    financierId: b.financierId,
    financierName,
    brand: b.brand,
    series: b.series,
    model: b.model,
    colour: b.colour,
    quantity: b.quantity,
    guidePrice: b.guidePriceFen === null ? null : fenToYuan(b.guidePriceFen),
    earnest: fenToYuan(b.earnestFen),
    expectedDate: b.expectedDate,
    contactName: b.contactName,
    contactPhone: b.contactPhone,
    note: b.note,
    state: b.state as BookedCarState,
    version: b.version,
    createdAt: b.createdAt.toISOString(),
  };
}

export async function getBookedCar(deps: Pick<AppDeps, 'db'>, ctx: RequestContext, id: number): Promise<BookedCar> {
  await applicantSide(deps, ctx);
  const [row] = await base(deps.db).where(and(scope(ctx), eq(bc.id, id)));
  if (!row) throw new NotFoundError('error.financing.bookedNotFound');
  return toBookedCar(row);
}

export async function listBookedCars(
  deps: Pick<AppDeps, 'db'>,
  ctx: RequestContext,
  q: z.infer<typeof BookedCarListQuery>,
): Promise<{ rows: BookedCar[]; total: number }> {
  await applicantSide(deps, ctx);
  rentInScope(ctx, q.rentId);
  const where: (SQL | undefined)[] = [scope(ctx)];
  if (q.rentId) where.push(eq(bc.rentId, q.rentId));
  if (q.state) where.push(eq(bc.state, q.state));
  if (q.keyword) {
    const p = containsPattern(q.keyword);
    where.push(or(ilike(bc.code, p), ilike(bc.brand, p), ilike(bc.model, p), ilike(bc.contactName, p)));
  }
  const filter = and(...where);
  const [rows, [total]] = await Promise.all([
    base(deps.db).where(filter).orderBy(desc(bc.id)).limit(q.pageSize).offset(offsetOf(q)),
    deps.db.select({ n: count() }).from(bc).where(filter),
  ]);
  return { rows: rows.map(toBookedCar), total: Number(total?.n ?? 0) };
}

/** A booking in the call's rent (or the one named, within the data scope), numbered `YD` + month + sequence. */
export async function createBookedCar(
  deps: AppDeps,
  ctx: RequestContext,
  input: z.infer<typeof BookedCarInput>,
): Promise<BookedCar> {
  await applicantSide(deps, ctx);
  const rentId = input.rentId ?? ctx.rentId;
  if (!rentId) throw invalidField('rentId', 'v.required');
  rentInScope(ctx, rentId);
  const earnestFen = yuanToFen(input.earnest);
  const guideFen = input.guidePrice == null ? null : yuanToFen(input.guidePrice);
  if (guideFen !== null && earnestFen > guideFen * input.quantity) {
    throw invalidField('earnest', 'error.financing.earnestAbovePrice');
  }
  if (input.financierId) {
    const [f] = await deps.db
      .select({ id: financiers.id })
      .from(financiers)
      .where(and(eq(financiers.id, input.financierId), eq(financiers.active, true)));
    if (!f) throw invalidField('financierId', 'error.financing.financierNotFound');
  }
  const now = deps.clock.now();
  const month = (await tenantDays(deps.db, ctx.tenantId, now)).today.slice(0, 7).replace('-', '');
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bc)
      .values({
        tenantId: ctx.tenantId,
        rentId,
        financierId: input.financierId ?? null,
        code: await nextCode(tx, ctx.tenantId, `YD${month}`, 4),
        brand: input.brand,
        series: input.series ?? null,
        model: input.model,
        colour: input.colour ?? null,
        quantity: input.quantity,
        guidePriceFen: guideFen,
        earnestFen,
        expectedDate: input.expectedDate ?? null,
        contactName: input.contactName ?? null,
        contactPhone: input.contactPhone ?? null,
        note: input.note ?? null,
        createdBy: ctx.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: bc.id });
    return row!.id;
  });
  return getBookedCar(deps, ctx, id);
}

/** Moves a booking along `BOOKED_MOVES` (409 for another move or another version than the caller saw). */
export async function setBookedCarState(
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  input: z.infer<typeof BookedCarStateInput>,
): Promise<BookedCar> {
  await applicantSide(deps, ctx);
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(bc)
      .where(and(scope(ctx), eq(bc.id, id)))
      .for('update');
    if (!row) throw new NotFoundError('error.financing.bookedNotFound');
    const from = row.state as BookedCarState;
    if (!BOOKED_MOVES[from].includes(input.state)) {
      throw new ConflictError('error.financing.bookedState', {
        from: BOOKED_CAR_STATE_TITLES[from][ctx.lang],
        to: BOOKED_CAR_STATE_TITLES[input.state][ctx.lang],
      });
    }
    if (row.version !== input.version) throw new ConflictError('error.financing.version');
    await tx
      .update(bc)
      .set({ state: input.state, version: row.version + 1, updatedAt: deps.clock.now() })
      .where(and(eq(bc.tenantId, row.tenantId), eq(bc.id, row.id)));
  });
  return getBookedCar(deps, ctx, id);
}
