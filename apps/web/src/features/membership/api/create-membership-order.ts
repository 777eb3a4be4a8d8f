import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MembershipPaths } from '@fleetdesk/contracts/membership';
import type { CreateMembershipOrder, Order } from '@fleetdesk/contracts/payments';
import { request } from '../../../lib/request';

/** Orders a plan for some years: an unpaid order that closes by itself after a while. */
export function createMembershipOrder(input: CreateMembershipOrder): Promise<Order> {
  return request<Order>(MembershipPaths.createOrder, { method: 'POST', json: input });
}

export function useCreateMembershipOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createMembershipOrder,
    // The orders screen lists it next.
    onSuccess: () => client.invalidateQueries({ queryKey: ['orders'] }),
  });
}
