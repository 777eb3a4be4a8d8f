import { queryOptions } from '@tanstack/react-query';
import { CarCataloguePaths, type CarModel } from '@fleetdesk/contracts/car-catalogue';
import { fillPath } from '@fleetdesk/contracts/paths';
import { request } from '../../../lib/request';
import { vehiclesKey } from './get-cars';

export const modelsKey = [...vehiclesKey, 'models'] as const;

/** The models of one series (platform and the tenant's own). */
export function getModels(serialId: number): Promise<CarModel[]> {
  return request<CarModel[]>(fillPath(CarCataloguePaths.models, { serialId }));
}

export const modelsQuery = (serialId: number) =>
  queryOptions({
    queryKey: [...modelsKey, serialId] as readonly unknown[],
    queryFn: () => getModels(serialId),
    staleTime: 10 * 60_000,
  });
