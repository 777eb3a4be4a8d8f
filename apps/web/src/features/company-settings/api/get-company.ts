import { queryOptions } from '@tanstack/react-query';
import { OrganisationPaths, type CompanyProfile } from '@fleetdesk/contracts/organisation';
import { request } from '../../../lib/request';
import { companySettingsKey } from './keys';

/** The tenant's profile (name, logo, licence, time zone, contact). */
export function getCompany(): Promise<CompanyProfile> {
  return request<CompanyProfile>(OrganisationPaths.company);
}

export const companyQuery = () =>
  queryOptions({ queryKey: [...companySettingsKey, 'company'] as readonly unknown[], queryFn: getCompany });
