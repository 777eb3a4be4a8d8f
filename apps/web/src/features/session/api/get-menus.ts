import { queryOptions, useQuery } from '@tanstack/react-query';
import { AuthPaths, type MenuItem } from '@fleetdesk/contracts/auth';
import { request, type RequestOptions } from '../../../lib/request';

/** The permission-menu list: every menu with its titles (both languages) and icon. Loaded once per session. */
export function getMenus(options: Pick<RequestOptions, 'silent'> = {}): Promise<MenuItem[]> {
  return request<MenuItem[]>(AuthPaths.menuAll, options);
}

export const menusQuery = (options: Pick<RequestOptions, 'silent'> = {}) =>
  queryOptions({ queryKey: ['session', 'menus'], queryFn: () => getMenus(options), staleTime: Infinity });

export function useMenus() {
  return useQuery(menusQuery());
}
