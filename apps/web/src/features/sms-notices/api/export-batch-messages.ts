import { fillPath } from '@fleetdesk/contracts/paths';
import { SmsNoticePaths } from '@fleetdesk/contracts/sms-notices';
import { saveBlob } from '../../../lib/download';
import { request } from '../../../lib/request';

/** A notice's messages (with the status and phone filters on screen), as .xlsx. */
export async function exportBatchMessages(
  id: number,
  f: { status?: string | undefined; phone?: string | undefined },
  fileName: string,
): Promise<void> {
  const blob = await request<Blob>(fillPath(SmsNoticePaths.batchExport, { id }), {
    query: { status: f.status, phone: f.phone },
    responseType: 'blob',
  });
  saveBlob(blob, fileName);
}
