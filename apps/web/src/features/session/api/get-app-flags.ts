import { queryOptions } from '@tanstack/react-query';
import { OrganisationPaths, type AppFlags } from '@fleetdesk/contracts/organisation';
import { request } from '../../../lib/request';

/** The tenant's app flags (spec section 3: `settingDebtorPaying`), from its company settings. */
export function getAppFlags(): Promise<AppFlags> {
  return request<AppFlags>(OrganisationPaths.appFlags, { silent: () => true });
}

export const appFlagsQuery = () =>
  queryOptions({ queryKey: ['session', 'appFlags'], queryFn: getAppFlags, staleTime: 60_000 });
