import type { EventEmitter } from 'node:events';
import type { Writable } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * A streaming .xlsx writer: one sheet of plain values (text, numbers, booleans) with a bold, frozen header
 * row and column widths, written as its XML and zipped as it goes. Memory stays flat and it waits for the
 * reader (backpressure), so an export of any size costs the same few megabytes.
 *
 * It exists because ExcelJS's streaming writer builds an object per cell and a style per row: at 100,000
 * cars (2.9 million cells) it took three times as long as the XML and the deflate together. Uploaded sheets
 * are read by `core/sheet-reader` (a worker thread with caps), not by ExcelJS.
 */
export type XlsxValue = string | number | boolean | Date | null | undefined;

export interface XlsxSheet {
  name: string;
  columns: { header: string; width?: number }[];
  rows: AsyncIterable<XlsxValue[]>;
}

/** Writes the workbook to `out` and ends it. Stops (rejects) when `out` is destroyed (the client went away). */
export async function writeXlsx(out: Writable, sheet: XlsxSheet): Promise<void> {
  return writeXlsxBook(out, [sheet]);
}

/** A workbook of several sheets, written one after the other (a report with one sheet per view). */
export async function writeXlsxBook(out: Writable, sheets: XlsxSheet[]): Promise<void> {
  const zip = new ZipWriter(out);
  await zip.file('[Content_Types].xml', [contentTypes(sheets.length)]);
  await zip.file('_rels/.rels', [ROOT_RELS]);
  await zip.file('xl/workbook.xml', [workbookXml(sheets.map((s) => s.name))]);
  await zip.file('xl/_rels/workbook.xml.rels', [workbookRels(sheets.length)]);
  await zip.file('xl/styles.xml', [STYLES]);
  for (const [i, sheet] of sheets.entries()) await zip.file(`xl/worksheets/sheet${i + 1}.xml`, sheetXml(sheet));
  await zip.finish();
  out.end();
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

function contentTypes(sheets: number): string {
  let overrides = '';
  for (let i = 1; i <= sheets; i++) {
    overrides += `<Override PartName="/xl/worksheets/sheet${i}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`;
  }
  return (
    `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    overrides +
    '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
    '</Types>'
  );
}

const ROOT_RELS =
  `${XML}<Relationships xmlns="${PKG_REL}">` +
  `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

/** The sheets are rId1..rIdN, the styles rId(N+1). */
function workbookRels(sheets: number): string {
  let rels = '';
  for (let i = 1; i <= sheets; i++) {
    rels += `<Relationship Id="rId${i}" Type="${REL}/worksheet" Target="worksheets/sheet${i}.xml"/>`;
  }
  return (
    `${XML}<Relationships xmlns="${PKG_REL}">${rels}` +
    `<Relationship Id="rId${sheets + 1}" Type="${REL}/styles" Target="styles.xml"/></Relationships>`
  );
}

/** Two cell formats: 0 plain, 1 bold (the header). */
const STYLES =
  `${XML}<styleSheet xmlns="${MAIN}">` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';

function workbookXml(names: string[]): string {
  // Sheet names: at most 31 characters, none of []:*?/\ , unique in the book.
  const used = new Set<string>();
  const sheets = names.map((name, i) => {
    let safe = name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || `Sheet${i + 1}`;
    if (used.has(safe)) safe = `${safe.slice(0, 27)} (${i + 1})`;
    used.add(safe);
    return `<sheet name="${escapeXml(safe)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`;
  });
  return `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>${sheets.join('')}</sheets></workbook>`;
}

/** Column letters: 0 -> A, 25 -> Z, 26 -> AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** XML text: the five specials escaped, characters XML 1.0 cannot hold dropped. */
export function escapeXml(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/[&<>"]/g, (c) => ESCAPES[c]!);
}

function cell(ref: string, v: XlsxValue, style = ''): string {
  if (v === null || v === undefined || v === '') return '';
  if (typeof v === 'number') return Number.isFinite(v) ? `<c r="${ref}"${style}><v>${v}</v></c>` : '';
  if (typeof v === 'boolean') return `<c r="${ref}"${style} t="b"><v>${v ? 1 : 0}</v></c>`;
  const text = v instanceof Date ? v.toISOString().slice(0, 10) : v;
  const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${style} t="inlineStr"><is><t${space}>${escapeXml(text)}</t></is></c>`;
}

/** The sheet's XML in chunks of a few hundred rows. */
async function* sheetXml(sheet: XlsxSheet): AsyncGenerator<string> {
  const letters = sheet.columns.map((_, i) => columnName(i));
  const cols = sheet.columns
    .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? 16}" customWidth="1"/>`)
    .join('');
  let chunk =
    `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${REL}">` +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    `<cols>${cols}</cols><sheetData>` +
    `<row r="1">${sheet.columns.map((c, i) => cell(`${letters[i]}1`, c.header, ' s="1"')).join('')}</row>`;
  let r = 1;
  for await (const values of sheet.rows) {
    r++;
    let row = `<row r="${r}">`;
    for (let i = 0; i < letters.length; i++) row += cell(`${letters[i]}${r}`, values[i]);
    chunk += `${row}</row>`;
    if (chunk.length > 64 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  yield `${chunk}</sheetData></worksheet>`;
}

/** The first of some events; the listeners go with it (a long export waits thousands of times). */
function firstOf(emitter: EventEmitter, events: string[]): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      for (const e of events) emitter.off(e, done);
      resolve();
    };
    for (const e of events) emitter.on(e, done);
  });
}

/**
 * A streaming zip (deflate, sizes in data descriptors, UTF-8 names). No ZIP64: an entry or the archive must
 * stay under 4 GB, which a sheet reaches at tens of millions of cells.
 */
class ZipWriter {
  private offset = 0;
  private readonly entries: { name: Buffer; crc: number; size: number; csize: number; offset: number }[] = [];
  private readonly dosTime: number;
  private readonly dosDate: number;

  constructor(private readonly out: Writable) {
    const now = new Date();
    this.dosTime = (now.getHours() << 11) | (now.getMinutes() << 5) | Math.floor(now.getSeconds() / 2);
    this.dosDate = ((now.getFullYear() - 1980) << 9) | ((now.getMonth() + 1) << 5) | now.getDate();
  }

  private async write(buf: Buffer): Promise<void> {
    if (this.out.destroyed) throw new Error('xlsx: the reader went away');
    this.offset += buf.length;
    if (!this.out.write(buf)) await firstOf(this.out, ['drain', 'close', 'error']);
  }

  async file(name: string, content: Iterable<string> | AsyncIterable<string>): Promise<void> {
    const nameBytes = Buffer.from(name, 'utf8');
    const entry = { name: nameBytes, crc: 0, size: 0, csize: 0, offset: this.offset };
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4); // version needed
    header.writeUInt16LE(0x0808, 6); // sizes in the data descriptor; UTF-8 name
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt16LE(this.dosTime, 10);
    header.writeUInt16LE(this.dosDate, 12);
    header.writeUInt16LE(nameBytes.length, 26);
    await this.write(header);
    await this.write(nameBytes);

    const deflate = createDeflateRaw({ level: 6 });
    const pump = (async () => {
      for await (const piece of deflate as AsyncIterable<Buffer>) {
        entry.csize += piece.length;
        await this.write(piece);
      }
    })();
    try {
      for await (const text of content) {
        const bytes = Buffer.from(text, 'utf8');
        entry.crc = crc32(bytes, entry.crc);
        entry.size += bytes.length;
        if (!deflate.write(bytes)) await Promise.race([firstOf(deflate, ['drain', 'close', 'error']), pump]);
      }
      deflate.end();
      await pump;
    } catch (err) {
      pump.catch(() => undefined); // it fails with the deflate it reads; the first error is the one to report
      deflate.destroy();
      throw err;
    }
    if (entry.size > 0xffffffff || this.offset > 0xffffffff) throw new Error('xlsx: larger than 4 GB');

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc >>> 0, 4);
    descriptor.writeUInt32LE(entry.csize, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    await this.write(descriptor);
    this.entries.push(entry);
  }

  async finish(): Promise<void> {
    const start = this.offset;
    for (const e of this.entries) {
      const h = Buffer.alloc(46);
      h.writeUInt32LE(0x02014b50, 0);
      h.writeUInt16LE(20, 4); // made by
      h.writeUInt16LE(20, 6); // needed
      h.writeUInt16LE(0x0808, 8);
      h.writeUInt16LE(8, 10);
      h.writeUInt16LE(this.dosTime, 12);
      h.writeUInt16LE(this.dosDate, 14);
      h.writeUInt32LE(e.crc >>> 0, 16);
      h.writeUInt32LE(e.csize, 20);
      h.writeUInt32LE(e.size, 24);
      h.writeUInt16LE(e.name.length, 28);
      h.writeUInt32LE(e.offset, 42);
      await this.write(h);
      await this.write(e.name);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.write(end);
  }
}
