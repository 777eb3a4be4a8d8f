import type { TFunction } from 'i18next';
import type { Order } from '@fleetdesk/contracts/payments';

/** What an order buys, in a few words: `Standard × 2 years`, `Violation query × 12`, `Balance top-up`. */
export function orderItem(o: Order, t: TFunction): string {
  if (o.type === 'membership') return `${o.planName ?? '-'} × ${t('orders:years', { count: o.years })}`;
  if (o.type === 'service') return `${o.serviceName ?? o.serviceCode ?? '-'} × ${o.count ?? 1}`;
  if (o.type === 'financing') return t('orders:item.financing', { ref: o.reference?.id ?? '' });
  return t('orders:item.topUp');
}
