import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TeamPaths, type TeamCarsInput, type TeamMoveResult } from '@fleetdesk/contracts/teams';
import { isBlockingFailure, isFieldFailure } from '../../../lib/field-failure';
import { request, type RequestError } from '../../../lib/request';
import { teamsKey } from './keys';

const dialogFailure = (e: RequestError) => isFieldFailure(e) || isBlockingFailure(e);

/** The node runs these cars from now on (taken from the node that ran them). */
export function addCars(input: TeamCarsInput): Promise<TeamMoveResult> {
  return request<TeamMoveResult>(TeamPaths.carsAdd, { method: 'POST', json: input, silent: dialogFailure });
}

/** The cars leave the node (or its teams); a refusal is shown by the request layer. */
export function removeCars(input: TeamCarsInput): Promise<TeamMoveResult> {
  return request<TeamMoveResult>(TeamPaths.carsRemove, { method: 'POST', json: input });
}

function useCarsMutation(fn: (input: TeamCarsInput) => Promise<TeamMoveResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: teamsKey });
      // The cars' own lists may show who runs them.
      await client.invalidateQueries({ queryKey: ['vehicles'] });
    },
  });
}

export const useAddCars = () => useCarsMutation(addCars);
export const useRemoveCars = () => useCarsMutation(removeCars);
