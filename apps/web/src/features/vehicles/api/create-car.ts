import { useMutation, useQueryClient } from '@tanstack/react-query';
import { VehiclePaths, type CarDetail, type CreateCarInput } from '@fleetdesk/contracts/vehicles';
import { request } from '../../../lib/request';
import { isFieldFailure } from '../../../lib/field-failure';
import { carsKey } from './get-cars';

/**
 * Adds a car (with its images) to `rentId` (one of the rents the user may act in; absent: the rent in use);
 * field errors come back on the form.
 */
export function createCar({ input, rentId }: { input: CreateCarInput; rentId?: number | null }): Promise<CarDetail> {
  return request<CarDetail>(VehiclePaths.add, {
    method: 'POST',
    json: input,
    silent: isFieldFailure,
    ...(rentId ? { headers: { 'X-Rent-Id': String(rentId) } } : {}),
  });
}

export function useCreateCar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCar,
    onSuccess: () => client.invalidateQueries({ queryKey: carsKey }),
  });
}
