import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import {
  TeamCommissionPaths,
  type StatementListQuery,
  type TeamStatement,
} from '@fleetdesk/contracts/team-performance';
import { request } from '../../../lib/request';
import { commissionKey } from './keys';

/** The monthly statements the caller sees (of one node, a month, a state), newest month first. */
export function getStatements(q: StatementListQuery): Promise<Paged<TeamStatement>> {
  return request<Paged<TeamStatement>>(TeamCommissionPaths.statements, { query: { ...q } });
}

export const statementsQuery = (q: StatementListQuery) =>
  queryOptions({
    queryKey: [...commissionKey, 'statements', q] as readonly unknown[],
    queryFn: () => getStatements(q),
  });
