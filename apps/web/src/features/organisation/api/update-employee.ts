import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OrganisationPaths, type Employee, type EmployeeInput } from '@fleetdesk/contracts/organisation';
import { fillPath } from '@fleetdesk/contracts/paths';
import { isFieldFailure } from '../../../lib/field-failure';
import { request } from '../../../lib/request';
import { departmentsKey, employeesKey } from './keys';

export function updateEmployee({ id, input }: { id: number; input: EmployeeInput }): Promise<Employee> {
  return request<Employee>(fillPath(OrganisationPaths.employeeUpdate, { id }), {
    method: 'PUT',
    json: input,
    silent: isFieldFailure,
  });
}

export function useUpdateEmployee() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateEmployee,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: employeesKey });
      await client.invalidateQueries({ queryKey: departmentsKey });
    },
  });
}
