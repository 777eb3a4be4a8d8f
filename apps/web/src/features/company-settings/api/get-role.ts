import { queryOptions } from '@tanstack/react-query';
import { fillPath } from '@fleetdesk/contracts/paths';
import { OrganisationPaths, type Role } from '@fleetdesk/contracts/organisation';
import { request } from '../../../lib/request';
import { rolesKey } from './keys';

/** One role with its grants (menu and element codes). */
export function getRole(id: number): Promise<Role> {
  return request<Role>(fillPath(OrganisationPaths.role, { id }));
}

export const roleQuery = (id: number) =>
  queryOptions({ queryKey: [...rolesKey, 'one', id] as readonly unknown[], queryFn: () => getRole(id) });
