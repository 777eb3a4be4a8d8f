import { SmsNoticePaths } from '@fleetdesk/contracts/sms-notices';
import { saveBlob } from '../../../lib/download';
import { request } from '../../../lib/request';
import { batchFilterQuery, type BatchFilters } from './get-batches';

/** The history with the filters on screen, as .xlsx, saved under `fileName`. */
export async function exportBatches(f: BatchFilters, fileName: string): Promise<void> {
  const blob = await request<Blob>(SmsNoticePaths.batchesExport, {
    query: batchFilterQuery(f),
    responseType: 'blob',
  });
  saveBlob(blob, fileName);
}
