import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SHEET_LIMITS, SheetReadError, type SheetLimits } from '../limits.js';
import { readSheetHere, type SheetKind } from '../read.js';
import { deflateRepeated, rowBomb, sharedStringsBomb, workbook, zip, type ZipPart } from './fixtures.js';

/**
 * A stopped bomb answers in a few hundred milliseconds on a quiet machine; reading it whole takes minutes. The
 * bound leaves room for a loaded machine (2 shared cores); the speed itself is the bench's (hostile-import).
 */
const LOADED_BOUND_MS = 10_000;

/** Reads in this thread (the worker is tested on its own) and answers the failure, with how long it took. */
async function failure(buf: Buffer, kind: SheetKind = 'xlsx', limits: Partial<SheetLimits> = {}) {
  const started = performance.now();
  try {
    await readSheetHere(buf, kind, { ...DEFAULT_SHEET_LIMITS, ...limits });
  } catch (err) {
    if (!(err instanceof SheetReadError)) throw err;
    return { reason: err.reason, params: err.params, message: err.message, ms: performance.now() - started };
  }
  throw new Error('the file was read');
}

const small = workbook({
  sharedStrings: ['车牌号', '浙A·D12345'],
  rows: '<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="s"><v>1</v></c></row>',
});

/** The parts of `small`, to tamper with one. */
function smallParts(change: (p: ZipPart) => ZipPart | null): Buffer {
  const parts: ZipPart[] = [
    {
      name: 'xl/workbook.xml',
      data: '<workbook><sheets><sheet name="a" sheetId="1" r:id="rId1"/></sheets></workbook>',
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: '<Relationships><Relationship Id="rId1" Type="x/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: `<worksheet><sheetData>${'<row><c t="inlineStr"><is><t>x</t></is></c></row>'.repeat(200)}</sheetData></worksheet>`,
    },
  ];
  return zip(parts.map(change).filter((p): p is ZipPart => p !== null));
}

describe('zip bombs', () => {
  it('stops the 5,000,000-row sheet at the row cap, having inflated a few megabytes', async () => {
    const file = rowBomb();
    expect(file.length).toBeGreaterThan(500_000);
    expect(file.length).toBeLessThan(1_200_000);
    const f = await failure(file, 'xlsx', { maxRows: 20_002 });
    expect(f.reason).toBe('tooManyRows');
    expect(f.ms).toBeLessThan(LOADED_BOUND_MS);
  });

  it('refuses the same sheet before inflating it when it declares its true size', async () => {
    const f = await failure(rowBomb({ honest: true }));
    expect(f).toMatchObject({ reason: 'tooLarge' });
    expect(f.message).toMatch(/declares \d+ bytes/);
    expect(f.ms).toBeLessThan(LOADED_BOUND_MS);
  });

  it('stops a part that inflates past its declared size, or past the cap however many rows are blank', async () => {
    expect(await failure(rowBomb({ declared: 1024 * 1024 }))).toMatchObject({ reason: 'unreadable' });
    expect((await failure(rowBomb({ declared: 1024 * 1024 }))).message).toMatch(/past its declared/);
    const blank = deflateRepeated([
      { data: '<worksheet><sheetData>' },
      { data: '<row><c s="1"/><c s="1"/></row>'.repeat(10_000), times: 1000 },
    ]);
    const file = workbook({ sheet: { name: '', deflated: blank.deflated, size: 7 * 1024 * 1024, crc: 0 } });
    const f = await failure(file, 'xlsx', { maxSheetBytes: 8 * 1024 * 1024 });
    expect(f.reason).toBe('unreadable');
    const capped = await failure(
      workbook({ sheet: { name: '', deflated: blank.deflated, size: 8 * 1024 * 1024, crc: 0 } }),
      'xlsx',
      { maxSheetBytes: 8 * 1024 * 1024 },
    );
    expect(capped.reason).toBe('tooLarge');
    expect(capped.message).toMatch(/inflates past 8388608 bytes/);
    expect(await failure(file, 'xlsx', { maxSheetBytes: 4 * 1024 * 1024 })).toMatchObject({ reason: 'tooLarge' });
  });

  it('refuses a shared-strings bomb by size or by count', async () => {
    const honest = await failure(sharedStringsBomb(2_000_000));
    expect(honest).toMatchObject({ reason: 'tooLarge' });
    expect(honest.ms).toBeLessThan(LOADED_BOUND_MS);
    const lying = await failure(sharedStringsBomb(2_000_000, 30 * 1024 * 1024));
    expect(lying).toMatchObject({ reason: 'tooLarge' });
    expect(lying.message).toMatch(/shared strings/);
  });

  it('refuses an impossible compression ratio and too many entries', async () => {
    const f = await failure(smallParts((p) => (p.name.includes('sheet1') ? { ...p, size: 50_000_000 } : p)));
    expect(f).toMatchObject({ reason: 'unreadable' });
    expect(f.message).toMatch(/ratio/);
    const many = zip(Array.from({ length: 20 }, (_, i) => ({ name: `f${i}`, data: '' })));
    expect(await failure(many, 'xlsx', { maxZipEntries: 10 })).toMatchObject({ reason: 'tooLarge' });
  });
});

