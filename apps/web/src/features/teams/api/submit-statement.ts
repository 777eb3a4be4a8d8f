import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@fleetdesk/contracts/paths';
import { TeamCommissionPaths, type TeamStatement } from '@fleetdesk/contracts/team-performance';
import { isBlockingFailure } from '../../../lib/field-failure';
import { request } from '../../../lib/request';
import { commissionKey } from './keys';

/**
 * Sends a draft or rejected statement for approval (`teams:edit`); a refusal (409: not a draft, or the company has no
 * approval flow for statements) is the caller's to show.
 */
export function submitStatement(id: number): Promise<TeamStatement> {
  return request<TeamStatement>(fillPath(TeamCommissionPaths.submit, { id }), {
    method: 'POST',
    silent: isBlockingFailure,
  });
}

export function useSubmitStatement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitStatement,
    onSuccess: () => client.invalidateQueries({ queryKey: commissionKey }),
  });
}
