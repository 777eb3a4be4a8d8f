import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import { PaymentPaths, type LedgerEntry } from '@fleetdesk/contracts/payments';
import { ledgerKey } from '../../../lib/payments';
import { request } from '../../../lib/request';

export interface LedgerFilter {
  kind?: string | undefined;
  serviceCode?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** The balance ledger, newest first: one row per movement with the balance after it. */
export function getLedger(f: LedgerFilter & { pageNum: number; pageSize: number }): Promise<Paged<LedgerEntry>> {
  return request<Paged<LedgerEntry>>(PaymentPaths.ledger, { query: { ...f } });
}

export const ledgerQuery = (f: LedgerFilter & { pageNum: number; pageSize: number }) =>
  queryOptions({ queryKey: [...ledgerKey, f] as readonly unknown[], queryFn: () => getLedger(f) });
