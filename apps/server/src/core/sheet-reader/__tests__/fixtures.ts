import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * Zips and workbooks made by hand, so that tests can build what no spreadsheet program writes: sizes that
 * lie, bad checksums, parts that inflate a thousand times over.
 */
export interface ZipPart {
  name: string;
  /** The content; or `deflated` (already compressed, with `size` and `crc`) for parts too large to hold. */
  data?: Buffer | string;
  deflated?: Buffer;
  /** The inflated size to declare (defaults to the true one). */
  size?: number;
  /** The CRC-32 to declare (defaults to the true one). */
  crc?: number;
  store?: boolean;
  flags?: number;
}

export function zip(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const raw = part.data === undefined ? null : Buffer.from(part.data);
    const body = part.deflated ?? (part.store ? raw! : deflateRawSync(raw!));
    const size = part.size ?? raw?.length ?? 0;
    const crc = part.crc ?? (raw ? crc32(raw) : 0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(part.flags ?? 0x0800, 6);
    local.writeUInt16LE(part.store ? 0 : 8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(part.flags ?? 0x0800, 8);
    central.writeUInt16LE(part.store ? 0 : 8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * One deflate stream of `pieces`, each repeated `times`, without ever holding the inflated whole: each piece
 * is deflated alone up to a full flush (byte-aligned, dictionary reset), so its bytes can be repeated, and
 * an empty final block closes the stream. The CRC is computed only when asked (it reads every inflated byte).
 */
export function deflateRepeated(
  pieces: { data: string; times?: number }[],
  withCrc = false,
): { deflated: Buffer; size: number; crc: number } {
  const out: Buffer[] = [];
  let size = 0;
  let crc = 0;
  for (const { data, times = 1 } of pieces) {
    const raw = Buffer.from(data);
    const deflated = deflateRawSync(raw, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
    for (let i = 0; i < times; i++) {
      out.push(deflated);
      if (withCrc) crc = crc32(raw, crc);
    }
    size += raw.length * times;
  }
  out.push(deflateRawSync(Buffer.alloc(0)));
  return { deflated: Buffer.concat(out), size, crc };
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

export interface WorkbookParts {
  /** The `<sheetData>` content (rows), or a ready part for the sheet (`name` is set here). */
  rows?: string;
  sheet?: ZipPart;
  /** Texts (XML-escaped), or an `<si>` content when one starts with `<`; or a ready part. */
  sharedStrings?: string[] | ZipPart;
  /** `<numFmts>` and `<cellXfs>` content of the styles. */
  numFmts?: string;
  cellXfs?: string;
  date1904?: boolean;
}

/** A minimal workbook: one sheet, and shared strings and styles when given. */
export function workbook(p: WorkbookParts): Buffer {
  const sheetPart: ZipPart = p.sheet
    ? { ...p.sheet, name: 'xl/worksheets/sheet1.xml' }
    : {
        name: 'xl/worksheets/sheet1.xml',
        data: `${XML}<worksheet xmlns="${MAIN}"><sheetData>${p.rows ?? ''}</sheetData></worksheet>`,
      };
  const parts: ZipPart[] = [
    {
      name: '[Content_Types].xml',
      data: `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`,
    },
    {
      name: '_rels/.rels',
      data: `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      data:
        `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}">` +
        (p.date1904 ? '<workbookPr date1904="1"/>' : '') +
        '<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data:
        `${XML}<Relationships xmlns="${PKG_REL}">` +
        `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/>` +
        `<Relationship Id="rId3" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    },
    {
      name: 'xl/styles.xml',
      data:
        `${XML}<styleSheet xmlns="${MAIN}">${p.numFmts ? `<numFmts>${p.numFmts}</numFmts>` : ''}` +
        `<cellXfs>${p.cellXfs ?? '<xf numFmtId="0"/>'}</cellXfs></styleSheet>`,
    },
    sheetPart,
  ];
  if (p.sharedStrings) {
    parts.push(
      Array.isArray(p.sharedStrings)
        ? {
            name: 'xl/sharedStrings.xml',
            data:
              `${XML}<sst xmlns="${MAIN}" count="${p.sharedStrings.length}" uniqueCount="${p.sharedStrings.length}">` +
              p.sharedStrings
                .map((s) => `<si>${s.startsWith('<') ? s : `<t xml:space="preserve">${s}</t>`}</si>`)
                .join('') +
              '</sst>',
          }
        : { ...p.sharedStrings, name: 'xl/sharedStrings.xml' },
    );
  }
  return zip(parts);
}

/** 55 bytes: repeated at that distance, deflate codes 258 bytes in 6 bits, so 5,000,000 rows fit in 800 KB. */
const BOMB_ROW = '<row><c t="s"><v>0</v></c><c t="s"><v>0</v></c></row>';

/**
 * The file of the incident: about 800 KB of .xlsx whose sheet holds 5,000,000 small rows (rows and cells
 * without references, which Excel accepts). `honest` declares the true inflated size (275 MB: refused
 * before inflating); otherwise it declares `declared` bytes, under the cap, so that the reader inflates it
 * and counts rows. `withCrc` computes the true CRC (slow: for a file a real zip tool would make).
 */
export function rowBomb(o: { rows?: number; honest?: boolean; declared?: number; withCrc?: boolean } = {}): Buffer {
  const perBlock = 20_000;
  const sheet = deflateRepeated(
    [
      { data: `${XML}<worksheet xmlns="${MAIN}"><sheetData>` },
      { data: BOMB_ROW.repeat(perBlock), times: Math.ceil((o.rows ?? 5_000_000) / perBlock) },
      { data: '</sheetData></worksheet>' },
    ],
    o.withCrc,
  );
  return workbook({
    sharedStrings: ['x'],
    sheet: {
      name: '',
      deflated: sheet.deflated,
      size: o.honest ? sheet.size : (o.declared ?? 60 * 1024 * 1024),
      crc: sheet.crc,
    },
  });
}

/** A shared-strings part of `count` tiny strings in few bytes: the sheet is small, the strings are the bomb. */
export function sharedStringsBomb(count: number, declared?: number): Buffer {
  const perBlock = 10_000;
  const strings = deflateRepeated([
    { data: `${XML}<sst xmlns="${MAIN}">` },
    { data: '<si><t>a</t></si>'.repeat(perBlock), times: Math.ceil(count / perBlock) },
    { data: '</sst>' },
  ]);
  return workbook({
    rows: '<row r="1"><c r="A1" t="s"><v>0</v></c></row>',
    sharedStrings: { name: '', deflated: strings.deflated, size: declared ?? strings.size, crc: strings.crc },
  });
}
