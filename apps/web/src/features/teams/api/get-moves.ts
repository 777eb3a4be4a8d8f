import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import { TeamPaths, type TeamMove, type TeamMovesQuery } from '@fleetdesk/contracts/teams';
import { request } from '../../../lib/request';
import { movesKey } from './keys';

/** The stays of drivers in a node and its teams (joined, left), newest first. */
export function getMoves(q: TeamMovesQuery): Promise<Paged<TeamMove>> {
  return request<Paged<TeamMove>>(TeamPaths.moves, { query: { ...q } });
}

export const movesQuery = (q: TeamMovesQuery) =>
  queryOptions({ queryKey: [...movesKey, q] as readonly unknown[], queryFn: () => getMoves(q) });
