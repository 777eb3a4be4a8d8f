import { queryOptions } from '@tanstack/react-query';
import { OrganisationPaths, type Rent } from '@fleetdesk/contracts/organisation';
import { request } from '../../../lib/request';
import { rentsKey } from './keys';

/** The tenant's rents (subsidiaries), with their employee and car counts. */
export function getRents(): Promise<Rent[]> {
  return request<Rent[]>(OrganisationPaths.rents);
}

export const rentsQuery = () => queryOptions({ queryKey: rentsKey, queryFn: getRents });
