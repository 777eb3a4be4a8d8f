import { queryOptions } from '@tanstack/react-query';
import { TeamPerformancePaths, type TeamMonth, type TeamMonthQuery } from '@fleetdesk/contracts/team-performance';
import { request } from '../../../lib/request';
import { perfKey } from './keys';

/** Every visible fleet's and team's month (of one company with `rentId`), summed over the drivers now in it. */
export function getTeamMonths(q: TeamMonthQuery): Promise<TeamMonth[]> {
  return request<TeamMonth[]>(TeamPerformancePaths.teams, { query: { ...q } });
}

export const teamMonthsQuery = (q: TeamMonthQuery) =>
  queryOptions({ queryKey: [...perfKey, 'months', q] as readonly unknown[], queryFn: () => getTeamMonths(q) });
