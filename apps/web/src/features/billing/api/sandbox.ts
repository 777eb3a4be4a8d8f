import { queryOptions } from '@tanstack/react-query';
import { fillPath } from '@fleetdesk/contracts/paths';
import { PaymentPaths, type SANDBOX_ACTIONS, type SandboxTrade } from '@fleetdesk/contracts/payments';
import { request } from '../../../lib/request';

export type SandboxAction = (typeof SANDBOX_ACTIONS)[number];

/** The sandbox provider's trade behind a payment page (open: the payer is not signed in; the token is the key). */
export function getSandboxTrade(orderNo: string, token: string): Promise<SandboxTrade> {
  return request<SandboxTrade>(fillPath(PaymentPaths.sandboxTrade, { orderNo }), {
    query: { token },
    noToken: true,
  });
}

export const sandboxTradeQuery = (orderNo: string, token: string) =>
  queryOptions({
    queryKey: ['paySandbox', orderNo, token] as const,
    queryFn: () => getSandboxTrade(orderNo, token),
    retry: false,
  });

/** The payer's answer on the sandbox page; the sandbox then notifies the merchant like a real provider. */
export function decideSandboxTrade(orderNo: string, token: string, action: SandboxAction): Promise<SandboxTrade> {
  return request<SandboxTrade>(fillPath(PaymentPaths.sandboxDecide, { orderNo }), {
    method: 'POST',
    json: { token, action },
    noToken: true,
  });
}
