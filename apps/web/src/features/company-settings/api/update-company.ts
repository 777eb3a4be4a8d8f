import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OrganisationPaths, type CompanyProfile, type CompanyProfileInput } from '@fleetdesk/contracts/organisation';
import { isFieldFailure } from '../../../lib/field-failure';
import { request } from '../../../lib/request';
import { companyQuery } from './get-company';

/** Saves the profile; a 400 naming fields is left to the form (`serverFieldErrors`). */
export function updateCompany(input: CompanyProfileInput): Promise<CompanyProfile> {
  return request<CompanyProfile>(OrganisationPaths.company, { method: 'PUT', json: input, silent: isFieldFailure });
}

export function useUpdateCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: (saved) => client.setQueryData(companyQuery().queryKey, saved),
  });
}
