import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CarCataloguePaths, type CarModel, type CarModelInput } from '@fleetdesk/contracts/car-catalogue';
import { request } from '../../../lib/request';
import { isFieldFailure } from '../../../lib/field-failure';
import { modelsKey } from './get-models';

/** Adds a model of the tenant's own under a series of the catalogue. */
export function createModel(input: CarModelInput): Promise<CarModel> {
  return request<CarModel>(CarCataloguePaths.modelCreate, { method: 'POST', json: input, silent: isFieldFailure });
}

export function useCreateModel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createModel,
    onSuccess: () => client.invalidateQueries({ queryKey: modelsKey }),
  });
}
