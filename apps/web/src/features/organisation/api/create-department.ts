import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OrganisationPaths, type Department, type DepartmentInput } from '@fleetdesk/contracts/organisation';
import { isFieldFailure } from '../../../lib/field-failure';
import { request } from '../../../lib/request';
import { departmentsKey } from './keys';

export function createDepartment(input: DepartmentInput): Promise<Department> {
  return request<Department>(OrganisationPaths.departmentAdd, { method: 'POST', json: input, silent: isFieldFailure });
}

export function useCreateDepartment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createDepartment,
    onSuccess: () => client.invalidateQueries({ queryKey: departmentsKey }),
  });
}
