import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * Drawing a PDF from its description (`PdfSpec`): what the PDF worker runs (`pdf-worker.ts`), away from the
 * event loop. pdfkit with a font that has Chinese glyphs; the font is, in order: PDF_FONT_PATH; Noto Sans SC
 * from the `@expo-google-fonts/noto-sans-sc` package (a dependency, so the repository stands alone); the
 * system's Noto CJK (Debian's fonts-noto-cjk). pdfkit embeds only the glyphs a document uses. This file
 * imports nothing of the app, so that the worker starts quickly.
 */

export interface PdfTextOptions {
  align?: 'left' | 'center' | 'right' | 'justify';
  width?: number;
  lineBreak?: boolean;
}

/** One step of a document, as the builder of `core/pdf.ts` records it. */
export type PdfOp =
  | { op: 'fontSize'; size: number }
  | { op: 'fillColor'; color: string }
  | { op: 'text'; text: string; options?: PdfTextOptions }
  | { op: 'moveDown'; lines: number }
  /** Label/value rows as a two-column table from the current position. */
  | { op: 'rows'; rows: [string, string][]; labelWidth?: number; fontSize?: number }
  /** Two texts on one line, the second `gap` points right of the margin (signature lines). */
  | { op: 'columns'; left: string; right: string; gap: number }
  /** A text in a box at the right margin (a company seal). */
  | { op: 'stamp'; text: string; color: string };

export interface PdfMeta {
  title: string;
  author?: string;
  fontPath?: string | undefined;
}

export interface PdfSpec {
  meta: PdfMeta;
  ops: PdfOp[];
}

/**
 * Control characters (but tab and newline) and bidirectional controls (embeddings, overrides, isolates and
 * marks): nothing a document needs, and thousands of them made a template preview take 130 ms of pdfkit.
 */
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function printable(text: string): string {
  return text.replace(UNPRINTABLE, '');
}

export interface PdfFontFile {
  path: string;
  /** For a collection (.ttc): the face's PostScript name. */
  family?: string;
}

export interface PdfFont {
  /** The font file's bytes, and for a collection (.ttc) the face's PostScript name. */
  data: Buffer;
  family?: string;
  source: string;
}

const SYSTEM_FONTS: PdfFontFile[] = [
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/truetype/noto/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJKsc-Regular.otf' },
];

function packagedFont(): string | null {
  try {
    return createRequire(import.meta.url).resolve(
      '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    );
  } catch {
    return null;
  }
}

/** Which CJK font file to use (nothing is read), or null when there is none. */
export function cjkFontFile(fontPath?: string): PdfFontFile | null {
  if (fontPath && existsSync(fontPath)) {
    return { path: fontPath, ...(fontPath.endsWith('.ttc') ? { family: 'NotoSansCJKsc-Regular' } : {}) };
  }
  const packaged = packagedFont();
  if (packaged && existsSync(packaged)) return { path: packaged };
  return SYSTEM_FONTS.find((f) => existsSync(f.path)) ?? null;
}

let cached: { key: string; font: PdfFont | null } | null = null;

/** The CJK font to use (read once per thread), or null when there is none. */
export function cjkFont(fontPath?: string): PdfFont | null {
  const key = fontPath ?? '';
  if (cached?.key === key) return cached.font;
  const file = cjkFontFile(fontPath);
  const font = file
    ? { data: readFileSync(file.path), source: file.path, ...(file.family ? { family: file.family } : {}) }
    : null;
  cached = { key, font };
  return font;
}

export class NoPdfFontError extends Error {
  constructor() {
    super('no CJK font for PDFs');
  }
}

/** Draws the document here, in this thread (the PDF worker calls it). */
export function renderPdfHere(spec: PdfSpec): Promise<Buffer> {
  const font = cjkFont(spec.meta.fontPath);
  if (!font) return Promise.reject(new NoPdfFontError());
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: printable(spec.meta.title),
      Author: printable(spec.meta.author ?? 'Fleetdesk'),
      Producer: 'Fleetdesk',
    },
    lang: 'zh-CN',
  });
  if (font.family) doc.registerFont('cjk', font.data, font.family);
  else doc.registerFont('cjk', font.data);
  doc.font('cjk');
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const o of spec.ops) draw(doc, o);
  doc.end();
  return done;
}

function draw(doc: PDFKit.PDFDocument, o: PdfOp): void {
  const left = doc.page.margins.left;
  switch (o.op) {
    case 'fontSize':
      doc.fontSize(o.size);
      return;
    case 'fillColor':
      doc.fillColor(o.color);
      return;
    case 'text':
      doc.text(printable(o.text), o.options);
      return;
    case 'moveDown':
      doc.moveDown(o.lines);
      return;
    case 'rows': {
      const width = doc.page.width - left - doc.page.margins.right;
      const labelWidth = o.labelWidth ?? 120;
      doc.fontSize(o.fontSize ?? 11);
      for (const [label, value] of o.rows) {
        const y = doc.y;
        doc.fillColor('#666666').text(printable(label), left, y, { width: labelWidth });
        const labelBottom = doc.y;
        doc.fillColor('#000000').text(printable(value), left + labelWidth, y, { width: width - labelWidth });
        doc.y = Math.max(doc.y, labelBottom) + 6;
      }
      doc.x = left;
      return;
    }
    case 'columns': {
      const y = doc.y;
      doc.text(printable(o.left), left, y);
      doc.text(printable(o.right), left + o.gap, y);
      doc.x = left;
      return;
    }
    case 'stamp': {
      const text = printable(o.text);
      const top = doc.y;
      const width = doc.widthOfString(text) + 28;
      const sx = doc.page.width - doc.page.margins.right - width;
      doc.save().lineWidth(1.5).strokeColor(o.color).rect(sx, top, width, 30).stroke().restore();
      doc.fillColor(o.color).text(text, sx + 14, top + 9, { lineBreak: false });
      doc.fillColor('#000000');
      doc.x = left;
      doc.y = top + 40;
      return;
    }
  }
}
