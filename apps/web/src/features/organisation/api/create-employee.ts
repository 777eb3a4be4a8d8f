import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  OrganisationPaths,
  type Employee,
  type EmployeeInput,
  type InviteResult,
} from '@fleetdesk/contracts/organisation';
import { isFieldFailure } from '../../../lib/field-failure';
import { request } from '../../../lib/request';
import { departmentsKey, employeesKey } from './keys';

/** A new employee, and the SMS invitation that went out with their first password link. */
export type CreatedEmployee = Employee & { invite?: z.infer<typeof InviteResult> };

export function createEmployee(input: EmployeeInput): Promise<CreatedEmployee> {
  return request<CreatedEmployee>(OrganisationPaths.employeeAdd, {
    method: 'POST',
    json: input,
    silent: isFieldFailure,
  });
}

export function useCreateEmployee() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createEmployee,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: employeesKey });
      await client.invalidateQueries({ queryKey: departmentsKey });
    },
  });
}
