import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ViolationPaths, type ViolationLimitConfig } from '@fleetdesk/contracts/violations';
import { isFieldFailure } from '../../../lib/field-failure';
import { request } from '../../../lib/request';
import { violationsKey } from './keys';

export const limitsQuery = () =>
  queryOptions({
    queryKey: [...violationsKey, 'limits'] as const,
    queryFn: () => request<ViolationLimitConfig>(ViolationPaths.limitGet),
  });

export function useSaveLimits() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ViolationLimitConfig) =>
      request<ViolationLimitConfig>(ViolationPaths.limitSave, { method: 'POST', json: input, silent: isFieldFailure }),
    onSuccess: () => void client.invalidateQueries({ queryKey: violationsKey }),
  });
}
