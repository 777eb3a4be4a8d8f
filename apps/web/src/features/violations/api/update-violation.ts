import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@fleetdesk/contracts/paths';
import { ViolationPaths, type Violation } from '@fleetdesk/contracts/violations';
import { isFieldFailure } from '../../../lib/field-failure';
import { request } from '../../../lib/request';
import { violationsKey } from './keys';

export function attributeViolation(id: number, driverId: number | null): Promise<Violation> {
  return request<Violation>(fillPath(ViolationPaths.attribute, { id }), { method: 'PUT', json: { driverId } });
}

/** Handled or not; handling may name the cost centre its fine is booked to (a wrong one: a field error). */
export function handleViolation(id: number, handled: boolean, costCentreId?: number | null): Promise<Violation> {
  return request<Violation>(fillPath(ViolationPaths.handle, { id }), {
    method: 'PUT',
    json: costCentreId === undefined ? { handled } : { handled, costCentreId },
    silent: isFieldFailure,
  });
}

/** Attribution and handled state; both refresh the lists, the car tab and the badge. */
export function useUpdateViolation() {
  const client = useQueryClient();
  const done = () => void client.invalidateQueries({ queryKey: violationsKey });
  return {
    attribute: useMutation({
      mutationFn: (v: { id: number; driverId: number | null }) => attributeViolation(v.id, v.driverId),
      onSuccess: done,
    }),
    handle: useMutation({
      mutationFn: (v: { id: number; handled: boolean; costCentreId?: number | null }) =>
        handleViolation(v.id, v.handled, v.costCentreId),
      onSuccess: done,
    }),
  };
}