describe('broken files', () => {
  it('reads the untampered file', async () => {
    expect(await readSheetHere(small, 'xlsx', DEFAULT_SHEET_LIMITS)).toEqual([
      { line: 1, cells: ['车牌号'] },
      { line: 2, cells: ['浙A·D12345'] },
    ]);
    expect(
      await readSheetHere(
        smallParts((p) => p),
        'xlsx',
        DEFAULT_SHEET_LIMITS,
      ),
    ).toHaveLength(200);
  });

  it('refuses a bad CRC, a lying size, corrupt data, encryption and a truncated or foreign file', async () => {
    const sheet = (p: ZipPart) => p.name.includes('sheet1');
    const cases: [string, Buffer][] = [
      ['bad CRC', smallParts((p) => (sheet(p) ? { ...p, crc: crc32(Buffer.from(String(p.data))) ^ 1 } : p))],
      ['smaller declared size', smallParts((p) => (sheet(p) ? { ...p, size: 100 } : p))],
      ['larger declared size', smallParts((p) => (sheet(p) ? { ...p, size: String(p.data).length + 5 } : p))],
      [
        'corrupt deflate data',
        smallParts((p) => (sheet(p) ? { ...p, deflated: Buffer.from('not deflate at all, no'), size: 100 } : p)),
      ],
      ['encrypted', smallParts((p) => (sheet(p) ? { ...p, flags: 0x0801 } : p))],
      ['no sheet', smallParts((p) => (sheet(p) ? null : p))],
      ['truncated', small.subarray(0, small.length - 30)],
      ['cut in half', small.subarray(0, small.length / 2)],
      ['only the magic', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])],
      ['a DOCTYPE', workbook({ rows: '<!DOCTYPE x [<!ENTITY a "aaaa">]><row><c><v>&a;</v></c></row>' })],
      ['an unclosed sheet', smallParts((p) => (sheet(p) ? { ...p, data: '<worksheet><sheetData><row><c><v>1' } : p))],
      ['a row number past Excel', workbook({ rows: '<row r="2000000"><c><v>1</v></c></row>' })],
      ['a column past Excel', workbook({ rows: '<row r="1"><c r="ZZZZ1"><v>1</v></c></row>' })],
    ];
    for (const [what, file] of cases) {
      const f = await failure(file).catch((err: Error) => ({ reason: err.message }));
      expect(f.reason, what).toBe('unreadable');
    }
  });
});

