import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OrganisationPaths, type Label, type LabelInput } from '@fleetdesk/contracts/organisation';
import { isFieldFailure } from '../../../lib/field-failure';
import { request } from '../../../lib/request';
import { labelsKey } from './keys';

export function createLabel(input: LabelInput): Promise<Label> {
  return request<Label>(OrganisationPaths.labelAdd, { method: 'POST', json: input, silent: isFieldFailure });
}

export function useCreateLabel() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createLabel, onSuccess: () => client.invalidateQueries({ queryKey: labelsKey }) });
}
