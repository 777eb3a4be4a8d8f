import {
  checkDeadline,
  fillMerged,
  RowCollector,
  SheetReadError,
  type MergedRange,
  type SheetLimits,
  type SheetRow,
} from './limits.js';
import { attributeByLocalName, attributes, decodeOoxmlEscapes, decodeXml, XmlScanner, type XmlHandler } from './xml.js';
import { inflateEntry, readCentralDirectory, type ZipEntry } from './zip.js';

/**
 * The first worksheet of an .xlsx as rows of cell texts, read the way ExcelJS + `cellText` used to answer them
 * (trimmed; shared, inline and rich strings as text; numbers as JavaScript prints them; date-formatted numbers
 * as YYYY-MM-DD; booleans as true/false; errors empty), but streaming and under `limits`: only the workbook,
 * its relationships, the styles, the shared strings and that one sheet are inflated, each under its own cap.
 */
export async function readXlsxRows(buf: Buffer, limits: SheetLimits, deadline: number): Promise<SheetRow[]> {
  const entries = readCentralDirectory(buf, limits.maxZipEntries);
  const part = (name: string) => entries.get(name.toLowerCase());
  const rootRels = part('_rels/.rels');
  const rootTargets = rootRels ? relationships(await readSmallPart(buf, rootRels, limits), '') : [];
  const workbookName = rootTargets.find((r) => r.type.endsWith('/officeDocument'))?.target ?? 'xl/workbook.xml';
  const workbookEntry = part(workbookName);
  if (!workbookEntry) throw new SheetReadError('unreadable', {}, 'no workbook');
  const folder = workbookName.includes('/') ? workbookName.slice(0, workbookName.lastIndexOf('/') + 1) : '';
  const workbook = workbookInfo(await readSmallPart(buf, workbookEntry, limits));
  const relsEntry = part(`${folder}_rels/${workbookName.slice(folder.length)}.rels`);
  const rels = relsEntry ? relationships(await readSmallPart(buf, relsEntry, limits), folder) : [];
  const byId = new Map(rels.map((r) => [r.id, r]));

  const sheetName =
    workbook.sheetIds.map((id) => byId.get(id)).find((r) => r?.type.endsWith('/worksheet'))?.target ??
    `${folder}worksheets/sheet1.xml`;
  const sheetEntry = part(sheetName);
  if (!sheetEntry) throw new SheetReadError('unreadable', {}, `no sheet ${sheetName}`);

  const stylesEntry = part(rels.find((r) => r.type.endsWith('/styles'))?.target ?? `${folder}styles.xml`);
  const dateStyles = stylesEntry ? await readDateStyles(buf, stylesEntry, limits, deadline) : [];
  const stringsEntry = part(
    rels.find((r) => r.type.endsWith('/sharedStrings'))?.target ?? `${folder}sharedStrings.xml`,
  );
  const strings = stringsEntry ? await readSharedStrings(buf, stringsEntry, limits, deadline) : [];

  const sheet = new SheetHandler(new RowCollector(limits), strings, dateStyles, workbook.date1904, limits);
  await scanEntry(buf, sheetEntry, limits.maxSheetBytes, sheet, deadline);
  if (sheet.inData) throw new SheetReadError('unreadable', {}, 'the sheet data is not closed');
  fillMerged(sheet.collector, sheet.merges, deadline);
  return sheet.collector.rows;
}

/**
 * Streams an entry through the scanner: inflate, UTF-8 decode, scan, with the deadline checked per chunk.
 * Stops early, without inflating the rest, when the handler says it has what it needs.
 */
async function scanEntry(
  buf: Buffer,
  entry: ZipEntry,
  maxBytes: number,
  handler: XmlHandler & { done?: boolean },
  deadline: number,
): Promise<void> {
  const scanner = new XmlScanner(handler);
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of inflateEntry(buf, entry, maxBytes)) {
    checkDeadline(deadline);
    scanner.write(decoder.decode(chunk, { stream: true }));
    if (handler.done) return;
  }
  scanner.write(decoder.decode());
  scanner.end();
}

