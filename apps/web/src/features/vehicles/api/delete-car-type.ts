import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@fleetdesk/contracts/paths';
import { VehiclePaths } from '@fleetdesk/contracts/vehicles';
import { request } from '../../../lib/request';
import { carTypesKey } from './get-car-types';

/** Deletes a car type that no car has; one in use is refused (409, the server says how many cars). */
export function deleteCarType(id: number): Promise<boolean> {
  return request<boolean>(fillPath(VehiclePaths.typeDelete, { id }), { method: 'DELETE' });
}

export function useDeleteCarType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCarType,
    onSettled: () => client.invalidateQueries({ queryKey: carTypesKey }),
  });
}
