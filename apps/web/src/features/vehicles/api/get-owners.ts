import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import { VehiclePaths, type Owner } from '@fleetdesk/contracts/vehicles';
import { request } from '../../../lib/request';
import { vehiclesKey } from './get-cars';

export const ownersKey = [...vehiclesKey, 'owners'] as const;

export interface OwnerFilters {
  keyword?: string | undefined;
  kind?: 'company' | 'person' | undefined;
  pageNum: number;
  pageSize: number;
}

/** The tenant's car owners (companies and people) with their car counts. */
export function getOwners(f: OwnerFilters): Promise<Paged<Owner>> {
  return request<Paged<Owner>>(VehiclePaths.owners, { query: { ...f } });
}

export const ownersQuery = (f: OwnerFilters) =>
  queryOptions({ queryKey: [...ownersKey, 'list', f] as readonly unknown[], queryFn: () => getOwners(f) });
