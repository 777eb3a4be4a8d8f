import { and, asc, count, eq, ilike, isNotNull, isNull, sql } from 'drizzle-orm';
import { fenToYuan, yuanToFen } from '@fleetdesk/contracts/common';
import type { CarType, CarTypeInput } from '@fleetdesk/contracts/vehicles';
import type { RequestContext } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { ConflictError, NotFoundError } from '../../core/errors.js';
import { carTypes, cars } from '../../db/schema/vehicles.js';
import { containsPattern } from '../../core/like.js';
import { pgErrorOf } from '../../core/db.js';

type Row = typeof carTypes.$inferSelect;

// Qualified by hand: Drizzle leaves columns of a one-table query unqualified, which the subquery would capture.
const carsOf = sql<number>`(select count(*)::int from ${cars} c
  where c.tenant_id = car_types.tenant_id and c.car_type_id = car_types.id and c.deleted_at is null)`;

function toCarType(r: Row, n: number): CarType {
  return {
    id: r.id,
    carTypeName: r.name,
    monthlyRent: fenToYuan(r.monthlyRentFen),
    deposit: fenToYuan(r.depositFen),
    overspeedKmh: r.overspeedKmh,
    remark: r.remark,
    cars: Number(n),
    createdAt: r.createdAt.toISOString(),
  };
}

/** `page`/`limit` as the spec names them (`limit=0`: all of them, not paged) or `pageNum`/`pageSize`. */
export function carTypePaging(q: { page?: number; limit?: number; pageNum?: number; pageSize?: number }) {
  if (q.limit === 0 && q.pageSize === undefined) return null;
  return { pageNum: q.pageNum ?? Math.max(q.page ?? 1, 1), pageSize: q.pageSize ?? q.limit ?? 20 };
}

export async function listCarTypes(
  deps: AppDeps,
  ctx: RequestContext,
  q: { page?: number; limit?: number; pageNum?: number; pageSize?: number; carTypeName?: string },
) {
  const cond = and(
    eq(carTypes.tenantId, ctx.tenantId),
    q.carTypeName ? ilike(carTypes.name, containsPattern(q.carTypeName)) : undefined,
  );
  const paging = carTypePaging(q);
  const base = deps.db
    .select({ type: carTypes, cars: carsOf })
    .from(carTypes)
    .where(cond)
    .orderBy(asc(carTypes.monthlyRentFen), asc(carTypes.id));
  const rows = paging ? await base.limit(paging.pageSize).offset((paging.pageNum - 1) * paging.pageSize) : await base;
  const [total] = paging ? await deps.db.select({ n: count() }).from(carTypes).where(cond) : [{ n: rows.length }];
  const n = total?.n ?? 0;
  return {
    rows: rows.map((r) => toCarType(r.type, r.cars)),
    total: n,
    pageNum: paging?.pageNum ?? 1,
    pageSize: paging?.pageSize ?? n,
  };
}

function nameTaken(err: unknown, name: string): never {
  if (pgErrorOf(err).constraint === 'car_types_name_uq') throw new ConflictError('vehicles.carTypeTaken', { name });
  throw err;
}

export async function createCarType(deps: AppDeps, ctx: RequestContext, input: CarTypeInput): Promise<CarType> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(carTypes)
    .values({
      tenantId: ctx.tenantId,
      name: input.carTypeName,
      monthlyRentFen: yuanToFen(input.monthlyRent),
      depositFen: yuanToFen(input.deposit),
      overspeedKmh: input.overspeedKmh ?? null,
      remark: input.remark ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
    .catch((err: unknown) => nameTaken(err, input.carTypeName));
  return toCarType(row!, 0);
}

export async function updateCarType(
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  input: CarTypeInput,
): Promise<CarType> {
  const [row] = await deps.db
    .update(carTypes)
    .set({
      name: input.carTypeName,
      monthlyRentFen: yuanToFen(input.monthlyRent),
      depositFen: yuanToFen(input.deposit),
      ...(input.overspeedKmh !== undefined ? { overspeedKmh: input.overspeedKmh } : {}),
      remark: input.remark ?? null,
      updatedAt: deps.clock.now(),
    })
    .where(and(eq(carTypes.tenantId, ctx.tenantId), eq(carTypes.id, id)))
    .returning()
    .catch((err: unknown) => nameTaken(err, input.carTypeName));
  if (!row) throw new NotFoundError('vehicles.carTypeNotFound');
  const [n] = await deps.db
    .select({ n: count() })
    .from(cars)
    .where(and(eq(cars.tenantId, ctx.tenantId), eq(cars.carTypeId, id), isNull(cars.deletedAt)));
  return toCarType(row, n?.n ?? 0);
}

/** Deletes a type no live car has; deleted cars that had it lose it. */
export async function removeCarType(deps: AppDeps, ctx: RequestContext, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(carTypes)
      .where(and(eq(carTypes.tenantId, ctx.tenantId), eq(carTypes.id, id)))
      .for('update');
    if (!row) throw new NotFoundError('vehicles.carTypeNotFound');
    const [n] = await tx
      .select({ n: count() })
      .from(cars)
      .where(and(eq(cars.tenantId, ctx.tenantId), eq(cars.carTypeId, id), isNull(cars.deletedAt)));
    if (n?.n) throw new ConflictError('vehicles.carTypeInUse', { count: n.n });
    await tx
      .update(cars)
      .set({ carTypeId: null })
      .where(and(eq(cars.tenantId, ctx.tenantId), eq(cars.carTypeId, id), isNotNull(cars.deletedAt)));
    await tx.delete(carTypes).where(and(eq(carTypes.tenantId, ctx.tenantId), eq(carTypes.id, id)));
  });
}
