import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import { fillPath } from '@fleetdesk/contracts/paths';
import {
  ViolationPaths,
  type BatchCheck,
  type QueryCheck,
  type QueryOrder,
  type QueryOrderDetail,
} from '@fleetdesk/contracts/violations';
import { request, type RequestError } from '../../../lib/request';
import { violationsKey } from './keys';

/** Which cars can be queried, the price and the balance. */
export function checkCars(carIds: number[]): Promise<BatchCheck> {
  return request<BatchCheck>(ViolationPaths.checkBatch, { method: 'POST', json: { carIds } });
}

export const INSUFFICIENT_BALANCE = 'payments.insufficientBalance';
const isShortBalance = (e: RequestError) => (e.body as { code?: string } | undefined)?.code === INSUFFICIENT_BALANCE;

/** Starts a paid query; a short balance is left to the dialog (it links to the top-up page). */
export function startQuery(carIds: number[]): Promise<{ order: QueryOrder; refused: QueryCheck[] }> {
  return carIds.length === 1
    ? request(ViolationPaths.query, { method: 'POST', json: { carId: carIds[0] }, silent: isShortBalance })
    : request(ViolationPaths.batchQuery, { method: 'POST', json: { carIds }, silent: isShortBalance });
}

export const ordersQuery = (pageNum: number, pageSize: number) =>
  queryOptions({
    queryKey: [...violationsKey, 'orders', pageNum, pageSize] as const,
    queryFn: () => request<Paged<QueryOrder>>(ViolationPaths.orders, { query: { pageNum, pageSize } }),
  });

export const orderItemsQuery = (orderId: number) =>
  queryOptions({
    queryKey: [...violationsKey, 'orders', 'items', orderId] as const,
    queryFn: () => request<QueryOrderDetail>(fillPath(ViolationPaths.orderItems, { id: orderId })),
  });
