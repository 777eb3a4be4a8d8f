import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OrganisationPaths, type Rent, type RentInput } from '@fleetdesk/contracts/organisation';
import { isFieldFailure } from '../../../lib/field-failure';
import { request } from '../../../lib/request';
import { rentsKey } from './keys';

export function createRent(input: RentInput): Promise<Rent> {
  return request<Rent>(OrganisationPaths.rentAdd, { method: 'POST', json: input, silent: isFieldFailure });
}

export function useCreateRent() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createRent, onSuccess: () => client.invalidateQueries({ queryKey: rentsKey }) });
}
