import { queryOptions } from '@tanstack/react-query';
import type { FlowDay } from '@fleetdesk/contracts/team-performance';
import { monthDays } from '../model/performance';
import { getFlowDays } from './get-flow-days';
import { perfKey } from './keys';

/** A page holds a month of one driver on three platforms; more (several platforms a day) takes further pages. */
const PAGE_SIZE = 100;
const MAX_PAGES = 5;

/** One driver's platform days of a month (YYYY-MM), every page of them, newest first. */
export async function getDriverDays(driverId: number, month: string): Promise<FlowDay[]> {
  const rows: FlowDay[] = [];
  for (let pageNum = 1; pageNum <= MAX_PAGES; pageNum++) {
    const page = await getFlowDays({ driverId, ...monthDays(month), pageNum, pageSize: PAGE_SIZE });
    rows.push(...page.rows);
    if (page.rows.length < PAGE_SIZE || rows.length >= page.total) break;
  }
  return rows;
}

export const driverDaysQuery = (driverId: number, month: string) =>
  queryOptions({
    queryKey: [...perfKey, 'driverDays', driverId, month] as readonly unknown[],
    queryFn: () => getDriverDays(driverId, month),
  });
