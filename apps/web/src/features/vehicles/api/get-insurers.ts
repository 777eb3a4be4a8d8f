import { queryOptions } from '@tanstack/react-query';
import { VehiclePaths } from '@fleetdesk/contracts/vehicles';
import { request } from '../../../lib/request';
import { vehiclesKey } from './get-cars';

export interface InsurerOption {
  code: string;
  name: string;
  shortName: string;
  nameEn: string;
}

/** The motor insurers a policy can name. */
export function getInsurers(): Promise<InsurerOption[]> {
  return request<InsurerOption[]>(VehiclePaths.insurers);
}

export const insurersQuery = () =>
  queryOptions({
    queryKey: [...vehiclesKey, 'insurers'] as readonly unknown[],
    queryFn: getInsurers,
    staleTime: 60 * 60_000,
  });
