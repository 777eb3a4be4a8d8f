import { queryOptions } from '@tanstack/react-query';
import { ExcelImportPaths, type ImportHeader } from '@fleetdesk/contracts/excel-import';
import { fillPath } from '@fleetdesk/contracts/paths';
import { request } from '../../../lib/request';

/** The columns of an import type in the caller's language (`lang` keys the cache). */
export function getImportHeader(type: string): Promise<ImportHeader> {
  return request<ImportHeader>(fillPath(ExcelImportPaths.header, { type }));
}

export const importHeaderQuery = (type: string, lang: string) =>
  queryOptions({ queryKey: ['excel-import', 'header', type, lang], queryFn: () => getImportHeader(type) });
