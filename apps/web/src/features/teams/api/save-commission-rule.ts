import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  TeamCommissionPaths,
  type CommissionRule,
  type CommissionRuleInput,
} from '@fleetdesk/contracts/team-performance';
import { isBlockingFailure, isFieldFailure } from '../../../lib/field-failure';
import { request, type RequestError } from '../../../lib/request';
import { commissionKey, ruleKey } from './keys';

/** Sets a node's rule (`teams:edit`); a 400 naming fields and a refusal (409) are the form's to show. */
export function saveCommissionRule(input: CommissionRuleInput): Promise<CommissionRule> {
  return request<CommissionRule>(TeamCommissionPaths.ruleSave, {
    method: 'PUT',
    json: input,
    silent: (e: RequestError) => isFieldFailure(e) || isBlockingFailure(e),
  });
}

export function useSaveCommissionRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCommissionRule,
    onSuccess: (rule) => {
      client.setQueryData(ruleKey(rule.teamId), rule);
      return client.invalidateQueries({ queryKey: commissionKey });
    },
  });
}
