import { useMutation, useQueryClient } from '@tanstack/react-query';
import { VehiclePaths, type Owner, type OwnerInput } from '@fleetdesk/contracts/vehicles';
import { request } from '../../../lib/request';
import { isFieldFailure } from '../../../lib/field-failure';
import { ownersKey } from './get-owners';

/** Adds a car owner (a company or a person). */
export function createOwner(input: OwnerInput): Promise<Owner> {
  return request<Owner>(VehiclePaths.ownerCreate, { method: 'POST', json: input, silent: isFieldFailure });
}

export function useCreateOwner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createOwner,
    onSuccess: () => client.invalidateQueries({ queryKey: ownersKey }),
  });
}
