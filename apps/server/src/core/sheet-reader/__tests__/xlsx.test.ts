import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { writeXlsx, type XlsxValue } from '../../xlsx-writer.js';
import { DEFAULT_SHEET_LIMITS, type SheetLimits, type SheetRow } from '../limits.js';
import { readSheetHere } from '../read.js';
import { isDateFormatCode, numberText } from '../xlsx.js';
import { workbook, zip } from './fixtures.js';

const read = (buf: Buffer, limits: Partial<SheetLimits> = {}) =>
  readSheetHere(buf, 'xlsx', { ...DEFAULT_SHEET_LIMITS, ...limits });

/** What the import answered before this reader: ExcelJS's model of the first sheet through `cellText`. */
async function viaExcelJs(buffer: Buffer): Promise<SheetRow[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  const rows: SheetRow[] = [];
  wb.worksheets[0]!.eachRow({ includeEmpty: false }, (row, number) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    const cells = Array.from({ length: values.length }, (_, i) => cellText(values[i]));
    while (cells.length && cells.at(-1) === '') cells.pop();
    if (cells.length) rows.push({ line: number, cells });
  });
  return rows;
}

function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as { text?: unknown; result?: unknown; richText?: { text: string }[]; error?: unknown };
    if (o.richText)
      return o.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if (o.result !== undefined) return cellText(o.result);
    if (o.text !== undefined) return String(o.text).trim();
    if (o.error !== undefined) return '';
  }
  return String(v).trim();
}

