import { queryOptions } from '@tanstack/react-query';
import { PaymentPaths, type PaidServicePrice } from '@fleetdesk/contracts/payments';
import type { Language } from '../../../lib/i18n';
import { request } from '../../../lib/request';

/** The paid services with the tenant plan's unit prices and every plan's. */
export function getPriceList(): Promise<PaidServicePrice[]> {
  return request<PaidServicePrice[]>(PaymentPaths.priceList);
}

export const priceListQuery = (lang: Language) =>
  queryOptions({ queryKey: ['billing', 'prices', lang] as const, queryFn: getPriceList, staleTime: 5 * 60_000 });
