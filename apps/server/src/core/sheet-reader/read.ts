import { readCsvRows } from './csv.js';
import { SheetReadError, type SheetLimits, type SheetRow } from './limits.js';
import { readXlsxRows } from './xlsx.js';

export type SheetKind = 'xlsx' | 'csv';

const XLSX_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** What a file is: .xlsx by its content (a zip), CSV by its name and the absence of binary bytes. */
export function sheetKind(buffer: Buffer, filename: string): SheetKind | null {
  if (buffer.subarray(0, 4).equals(XLSX_MAGIC)) return 'xlsx';
  if (/\.(csv|txt)$/i.test(filename) && !buffer.subarray(0, 4096).includes(0)) return 'csv';
  return null;
}

/**
 * Reads a sheet in the calling thread, under `limits`, until `deadline` (a `Date.now()` value). Any failure is a `SheetReadError`: ours as thrown,
 * anything else (a parser surprise) as `unreadable`. The server calls it through the worker (`readSheet`);
 * tests call it directly.
 */
export async function readSheetHere(
  buffer: Buffer,
  kind: SheetKind,
  limits: SheetLimits,
  deadline = Date.now() + limits.timeoutMs,
): Promise<SheetRow[]> {
  try {
    return kind === 'csv' ? readCsvRows(buffer, limits, deadline) : await readXlsxRows(buffer, limits, deadline);
  } catch (err) {
    if (err instanceof SheetReadError) throw err;
    throw new SheetReadError('unreadable', {}, err instanceof Error ? err.message : String(err));
  }
}
