import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@fleetdesk/contracts/paths';
import { TeamPaths } from '@fleetdesk/contracts/teams';
import { request } from '../../../lib/request';
import { teamsKey } from './keys';

/** Deletes an empty fleet or team; one with teams, drivers or cars is refused (409, shown by the request layer). */
export function deleteTeam(id: number): Promise<boolean> {
  return request<boolean>(fillPath(TeamPaths.remove, { id }), { method: 'POST' });
}

export function useDeleteTeam() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteTeam,
    onSuccess: () => client.invalidateQueries({ queryKey: teamsKey }),
  });
}
