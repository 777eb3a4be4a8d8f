import { describe, expect, it } from 'vitest';
import { CsvParser, parseCsv } from '../csv.js';
import { DEFAULT_SHEET_LIMITS } from '../limits.js';
import { readSheetHere } from '../read.js';

/** The whole-text parser this one replaced (core/xlsx.ts before), to check that `parseCsv` still answers the same. */
function previousParseCsv(text: string, maxRows: number): string[][] {
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

const SAMPLES = [
  'a,b,c\n1,2,3\n',
  'a,b\r\n"x, y","say ""hi"""\r\n\r\n,,\r\nlast,row',
  '"multi\nline",2\r3,4\r\n5,"6"tail\n "q" ,x',
  '13912340001,"王, 磊"\r\n13912340002,李强\r\n',
  '"unterminated,\nstill quoted',
  '"",""\n"""",x\n""x,y\n,,,\n\n\n  spaced  ,\t tab\t',
  'a,b,\n,c,\n',
  '',
  '\n\r\n\r',
];

describe('CSV', () => {
  it('parseCsv answers what the previous parser did', () => {
    for (const text of SAMPLES) {
      for (const max of [1, 2, 100])
        expect(parseCsv(text, max), JSON.stringify(text)).toEqual(previousParseCsv(text, max));
    }
  });

  it('gives the same records however the text is cut into pieces', () => {
    for (const text of SAMPLES) {
      const whole: string[][] = [];
      const parser = new CsvParser((cells) => whole.push(cells));
      parser.write(text);
      parser.end();
      for (const size of [1, 2, 3, 7]) {
        const pieces: string[][] = [];
        const p = new CsvParser((cells) => pieces.push(cells));
        for (let i = 0; i < text.length; i += size) p.write(text.slice(i, i + size));
        p.end();
        expect(pieces, `${JSON.stringify(text)} in pieces of ${size}`).toEqual(whole);
      }
    }
  });

  it('reads an upload: BOM dropped, UTF-8 cut between chunks, blank records counted in line numbers', async () => {
    const big = '浙'.repeat(30_000); // 90,000 bytes: crosses the 64 KB chunk in the middle of a character
    const csv = Buffer.from(`\uFEFF车牌号,备注\r\n\r\n浙A·D12345,"a\nb"\r\n,\r\n沪B82M56,${big}\r\n`);
    expect(await readSheetHere(csv, 'csv', DEFAULT_SHEET_LIMITS)).toEqual([
      { line: 1, cells: ['车牌号', '备注'] },
      { line: 3, cells: ['浙A·D12345', 'a\nb'] },
      { line: 5, cells: ['沪B82M56', big] },
    ]);
  });
});
