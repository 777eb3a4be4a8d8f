import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OrganisationPaths, type TenantRules } from '@fleetdesk/contracts/organisation';
import { isFieldFailure } from '../../../lib/field-failure';
import { request } from '../../../lib/request';
import { rulesQuery } from './get-rules';

/** Saves the whole set of rules; a 400 naming fields is left to the form. */
export function updateRules(input: TenantRules): Promise<TenantRules> {
  return request<TenantRules>(OrganisationPaths.rules, { method: 'PUT', json: input, silent: isFieldFailure });
}

export function useUpdateRules() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateRules,
    onSuccess: (saved) => client.setQueryData(rulesQuery().queryKey, saved),
  });
}
