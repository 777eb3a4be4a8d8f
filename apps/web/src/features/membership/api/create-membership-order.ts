import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MembershipPaths, type CreateMembershipOrder, type Order } from '@fleetdesk/contracts/membership';
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
