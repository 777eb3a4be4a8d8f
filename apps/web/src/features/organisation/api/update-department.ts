import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OrganisationPaths, type Department, type DepartmentInput } from '@fleetdesk/contracts/organisation';
import { fillPath } from '@fleetdesk/contracts/paths';
import { isFieldFailure } from '../../../lib/field-failure';
import { request } from '../../../lib/request';
import { departmentsKey, employeesKey } from './keys';

/** Renames or moves a department (the whole input: name, parent, sort). */
export function updateDepartment({ id, input }: { id: number; input: DepartmentInput }): Promise<Department> {
  return request<Department>(fillPath(OrganisationPaths.departmentUpdate, { id }), {
    method: 'PUT',
    json: input,
    silent: isFieldFailure,
  });
}

export function useUpdateDepartment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateDepartment,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: departmentsKey });
      await client.invalidateQueries({ queryKey: employeesKey });
    },
  });
}
