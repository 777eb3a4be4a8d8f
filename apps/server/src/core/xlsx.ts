import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { writeXlsx } from './xlsx-writer.js';

export interface XlsxColumn<R> {
  header: string;
  width?: number;
  value: (row: R) => string | number | Date | null | undefined;
}

/** RFC 5987 Content-Disposition, so that Chinese file names survive. */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Streams an .xlsx answer: rows are written as they come from `rows` (page them from the database), and the
 * producer waits for the client, so that memory stays flat however many there are (core/xlsx-writer.ts).
 */
export async function sendXlsx<R>(
  reply: FastifyReply,
  fileName: string,
  sheetName: string,
  columns: XlsxColumn<R>[],
  rows: AsyncIterable<R>,
): Promise<FastifyReply> {
  const stream = new PassThrough();
  async function* values() {
    for await (const row of rows) yield columns.map((c) => c.value(row));
  }
  writeXlsx(stream, { name: sheetName, columns, rows: values() }).catch((err: unknown) => stream.destroy(err as Error));
  return reply
    .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('Content-Disposition', attachment(fileName))
    .send(stream);
}

/** Reads the first sheet of an .xlsx (or a CSV) as rows of cell texts. */
export async function readSheet(buffer: Buffer, kind: 'xlsx' | 'csv', maxRows: number): Promise<string[][]> {
  if (kind === 'csv') return parseCsv(buffer.toString('utf8').replace(/^\uFEFF/, ''), maxRows);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    if (rows.length >= maxRows) return;
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    rows.push(values.map((v) => cellText(v)));
  });
  return rows;
}

function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as { text?: unknown; result?: unknown; richText?: { text: string }[] };
    if (o.richText) return o.richText.map((r) => r.text).join('');
    if (o.text !== undefined) return String(o.text);
    if (o.result !== undefined) return String(o.result);
  }
  return String(v).trim();
}

/** RFC 4180 CSV: quoted fields, doubled quotes, CRLF or LF. */
export function parseCsv(text: string, maxRows: number): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length && rows.length < maxRows; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field.trim());
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field.trim());
      if (row.some((f) => f !== '')) rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  row.push(field.trim());
  if (row.some((f) => f !== '') && rows.length < maxRows) rows.push(row);
  return rows;
}
