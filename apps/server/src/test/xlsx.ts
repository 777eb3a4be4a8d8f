import ExcelJS from 'exceljs';

/** An .xlsx of these rows (the header first), written by ExcelJS as a user's Excel would be. */
export async function xlsxOf(rows: (string | number | null)[][], sheetName = 'Sheet1'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName);
  rows.forEach((r) => ws.addRow(r));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The first sheet of an .xlsx (an export read back) as rows of texts; dates as ISO instants. */
export async function readXlsx(buffer: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const out: string[][] = [];
  ws.eachRow((row) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    out.push(values.map((v) => (v === null || v === undefined ? '' : v instanceof Date ? v.toISOString() : String(v))));
  });
  return out;
}
