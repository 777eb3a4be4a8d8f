import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ViolationPaths, type Violation, type ViolationInput } from '@fleetdesk/contracts/violations';
import { isFieldFailure } from '../../../lib/field-failure';
import { request } from '../../../lib/request';
import { violationsKey } from './keys';

/** A violation from a paper ticket; the server attributes it from the car's usage period at that time. */
export function useAddViolation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ViolationInput) =>
      request<Violation>(ViolationPaths.add, { method: 'POST', json: body, silent: isFieldFailure }),
    onSuccess: () => void client.invalidateQueries({ queryKey: violationsKey }),
  });
}
