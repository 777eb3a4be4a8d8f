import { TeamPerformancePaths } from '@fleetdesk/contracts/team-performance';
import { saveBlob } from '../../../lib/download';
import { request } from '../../../lib/request';

/** The month's ranking (of a node, or of every fleet) as .xlsx (`teams:export`). */
export async function exportRanking(q: { month: string; teamId?: number }, fileName: string): Promise<void> {
  const blob = await request<Blob>(TeamPerformancePaths.export, { query: { ...q }, responseType: 'blob' });
  saveBlob(blob, fileName);
}
