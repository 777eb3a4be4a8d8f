import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OrganisationPaths } from '@fleetdesk/contracts/organisation';
import { fillPath } from '@fleetdesk/contracts/paths';
import { request } from '../../../lib/request';
import { departmentsKey } from './keys';

/** Deletes an empty department; one with employees or sub-departments is refused (409, shown by the request layer). */
export function deleteDepartment(id: number): Promise<unknown> {
  return request(fillPath(OrganisationPaths.departmentDelete, { id }), { method: 'DELETE' });
}

export function useDeleteDepartment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteDepartment,
    onSuccess: () => client.invalidateQueries({ queryKey: departmentsKey }),
  });
}
