import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OrganisationPaths, type Rent } from '@fleetdesk/contracts/organisation';
import { fillPath } from '@fleetdesk/contracts/paths';
import { request } from '../../../lib/request';
import { rentsKey } from './keys';

export type RentStatus = Rent['status'];

/** Disables or enables a rent: a disabled one stays readable, nothing new can be created in it. */
export function setRentStatus({ id, status }: { id: number; status: RentStatus }): Promise<Rent> {
  return request<Rent>(fillPath(OrganisationPaths.rentStatus, { id }), { method: 'PUT', json: { status } });
}

export function useSetRentStatus() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setRentStatus, onSuccess: () => client.invalidateQueries({ queryKey: rentsKey }) });
}
