import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  TeamCommissionPaths,
  type StatementComputeInput,
  type TeamStatementDetail,
} from '@fleetdesk/contracts/team-performance';
import { isBlockingFailure } from '../../../lib/field-failure';
import { request } from '../../../lib/request';
import { commissionKey, statementKey } from './keys';

/**
 * Computes a node's statement of a finished month (`teams:edit`), or computes a draft or rejected one again. A
 * refusal (409: the month is not over, no enabled rule, awaiting approval or approved) is the caller's to show.
 */
export function computeStatement(input: StatementComputeInput): Promise<TeamStatementDetail> {
  return request<TeamStatementDetail>(TeamCommissionPaths.compute, {
    method: 'POST',
    json: input,
    silent: isBlockingFailure,
  });
}

export function useComputeStatement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: computeStatement,
    onSuccess: (statement) => {
      client.setQueryData(statementKey(statement.id), statement);
      return client.invalidateQueries({ queryKey: commissionKey });
    },
  });
}
