import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@fleetdesk/contracts/paths';
import { VehiclePaths, type CarType, type CarTypeInput } from '@fleetdesk/contracts/vehicles';
import { request } from '../../../lib/request';
import { carTypesKey } from './get-car-types';

export function updateCarType({ id, input }: { id: number; input: CarTypeInput }): Promise<CarType> {
  return request<CarType>(fillPath(VehiclePaths.typeUpdate, { id }), { method: 'PUT', json: input });
}

export function useUpdateCarType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateCarType,
    onSuccess: () => client.invalidateQueries({ queryKey: carTypesKey }),
  });
}