async function readSmallPart(buf: Buffer, entry: ZipEntry, limits: SheetLimits): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of inflateEntry(buf, entry, limits.maxPartBytes)) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** Collects every open tag of a whole small part, for the parts where a list of elements is all we need. */
function elements(xml: string): { name: string; attrs: Map<string, string> }[] {
  const out: { name: string; attrs: Map<string, string> }[] = [];
  const scanner = new XmlScanner({
    open: (name, attrs) => out.push({ name, attrs: attributes(attrs) }),
    close: () => undefined,
    text: () => undefined,
  });
  scanner.write(xml);
  scanner.end();
  return out;
}

interface Relationship {
  id: string;
  type: string;
  /** The part it points to, from the package root. */
  target: string;
}

function relationships(xml: string, folder: string): Relationship[] {
  return elements(xml)
    .filter((e) => e.name === 'Relationship' && e.attrs.get('TargetMode') !== 'External')
    .map((e) => ({
      id: e.attrs.get('Id') ?? '',
      type: e.attrs.get('Type') ?? '',
      target: resolvePart(folder, e.attrs.get('Target') ?? ''),
    }));
}

/** A relationship target, relative to the folder of its source unless absolute. */
function resolvePart(folder: string, target: string): string {
  const parts = (target.startsWith('/') ? target.slice(1) : folder + target).split('/');
  const out: string[] = [];
  for (const p of parts) {
    if (p === '..') out.pop();
    else if (p !== '.' && p !== '') out.push(p);
  }
  return out.join('/');
}

function workbookInfo(xml: string): { sheetIds: string[]; date1904: boolean } {
  const all = elements(xml);
  const pr = all.find((e) => e.name === 'workbookPr');
  const date1904 = pr?.attrs.get('date1904');
  return {
    sheetIds: all.filter((e) => e.name === 'sheet').map((e) => attributeByLocalName(e.attrs, 'id') ?? ''),
    date1904: date1904 === '1' || date1904 === 'true',
  };
}

/**
 * Which cell formats (`s` of a cell, an index into cellXfs) show a date. Built-in formats 14-22 and 45-47,
 * and 27-36 and 50-58 (dates in the Chinese, Japanese and Korean Excel); custom ones by their code.
 */
async function readDateStyles(buf: Buffer, entry: ZipEntry, limits: SheetLimits, deadline: number) {
  const custom = new Map<number, string>();
  const xfFormats: number[] = [];
  let inCellXfs = false;
  await scanEntry(
    buf,
    entry,
    limits.maxPartBytes,
    {
      open(name, raw, selfClosing) {
        if (name === 'numFmt') {
          const a = attributes(raw);
          custom.set(Number(a.get('numFmtId')), a.get('formatCode') ?? '');
        } else if (name === 'cellXfs') inCellXfs = !selfClosing;
        else if (name === 'xf' && inCellXfs) xfFormats.push(Number(attributes(raw).get('numFmtId') ?? 0));
      },
      close(name) {
        if (name === 'cellXfs') inCellXfs = false;
      },
      text: () => undefined,
    },
    deadline,
  );
  return xfFormats.map((id) => (custom.has(id) ? isDateFormatCode(custom.get(id)!) : isBuiltInDate(id)));
}

function isBuiltInDate(id: number): boolean {
  return (id >= 14 && id <= 22) || (id >= 27 && id <= 36) || (id >= 45 && id <= 47) || (id >= 50 && id <= 58);
}

/**
 * A custom number format shows a date when, out of its quoted text, escapes, and [colour]/[$-locale] parts,
 * it has a day, month or year code. Elapsed-time formats ([h]:mm) are durations, not dates.
 */
export function isDateFormatCode(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/[_*]./g, '');
  if (/\[(h+|m+|s+)\]/i.test(bare)) return false;
  return /[dmy]/i.test(bare.replace(/\[[^\]]*\]/g, '').replace(/General/gi, ''));
}

