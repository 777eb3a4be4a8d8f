import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OrganisationPaths, type Label, type LabelInput } from '@fleetdesk/contracts/organisation';
import { fillPath } from '@fleetdesk/contracts/paths';
import { isFieldFailure } from '../../../lib/field-failure';
import { request } from '../../../lib/request';
import { employeesKey, labelsKey } from './keys';

export function updateLabel({ id, input }: { id: number; input: LabelInput }): Promise<Label> {
  return request<Label>(fillPath(OrganisationPaths.labelUpdate, { id }), {
    method: 'PUT',
    json: input,
    silent: isFieldFailure,
  });
}

export function useUpdateLabel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateLabel,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: labelsKey });
      await client.invalidateQueries({ queryKey: employeesKey });
    },
  });
}
