import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@fleetdesk/contracts/paths';
import { ViolationPaths, type Violation } from '@fleetdesk/contracts/violations';
import { request } from '../../../lib/request';
import { violationsKey } from './keys';

export function attributeViolation(id: number, driverId: number | null): Promise<Violation> {
  return request<Violation>(fillPath(ViolationPaths.attribute, { id }), { method: 'PUT', json: { driverId } });
}

export function handleViolation(id: number, handled: boolean): Promise<Violation> {
  return request<Violation>(fillPath(ViolationPaths.handle, { id }), { method: 'PUT', json: { handled } });
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
      mutationFn: (v: { id: number; handled: boolean }) => handleViolation(v.id, v.handled),
      onSuccess: done,
    }),
  };
}
