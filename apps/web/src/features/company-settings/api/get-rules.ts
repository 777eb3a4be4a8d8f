import { queryOptions } from '@tanstack/react-query';
import { OrganisationPaths, type TenantRules } from '@fleetdesk/contracts/organisation';
import { request } from '../../../lib/request';
import { companySettingsKey } from './keys';

/** The business rules, with the server's defaults filled in. */
export function getRules(): Promise<TenantRules> {
  return request<TenantRules>(OrganisationPaths.rules);
}

export const rulesQuery = () =>
  queryOptions({ queryKey: [...companySettingsKey, 'rules'] as readonly unknown[], queryFn: getRules });
