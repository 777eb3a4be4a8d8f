import { queryOptions } from '@tanstack/react-query';
import { CarCataloguePaths, type Series } from '@fleetdesk/contracts/car-catalogue';
import { fillPath } from '@fleetdesk/contracts/paths';
import { request } from '../../../lib/request';
import { vehiclesKey } from './get-cars';

/** The series of one brand (platform and the tenant's own). */
export function getSeries(brandId: number): Promise<Series[]> {
  return request<Series[]>(fillPath(CarCataloguePaths.series, { brandId }));
}

export const seriesQuery = (brandId: number) =>
  queryOptions({
    queryKey: [...vehiclesKey, 'series', brandId] as readonly unknown[],
    queryFn: () => getSeries(brandId),
    staleTime: 10 * 60_000,
  });
