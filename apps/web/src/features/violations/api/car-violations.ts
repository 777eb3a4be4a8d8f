import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import { fillPath } from '@fleetdesk/contracts/paths';
import { ViolationPaths, type CarViolationSummary, type Violation } from '@fleetdesk/contracts/violations';
import { request } from '../../../lib/request';
import { violationsKey } from './keys';

export const carSummaryQuery = (carId: number) =>
  queryOptions({
    queryKey: [...violationsKey, 'car', carId, 'summary'] as const,
    queryFn: () => request<CarViolationSummary>(fillPath(ViolationPaths.byCar, { id: carId })),
  });

export const carViolationsQuery = (carId: number, pageNum: number, pageSize: number) =>
  queryOptions({
    queryKey: [...violationsKey, 'car', carId, 'list', pageNum, pageSize] as const,
    queryFn: () => request<Paged<Violation>>(ViolationPaths.listForCar, { query: { carId, pageNum, pageSize } }),
  });
