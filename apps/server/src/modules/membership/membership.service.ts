import { eq } from 'drizzle-orm';
import { findPlan, MEMBERSHIP_EXPIRED_DAYS, type MembershipInfo } from '@fleetdesk/contracts/membership';
import type { Lang } from '@fleetdesk/contracts/common';
import type { AppDeps } from '../../core/deps.js';
import { memberships, tenants } from '../../db/schema/tenancy.js';

const DAY_MS = 86_400_000;

/** YYYY-MM-DD of an instant in a time zone. */
export function dateIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/**
 * Days left of a membership: whole days until the expiry, counted up (an expiry later today is 1 day), and
 * -1 once it has passed.
 */
export function daysLeft(expiresAt: Date, now: Date): number {
  const ms = expiresAt.getTime() - now.getTime();
  return ms <= 0 ? MEMBERSHIP_EXPIRED_DAYS : Math.ceil(ms / DAY_MS);
}

export async function membershipInfo(deps: AppDeps, tenantId: number, lang: Lang): Promise<MembershipInfo> {
  const [row] = await deps.db
    .select({
      planCode: memberships.planCode,
      level: memberships.level,
      expiresAt: memberships.expiresAt,
      timeZone: tenants.timeZone,
    })
    .from(memberships)
    .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
    .where(eq(memberships.tenantId, tenantId));
  if (!row) {
    return { days: MEMBERSHIP_EXPIRED_DAYS, date: '', associatorLevel: 0, associatorCode: '', associatorName: '' };
  }
  const plan = findPlan(row.planCode);
  return {
    days: daysLeft(row.expiresAt, deps.clock.now()),
    date: dateIn(row.timeZone, row.expiresAt),
    associatorLevel: row.level,
    associatorCode: row.planCode,
    associatorName: plan?.name[lang] ?? row.planCode,
  };
}
