import { queryOptions } from '@tanstack/react-query';
import { ViolationPaths, type YearStatistics } from '@fleetdesk/contracts/violations';
import { request } from '../../../lib/request';
import { violationsKey } from './keys';

export const statisticsQuery = (year: number) =>
  queryOptions({
    queryKey: [...violationsKey, 'statistics', year] as const,
    queryFn: () => request<YearStatistics>(ViolationPaths.byYear, { query: { year } }),
  });
