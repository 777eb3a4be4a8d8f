import { queryOptions } from '@tanstack/react-query';
import { VehiclePaths } from '@fleetdesk/contracts/vehicles';
import { request } from '../../../lib/request';
import { vehiclesKey } from './get-cars';

export interface InsurerOption {
  id: number;
  code: string;
  enabled: boolean;
  name: string;
  shortName: string;
  nameEn: string;
}

/** The company's motor insurers (disabled ones too, for the records that name them). */
export function getInsurers(): Promise<InsurerOption[]> {
  return request<InsurerOption[]>(VehiclePaths.insurers);
}

export const insurersQuery = () =>
  queryOptions({
    queryKey: [...vehiclesKey, 'insurers'] as readonly unknown[],
    queryFn: getInsurers,
    staleTime: 60 * 60_000,
  });
