import { ViolationPaths } from '@fleetdesk/contracts/violations';
import { saveBlob } from '../../../lib/download';
import { request, type QueryValue } from '../../../lib/request';
import type { ViolationFilter } from './get-violations';

/** The filtered violations as .xlsx, handed to the browser. */
export async function exportViolations(filter: ViolationFilter, fileName: string): Promise<void> {
  const blob = await request<Blob>(ViolationPaths.exportList, {
    query: filter as Record<string, QueryValue>,
    responseType: 'blob',
    timeoutMs: 600_000,
  });
  saveBlob(blob, fileName);
}

/** What the providers answered, as .xlsx (of one order when given). */
export async function exportOriginal(orderId: number | undefined, fileName: string): Promise<void> {
  const blob = await request<Blob>(ViolationPaths.originalExport, {
    query: { orderId },
    responseType: 'blob',
    timeoutMs: 600_000,
  });
  saveBlob(blob, fileName);
}
