import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@fleetdesk/contracts/paths';
import { VehiclePaths } from '@fleetdesk/contracts/vehicles';
import { request } from '../../../lib/request';
import { carsKey } from './get-cars';

/** Deletes a car (soft: its history stays); a rented car is refused (409). */
export function deleteCar({ id, reason }: { id: number; reason?: string | undefined }): Promise<boolean> {
  return request<boolean>(fillPath(VehiclePaths.remove, { id }), {
    method: 'DELETE',
    query: { reason: reason?.trim() || undefined },
  });
}

export function useDeleteCar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCar,
    onSuccess: () => client.invalidateQueries({ queryKey: carsKey }),
  });
}

/** Restores a deleted car (refused with 409 when its plate is in use again). */
export function restoreCar(id: number): Promise<unknown> {
  return request(fillPath(VehiclePaths.restore, { id }), { method: 'POST' });
}

export function useRestoreCar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: restoreCar,
    onSuccess: () => client.invalidateQueries({ queryKey: carsKey }),
  });
}
