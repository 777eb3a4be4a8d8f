import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@fleetdesk/contracts/paths';
import { OrganisationPaths } from '@fleetdesk/contracts/organisation';
import { request } from '../../../lib/request';
import { rolesKey } from './keys';

/** Deletes a role nobody holds; one still held (or built in) is refused with a 409, which the catalogue shows. */
export function deleteRole(id: number): Promise<boolean> {
  return request<boolean>(fillPath(OrganisationPaths.roleDelete, { id }), { method: 'DELETE' });
}

export function useDeleteRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSettled: () => client.invalidateQueries({ queryKey: rolesKey }),
  });
}
