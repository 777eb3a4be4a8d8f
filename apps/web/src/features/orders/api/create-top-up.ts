import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OrderPaths, type CreateTopUpOrder, type Order } from '@fleetdesk/contracts/payments';
import { request } from '../../../lib/request';

/** Orders a top-up of the balance: an unpaid order, paid by QR code. */
export function createTopUp(input: CreateTopUpOrder): Promise<Order> {
  return request<Order>(OrderPaths.topUp, { method: 'POST', json: input });
}

export function useCreateTopUp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createTopUp,
    onSuccess: () => client.invalidateQueries({ queryKey: ['orders', 'list'] }),
  });
}
