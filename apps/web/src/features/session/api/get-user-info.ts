import { queryOptions, useQuery } from '@tanstack/react-query';
import { AuthPaths, type UserInfo } from '@fleetdesk/contracts/auth';
import { fillPath } from '@fleetdesk/contracts/paths';
import { request, type RequestOptions } from '../../../lib/request';

/** Profile of a user with the rents the user may act in. */
export function getUserInfo(id: number, options: Pick<RequestOptions, 'silent'> = {}): Promise<UserInfo> {
  return request<UserInfo>(fillPath(AuthPaths.userInfo, { id }), options);
}

export const userInfoQuery = (id: number, options: Pick<RequestOptions, 'silent'> = {}) =>
  queryOptions({
    queryKey: ['session', 'user-info', id],
    queryFn: () => getUserInfo(id, options),
    staleTime: Infinity,
  });

export function useUserInfo(id: number) {
  return useQuery(userInfoQuery(id));
}
