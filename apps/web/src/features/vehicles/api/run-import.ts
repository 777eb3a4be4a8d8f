import { useMutation } from '@tanstack/react-query';
import { ExcelImportPaths, type ImportResult } from '@fleetdesk/contracts/excel-import';
import { fillPath } from '@fleetdesk/contracts/paths';
import { request } from '../../../lib/request';

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
