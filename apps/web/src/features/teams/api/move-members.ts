import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TeamPaths, type TeamMembersAddInput, type TeamMoveResult } from '@fleetdesk/contracts/teams';
import { isBlockingFailure, isFieldFailure } from '../../../lib/field-failure';
import { request, type RequestError } from '../../../lib/request';
import { teamsKey } from './keys';

/** A dialog's call: the refusal (a driver who left, a disabled node, an unknown driver) stays in the dialog. */
const dialogFailure = (e: RequestError) => isFieldFailure(e) || isBlockingFailure(e);

/** Moves drivers into a node, out of wherever they were (each move kept in the history). */
export function addMembers(input: TeamMembersAddInput): Promise<TeamMoveResult> {
  return request<TeamMoveResult>(TeamPaths.membersAdd, { method: 'POST', json: input, silent: dialogFailure });
}

/** Takes drivers out of a node or out of its teams; the others named are left as they are. */
export function removeMembers(input: TeamMembersAddInput): Promise<TeamMoveResult> {
  return request<TeamMoveResult>(TeamPaths.membersRemove, { method: 'POST', json: input, silent: dialogFailure });
}

function useMoveMutation(fn: (input: TeamMembersAddInput) => Promise<TeamMoveResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // The tree's counts, the node's totals, its members and its history all change.
    onSuccess: () => client.invalidateQueries({ queryKey: teamsKey }),
  });
}

export const useAddMembers = () => useMoveMutation(addMembers);
export const useRemoveMembers = () => useMoveMutation(removeMembers);
