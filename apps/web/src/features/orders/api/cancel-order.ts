import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@fleetdesk/contracts/paths';
import { OrderPaths, type Order } from '@fleetdesk/contracts/payments';
import { request } from '../../../lib/request';

/** Cancels an unpaid order. */
export function cancelOrder(id: number): Promise<Order> {
  return request<Order>(fillPath(OrderPaths.cancel, { id }), { method: 'PUT' });
}

export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSettled: () => client.invalidateQueries({ queryKey: ['orders'] }),
  });
}