describe('caps on content', () => {
  it('refuses a value past the last column, and a cell past 32,767 characters', async () => {
    expect(await failure(workbook({ rows: '<row r="3"><c r="GS3"><v>1</v></c></row>' }))).toMatchObject({
      reason: 'tooManyColumns',
      params: { cell: 'GS3', max: 200 },
    });
    // Empty cells far right (formatting) are not values.
    expect(
      await readSheetHere(
        workbook({ rows: '<row r="1"><c r="A1"><v>1</v></c><c r="XFD1" s="1"/></row>' }),
        'xlsx',
        DEFAULT_SHEET_LIMITS,
      ),
    ).toEqual([{ line: 1, cells: ['1'] }]);
    const long = 'x'.repeat(40_000);
    expect(
      await failure(workbook({ rows: `<row r="2"><c r="B2" t="inlineStr"><is><t>${long}</t></is></c></row>` })),
    ).toMatchObject({
      reason: 'cellTooLong',
      params: { cell: 'B2', max: 32_767 },
    });
    expect(
      await failure(workbook({ sharedStrings: [long], rows: '<row r="4"><c r="C4" t="s"><v>0</v></c></row>' })),
    ).toMatchObject({
      reason: 'cellTooLong',
      params: { cell: 'C4' },
    });
  });

  it('refuses a merged range that would make too many rows, and a shared string repeated past the total', async () => {
    const merged = `<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>x</t></is></c></row></sheetData><mergeCells count="1"><mergeCell ref="A1:A1048576"/></mergeCells></worksheet>`;
    expect(await failure(workbook({ sheet: { name: '', data: merged } }))).toMatchObject({ reason: 'tooManyRows' });
    const text = 'y'.repeat(30_000);
    const row = (r: number) =>
      `<row r="${r}">${Array.from({ length: 100 }, () => '<c t="s"><v>0</v></c>').join('')}</row>`;
    const rows = Array.from({ length: 20 }, (_, i) => row(i + 1)).join('');
    expect(await failure(workbook({ sharedStrings: [text], rows }))).toMatchObject({ reason: 'tooLarge' });
  });

  it('stops at the time budget', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => `<row r="${i + 1}"><c><v>${i}</v></c></row>`).join('');
    expect(await failure(workbook({ rows }), 'xlsx', { timeoutMs: -1 })).toMatchObject({ reason: 'timeout' });
    expect(await failure(Buffer.from('a,b\n'.repeat(1000)), 'csv', { timeoutMs: -1 })).toMatchObject({
      reason: 'timeout',
    });
  });
});

describe('hostile CSV', () => {
  it('stops 100,000 rows at the row cap', async () => {
    const csv = Buffer.from(Array.from({ length: 100_000 }, (_, i) => `浙A${i},LSVAU2180N2${i},大众`).join('\r\n'));
    const f = await failure(csv, 'csv', { maxRows: 20_002 });
    expect(f).toMatchObject({ reason: 'tooManyRows' });
    expect(f.ms).toBeLessThan(LOADED_BOUND_MS);
  });

  it('stops a giant quoted field at the cell cap, without reading the rest', async () => {
    const csv = Buffer.from(`a,b\n1,"${'x'.repeat(15 * 1024 * 1024)}`);
    const f = await failure(csv, 'csv');
    expect(f).toMatchObject({ reason: 'cellTooLong', params: { cell: 'B2', max: 32_767 } });
    expect(f.ms).toBeLessThan(LOADED_BOUND_MS);
  });

  it('drops empty fields past the last column but refuses a value there, and refuses an oversized file', async () => {
    expect(await readSheetHere(Buffer.from(`a,b${','.repeat(100_000)}\n`), 'csv', DEFAULT_SHEET_LIMITS)).toEqual([
      { line: 1, cells: ['a', 'b'] },
    ]);
    expect(await failure(Buffer.from(`a${','.repeat(300)}z\n`), 'csv')).toMatchObject({
      reason: 'tooManyColumns',
      params: { cell: 'KO1', max: 200 },
    });
    expect(await failure(Buffer.from('a,b\n'.repeat(1000)), 'csv', { maxSheetBytes: 1000 })).toMatchObject({
      reason: 'tooLarge',
    });
  });
});