async function excelJsBook(fill: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  fill(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('the xlsx reader answers what ExcelJS answered', () => {
  it('on a car import as the web client fills it: text, numbers, dates, blanks, gaps, a second sheet', async () => {
    const file = await excelJsBook((wb) => {
      const ws = wb.addWorksheet('车辆');
      ws.addRow(['车牌号*', '车架号*', '品牌*', '注册日期', '电池容量(kWh)', '备注', '保单号']);
      ws.addRow(['浙A·D12345', 'LSVAU2180N2183294', '大众', new Date(Date.UTC(2023, 5, 18)), 60.5, '  前后有空格  ']);
      ws.addRow([' 沪B82M56 ', 'LSVAU2180N2183295', '比亚迪', '2023/6/18', 0.1 + 0.2, 'a & b <c> "d" \'e\'']);
      ws.addRow([]);
      ws.addRow(['', '', '', '', '', '']);
      ws.addRow([
        '浙AK1001',
        'LSVAU2180N2183296',
        '丰田',
        new Date(Date.UTC(2024, 1, 29, 15, 30)),
        -3,
        '',
        13800138000,
      ]);
      ws.getCell('J8').value = 'far right';
      ws.getCell('B9').value = 'gap before';
      ws.getCell('A10').value = { richText: [{ text: '富' }, { font: { bold: true }, text: '文本 ' }] };
      ws.getCell('B10').value = { formula: 'A1&"x"', result: '车牌号*x' };
      ws.getCell('C10').value = { formula: '1+1', result: 2 };
      ws.getCell('D10').value = true;
      ws.getCell('E10').value = { text: '链接', hyperlink: 'https://example.com/?a=1&b=2' };
      ws.getCell('F10').value = { error: '#N/A' };
      ws.getCell('G10').value = 45356;
      ws.getCell('G10').numFmt = 'yyyy"年"m"月"d"日"';
      ws.getCell('H10').value = 0.256;
      ws.getCell('H10').numFmt = '0.00%';
      ws.getCell('I10').value = { formula: 'TODAY()', result: new Date(Date.UTC(2025, 0, 2)) };
      ws.getCell('A11').value = '多行\n文本';
      ws.mergeCells('A12:C12');
      ws.getCell('A12').value = '合并';
      ws.getCell('A13').value = '浙A1';
      ws.getCell('A14').value = '浙A2';
      ws.getCell('F13').value = '杭州公司';
      ws.mergeCells('F13:F16');
      wb.addWorksheet('填写说明').addRow(['说明', '不读这一页']);
    });
    const ours = await read(file);
    expect(ours).toEqual(await viaExcelJs(file));
    expect(ours[1]).toEqual({
      line: 2,
      cells: ['浙A·D12345', 'LSVAU2180N2183294', '大众', '2023-06-18', '60.5', '前后有空格'],
    });
    expect(ours.map((r) => r.line)).toEqual([1, 2, 3, 6, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
    expect(ours.slice(-4).map((r) => r.cells.join('|'))).toEqual([
      '浙A1|||||杭州公司',
      '浙A2|||||杭州公司',
      '|||||杭州公司',
      '|||||杭州公司',
    ]);
    expect(ours.find((r) => r.line === 10)!.cells).toEqual([
      '富文本',
      '车牌号*x',
      '2',
      'true',
      '链接',
      '',
      '2024-03-05',
      '0.256',
      '2025-01-02',
    ]);
  });

  it("on ExcelJS's streaming writer, on core/xlsx-writer.ts exports and on a 1904 workbook", async () => {
    const stream = new PassThrough();
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    const streamed = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false });
    const ws = streamed.addWorksheet('s');
    for (let i = 1; i <= 300; i++)
      ws.addRow([`行${i}`, i, new Date(Date.UTC(2024, 0, i)), i % 7 === 0 ? '' : 'x']).commit();
    await streamed.commit();
    const fromStream = Buffer.concat(chunks);
    expect(await read(fromStream)).toEqual(await viaExcelJs(fromStream));

    const out = new PassThrough();
    const written: Buffer[] = [];
    out.on('data', (c: Buffer) => written.push(c));
    async function* rows(): AsyncGenerator<XlsxValue[]> {
      yield ['浙A·D12345', 4800, true, new Date(Date.UTC(2026, 11, 5)), ' 空格 '];
      yield [null, undefined, '', 0, 'a<b>&c'];
    }
    await writeXlsx(out, {
      name: '导出',
      columns: ['车牌', '金额', '启用', '日期', '备注'].map((header) => ({ header })),
      rows: rows(),
    });
    const exported = Buffer.concat(written);
    expect(await read(exported)).toEqual(await viaExcelJs(exported));
    expect((await read(exported))[2]).toEqual({ line: 3, cells: ['', '', '', '0', 'a<b>&c'] });

    const old = await excelJsBook((wb) => {
      wb.properties.date1904 = true;
      const s = wb.addWorksheet('s');
      s.addRow([new Date(Date.UTC(2024, 2, 5)), 1]);
      s.getCell('B1').numFmt = 'yyyy-mm-dd';
    });
    expect(await read(old)).toEqual([{ line: 1, cells: ['2024-03-05', '1904-01-02'] }]);
    expect(await read(old)).toEqual(await viaExcelJs(old));
  });
});

describe('the xlsx reader on what other programs write', () => {
  it('reads prefixed names, inline and rich strings, phonetic runs, entities, formula results, errors', async () => {
    const file = workbook({
      sharedStrings: [
        '甲',
        '<r><t>乙</t></r><r><rPr><b/></rPr><t xml:space="preserve"> 丙 </t></r>',
        '<t>东京</t><rPh sb="0" eb="2"><t>トウキョウ</t></rPh>',
      ],
      rows:
        '<row r="1" spans="1:9"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c>' +
        '<c r="D1" t="inlineStr"><is><t>&lt;a&gt; &amp; &quot;b&quot; &apos;c&apos; &#65;&#x4e2d;</t></is></c>' +
        '<c r="E1" t="str"><f>A1</f><v>甲</v></c><c r="F1" t="e"><v>#DIV/0!</v></c><c r="G1" t="b"><v>0</v></c>' +
        '<c r="H1" t="inlineStr"><is><r><t>x</t></r><r><t>y_x000D_z</t></r></is></c>' +
        '<c r="I1" t="d"><v>2024-03-05T10:00:00Z</v></c></row>' +
        '<row><c><v>1.5E-3</v></c><c><v>  7 </v></c><c r="E2"><v>8</v></c></row><row><c r="C3"><v>9</v></c></row>' +
        '<row r="5"><c r="B5"/><c r="C5" s="0"></c></row><row r="6"/><row r="7"><c r="A7" t="s"><v>99</v></c><c r="B7"><v>x</v></c></row>',
    });
    expect(await read(file)).toEqual([
      {
        line: 1,
        cells: ['甲', '乙 丙', '东京', '<a> & "b" \'c\' A中', '甲', '', 'false', 'xy\rz', '2024-03-05'],
      },
      { line: 2, cells: ['0.0015', '7', '', '', '8'] },
      { line: 3, cells: ['', '', '9'] },
      { line: 7, cells: ['', 'x'] },
    ]);
    const prefixed = zip([
      {
        name: 'xl/workbook.xml',
        data: '<x:workbook xmlns:x="m" xmlns:rel="r"><x:sheets><x:sheet name="a" sheetId="1" rel:id="R9"/></x:sheets></x:workbook>',
      },
      {
        name: 'xl/_rels/workbook.xml.rels',
        data: '<Relationships><Relationship Id="R9" Type="http://x/worksheet" Target="/xl/worksheets/data.xml"/></Relationships>',
      },
      {
        name: 'xl/worksheets/data.xml',
        data: '<x:worksheet xmlns:x="m"><x:sheetData><x:row r="2"><x:c r="B2" t="inlineStr"><x:is><x:t>ok</x:t></x:is></x:c></x:row></x:sheetData></x:worksheet>',
      },
    ]);
    expect(await read(prefixed)).toEqual([{ line: 2, cells: ['', 'ok'] }]);
  });

  it('turns date-formatted numbers into ISO dates, and only those', async () => {
    const file = workbook({
      numFmts:
        '<numFmt numFmtId="164" formatCode="yyyy/m/d;@"/><numFmt numFmtId="165" formatCode="[h]:mm:ss"/>' +
        '<numFmt numFmtId="166" formatCode="&quot;day&quot; 0"/><numFmt numFmtId="167" formatCode="[$-804]yyyy&quot;年&quot;m&quot;月&quot;"/>',
      cellXfs: ['0', '14', '22', '31', '58', '164', '165', '166', '167', '49', '4']
        .map((id) => `<xf numFmtId="${id}"/>`)
        .join(''),
      rows: `<row r="1">${Array.from({ length: 11 }, (_, s) => `<c s="${s}"><v>45356.75</v></c>`).join('')}</row>`,
    });
    const [row] = await read(file);
    const d = '2024-03-05';
    expect(row!.cells).toEqual(['45356.75', d, d, d, d, d, '45356.75', '45356.75', d, '45356.75', '45356.75']);
    expect(isDateFormatCode('mm-dd-yy')).toBe(true);
    expect(isDateFormatCode('General')).toBe(false);
    expect(isDateFormatCode('#,##0.00_);[Red](#,##0.00)')).toBe(false);
    expect(isDateFormatCode('[mm]:ss')).toBe(false);
    expect(isDateFormatCode('0.0\\m')).toBe(false);
  });

  it('counts serial days like Excel, its 1900 leap-year bug included, and leaves impossible ones as numbers', () => {
    expect(numberText('1', true, false)).toBe('1900-01-01');
    expect(numberText('59', true, false)).toBe('1900-02-28');
    expect(numberText('61', true, false)).toBe('1900-03-01');
    expect(numberText('45356', true, false)).toBe('2024-03-05');
    expect(numberText('0', true, true)).toBe('1904-01-01');
    expect(numberText('3000000', true, false)).toBe('3000000');
    expect(numberText('-1', true, false)).toBe('-1');
    expect(numberText('1e400', false, false)).toBe('Infinity');
    expect(numberText('abc', true, false)).toBe('abc');
  });
});
