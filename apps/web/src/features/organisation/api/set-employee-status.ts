import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OrganisationPaths, type Employee, type EmployeeStatus } from '@fleetdesk/contracts/organisation';
import { fillPath } from '@fleetdesk/contracts/paths';
import { request } from '../../../lib/request';
import { departmentsKey, employeesKey } from './keys';

/** Disables, enables or marks an employee as left (a left employee stays, read-only). */
export function setEmployeeStatus({ id, status }: { id: number; status: EmployeeStatus }): Promise<Employee> {
  return request<Employee>(fillPath(OrganisationPaths.employeeStatus, { id }), { method: 'PUT', json: { status } });
}

export function useSetEmployeeStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setEmployeeStatus,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: employeesKey });
      await client.invalidateQueries({ queryKey: departmentsKey });
    },
  });
}
