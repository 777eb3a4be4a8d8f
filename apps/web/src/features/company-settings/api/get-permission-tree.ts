import { queryOptions } from '@tanstack/react-query';
import { OrganisationPaths, type PermissionNode } from '@fleetdesk/contracts/organisation';
import { request } from '../../../lib/request';
import { rolesKey } from './keys';

/** The catalogue as a tree to tick (menus, their children and elements), limited to the tenant's plan. */
export function getPermissionTree(): Promise<PermissionNode[]> {
  return request<PermissionNode[]>(OrganisationPaths.permissionTree);
}

export const permissionTreeQuery = () =>
  queryOptions({
    queryKey: [...rolesKey, 'permission-tree'] as readonly unknown[],
    queryFn: getPermissionTree,
    staleTime: 5 * 60_000,
  });
