import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import { VehiclePaths, type InfoErrorRow } from '@fleetdesk/contracts/vehicles';
import { request } from '../../../lib/request';
import { carKey } from './get-car';

/**
 * The papers problems of one car. `car/info/error` has no car filter: the plate is the keyword, and the row
 * of this car is picked from the answer.
 */
export async function getCarInfoErrors(car: { id: number; plate: string }): Promise<InfoErrorRow | null> {
  const page = await request<Paged<InfoErrorRow>>(VehiclePaths.infoErrors, {
    query: { keyword: car.plate, pageNum: 1, pageSize: 20 },
  });
  return page.rows.find((r) => r.id === car.id) ?? null;
}

export const carInfoErrorsQuery = (car: { id: number; plate: string }) =>
  queryOptions({
    queryKey: [...carKey(car.id), 'info-errors', car.plate] as readonly unknown[],
    queryFn: () => getCarInfoErrors(car),
  });
