import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OrganisationPaths, type Rent, type RentInput } from '@fleetdesk/contracts/organisation';
import { fillPath } from '@fleetdesk/contracts/paths';
import { isFieldFailure } from '../../../lib/field-failure';
import { request } from '../../../lib/request';
import { rentsKey } from './keys';

export function updateRent({ id, input }: { id: number; input: RentInput }): Promise<Rent> {
  return request<Rent>(fillPath(OrganisationPaths.rentUpdate, { id }), {
    method: 'PUT',
    json: input,
    silent: isFieldFailure,
  });
}

export function useUpdateRent() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateRent, onSuccess: () => client.invalidateQueries({ queryKey: rentsKey }) });
}
