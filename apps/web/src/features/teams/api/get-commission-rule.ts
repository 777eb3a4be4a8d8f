import { queryOptions } from '@tanstack/react-query';
import { fillPath } from '@fleetdesk/contracts/paths';
import { TeamCommissionPaths, type CommissionRule } from '@fleetdesk/contracts/team-performance';
import { request } from '../../../lib/request';
import { ruleKey } from './keys';

/** A node's commission rule; a node without one reads as all zero, disabled, never saved (`updatedAt` null). */
export function getCommissionRule(teamId: number): Promise<CommissionRule> {
  return request<CommissionRule>(fillPath(TeamCommissionPaths.rule, { teamId }));
}

export const commissionRuleQuery = (teamId: number) =>
  queryOptions({ queryKey: ruleKey(teamId), queryFn: () => getCommissionRule(teamId) });
