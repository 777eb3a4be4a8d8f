import { queryOptions, useMutation } from '@tanstack/react-query';
import {
  ExcelImportPaths,
  type ImportCheckResult,
  type ImportHeader,
  type ImportResult,
} from '@fleetdesk/contracts/excel-import';
import { fillPath } from '@fleetdesk/contracts/paths';
import { saveBlob } from '../../lib/download';
import { request } from '../../lib/request';

/** The generic Excel import calls, for any import type (`car`, `employee`, ...). */

/** The columns of an import type in the caller's language (`lang` keys the cache). */
export function getImportHeader(type: string): Promise<ImportHeader> {
  return request<ImportHeader>(fillPath(ExcelImportPaths.header, { type }));
}

export const importHeaderQuery = (type: string, lang: string) =>
  queryOptions({ queryKey: ['excel-import', 'header', type, lang], queryFn: () => getImportHeader(type) });

/** The .xlsx template of an import type (header, an example row, the instructions sheet). */
export async function downloadImportTemplate(type: string, fileName: string): Promise<void> {
  const blob = await request<Blob>(fillPath(ExcelImportPaths.template, { type }), { responseType: 'blob' });
  saveBlob(blob, fileName);
}

/**
 * Checks a file without storing anything: counts, and each row's errors and warnings; with the import's target
 * (`extra`: a platform of the flows), as the import will read it.
 */
export function checkImport({
  type,
  file,
  extra,
}: {
  type: string;
  file: File;
  extra?: string | number | null;
}): Promise<ImportCheckResult> {
  const body = new FormData();
  body.append('file', file, file.name);
  const path = extra
    ? fillPath(ExcelImportPaths.checkExtra, { type, extra: String(extra) })
    : fillPath(ExcelImportPaths.check, { type });
  return request<ImportCheckResult>(path, {
    method: 'POST',
    body,
    timeoutMs: 300_000,
  });
}

export function useCheckImport() {
  return useMutation({ mutationFn: checkImport });
}

export interface RunImportInput {
  type: string;
  file: File;
  /** What the type takes as a target (cars: the rent to import into); absent: the type decides. */
  extra?: string | number | null;
}

/** Imports a file: a small one answers its result, a large one a background task to follow. */
export function runImport({ type, file, extra }: RunImportInput): Promise<ImportResult> {
  const body = new FormData();
  body.append('file', file, file.name);
  const path = extra
    ? fillPath(ExcelImportPaths.importExtra, { type, extra })
    : fillPath(ExcelImportPaths.import, { type });
  return request<ImportResult>(path, { method: 'POST', body, timeoutMs: 300_000 });
}

export function useRunImport() {
  return useMutation({ mutationFn: runImport });
}
