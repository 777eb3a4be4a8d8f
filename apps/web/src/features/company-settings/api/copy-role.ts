import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@fleetdesk/contracts/paths';
import { OrganisationPaths, type Role } from '@fleetdesk/contracts/organisation';
import { isFieldFailure } from '../../../lib/field-failure';
import { request } from '../../../lib/request';
import { rolesKey } from './keys';

/** Copies a role (its description, data scope and grants) under a new name. */
export function copyRole({ id, name }: { id: number; name: string }): Promise<Role> {
  return request<Role>(fillPath(OrganisationPaths.roleCopy, { id }), {
    method: 'POST',
    json: { name },
    silent: isFieldFailure,
  });
}

export function useCopyRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: copyRole,
    onSuccess: () => client.invalidateQueries({ queryKey: rolesKey }),
  });
}
