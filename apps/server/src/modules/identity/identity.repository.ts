import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { RentBrief } from '@fleetdesk/contracts/auth';
import type { DbOrTx } from '../../core/db.js';
import { rents, tenants } from '../../db/schema/tenancy.js';
import { userRents, users } from '../../db/schema/identity.js';

export interface LoginUser {
  tenantId: number;
  id: number;
  username: string;
  phone: string;
  passwordHash: string;
  status: string;
  userType: string;
  tenantStatus: string;
  tenantName: string;
  defaultRentId: number | null;
}

const loginColumns = {
  tenantId: users.tenantId,
  id: users.id,
  username: users.username,
  phone: users.phone,
  passwordHash: users.passwordHash,
  status: users.status,
  userType: users.userType,
  defaultRentId: users.defaultRentId,
  tenantStatus: tenants.status,
  tenantName: tenants.name,
};

/** The user who signs in with `name`: a username (any case) or a phone number. */
export async function findLoginUser(db: DbOrTx, name: string): Promise<LoginUser | undefined> {
  const [row] = await db
    .select(loginColumns)
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(or(sql`lower(${users.username}) = lower(${name})`, eq(users.phone, name)))
    .limit(1);
  return row;
}

export async function findUserByPhone(db: DbOrTx, phone: string): Promise<LoginUser | undefined> {
  const [row] = await db
    .select(loginColumns)
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(eq(users.phone, phone))
    .limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, tenantId: number, userId: number): Promise<LoginUser | undefined> {
  const [row] = await db
    .select(loginColumns)
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  return row;
}

/** The rents a user may act in, default first. */
export async function userRentList(db: DbOrTx, tenantId: number, userId: number): Promise<RentBrief[]> {
  const rows = await db
    .select({ id: rents.id, name: rents.name, shortName: rents.shortName, code: rents.code, city: rents.city })
    .from(userRents)
    .innerJoin(rents, and(eq(rents.tenantId, userRents.tenantId), eq(rents.id, userRents.rentId)))
    .where(and(eq(userRents.tenantId, tenantId), eq(userRents.userId, userId)))
    .orderBy(asc(rents.id));
  return rows;
}

export function defaultRent(list: RentBrief[], defaultRentId: number | null): RentBrief | null {
  return list.find((r) => r.id === defaultRentId) ?? list[0] ?? null;
}

/** The active rents among `ids`, by id: the rents a user may switch to and act in. */
export async function activeRentsByIds(db: DbOrTx, tenantId: number, ids: readonly number[]): Promise<RentBrief[]> {
  if (!ids.length) return [];
  return db
    .select({ id: rents.id, name: rents.name, shortName: rents.shortName, code: rents.code, city: rents.city })
    .from(rents)
    .where(and(eq(rents.tenantId, tenantId), inArray(rents.id, [...ids]), eq(rents.status, 'active')))
    .orderBy(asc(rents.id));
}
