import { useMutation, useQueryClient } from '@tanstack/react-query';
import { VehiclePaths, type CarType, type CarTypeInput } from '@fleetdesk/contracts/vehicles';
import { request } from '../../../lib/request';
import { carTypesKey } from './get-car-types';

export function createCarType(input: CarTypeInput): Promise<CarType> {
  return request<CarType>(VehiclePaths.typeCreate, { method: 'POST', json: input });
}

export function useCreateCarType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCarType,
    onSuccess: () => client.invalidateQueries({ queryKey: carTypesKey }),
  });
}
