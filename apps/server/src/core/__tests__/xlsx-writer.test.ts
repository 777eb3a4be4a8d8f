import { PassThrough, Readable, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { columnName, escapeXml, writeXlsx, type XlsxValue } from '../xlsx-writer.js';

async function collect(rows: XlsxValue[][], columns = rows[0]!.map((_, i) => ({ header: `列${i}` }))) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  async function* gen() {
    yield* rows;
  }
  await writeXlsx(out, { name: '车辆/清单', columns, rows: gen() });
  return Buffer.concat(chunks);
}

describe('xlsx writer', () => {
  it('names columns like a spreadsheet and escapes XML', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
    expect(escapeXml('a&b<c>"d"\u0001\u000b\tz')).toBe('a&amp;b&lt;c&gt;&quot;d&quot;\tz');
  });

  it('writes a workbook that ExcelJS reads back cell for cell, both ways, and that unzip tests clean', async () => {
    const rows: XlsxValue[][] = [
      ['浙AD12345', 12, true, null, ' padded ', 'a & b < c', new Date('2026-03-04T00:00:00Z'), 1.5],
      ['沪B82M56', 0, false, '', '\u0002ctl', '"quoted"', null, -3],
    ];
    const wide = Array.from({ length: 30 }, (_, i) => `v${i}`);
    const file = await collect([...rows.map((r) => [...r, ...wide.slice(8)]), wide]);

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('车辆 清单');
    expect(ws.getRow(1).getCell(1).value).toBe('列0');
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(ws.getRow(2).values).toEqual([
      undefined,
      '浙AD12345',
      12,
      true,
      undefined,
      ' padded ',
      'a & b < c',
      '2026-03-04',
      1.5,
      ...wide.slice(8),
    ]);
    expect(ws.getRow(3).getCell(5).value).toBe('ctl');
    expect(ws.getRow(3).getCell(6).value).toBe('"quoted"');
    expect(ws.getRow(4).getCell(30).value).toBe('v29');
    expect(ws.getColumn(30).letter).toBe('AD');

    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(file), {});
    let seen = 0;
    for await (const sheet of reader) for await (const _row of sheet) seen++;
    expect(seen).toBe(4);

    // A second, independent zip reader (JSZip, which also reads the archives ExcelJS writes) inflates every
    // entry and checks its CRC-32.
    const zip = await JSZip.loadAsync(file, { checkCRC32: true });
    const names = Object.keys(zip.files);
    expect(names).toContain('xl/worksheets/sheet1.xml');
    for (const name of names) await zip.files[name]!.async('uint8array');
  });

  it('waits for a slow reader and stops asking for rows once the reader is gone', async () => {
    let produced = 0;
    async function* rows() {
      for (;;) {
        produced++;
        yield [`row ${produced}`, 'x'.repeat(200)];
      }
    }
    let received = 0;
    const out = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _enc, done) {
        received += chunk.length;
        // A reader that takes what it gets slowly, then hangs up.
        if (received > 200_000) this.destroy();
        setTimeout(done, 1);
      },
    });
    await expect(
      writeXlsx(out, { name: 's', columns: [{ header: 'a' }, { header: 'b' }], rows: rows() }),
    ).rejects.toThrow();
    // Deflate shrinks the repeated rows about 50 times: what was made is bounded by what was read, not endless.
    expect(produced).toBeGreaterThan(1000);
    expect(produced).toBeLessThan(200_000);
  });
});

describe('xlsx writer failures', () => {
  it('reports a failing source once, as it is', async () => {
    async function* rows() {
      yield ['a'];
      throw new Error('the database went away');
    }
    const out = new PassThrough();
    out.resume();
    await expect(writeXlsx(out, { name: 's', columns: [{ header: 'a' }], rows: rows() })).rejects.toThrow(
      'the database went away',
    );
  });
});
