import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { TeamPerformancePaths, type RankingWeights } from '@fleetdesk/contracts/team-performance';
import { isFieldFailure } from '../../../lib/field-failure';
import { request } from '../../../lib/request';
import { perfKey } from './keys';

/** The tenant's ranking weights (0-100 each). */
export function getWeights(): Promise<RankingWeights> {
  return request<RankingWeights>(TeamPerformancePaths.weights);
}

export const weightsQuery = () =>
  queryOptions({ queryKey: [...perfKey, 'weights'] as readonly unknown[], queryFn: getWeights });

/** Sets the weights (`teams:edit`); a 400 naming fields is the dialog's to show. */
export function saveWeights(weights: RankingWeights): Promise<RankingWeights> {
  return request<RankingWeights>(TeamPerformancePaths.weights, {
    method: 'PUT',
    json: weights,
    silent: isFieldFailure,
  });
}

export function useSaveWeights() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveWeights,
    // Every score and rank follows the weights.
    onSuccess: () => client.invalidateQueries({ queryKey: perfKey }),
  });
}
