import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import { OrderPaths, type Order } from '@fleetdesk/contracts/payments';
import { request } from '../../../lib/request';

export interface OrderFilters {
  type: string;
  status?: string | undefined;
  pageNum: number;
  pageSize: number;
}

/** The tenant's orders of a type, newest first. */
export function getOrders(f: OrderFilters): Promise<Paged<Order>> {
  return request<Paged<Order>>(OrderPaths.list, {
    query: { type: f.type, status: f.status, pageNum: f.pageNum, pageSize: f.pageSize },
  });
}

export const ordersQuery = (f: OrderFilters) =>
  queryOptions({ queryKey: ['orders', 'list', f] as readonly unknown[], queryFn: () => getOrders(f) });
