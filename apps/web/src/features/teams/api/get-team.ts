import { queryOptions } from '@tanstack/react-query';
import { fillPath } from '@fleetdesk/contracts/paths';
import { TeamPaths, type TeamDetail } from '@fleetdesk/contracts/teams';
import { request, type RequestError } from '../../../lib/request';
import { teamKey } from './keys';

/** One fleet or team with the totals of its subtree; one the caller cannot see is 404 (the page says so itself). */
export function getTeam(id: number): Promise<TeamDetail> {
  return request<TeamDetail>(fillPath(TeamPaths.get, { id }), {
    silent: (e: RequestError) => e.httpStatus === 404,
  });
}

export const teamQuery = (id: number) =>
  queryOptions({
    queryKey: teamKey(id) as readonly unknown[],
    queryFn: () => getTeam(id),
    retry: (count, e) => (e as RequestError).httpStatus !== 404 && count < 1,
  });
