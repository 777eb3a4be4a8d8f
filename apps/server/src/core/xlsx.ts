import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { writeXlsx, writeXlsxBook, type XlsxValue } from './xlsx-writer.js';

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
 *
 * The first row (so the first page's query, and whatever the filter makes of it) is read before the status
 * and headers go out: an error there is answered like any other (400, 404, 500 with its message) instead of
 * a 200 whose stream is cut. Only a failure after that first page can still cut a stream.
 */
export async function sendXlsx<R>(
  reply: FastifyReply,
  fileName: string,
  sheetName: string,
  columns: XlsxColumn<R>[],
  rows: AsyncIterable<R>,
): Promise<FastifyReply> {
  const iterator = rows[Symbol.asyncIterator]();
  const first = await iterator.next();
  const stream = new PassThrough();
  async function* values() {
    let next = first;
    try {
      for (; !next.done; next = await iterator.next()) yield columns.map((c) => c.value(next.value));
    } finally {
      // The writer stopped early (the client went away): let the source close its cursor.
      if (!next.done) await iterator.return?.();
    }
  }
  writeXlsx(stream, { name: sheetName, columns, rows: values() }).catch((err: unknown) => stream.destroy(err as Error));
  return reply
    .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('Content-Disposition', attachment(fileName))
    .send(stream);
}

/** A sheet whose rows are already in memory and turned into values (`sheetOf`). */
export interface BookSheet {
  name: string;
  columns: { header: string; width?: number }[];
  values: XlsxValue[][];
}

/** A small sheet of `rows` in the columns' terms of `sendXlsx`. */
export function sheetOf<R>(name: string, columns: XlsxColumn<R>[], rows: readonly R[]): BookSheet {
  return {
    name,
    columns: columns.map((c) => ({ header: c.header, ...(c.width ? { width: c.width } : {}) })),
    values: rows.map((row) => columns.map((c) => c.value(row))),
  };
}

/** A workbook of several small sheets (a report: one sheet per view). */
export async function sendXlsxBook(reply: FastifyReply, fileName: string, sheets: BookSheet[]): Promise<FastifyReply> {
  const stream = new PassThrough();
  const book = sheets.map((s) => ({
    name: s.name,
    columns: s.columns,
    rows: (async function* () {
      yield* s.values;
    })(),
  }));
  writeXlsxBook(stream, book).catch((err: unknown) => stream.destroy(err as Error));
  return reply
    .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('Content-Disposition', attachment(fileName))
    .send(stream);
}

/** CSV text to rows; uploads are read by core/sheet-reader, whose parser this is. */
export { parseCsv } from './sheet-reader/csv.js';
