import { queryOptions } from '@tanstack/react-query';
import { fillPath } from '@fleetdesk/contracts/paths';
import { OrderPaths, PaymentPaths, type Balance, type PayInfo, type PayStatus } from '@fleetdesk/contracts/payments';
import { request } from './request';

/**
 * The payment calls several screens share: the tenant's balance (home card, header menu, billing, top-up) and
 * paying an order (membership purchase, top-up, an unpaid order's page). One query key each, so that a payment
 * made on one screen refreshes every other that shows the balance.
 */
export const balanceKey = ['billing', 'balance'] as const;
export const ledgerKey = ['billing', 'ledger'] as const;

/** The tenant's balance in yuan (`billing:view`). */
export function getBalance(): Promise<Balance> {
  return request<Balance>(PaymentPaths.balance);
}

export const balanceQuery = () => queryOptions({ queryKey: balanceKey, queryFn: getBalance, staleTime: 30_000 });

/** The QR code (and the sandbox page) to pay an unpaid order; asked again, the provider's code is reused. */
export function payOrder(id: number): Promise<PayInfo> {
  return request<PayInfo>(fillPath(OrderPaths.pay, { id }), { method: 'POST' });
}

export const payInfoQuery = (id: number) =>
  queryOptions({
    queryKey: ['orders', 'pay', id] as const,
    queryFn: () => payOrder(id),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

/** Where the payment of an order stands; polled while its QR code is shown (failures stay quiet). */
export function getPayStatus(id: number): Promise<PayStatus> {
  return request<PayStatus>(fillPath(OrderPaths.payStatus, { id }), { silent: true });
}

/** The order states after which nothing more happens to the payment. */
export function payFinished(status: PayStatus['status']): boolean {
  return status !== 'unpaid';
}
