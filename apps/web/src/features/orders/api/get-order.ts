import { queryOptions, useQuery } from '@tanstack/react-query';
import { fillPath } from '@fleetdesk/contracts/paths';
import { OrderPaths, type OrderDetail } from '@fleetdesk/contracts/payments';
import { request } from '../../../lib/request';

/** One order with its refunds and what of it can still be refunded. */
export function getOrder(id: number): Promise<OrderDetail> {
  return request<OrderDetail>(fillPath(OrderPaths.get, { id }));
}

export const orderQuery = (id: number) =>
  queryOptions({ queryKey: ['orders', 'detail', id] as const, queryFn: () => getOrder(id) });

export function useOrder(id: number) {
  return useQuery(orderQuery(id));
}
