import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@fleetdesk/contracts/paths';
import { VehiclePaths, type CarAction, type CarDetail } from '@fleetdesk/contracts/vehicles';
import { request } from '../../../lib/request';
import { carsKey } from './get-cars';

export interface CarActionInput {
  id: number;
  action: CarAction;
  remark?: string | null;
}

/** A status action on one car (`PUT rentCar/{action}/{id}`); a refusal (409) is shown by the request layer. */
export function takeCarAction({ id, action, remark }: CarActionInput): Promise<CarDetail> {
  return request<CarDetail>(fillPath(VehiclePaths.action, { action, id }), {
    method: 'PUT',
    json: { remark: remark?.trim() || null },
  });
}

export function useTakeCarAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: takeCarAction,
    onSettled: () => client.invalidateQueries({ queryKey: carsKey }),
  });
}
