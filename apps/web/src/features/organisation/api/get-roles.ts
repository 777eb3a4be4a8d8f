import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import { OrganisationPaths, type RoleRow } from '@fleetdesk/contracts/organisation';
import { request } from '../../../lib/request';
import { rolesKey } from './keys';

/** The tenant's roles, for pickers (readable with `oaSetting:role`); a paged answer is read whole. */
export async function getRoles(): Promise<RoleRow[]> {
  const data = await request<RoleRow[] | Paged<RoleRow>>(OrganisationPaths.roles, {
    query: { pageNum: 1, pageSize: 200 },
  });
  return Array.isArray(data) ? data : data.rows;
}

export const rolesQuery = (enabled = true) => queryOptions({ queryKey: rolesKey, queryFn: getRoles, enabled });
