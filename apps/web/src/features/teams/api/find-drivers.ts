import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import { DriverPaths, type DriverListRow } from '@fleetdesk/contracts/drivers';
import { request } from '../../../lib/request';
import { teamsKey } from './keys';

/** How many drivers or cars a picker shows at a time (typing narrows). */
export const PICKER_PAGE = 20;

/**
 * The drivers of one company who may join a fleet or lead one (prospects and active drivers: the server refuses
 * those who left or are blacklisted), found by name, phone or ID number (the drivers' own list call).
 */
export function findDrivers(q: { rentId: number; keyword?: string }): Promise<Paged<DriverListRow>> {
  const keyword = q.keyword?.trim().slice(0, 40);
  return request<Paged<DriverListRow>>(DriverPaths.list, {
    method: 'POST',
    json: {
      rentId: q.rentId,
      state: ['prospect', 'active'],
      pageNum: 1,
      pageSize: PICKER_PAGE,
      ...(keyword ? { keyword } : {}),
    },
  });
}

export const findDriversQuery = (q: { rentId: number | undefined; keyword?: string }) =>
  queryOptions({
    queryKey: [...teamsKey, 'pick', 'drivers', q] as readonly unknown[],
    queryFn: () => findDrivers({ rentId: q.rentId!, keyword: q.keyword }),
    enabled: !!q.rentId,
  });
