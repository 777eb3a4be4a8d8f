import { useMutation } from '@tanstack/react-query';
import { ExcelImportPaths, type ImportCheckResult } from '@fleetdesk/contracts/excel-import';
import { fillPath } from '@fleetdesk/contracts/paths';
import { request } from '../../../lib/request';

/** Checks a file without storing anything: counts, and each row's errors and warnings. */
export function checkImport({ type, file }: { type: string; file: File }): Promise<ImportCheckResult> {
  const body = new FormData();
  body.append('file', file, file.name);
  return request<ImportCheckResult>(fillPath(ExcelImportPaths.check, { type }), {
    method: 'POST',
    body,
    timeoutMs: 300_000,
  });
}

export function useCheckImport() {
  return useMutation({ mutationFn: checkImport });
}
