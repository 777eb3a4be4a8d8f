import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import { TeamPaths, type TeamCar, type TeamCarsQuery } from '@fleetdesk/contracts/teams';
import { request } from '../../../lib/request';
import { teamCarsKey } from './keys';

/** The cars a node (and its teams, `withSubteams`) runs, by plate. */
export function getTeamCars(q: TeamCarsQuery): Promise<Paged<TeamCar>> {
  return request<Paged<TeamCar>>(TeamPaths.cars, { query: { ...q } });
}

export const teamCarsQuery = (q: TeamCarsQuery) =>
  queryOptions({ queryKey: [...teamCarsKey, q] as readonly unknown[], queryFn: () => getTeamCars(q) });
