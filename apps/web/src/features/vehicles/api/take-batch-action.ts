import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@fleetdesk/contracts/paths';
import { VehiclePaths, type CarAction } from '@fleetdesk/contracts/vehicles';
import { request } from '../../../lib/request';
import { carsKey } from './get-cars';

export interface BatchActionInput {
  action: CarAction;
  ids: number[];
  remark?: string | null;
}

export interface BatchActionAnswer {
  done: number[];
  refused: { id: number; plate: string | null; message: string }[];
}

/** The same status action on many cars: the server answers which were done and which refused, and why. */
export function takeBatchAction({ action, ids, remark }: BatchActionInput): Promise<BatchActionAnswer> {
  return request<BatchActionAnswer>(fillPath(VehiclePaths.batchAction, { action }), {
    method: 'PUT',
    json: { ids, remark: remark?.trim() || null },
  });
}

export function useTakeBatchAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: takeBatchAction,
    onSettled: () => client.invalidateQueries({ queryKey: carsKey }),
  });
}
