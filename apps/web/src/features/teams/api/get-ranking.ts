import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import {
  TeamPerformancePaths,
  type DriverMonth,
  type DriverRanking,
  type DriverRankingQuery,
} from '@fleetdesk/contracts/team-performance';
import { request } from '../../../lib/request';
import { perfKey } from './keys';

/**
 * A month's ranking of a node's drivers (with its teams'), or of every fleet driver the caller sees (no `teamId`),
 * by the tenant's weights; a keyword filters the ranked rows, their ranks stay.
 */
export function getRanking(q: DriverRankingQuery): Promise<DriverRanking> {
  return request<DriverRanking>(TeamPerformancePaths.drivers, { query: { ...q } });
}

/** The ranking as a page of rows, for the list (the answer's month and weights are those asked and set). */
export const rankingQuery = (q: DriverRankingQuery) =>
  queryOptions({
    queryKey: [...perfKey, 'ranking', q] as readonly unknown[],
    queryFn: (): Promise<Paged<DriverMonth>> => getRanking(q),
  });
