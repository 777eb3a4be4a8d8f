import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TeamPaths, type TeamDetail, type TeamInput, type TeamUpdateInput } from '@fleetdesk/contracts/teams';
import type { z } from 'zod';
import { isBlockingFailure, isFieldFailure } from '../../../lib/field-failure';
import { request, type RequestError } from '../../../lib/request';
import { teamsKey } from './keys';

/** The form's call: a 400 naming fields is the form's to show, a 409 (stale, name taken...) stays in the dialog. */
const formFailure = (e: RequestError) => isFieldFailure(e) || isBlockingFailure(e);

/** Adds a fleet (no parent) or a team (under a fleet of the same company). */
export function createTeam(input: z.input<typeof TeamInput>): Promise<TeamDetail> {
  return request<TeamDetail>(TeamPaths.create, { method: 'POST', json: input, silent: formFailure });
}

/** Changes a fleet or team (the whole input with the version read: 409 `teams.stale` when it moved meanwhile). */
export function updateTeam(input: z.input<typeof TeamUpdateInput>): Promise<TeamDetail> {
  return request<TeamDetail>(TeamPaths.update, { method: 'PUT', json: input, silent: formFailure });
}

export function useSaveTeam() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof TeamInput> | z.input<typeof TeamUpdateInput>) =>
      'id' in input ? updateTeam(input) : createTeam(input),
    onSuccess: () => client.invalidateQueries({ queryKey: teamsKey }),
  });
}
