import { queryOptions } from '@tanstack/react-query';
import { VehiclePaths, type Rentability } from '@fleetdesk/contracts/vehicles';
import { request } from '../../../lib/request';
import { carKey } from './get-car';

/** Whether the car can be rented now, and every reason why not (the rule the contract signing applies). */
export const carRentabilityQuery = (id: number) =>
  queryOptions({
    queryKey: [...carKey(id), 'rentability'] as readonly unknown[],
    queryFn: async () =>
      (await request<Rentability[]>(VehiclePaths.rentability, { method: 'POST', json: { ids: [id] } }))[0] ?? null,
  });