async function readSharedStrings(
  buf: Buffer,
  entry: ZipEntry,
  limits: SheetLimits,
  deadline: number,
): Promise<string[]> {
  const strings: string[] = [];
  let inSi = false;
  let inT = false;
  let phonetic = 0;
  let text = '';
  await scanEntry(
    buf,
    entry,
    limits.maxSharedStringsBytes,
    {
      open(name, raw, selfClosing) {
        if (name === 'sst') {
          const count = Number(attributes(raw).get('uniqueCount') ?? 0);
          if (count > limits.maxSharedStrings) throw new SheetReadError('tooLarge', {}, `${count} shared strings`);
        } else if (name === 'si') {
          if (selfClosing) strings.push('');
          else {
            inSi = true;
            text = '';
          }
        } else if (name === 'rPh') phonetic++;
        else if (name === 't' && inSi && !phonetic && !selfClosing) inT = true;
      },
      close(name) {
        if (name === 't') inT = false;
        else if (name === 'rPh') phonetic--;
        else if (name === 'si') {
          inSi = false;
          if (strings.length >= limits.maxSharedStrings) throw new SheetReadError('tooLarge', {}, 'shared strings');
          strings.push(decodeOoxmlEscapes(decodeXml(text)));
        }
      },
      text(raw) {
        if (inT) text += raw;
      },
    },
    deadline,
  );
  return strings;
}

const MAX_SHEET_ROW = 1_048_576;
const MAX_SHEET_COLUMN = 16_384;

/** Merged ranges a sheet may declare. */
const MAX_MERGED_RANGES = 100_000;

/**
 * Turns the sheet's `<row>`/`<c>` elements into rows, and collects its merged ranges (they follow the rows);
 * done at the end of those, without reading the rest of the sheet.
 */
class SheetHandler implements XmlHandler {
  done = false;
  readonly merges: MergedRange[] = [];
  /** Inside `<sheetData>`: still so at the end, the sheet was cut short. */
  inData = false;
  private line = 0;
  private cells: string[] = [];
  private col = -1;
  private type = '';
  private style = 0;
  /** What the current cell's `<v>` or `<is><t>` hold, raw. */
  private value: string | null = null;
  private inValue = false;
  private inInline = false;
  private phonetic = 0;

  constructor(
    readonly collector: RowCollector,
    private readonly strings: string[],
    private readonly dateStyles: boolean[],
    private readonly date1904: boolean,
    private readonly limits: SheetLimits,
  ) {}

