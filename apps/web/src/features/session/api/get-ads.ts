import { queryOptions, useQuery } from '@tanstack/react-query';
import { AuthPaths, LOGIN_PLATFORM, type Ad } from '@fleetdesk/contracts/auth';
import { request } from '../../../lib/request';

/** Fleetdesk's announcements for the web platform that are running now. */
export function getAds(): Promise<Ad[]> {
  return request<Ad[]>(AuthPaths.ad, { query: { platform: LOGIN_PLATFORM }, silent: true });
}

export const adsQuery = () => queryOptions({ queryKey: ['session', 'ads'], queryFn: getAds, staleTime: 10 * 60_000 });

export function useAds(enabled: boolean) {
  return useQuery({ ...adsQuery(), enabled });
}
