import { PaymentPaths } from '@fleetdesk/contracts/payments';
import { saveBlob } from '../../../lib/download';
import { request } from '../../../lib/request';
import type { LedgerFilter } from './get-ledger';

/** The ledger rows of the filter, streamed by the server as .xlsx and saved under `fileName`. */
export async function exportLedger(filter: LedgerFilter, fileName: string): Promise<void> {
  const body = Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== ''));
  const blob = await request<Blob>(PaymentPaths.ledgerExport, { method: 'POST', json: body, responseType: 'blob' });
  saveBlob(blob, fileName);
}
