import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import { TeamPaths, type TeamMember, type TeamMembersQuery } from '@fleetdesk/contracts/teams';
import { request } from '../../../lib/request';
import { membersKey } from './keys';

/** The drivers of a node (and of its teams, `withSubteams`), paged. */
export function getMembers(q: TeamMembersQuery): Promise<Paged<TeamMember>> {
  return request<Paged<TeamMember>>(TeamPaths.members, { query: { ...q } });
}

export const membersQuery = (q: TeamMembersQuery) =>
  queryOptions({ queryKey: [...membersKey, q] as readonly unknown[], queryFn: () => getMembers(q) });
