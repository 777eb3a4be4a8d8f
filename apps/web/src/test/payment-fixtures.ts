import type { Order, OrderDetail, PayInfo, PayStatus } from '@fleetdesk/contracts/payments';

/** A 1x1 PNG, as the server's QR image would be. */
export const QR_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export function payInfo(over: Partial<PayInfo> = {}): PayInfo {
  return {
    orderId: 5,
    orderNo: 'M20261126104400000001',
    amount: 7960,
    provider: 'sandbox',
    sandbox: true,
    codeUrl: 'http://localhost/pay/sandbox/M20261126104400000001?token=tk',
    qrImage: QR_PNG,
    payUrl: 'http://localhost/pay/sandbox/M20261126104400000001?token=tk',
    expiresAt: new Date(Date.now() + 29 * 60_000).toISOString(),
    ...over,
  };
}

export function payStatus(status: PayStatus['status'], payerState: PayStatus['payerState'] = null): PayStatus {
  return {
    orderId: 5,
    status,
    payerState,
    paidAt: status === 'paid' ? '2026-11-26T02:50:00Z' : null,
    membershipTo: status === 'paid' ? '2028-11-26T00:00:00Z' : null,
  };
}

export function order(over: Partial<Order> = {}): Order {
  return {
    id: 5,
    orderNo: 'M20261126104400000001',
    type: 'membership',
    planCode: 'STANDARD',
    planName: 'Standard',
    years: 2,
    serviceCode: null,
    serviceName: null,
    count: null,
    unitPrice: null,
    reference: null,
    amount: 7960,
    refundedAmount: 0,
    status: 'unpaid',
    payMethod: null,
    providerTradeNo: null,
    createdAt: '2026-11-26T02:44:00Z',
    createdByName: 'Zhang Wei',
    paidAt: null,
    expiresAt: '2026-11-26T03:14:00Z',
    closedAt: null,
    membershipFrom: null,
    membershipTo: null,
    ...over,
  };
}

export function orderDetail(over: Partial<OrderDetail> = {}): OrderDetail {
  return { ...order(over), refunds: [], refundable: 0, ...over };
}
