import { fillPath } from '@fleetdesk/contracts/paths';
import { OrderPaths } from '@fleetdesk/contracts/payments';
import { saveBlob } from '../../../lib/download';
import { request } from '../../../lib/request';

/** The receipt of a paid order as PDF, saved under `fileName`. */
export async function downloadReceipt(id: number, fileName: string): Promise<void> {
  const blob = await request<Blob>(fillPath(OrderPaths.receipt, { id }), { responseType: 'blob' });
  saveBlob(blob, fileName);
}
