import { randomBytes } from 'node:crypto';
import { eq, or, sql } from 'drizzle-orm';
import type { RegisterTenant, TokenResponse } from '@fleetdesk/contracts/auth';
import { findPlan } from '@fleetdesk/contracts/membership';
import type { AppDeps } from '../../core/deps.js';
import { ConflictError, invalidField } from '../../core/errors.js';
import { hashPassword } from '../../core/password.js';
import { consume } from '../../core/rate-limit.js';
import { loginRecords, roles, userRents, userRoles, users } from '../../db/schema/identity.js';
import { memberships, rents, tenants } from '../../db/schema/tenancy.js';
import { applyPlan } from '../access/access.service.js';
import { verifyCode } from './codes.service.js';
import { tokenSettings } from './auth.service.js';
import { issueTokens } from './tokens.service.js';

export const REGISTRATIONS_PER_IP_PER_HOUR = 10;
const TRIAL = 'TRIAL';

/**
 * A company signs itself up: a tenant on the trial plan with its head office as the first rent, an
 * all-permissions admin role and the registering user, signed in at once.
 */
export async function registerTenant(
  deps: AppDeps,
  input: RegisterTenant,
  client: { ip: string; userAgent?: string },
): Promise<TokenResponse> {
  const { db, clock } = deps;
  await consume(db, clock, {
    key: `register:ip:${client.ip}`,
    limit: REGISTRATIONS_PER_IP_PER_HOUR,
    windowSeconds: 3600,
  });
  const [taken] = await db
    .select({ username: users.username, phone: users.phone })
    .from(users)
    .where(or(sql`lower(${users.username}) = lower(${input.username})`, eq(users.phone, input.phone)))
    .limit(1);
  if (taken && taken.phone !== input.phone) throw invalidField('username', 'register.usernameTaken');
  // The code first: only the phone's owner learns that it has an account (checkPhone sent it a notice, not a
  // code, so a taken phone ends here as a wrong code).
  if (!(await verifyCode(db, deps, [{ target: input.phone, purposes: ['register'] }], input.verify))) {
    throw invalidField('verify', 'auth.codeWrong');
  }
  if (taken) throw new ConflictError('register.phoneTaken');
  const plan = findPlan(TRIAL)!;
  const passwordHash = await hashPassword(input.password, deps.config.PASSWORD_SCRYPT_LOG_N);
  const now = clock.now();
  return db.transaction(async (tx) => {
    const [tenant] = await tx
      .insert(tenants)
      .values({
        code: `T${randomBytes(5).toString('hex').toUpperCase()}`,
        name: input.companyName,
        shortName: input.companyName.slice(0, 12),
        contactName: input.contactName,
        contactPhone: input.phone,
        referral: input.referral ?? null,
      })
      .returning({ id: tenants.id, name: tenants.name });
    const tenantId = tenant!.id;
    const [rent] = await tx
      .insert(rents)
      .values({
        tenantId,
        code: 'HQ',
        name: input.companyName,
        shortName: input.companyName.slice(0, 12),
        city: input.city,
        contactPhone: input.phone,
      })
      .returning({ id: rents.id });
    await tx.insert(memberships).values({
      tenantId,
      planCode: plan.code,
      level: plan.level,
      startsAt: now,
      expiresAt: new Date(now.getTime() + plan.days * 86_400_000),
    });
    await applyPlan(tx, tenantId, plan.code);
    const [role] = await tx
      .insert(roles)
      .values({ tenantId, code: 'admin', name: '管理员', description: '全部权限', allPermissions: true, builtin: true })
      .returning({ id: roles.id });
    const [user] = await tx
      .insert(users)
      .values({
        tenantId,
        username: input.username,
        phone: input.phone,
        name: input.contactName,
        passwordHash,
        defaultRentId: rent!.id,
      })
      .returning({ id: users.id });
    await tx.insert(userRents).values({ tenantId, userId: user!.id, rentId: rent!.id });
    await tx.insert(userRoles).values({ tenantId, userId: user!.id, roleId: role!.id });
    const issued = await issueTokens(tx, clock, tokenSettings(deps), {
      tenantId,
      id: user!.id,
      username: input.username,
      phone: input.phone,
      passwordHash,
      status: 'active',
      userType: 'manager',
      tenantStatus: 'active',
      tenantName: tenant!.name,
      defaultRentId: rent!.id,
    });
    await tx.insert(loginRecords).values({
      tenantId,
      userId: user!.id,
      tokenId: issued.tokenId,
      method: 'password',
      ip: client.ip,
      userAgent: client.userAgent ?? null,
    });
    return issued.response;
  });
}
