import { queryOptions } from '@tanstack/react-query';
import { ViolationPaths, type LimitRemindCount } from '@fleetdesk/contracts/violations';
import { request } from '../../../lib/request';
import { violationsKey } from './keys';

/** The header badge's count (cars and drivers over a limit), asked again every minute. */
export const remindCountQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: [...violationsKey, 'remindCount'] as const,
    queryFn: () => request<LimitRemindCount>(ViolationPaths.remindCount, { silent: true }),
    enabled,
    refetchInterval: 60_000,
  });
