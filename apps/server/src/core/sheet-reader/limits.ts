/**
 * What an uploaded sheet may cost, and why reading one stopped. Kept free of imports: the worker loads it.
 *
 * Every cap applies while reading, not after: a file that inflates to gigabytes is refused when it passes the
 * cap, having cost that much and no more.
 */
export interface SheetLimits {
  /** Rows answered at most, the header included; one more non-blank row stops the reading (`tooManyRows`). */
  maxRows: number;
  /** The last column that may hold a value (200: CV); empty cells further right are ignored. */
  maxColumns: number;
  /** Characters of one cell after trimming (32,767, Excel's own limit). */
  maxCellChars: number;
  /** Characters of every cell answered together: what the rows cost the thread that receives them. */
  maxTotalChars: number;
  /** Inflated bytes of the sheet's XML, or bytes of a CSV. */
  maxSheetBytes: number;
  /** Inflated bytes of the shared strings part. */
  maxSharedStringsBytes: number;
  /** Number of shared strings. */
  maxSharedStrings: number;
  /** Inflated bytes of each other part read (workbook, relationships, styles). */
  maxPartBytes: number;
  /** Entries in the zip's central directory. */
  maxZipEntries: number;
  /** Wall-clock budget of one reading, in milliseconds. */
  timeoutMs: number;
}

export const DEFAULT_SHEET_LIMITS: Readonly<SheetLimits> = {
  maxRows: 20_002,
  maxColumns: 200,
  maxCellChars: 32_767,
  maxTotalChars: 32 * 1024 * 1024,
  maxSheetBytes: 64 * 1024 * 1024,
  maxSharedStringsBytes: 32 * 1024 * 1024,
  maxSharedStrings: 1_000_000,
  maxPartBytes: 4 * 1024 * 1024,
  maxZipEntries: 10_000,
  timeoutMs: 10_000,
};

/** Why a sheet was not read. The caller turns each into its own message (`sheetAppError`). */
export type SheetFailure =
  /** Not a readable .xlsx or CSV: corrupt, encrypted, truncated, or its sizes or checksums lie. */
  | 'unreadable'
  /** More rows than `maxRows`. */
  | 'tooManyRows'
  /** A value beyond column `maxColumns`; params: cell, max. */
  | 'tooManyColumns'
  /** A cell longer than `maxCellChars`; params: cell, max. */
  | 'cellTooLong'
  /** An inflated size, a count or the memory of the reader went past its cap (a zip bomb). */
  | 'tooLarge'
  /** The reading took longer than `timeoutMs`. */
  | 'timeout'
  /** Too many readings at once in this process. */
  | 'busy';

export class SheetReadError extends Error {
  constructor(
    readonly reason: SheetFailure,
    readonly params: Record<string, string | number> = {},
    /** What exactly, for the log (never shown to the user). */
    readonly detail = '',
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
  }
}

/** Column letters: 0 -> A, 25 -> Z, 26 -> AA. */
export function columnLetters(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** One data row of a sheet: its row number as the user sees it, and its trimmed cell texts. */
export interface SheetRow {
  line: number;
  cells: string[];
}

/**
 * Collects rows under the row, column, cell and total caps; both readers (xlsx, CSV) answer through it, so
 * the caps mean the same for both. Blank rows are skipped (their line numbers are not reused).
 */
export class RowCollector {
  readonly rows: SheetRow[] = [];
  private chars = 0;

  constructor(private readonly limits: SheetLimits) {}

  get maxRows(): number {
    return this.limits.maxRows;
  }

  /** Counts characters added outside `add` against the total cap. */
  addChars(n: number): void {
    this.chars += n;
    if (this.chars > this.limits.maxTotalChars) throw new SheetReadError('tooLarge', {}, 'cells too long together');
  }

  /** Checks one cell: `col` is 0-based. Answers the text to keep. */
  cell(line: number, col: number, text: string): string {
    if (text.length > this.limits.maxCellChars) {
      throw new SheetReadError('cellTooLong', { cell: `${columnLetters(col)}${line}`, max: this.limits.maxCellChars });
    }
    if (text !== '' && col >= this.limits.maxColumns) {
      throw new SheetReadError('tooManyColumns', {
        cell: `${columnLetters(col)}${line}`,
        max: this.limits.maxColumns,
      });
    }
    return text;
  }

  /** Adds a row unless it is blank; a row past `maxRows` stops the reading. */
  add(line: number, cells: string[]): void {
    let last = cells.length - 1;
    while (last >= 0 && !cells[last]) last--;
    if (last < 0) return;
    if (this.rows.length >= this.limits.maxRows) throw new SheetReadError('tooManyRows', { max: this.limits.maxRows });
    const kept = last === cells.length - 1 ? cells : cells.slice(0, last + 1);
    for (let i = 0; i < kept.length; i++) {
      if (kept[i] === undefined) kept[i] = '';
      else this.chars += kept[i]!.length;
    }
    if (this.chars > this.limits.maxTotalChars) throw new SheetReadError('tooLarge', {}, 'cells too long together');
    this.rows.push({ line, cells: kept });
  }
}

/** A merged range of cells, 1-based rows and 0-based columns, corners included. */
export interface MergedRange {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** Cells a workbook's merged ranges may fill in all: each costs a cell the sheet did not hold. */
const MAX_MERGED_FILL = 1_000_000;

/**
 * Gives every cell of each merged range the text of its top-left cell, as Excel shows it and as ExcelJS read
 * it (a company merged down its rows imports on each). Rows the fill makes non-blank are added in line
 * order; the row, column and character caps hold for what is filled as for the rest.
 */
export function fillMerged(collector: RowCollector, ranges: MergedRange[], deadline: number): void {
  if (!ranges.length) return;
  const byLine = new Map(collector.rows.map((r) => [r.line, r]));
  const added: SheetRow[] = [];
  let filled = 0;
  for (const m of ranges) {
    const text = byLine.get(m.top)?.cells[m.left];
    if (!text) continue;
    for (let line = m.top; line <= m.bottom; line++) {
      let row = byLine.get(line);
      if (!row) {
        row = { line, cells: [] };
        byLine.set(line, row);
        added.push(row);
        if (collector.rows.length + added.length > collector.maxRows) {
          throw new SheetReadError('tooManyRows', { max: collector.maxRows });
        }
      }
      for (let col = m.left; col <= m.right; col++) {
        if (line === m.top && col === m.left) continue;
        if (++filled > MAX_MERGED_FILL) throw new SheetReadError('tooLarge', {}, 'merged cells');
        collector.addChars(text.length);
        row.cells[col] = collector.cell(line, col, text);
      }
      if (filled % 4096 === 0) checkDeadline(deadline);
    }
  }
  for (const row of byLine.values()) for (let i = 0; i < row.cells.length; i++) row.cells[i] ??= '';
  if (added.length) {
    collector.rows.push(...added);
    collector.rows.sort((a, b) => a.line - b.line);
  }
}

/** Throws `timeout` once the deadline (a `Date.now()` value) has passed. */
export function checkDeadline(deadline: number): void {
  if (Date.now() > deadline) throw new SheetReadError('timeout');
}
