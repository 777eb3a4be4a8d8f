import { queryOptions } from '@tanstack/react-query';
import { OrganisationPaths, type Department } from '@fleetdesk/contracts/organisation';
import { request } from '../../../lib/request';
import { departmentsKey } from './keys';

/** Every department of the tenant (flat: `parentId` builds the tree), with its direct employee count. */
export function getDepartments(): Promise<Department[]> {
  return request<Department[]>(OrganisationPaths.departments);
}

export const departmentsQuery = () => queryOptions({ queryKey: departmentsKey, queryFn: getDepartments });
