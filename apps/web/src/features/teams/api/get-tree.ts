import { queryOptions } from '@tanstack/react-query';
import { TeamPaths, type TeamNode, type TeamTreeQuery } from '@fleetdesk/contracts/teams';
import { request } from '../../../lib/request';
import { treeKey } from './keys';

/** The visible fleets and teams, flat (`parentId` makes the tree); a keyword keeps the matches and their fleets. */
export function getTree(q: TeamTreeQuery): Promise<TeamNode[]> {
  return request<TeamNode[]>(TeamPaths.tree, { query: { rentId: q.rentId, keyword: q.keyword } });
}

export const treeQuery = (q: TeamTreeQuery) =>
  queryOptions({ queryKey: [...treeKey, q] as readonly unknown[], queryFn: () => getTree(q) });
