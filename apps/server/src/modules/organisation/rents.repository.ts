import { and, asc, eq, sql } from 'drizzle-orm';
import type { Rent } from '@fleetdesk/contracts/organisation';
import type { DbOrTx } from '../../core/db.js';
import { rents } from '../../db/schema/tenancy.js';

type RentRow = typeof rents.$inferSelect;

// Qualified by hand: Drizzle leaves the columns of a one-table query unqualified, which a subquery would capture.
const employeesOf = sql<number>`(select count(*)::int from user_rents ur join users u
  on u.tenant_id = ur.tenant_id and u.id = ur.user_id
  where ur.tenant_id = rents.tenant_id and ur.rent_id = rents.id and u.status <> 'left')`;
const carsOf = sql<number>`(select count(*)::int from cars c
  where c.tenant_id = rents.tenant_id and c.rent_id = rents.id and c.deleted_at is null)`;

export function toRent(
  r: RentRow,
  counts: { employees: number; cars: number },
  sign: (url: string) => string | null,
): Rent {
  return {
    id: r.id,
    name: r.name,
    shortName: r.shortName,
    code: r.code,
    city: r.city,
    address: r.address,
    contactName: r.contactName,
    contactPhone: r.contactPhone,
    licenceNo: r.licenceNo,
    licenceImage: r.licenceImage,
    licenceImageUrl: r.licenceImage ? sign(r.licenceImage) : null,
    status: r.status as Rent['status'],
    employees: Number(counts.employees),
    cars: Number(counts.cars),
    createdAt: r.createdAt.toISOString(),
  };
}

/** Every rent of the tenant, with its employees (not left) and live cars. */
export async function listRents(db: DbOrTx, tenantId: number) {
  return db
    .select({ rent: rents, employees: employeesOf, cars: carsOf })
    .from(rents)
    .where(eq(rents.tenantId, tenantId))
    .orderBy(asc(rents.id));
}

export async function findRent(db: DbOrTx, tenantId: number, id: number) {
  const [row] = await db
    .select({ rent: rents, employees: employeesOf, cars: carsOf })
    .from(rents)
    .where(and(eq(rents.tenantId, tenantId), eq(rents.id, id)));
  return row;
}

export async function rentCodes(db: DbOrTx, tenantId: number): Promise<Set<string>> {
  const rows = await db.select({ code: rents.code }).from(rents).where(eq(rents.tenantId, tenantId));
  return new Set(rows.map((r) => r.code));
}
