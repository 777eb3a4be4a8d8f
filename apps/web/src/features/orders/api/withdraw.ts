import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@fleetdesk/contracts/paths';
import { OrderPaths, type OrderDetail, type WithdrawInput } from '@fleetdesk/contracts/payments';
import { balanceKey, ledgerKey } from '../../../lib/payments';
import { request } from '../../../lib/request';

/** Refunds unused top-up money to the payer: it leaves the balance at once (`billing:withdraw`). */
export function withdraw(id: number, input: WithdrawInput): Promise<OrderDetail> {
  return request<OrderDetail>(fillPath(OrderPaths.withdraw, { id }), { method: 'POST', json: input });
}

export function useWithdraw(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WithdrawInput) => withdraw(id, input),
    onSuccess: (detail) => client.setQueryData(['orders', 'detail', id], detail),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['orders'] }),
        client.invalidateQueries({ queryKey: balanceKey }),
        client.invalidateQueries({ queryKey: ledgerKey }),
      ]),
  });
}
