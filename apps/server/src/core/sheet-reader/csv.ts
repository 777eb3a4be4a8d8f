import {
  checkDeadline,
  columnLetters,
  RowCollector,
  SheetReadError,
  type SheetLimits,
  type SheetRow,
} from './limits.js';

/**
 * RFC 4180 CSV read in pieces: quoted fields with doubled quotes and line breaks, CRLF, LF or CR. A quote
 * opens a quoted field only as the field's first character; after the closing quote the rest is kept as
 * written. Fields are trimmed. `onRow` gets every record (blank ones too, so that line numbers count them)
 * with its 1-based number. Caps hold while parsing: a field is refused once longer than `maxCellChars` (plus
 * some room for the spaces trimming drops), and a value past `maxColumns` fields is refused while empty
 * fields there are dropped, so that neither a giant field nor a line of commas is ever held.
 */
export class CsvParser {
  private row: string[] = [];
  private field = '';
  private quoted = false;
  /** A quote was seen inside a quoted field: the next character says whether it was doubled. */
  private quoteSeen = false;
  /** The last record ended with CR: a LF right after belongs to it. */
  private skipLf = false;
  private line = 0;
  /** The 0-based field of the record being read (fields past the cap are not kept). */
  private col = 0;

  constructor(
    private readonly onRow: (cells: string[], line: number) => void,
    private readonly caps: { maxColumns: number; maxCellChars: number } = {
      maxColumns: Infinity,
      maxCellChars: Infinity,
    },
  ) {}

  write(text: string): void {
    const n = text.length;
    let i = 0;
    while (i < n) {
      if (this.skipLf) {
        this.skipLf = false;
        if (text.charCodeAt(i) === 10) i++;
        continue;
      }
      if (this.quoteSeen) {
        this.quoteSeen = false;
        if (text.charCodeAt(i) === 34) {
          this.append('"');
          i++;
          continue;
        }
        this.quoted = false;
      }
      if (this.quoted) {
        const q = text.indexOf('"', i);
        if (q < 0) {
          this.append(text.slice(i));
          return;
        }
        this.append(text.slice(i, q));
        this.quoteSeen = true;
        i = q + 1;
        continue;
      }
      let j = i;
      let c = 0;
      for (; j < n; j++) {
        c = text.charCodeAt(j);
        if (c === 44 || c === 34 || c === 10 || c === 13) break;
      }
      if (j > i) this.append(text.slice(i, j));
      if (j === n) return;
      i = j + 1;
      if (c === 34) {
        if (this.field === '') this.quoted = true;
        else this.append('"');
      } else if (c === 44) this.endField();
      else {
        this.endRecord();
        this.skipLf = c === 13;
      }
    }
  }

  /** The text is complete: the last record, if no line break ended it. */
  end(): void {
    if (this.field !== '' || this.quoted || this.row.length) this.endRecord();
  }

  private append(s: string): void {
    this.field += s;
    if (this.field.length > this.caps.maxCellChars + 1024) this.tooLong();
  }

  private tooLong(): never {
    throw new SheetReadError('cellTooLong', {
      cell: `${columnLetters(this.col)}${this.line + 1}`,
      max: this.caps.maxCellChars,
    });
  }

  private endField(): void {
    const text = this.field.trim();
    this.field = '';
    this.quoted = false;
    if (text.length > this.caps.maxCellChars) this.tooLong();
    if (this.row.length < this.caps.maxColumns) this.row.push(text);
    else if (text !== '') {
      throw new SheetReadError('tooManyColumns', {
        cell: `${columnLetters(this.col)}${this.line + 1}`,
        max: this.caps.maxColumns,
      });
    }
    this.col++;
  }

  private endRecord(): void {
    this.endField();
    const row = this.row;
    this.row = [];
    this.col = 0;
    this.onRow(row, ++this.line);
  }
}

/**
 * The rows of a UTF-8 CSV (BOM dropped), decoded and parsed 64 KB at a time under `limits`. Blank records are
 * skipped but counted, so a row's line is the record number a spreadsheet shows.
 */
export function readCsvRows(buf: Buffer, limits: SheetLimits, deadline: number): SheetRow[] {
  if (buf.length > limits.maxSheetBytes) throw new SheetReadError('tooLarge', {}, `${buf.length} bytes of CSV`);
  const collector = new RowCollector(limits);
  const parser = new CsvParser((cells, line) => collector.add(line, cells), limits);
  const decoder = new TextDecoder('utf-8', { ignoreBOM: false });
  const step = 64 * 1024;
  for (let p = 0; p < buf.length; p += step) {
    checkDeadline(deadline);
    parser.write(decoder.decode(buf.subarray(p, p + step), { stream: true }));
  }
  parser.write(decoder.decode());
  parser.end();
  return collector.rows;
}

/**
 * The non-blank records of a CSV text as trimmed fields, at most `maxRows` of them (the rest is not parsed).
 * No other cap: for text already in memory; uploads go through `readCsvRows`.
 */
export function parseCsv(text: string, maxRows: number): string[][] {
  const rows: string[][] = [];
  const full = new Error('full');
  const parser = new CsvParser((cells) => {
    if (cells.some((f) => f !== '')) rows.push(cells);
    if (rows.length >= maxRows) throw full;
  });
  if (maxRows <= 0) return rows;
  try {
    parser.write(text);
    parser.end();
  } catch (err) {
    if (err !== full) throw err;
  }
  return rows;
}
