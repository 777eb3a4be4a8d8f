import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import { OrderPaths, type Order } from '@fleetdesk/contracts/payments';
import { request } from '../../../lib/request';

export interface OrderFilters {
  type?: string | undefined;
  status?: string | undefined;
  orderNo?: string | undefined;
  payMethod?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  pageNum: number;
  pageSize: number;
}

/** The tenant's orders, newest first, of the filter. */
export function getOrders(f: OrderFilters): Promise<Paged<Order>> {
  return request<Paged<Order>>(OrderPaths.list, { query: { ...f } });
}

export const ordersQuery = (f: OrderFilters) =>
  queryOptions({ queryKey: ['orders', 'list', f] as readonly unknown[], queryFn: () => getOrders(f) });
