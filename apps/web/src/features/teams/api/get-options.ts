import { queryOptions } from '@tanstack/react-query';
import { TeamPaths, type TeamOption } from '@fleetdesk/contracts/teams';
import { request } from '../../../lib/request';
import { optionsKey } from './keys';

/** The enabled fleets and teams of a rent, for pickers (a team labelled "fleet / team"). */
export function getTeamOptions(rentId: number): Promise<TeamOption[]> {
  return request<TeamOption[]>(TeamPaths.options, { query: { rentId } });
}

export const teamOptionsQuery = (rentId: number | undefined) =>
  queryOptions({
    queryKey: [...optionsKey, rentId] as readonly unknown[],
    queryFn: () => getTeamOptions(rentId!),
    enabled: !!rentId,
  });
