import { ExcelImportPaths } from '@fleetdesk/contracts/excel-import';
import { fillPath } from '@fleetdesk/contracts/paths';
import { saveBlob } from '../../../lib/download';
import { request } from '../../../lib/request';

/** The .xlsx template of an import type (header, an example row, the instructions sheet). */
export async function downloadImportTemplate(type: string, fileName: string): Promise<void> {
  const blob = await request<Blob>(fillPath(ExcelImportPaths.template, { type }), { responseType: 'blob' });
  saveBlob(blob, fileName);
}
