import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { TeamPerformancePaths, type PlatformAccount, type PlatformSetup } from '@fleetdesk/contracts/team-performance';
import { request, type RequestError } from '../../../lib/request';
import { platformsKey } from './keys';

/** The fleet's accounts at the platforms, the adapter the server uses, and each account's last sync. */
export function getPlatforms(): Promise<PlatformSetup> {
  return request<PlatformSetup>(TeamPerformancePaths.platforms);
}

export const platformsQuery = () =>
  queryOptions({ queryKey: platformsKey as readonly unknown[], queryFn: getPlatforms });

/**
 * Every 400 is the dialog's to show: the body is the list itself, so a rule of the whole list (one account per
 * platform) comes with the empty path, a row's with its index (`1.partnerId`).
 */
const isRefusal = (error: RequestError) => error.httpStatus === 400;

/** Replaces the fleet's accounts with the list (`teams:edit`). */
export function savePlatforms(accounts: PlatformAccount[]): Promise<PlatformSetup> {
  return request<PlatformSetup>(TeamPerformancePaths.platforms, { method: 'PUT', json: accounts, silent: isRefusal });
}

export function useSavePlatforms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: savePlatforms,
    onSuccess: (setup) => {
      client.setQueryData(platformsKey, setup);
      return client.invalidateQueries({ queryKey: platformsKey });
    },
  });
}
