import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import { VehiclePaths, type CarOperation } from '@fleetdesk/contracts/vehicles';
import { request } from '../../../lib/request';
import { carKey } from './get-car';

export interface CarOperationsFilter {
  carId: number;
  pageNum: number;
  pageSize: number;
}

/** A car's status and transfer history (creation, import, deletion too), newest first. */
export function getCarOperations(f: CarOperationsFilter): Promise<Paged<CarOperation>> {
  return request<Paged<CarOperation>>(VehiclePaths.operations, { query: { ...f } });
}

export const carOperationsQuery = (f: CarOperationsFilter) =>
  queryOptions({
    queryKey: [...carKey(f.carId), 'operations', f] as readonly unknown[],
    queryFn: () => getCarOperations(f),
  });
