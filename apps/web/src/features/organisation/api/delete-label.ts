import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OrganisationPaths } from '@fleetdesk/contracts/organisation';
import { fillPath } from '@fleetdesk/contracts/paths';
import { request } from '../../../lib/request';
import { employeesKey, labelsKey } from './keys';

/** Deletes a label; one in use needs `force` (it is then removed from every record carrying it). */
export function deleteLabel({ id, force }: { id: number; force: boolean }): Promise<unknown> {
  return request(fillPath(OrganisationPaths.labelDelete, { id }), {
    method: 'DELETE',
    query: { force: String(force) },
  });
}

export function useDeleteLabel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteLabel,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: labelsKey });
      await client.invalidateQueries({ queryKey: employeesKey });
    },
  });
}
