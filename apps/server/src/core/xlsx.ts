import { PassThrough } from 'node:stream';
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

/** CSV text to rows; uploads are read by core/sheet-reader, whose parser this is. */
export { parseCsv } from './sheet-reader/csv.js';
