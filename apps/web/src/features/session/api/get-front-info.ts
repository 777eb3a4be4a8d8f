import { queryOptions, useQuery } from '@tanstack/react-query';
import { AuthPaths, type FrontInfo } from '@fleetdesk/contracts/auth';
import { request, type RequestOptions } from '../../../lib/request';

/** The signed-in user: roles (type), menus and elements. */
export function getFrontInfo(options: Pick<RequestOptions, 'silent'> = {}): Promise<FrontInfo> {
  return request<FrontInfo>(AuthPaths.frontInfo, options);
}

export const frontInfoQuery = (options: Pick<RequestOptions, 'silent'> = {}) =>
  queryOptions({ queryKey: ['session', 'front-info'], queryFn: () => getFrontInfo(options), staleTime: Infinity });

export function useFrontInfo() {
  return useQuery(frontInfoQuery());
}
