import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Order, PayStatus } from '@fleetdesk/contracts/payments';
import { PayDialog } from '../../../components/pay/pay-dialog';
import { reloadMembership } from '../../../lib/membership-reload';
import { balanceKey, ledgerKey } from '../../../lib/payments';

/**
 * Paying an order from the orders screens: `pay(order)` opens its QR code; once paid, what it changed is loaded
 * again (the membership, the balance) and the payer lands on `/paySuccess`.
 */
export function usePayOrder(onNewOrder?: (order: Order) => void) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [order, setOrder] = useState<Order | null>(null);
  const onPaid = useCallback(
    (status: PayStatus) => {
      const type = order?.type ?? 'membership';
      void Promise.all([
        client.invalidateQueries({ queryKey: ['orders'] }),
        client.invalidateQueries({ queryKey: balanceKey }),
        client.invalidateQueries({ queryKey: ledgerKey }),
        type === 'membership' ? reloadMembership() : undefined,
      ]).then(() => navigate(`/paySuccess?order=${status.orderId}&type=${type}`, { replace: true }));
    },
    [client, navigate, order?.type],
  );
  const dialog = (
    <PayDialog
      orderId={order?.id ?? null}
      onClose={() => {
        setOrder(null);
        void client.invalidateQueries({ queryKey: ['orders'] });
      }}
      onPaid={onPaid}
      onNewOrder={onNewOrder && order ? () => onNewOrder(order) : undefined}
    />
  );
  return { pay: setOrder, dialog };
}
