import { queryOptions } from '@tanstack/react-query';
import { fillPath } from '@fleetdesk/contracts/paths';
import { TeamCommissionPaths, type TeamStatementDetail } from '@fleetdesk/contracts/team-performance';
import { request, type RequestError } from '../../../lib/request';
import { statementKey } from './keys';

/**
 * One statement with the rule it used and its drivers' lines (with the contracts they went to once approved); one
 * the caller cannot see is 404 (the drawer says so itself).
 */
export function getStatement(id: number): Promise<TeamStatementDetail> {
  return request<TeamStatementDetail>(fillPath(TeamCommissionPaths.statement, { id }), {
    silent: (e: RequestError) => e.httpStatus === 404,
  });
}

export const statementQuery = (id: number) =>
  queryOptions({
    queryKey: statementKey(id) as readonly unknown[],
    queryFn: () => getStatement(id),
    retry: (count, e) => (e as RequestError).httpStatus !== 404 && count < 1,
  });
