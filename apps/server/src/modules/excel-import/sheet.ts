import ExcelJS from 'exceljs';
import { parseCsv } from '../../core/xlsx.js';

/** One data row of a sheet: its row number as the user sees it, and its cell texts. */
export interface SheetRow {
  line: number;
  cells: string[];
}

const XLSX_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** What a file is: .xlsx by its content (a zip), CSV by its name and the absence of binary bytes. */
export function sheetKind(buffer: Buffer, filename: string): 'xlsx' | 'csv' | null {
  if (buffer.subarray(0, 4).equals(XLSX_MAGIC)) return 'xlsx';
  if (/\.(csv|txt)$/i.test(filename) && !buffer.subarray(0, 4096).includes(0)) return 'csv';
  return null;
}

export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as { text?: unknown; result?: unknown; richText?: { text: string }[]; error?: unknown };
    if (o.richText)
      return o.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if (o.result !== undefined) return cellText(o.result);
    if (o.text !== undefined) return String(o.text).trim();
    if (o.error !== undefined) return '';
  }
  return String(v).trim();
}

/**
 * The rows of the first sheet, the header first, each with its row number in the sheet (blank rows are
 * skipped but counted, so that "row 57" is row 57 in Excel). Reads at most `maxRows` rows.
 */
export async function readRows(buffer: Buffer, kind: 'xlsx' | 'csv', maxRows: number): Promise<SheetRow[]> {
  if (kind === 'csv') {
    const rows = parseCsv(buffer.toString('utf8').replace(/^\uFEFF/, ''), maxRows);
    return rows.map((cells, i) => ({ line: i + 1, cells }));
  }
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (rows.length >= maxRows) return;
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    const cells = Array.from({ length: values.length }, (_, i) => cellText(values[i]));
    if (cells.some((c) => c !== '')) rows.push({ line: number, cells });
  });
  return rows;
}
