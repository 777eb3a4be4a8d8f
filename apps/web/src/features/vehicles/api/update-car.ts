import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@fleetdesk/contracts/paths';
import { VehiclePaths, type CarDetail, type UpdateCarInput } from '@fleetdesk/contracts/vehicles';
import { request } from '../../../lib/request';
import { isFieldFailure } from '../../../lib/field-failure';
import { carsKey } from './get-cars';

/** Changes a car's fields (status, rent, images and keys' remark have their own calls). */
export function updateCar({ id, input }: { id: number; input: UpdateCarInput }): Promise<CarDetail> {
  return request<CarDetail>(fillPath(VehiclePaths.update, { id }), {
    method: 'PUT',
    json: input,
    silent: isFieldFailure,
  });
}

export function useUpdateCar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateCar,
    onSuccess: () => client.invalidateQueries({ queryKey: carsKey }),
  });
}
