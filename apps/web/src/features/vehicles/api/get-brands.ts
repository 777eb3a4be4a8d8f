import { queryOptions } from '@tanstack/react-query';
import { CarCataloguePaths, type Brand } from '@fleetdesk/contracts/car-catalogue';
import { request } from '../../../lib/request';
import { vehiclesKey } from './get-cars';

/** The brand catalogue (platform and the tenant's own), by initial. */
export function getBrands(keyword?: string): Promise<Brand[]> {
  return request<Brand[]>(CarCataloguePaths.brands, { query: { keyword } });
}

export const brandsQuery = () =>
  queryOptions({
    queryKey: [...vehiclesKey, 'brands'] as readonly unknown[],
    queryFn: () => getBrands(),
    staleTime: 10 * 60_000,
  });
