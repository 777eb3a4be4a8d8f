import { and, asc, count, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Owner, OwnerInput, OwnerKind, OwnerQuery } from '@fleetdesk/contracts/vehicles';
import type { DbOrTx } from '../../core/db.js';
import { offsetOf } from '../../core/envelope.js';
import { carOwners, cars } from '../../db/schema/vehicles.js';
import { containsPattern } from '../../core/like.js';

type OwnerRow = typeof carOwners.$inferSelect;

// Qualified by hand: Drizzle leaves columns of a one-table query unqualified, which the subquery would capture.
const carsOf = sql<number>`(select count(*)::int from ${cars} c
  where c.tenant_id = car_owners.tenant_id and c.owner_id = car_owners.id and c.deleted_at is null)`;

export function toOwner(r: OwnerRow, carCount: number): Owner {
  return {
    id: r.id,
    kind: r.kind as OwnerKind,
    name: r.name,
    idNumber: r.idNumber,
    contactName: r.contactName,
    phone: r.phone,
    address: r.address,
    remark: r.remark,
    cars: Number(carCount),
    createdAt: r.createdAt.toISOString(),
  };
}

export async function listOwners(db: DbOrTx, tenantId: number, q: z.infer<typeof OwnerQuery>) {
  const cond = and(
    eq(carOwners.tenantId, tenantId),
    q.kind ? eq(carOwners.kind, q.kind) : undefined,
    q.keyword
      ? or(ilike(carOwners.name, containsPattern(q.keyword)), ilike(carOwners.idNumber, containsPattern(q.keyword)))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ owner: carOwners, cars: carsOf })
      .from(carOwners)
      .where(cond)
      .orderBy(asc(carOwners.kind), asc(carOwners.name), asc(carOwners.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(carOwners).where(cond),
  ]);
  return { rows: rows.map((r) => toOwner(r.owner, r.cars)), total: total?.n ?? 0 };
}

export async function findOwner(db: DbOrTx, tenantId: number, id: number) {
  const [row] = await db
    .select({ owner: carOwners, cars: carsOf })
    .from(carOwners)
    .where(and(eq(carOwners.tenantId, tenantId), eq(carOwners.id, id)));
  return row;
}

export async function ownerWithIdNumber(db: DbOrTx, tenantId: number, idNumber: string, exceptId?: number) {
  const [row] = await db
    .select()
    .from(carOwners)
    .where(
      and(
        eq(carOwners.tenantId, tenantId),
        eq(carOwners.idNumber, idNumber),
        exceptId ? sql`${carOwners.id} <> ${exceptId}` : undefined,
      ),
    );
  return row;
}

export function ownerValues(input: OwnerInput) {
  return {
    kind: input.kind,
    name: input.name,
    idNumber: input.idNumber || null,
    contactName: input.contactName ?? null,
    phone: input.phone ?? null,
    address: input.address ?? null,
    remark: input.remark ?? null,
  };
}

/** Cars of an owner, deleted ones included (they keep their owner for the history). */
export async function carsOfOwner(db: DbOrTx, tenantId: number, ownerId: number, liveOnly: boolean) {
  const [row] = await db
    .select({ n: count() })
    .from(cars)
    .where(and(eq(cars.tenantId, tenantId), eq(cars.ownerId, ownerId), liveOnly ? isNull(cars.deletedAt) : undefined));
  return row?.n ?? 0;
}
