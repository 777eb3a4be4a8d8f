import type { Clock } from '../core/clock.js';
import type { Tx } from '../core/db.js';
import { hashPassword } from '../core/password.js';
import { applyPlan } from '../modules/access/access.service.js';
import { roles, userRents, userRoles, users } from '../db/schema/identity.js';
import { memberships, rents, tenants } from '../db/schema/tenancy.js';
import { findPlan } from '@fleetdesk/contracts/membership';

/**
 * A tenant and its users as the demo seeds them (the demo companies, the financing area's financier): in a file of
 * their own, so that an area seeder may use them without importing the seed runner (`demo.ts`).
 */
const DAY = 86_400_000;

export interface TenantSeed {
  code: string;
  name: string;
  shortName: string;
  contactName: string;
  contactPhone: string;
  plan: string;
  /** Membership expiry relative to now, in days (negative: expired). */
  expiresInDays: number;
  rents: { code: string; name: string; shortName: string; city: string; address: string; contactPhone: string }[];
}

/** Creates a tenant with its rents, plan and membership; returns the ids. */
export async function seedTenant(tx: Tx, clock: Clock, t: TenantSeed) {
  const [tenant] = await tx
    .insert(tenants)
    .values({
      code: t.code,
      name: t.name,
      shortName: t.shortName,
      contactName: t.contactName,
      contactPhone: t.contactPhone,
    })
    .returning({ id: tenants.id });
  const tenantId = tenant!.id;
  const rentRows = await tx
    .insert(rents)
    .values(t.rents.map((r) => ({ tenantId, ...r })))
    .returning({ id: rents.id, code: rents.code });
  const plan = findPlan(t.plan)!;
  const now = clock.now().getTime();
  await tx.insert(memberships).values({
    tenantId,
    planCode: plan.code,
    level: plan.level,
    startsAt: new Date(now - 200 * DAY),
    expiresAt: new Date(now + t.expiresInDays * DAY),
  });
  await applyPlan(tx, tenantId, plan.code);
  const [adminRole] = await tx
    .insert(roles)
    .values({ tenantId, code: 'admin', name: '管理员', description: '全部权限', allPermissions: true, builtin: true })
    .returning({ id: roles.id });
  return {
    tenantId,
    rentIds: Object.fromEntries(rentRows.map((r) => [r.code, r.id])) as Record<string, number>,
    adminRoleId: adminRole!.id,
  };
}

export async function seedUser(
  tx: Tx,
  logN: number,
  u: {
    tenantId: number;
    username: string;
    password: string;
    phone: string;
    name: string;
    email: string;
    rentIds: number[];
    roleId: number;
  },
) {
  const [row] = await tx
    .insert(users)
    .values({
      tenantId: u.tenantId,
      username: u.username,
      phone: u.phone,
      name: u.name,
      email: u.email,
      passwordHash: await hashPassword(u.password, logN),
      defaultRentId: u.rentIds[0] ?? null,
    })
    .returning({ id: users.id });
  const userId = row!.id;
  await tx.insert(userRents).values(u.rentIds.map((rentId) => ({ tenantId: u.tenantId, userId, rentId })));
  await tx.insert(userRoles).values({ tenantId: u.tenantId, userId, roleId: u.roleId });
  return userId;
}
