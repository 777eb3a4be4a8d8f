import { readSheet, sheetKind, type SheetMessages, type SheetRow } from '../../core/sheet-reader/index.js';

export { sheetKind, type SheetRow };

/** What each failure of the sheet reader answers, for an import (excel-import.messages.ts). */
export const IMPORT_SHEET_MESSAGES: SheetMessages = {
  unreadable: 'import.fileUnreadable',
  tooManyRows: 'import.tooManyRows',
  tooManyColumns: 'import.tooManyColumns',
  cellTooLong: 'import.cellTooLong',
  tooLarge: 'import.sheetTooLarge',
  timeout: 'import.readTimeout',
};

/**
 * The rows of the first sheet, the header first, each with its row number in the sheet (blank rows are
 * skipped but counted, so that "row 57" is row 57 in Excel). Reading stops as soon as there are more than
 * `maxRows` rows. It runs off the request thread, under the caps of core/sheet-reader; `buffer` is handed
 * over to the reader. Fails with a `SheetReadError` (`sheetAppError` turns it into the answer).
 */
export function readRows(buffer: Buffer, kind: 'xlsx' | 'csv', maxRows: number): Promise<SheetRow[]> {
  return readSheet(buffer, kind, { maxRows });
}
