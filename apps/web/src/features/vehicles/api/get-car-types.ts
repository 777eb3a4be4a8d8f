import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import { VehiclePaths, type CarType } from '@fleetdesk/contracts/vehicles';
import { request } from '../../../lib/request';
import { vehiclesKey } from './get-cars';

export const carTypesKey = [...vehiclesKey, 'car-types'] as const;

export interface CarTypeFilters {
  carTypeName?: string | undefined;
  pageNum: number;
  pageSize: number;
}

/** The tenant's car types, cheapest first, paged. */
export function getCarTypes(f: CarTypeFilters): Promise<Paged<CarType>> {
  return request<Paged<CarType>>(VehiclePaths.types, {
    query: { pageNum: f.pageNum, pageSize: f.pageSize, carTypeName: f.carTypeName },
  });
}

export const carTypesQuery = (f: CarTypeFilters) =>
  queryOptions({ queryKey: [...carTypesKey, 'list', f] as readonly unknown[], queryFn: () => getCarTypes(f) });

/** Every car type, not paged (`page=0&limit=0`, as the spec calls it): for pickers. */
export function getAllCarTypes(): Promise<CarType[]> {
  return request<Paged<CarType>>(VehiclePaths.types, { query: { page: 0, limit: 0 } }).then((p) => p.rows);
}

export const allCarTypesQuery = () =>
  queryOptions({ queryKey: [...carTypesKey, 'all'] as readonly unknown[], queryFn: getAllCarTypes });
