import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import { ViolationPaths, type Violation, type ViolationExportFilter } from '@fleetdesk/contracts/violations';
import { request } from '../../../lib/request';
import { violationsKey } from './keys';

export type ViolationFilter = Partial<ViolationExportFilter>;

/** The list's URL filters as the body of `peccancyDetail/list` (ids as numbers, empty ones left out). */
export function violationFilterBody(filters: Record<string, string>): ViolationFilter {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (!value) continue;
    body[key] = ['carId', 'driverId', 'rentId'].includes(key) ? Number(value) : value;
  }
  return body as ViolationFilter;
}

export function getViolations(
  body: ViolationFilter & { pageNum: number; pageSize: number },
): Promise<Paged<Violation>> {
  return request<Paged<Violation>>(ViolationPaths.list, { method: 'POST', json: body });
}

export const violationsQuery = (body: ViolationFilter & { pageNum: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...violationsKey, 'list', body] as readonly unknown[],
    queryFn: () => getViolations(body),
  });
