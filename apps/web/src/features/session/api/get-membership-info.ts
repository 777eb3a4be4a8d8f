import { queryOptions } from '@tanstack/react-query';
import { AuthPaths } from '@fleetdesk/contracts/auth';
import type { MembershipInfo } from '@fleetdesk/contracts/membership';
import type { Membership } from '../../../lib/session';
import { request } from '../../../lib/request';

/** Membership of the tenant: days left (-1 expired), expiry date, level, code and name. */
export async function getMembershipInfo(): Promise<Membership> {
  const info = await request<MembershipInfo>(AuthPaths.membershipInfo);
  return {
    days: info.days,
    date: info.date,
    level: info.associatorLevel,
    code: info.associatorCode,
    name: info.associatorName,
  };
}

export const membershipInfoQuery = () =>
  queryOptions({ queryKey: ['session', 'membership'], queryFn: getMembershipInfo, staleTime: 60_000 });
