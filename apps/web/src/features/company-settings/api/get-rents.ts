import { queryOptions } from '@tanstack/react-query';
import { OrganisationPaths, type Rent } from '@fleetdesk/contracts/organisation';
import { request } from '../../../lib/request';
import { companySettingsKey } from './keys';

/** Every rent (subsidiary) of the tenant: one contract number prefix each. */
export function getRents(): Promise<Rent[]> {
  return request<Rent[]>(OrganisationPaths.rents);
}

export const rentsQuery = () =>
  queryOptions({ queryKey: [...companySettingsKey, 'rents'] as readonly unknown[], queryFn: getRents });
