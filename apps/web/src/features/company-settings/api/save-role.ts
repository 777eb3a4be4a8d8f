import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@fleetdesk/contracts/paths';
import { OrganisationPaths, type Role, type RoleInput } from '@fleetdesk/contracts/organisation';
import { isFieldFailure } from '../../../lib/field-failure';
import { request } from '../../../lib/request';
import { rolesKey } from './keys';

/** Creates a role (`id` null) or changes one; a 400 naming fields is left to the drawer's form. */
export function saveRole({ id, input }: { id: number | null; input: RoleInput }): Promise<Role> {
  return id === null
    ? request<Role>(OrganisationPaths.roleAdd, { method: 'POST', json: input, silent: isFieldFailure })
    : request<Role>(fillPath(OrganisationPaths.roleUpdate, { id }), {
        method: 'PUT',
        json: input,
        silent: isFieldFailure,
      });
}

export function useSaveRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveRole,
    onSuccess: () => client.invalidateQueries({ queryKey: rolesKey }),
  });
}
