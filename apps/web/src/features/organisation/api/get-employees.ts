import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import { OrganisationPaths, type Employee, type EmployeeQuery } from '@fleetdesk/contracts/organisation';
import { request } from '../../../lib/request';
import { employeesKey } from './keys';

/** The filter part of the employee list (also the export's query). */
export type EmployeeFilter = Omit<EmployeeQuery, 'pageNum' | 'pageSize'>;

/** The employees of a department and the ones below it (all without one), filtered and paged. */
export function getEmployees(query: EmployeeQuery): Promise<Paged<Employee>> {
  return request<Paged<Employee>>(OrganisationPaths.employees, { query: { ...query } });
}

export const employeesQuery = (query: EmployeeQuery) =>
  queryOptions({
    queryKey: [...employeesKey, 'list', query] as readonly unknown[],
    queryFn: () => getEmployees(query),
  });
