import { queryOptions } from '@tanstack/react-query';
import { OrganisationPaths, type RoleRow } from '@fleetdesk/contracts/organisation';
import { request } from '../../../lib/request';
import { rolesKey } from './keys';

/** The tenant's roles, with how many employees hold each. */
export function getRoles(): Promise<RoleRow[]> {
  return request<RoleRow[]>(OrganisationPaths.roles);
}

export const rolesQuery = () =>
  queryOptions({ queryKey: [...rolesKey, 'list'] as readonly unknown[], queryFn: getRoles });