  open(name: string, raw: string, selfClosing: boolean): void {
    if (!this.inData) {
      if (name === 'sheetData' && !selfClosing) this.inData = true;
      else if (name === 'mergeCell') this.merge(attributes(raw).get('ref') ?? '');
      return;
    }
    switch (name) {
      case 'row': {
        const r = /\br\s*=\s*["'](\d+)["']/.exec(raw);
        this.line = r ? Number(r[1]) : this.line + 1;
        if (!(this.line >= 1 && this.line <= MAX_SHEET_ROW)) throw new SheetReadError('unreadable', {}, 'row number');
        this.cells = [];
        this.col = -1;
        if (selfClosing) this.endRow();
        break;
      }
      case 'c': {
        const a = attributes(raw);
        const ref = a.get('r');
        this.col = ref ? columnOf(ref) : this.col + 1;
        this.type = a.get('t') ?? 'n';
        this.style = Number(a.get('s') ?? 0);
        this.value = null;
        break;
      }
      case 'v':
        if (!selfClosing) {
          this.inValue = true;
          this.value = '';
        }
        break;
      case 'is':
        if (!selfClosing) {
          this.inInline = true;
          this.value = '';
        }
        break;
      case 'rPh':
        if (!selfClosing) this.phonetic++;
        break;
      case 't':
        if (this.inInline && !this.phonetic && !selfClosing) this.inValue = true;
        break;
    }
  }

  close(name: string): void {
    if (!this.inData) {
      if (name === 'mergeCells') this.done = true;
      return;
    }
    switch (name) {
      case 'v':
      case 't':
        this.inValue = false;
        break;
      case 'rPh':
        this.phonetic--;
        break;
      case 'is':
        this.inInline = false;
        break;
      case 'c':
        this.endCell();
        break;
      case 'row':
        this.endRow();
        break;
      case 'sheetData':
        this.inData = false;
        break;
    }
  }

  text(raw: string): void {
    if (!this.inValue) return;
    this.value += raw;
    // Entities shrink when decoded, by 10 at most (&#x10FFFF;): past that the cell is too long whatever it holds.
    if (this.value!.length > this.limits.maxCellChars * 10) this.collector.cell(this.line, this.col, this.value!);
  }

  private merge(ref: string): void {
    const m = /^([A-Za-z]+)(\d+):([A-Za-z]+)(\d+)$/.exec(ref);
    if (!m) return;
    if (this.merges.length >= MAX_MERGED_RANGES) throw new SheetReadError('tooLarge', {}, 'merged ranges');
    const [top, bottom] = [Number(m[2]), Number(m[4])].sort((a, b) => a - b) as [number, number];
    const [left, right] = [columnOf(m[1]!), columnOf(m[3]!)].sort((a, b) => a - b) as [number, number];
    if (bottom > MAX_SHEET_ROW || top < 1) throw new SheetReadError('unreadable', {}, `merged range ${ref}`);
    this.merges.push({ top, left, bottom, right });
  }

  private endCell(): void {
    if (this.value === null) return;
    const text = this.cellText(this.value);
    this.value = null;
    if (text === '') return;
    if (this.col >= MAX_SHEET_COLUMN) throw new SheetReadError('unreadable', {}, 'column');
    this.cells[this.col] = this.collector.cell(this.line, this.col, text);
  }

  private cellText(raw: string): string {
    switch (this.type) {
      case 's':
        return (this.strings[Number(raw)] ?? '').trim();
      case 'inlineStr':
        return decodeOoxmlEscapes(decodeXml(raw)).trim();
      case 'str':
        return decodeXml(raw).trim();
      case 'b':
        return raw.trim() === '' ? '' : String(Number(raw) !== 0);
      case 'e':
        return '';
      case 'd': {
        const d = new Date(decodeXml(raw).trim());
        return Number.isNaN(d.getTime()) ? decodeXml(raw).trim() : d.toISOString().slice(0, 10);
      }
      default:
        return numberText(decodeXml(raw).trim(), this.dateStyles[this.style] === true, this.date1904);
    }
  }

  private endRow(): void {
    this.collector.add(this.line, this.cells);
    this.cells = [];
  }
}

/** The 0-based column of an A1 reference ("AB12" -> 27). */
function columnOf(ref: string): number {
  let col = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i) | 0x20;
    if (c < 97 || c > 122) break;
    col = col * 26 + (c - 96);
    if (col > MAX_SHEET_COLUMN) throw new SheetReadError('unreadable', {}, `cell reference ${ref.slice(0, 20)}`);
  }
  if (col === 0) throw new SheetReadError('unreadable', {}, `cell reference ${ref.slice(0, 20)}`);
  return col - 1;
}

const DAY_MS = 86_400_000;
/** 1970-01-01 as an Excel serial day of the 1900 system. */
const UNIX_EPOCH_SERIAL = 25_569;
/** The day after 9999-12-31, the last date Excel shows. */
const LAST_SERIAL = 2_958_466;

/**
 * A number cell as text: as JavaScript prints the number (what ExcelJS answered), or YYYY-MM-DD when its
 * format shows a date. Serials before 1900-03-01 are moved a day, for Excel's 1900 leap-year bug (its
 * 1900-02-29, serial 60, reads as 1900-02-28); the 1904 system counts from 1904-01-01.
 */
export function numberText(raw: string, isDate: boolean, date1904: boolean): string {
  if (raw === '') return '';
  const n = Number(raw);
  if (Number.isNaN(n)) return raw;
  if (!isDate) return String(n);
  const serial = date1904 ? n + 1462 : n >= 1 && n < 60 ? n + 1 : n;
  if (!(serial >= 0 && serial < LAST_SERIAL)) return String(n);
  return new Date(Math.round((serial - UNIX_EPOCH_SERIAL) * DAY_MS)).toISOString().slice(0, 10);
}
