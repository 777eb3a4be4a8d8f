import { useMutation, useQueryClient } from '@tanstack/react-query';
import { VehiclePaths, type CarDetail, type CreateCarInput } from '@fleetdesk/contracts/vehicles';
import { request } from '../../../lib/request';
import { isFieldFailure } from '../../../lib/field-failure';
import { carsKey } from './get-cars';

/** Adds a car (with its images) to the rent of the call; field errors come back on the form. */
export function createCar(input: CreateCarInput): Promise<CarDetail> {
  return request<CarDetail>(VehiclePaths.add, { method: 'POST', json: input, silent: isFieldFailure });
}

export function useCreateCar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCar,
    onSuccess: () => client.invalidateQueries({ queryKey: carsKey }),
  });
}
