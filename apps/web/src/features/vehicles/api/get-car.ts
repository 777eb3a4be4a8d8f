import { queryOptions } from '@tanstack/react-query';
import { fillPath } from '@fleetdesk/contracts/paths';
import { VehiclePaths, type CarDetail } from '@fleetdesk/contracts/vehicles';
import { request, type RequestError } from '../../../lib/request';
import { carsKey } from './get-cars';

/** One car with its images; a car the caller cannot see is 404 (the page shows its own not-found). */
export function getCar(id: number): Promise<CarDetail> {
  return request<CarDetail>(fillPath(VehiclePaths.get, { id }), {
    silent: (e: RequestError) => e.httpStatus === 404,
  });
}

export const carKey = (id: number) => [...carsKey, 'detail', id] as const;

export const carQuery = (id: number) =>
  queryOptions({
    queryKey: carKey(id) as readonly unknown[],
    queryFn: () => getCar(id),
    retry: (count, e) => (e as RequestError).httpStatus !== 404 && count < 1,
  });
