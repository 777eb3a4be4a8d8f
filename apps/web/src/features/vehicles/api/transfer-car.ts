import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@fleetdesk/contracts/paths';
import { VehiclePaths, type TransferResult } from '@fleetdesk/contracts/vehicles';
import { request } from '../../../lib/request';
import { isFieldFailure } from '../../../lib/field-failure';
import { carsKey } from './get-cars';

export interface TransferInput {
  id: number;
  rentId: number;
  remark?: string | null;
}

/**
 * Moves a car to another active rent of the tenant (a rented, sold or scrapped car is refused) through a
 * `carTransfer` approval: `transferApproval.status` `pending` means the car stays until the request is approved.
 */
export function transferCar({ id, rentId, remark }: TransferInput): Promise<TransferResult> {
  return request<TransferResult>(fillPath(VehiclePaths.transfer, { id }), {
    method: 'POST',
    query: { rentId },
    json: { remark: remark?.trim() || null },
    silent: isFieldFailure,
  });
}

export function useTransferCar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: transferCar,
    onSettled: () => client.invalidateQueries({ queryKey: carsKey }),
  });
}
