import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyReply } from 'fastify';
import PDFDocument from 'pdfkit';
import { ConflictError } from './errors.js';
import { defineMessages } from './i18n.js';
import { attachment } from './xlsx.js';

/**
 * PDF documents (receipts now; contracts and settlements later): pdfkit with a font that has Chinese glyphs.
 * The font is, in order: PDF_FONT_PATH; Noto Sans SC from the `@expo-google-fonts/noto-sans-sc` package (a
 * dependency, so the repository stands alone); the system's Noto CJK (Debian's fonts-noto-cjk). pdfkit embeds
 * only the glyphs a document uses.
 */

defineMessages({
  'pdf.noFont': {
    'zh-CN': '服务器缺少中文字体，无法生成 PDF（请安装 fonts-noto-cjk 或设置 PDF_FONT_PATH）',
    'en-US': 'The server has no Chinese font for PDFs (install fonts-noto-cjk or set PDF_FONT_PATH)',
  },
});

export interface PdfFont {
  /** The font file's bytes, and for a collection (.ttc) the face's PostScript name. */
  data: Buffer;
  family?: string;
  source: string;
}

const SYSTEM_FONTS: { path: string; family?: string }[] = [
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/truetype/noto/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJKsc-Regular.otf' },
];

let cached: { key: string; font: PdfFont | null } | null = null;

function packagedFont(): string | null {
  try {
    return createRequire(import.meta.url).resolve(
      '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    );
  } catch {
    return null;
  }
}

/** The CJK font to use (read once per process), or null when there is none. */
export function cjkFont(fontPath?: string): PdfFont | null {
  const key = fontPath ?? '';
  if (cached?.key === key) return cached.font;
  let font: PdfFont | null = null;
  if (fontPath && existsSync(fontPath)) {
    font = {
      data: readFileSync(fontPath),
      source: fontPath,
      ...(fontPath.endsWith('.ttc') ? { family: 'NotoSansCJKsc-Regular' } : {}),
    };
  } else {
    const packaged = packagedFont();
    if (packaged && existsSync(packaged)) font = { data: readFileSync(packaged), source: packaged };
    else {
      const system = SYSTEM_FONTS.find((f) => existsSync(f.path));
      if (system)
        font = {
          data: readFileSync(system.path),
          source: system.path,
          ...(system.family ? { family: system.family } : {}),
        };
    }
  }
  cached = { key, font };
  return font;
}

export type Pdf = PDFKit.PDFDocument;

/** An A4 document with the CJK font as its font ("cjk"); refuses (409) when the server has no such font. */
export function createPdf(meta: { title: string; author?: string; fontPath?: string | undefined }): Pdf {
  const font = cjkFont(meta.fontPath);
  if (!font) throw new ConflictError('pdf.noFont');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: meta.title, Author: meta.author ?? 'Fleetdesk', Producer: 'Fleetdesk' },
    lang: 'zh-CN',
  });
  if (font.family) doc.registerFont('cjk', font.data, font.family);
  else doc.registerFont('cjk', font.data);
  doc.font('cjk');
  return doc;
}

/** Writes label/value rows as a two-column table from the current position. */
export function keyValueRows(
  doc: Pdf,
  rows: [string, string][],
  o: { labelWidth?: number; fontSize?: number } = {},
): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const labelWidth = o.labelWidth ?? 120;
  doc.fontSize(o.fontSize ?? 11);
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.fillColor('#666666').text(label, left, y, { width: labelWidth });
    const labelBottom = doc.y;
    doc.fillColor('#000000').text(value, left + labelWidth, y, { width: width - labelWidth });
    doc.y = Math.max(doc.y, labelBottom) + 6;
  }
  doc.x = left;
}

/** Ends the document and collects its bytes. */
export function pdfBuffer(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

export function sendPdf(reply: FastifyReply, fileName: string, data: Buffer, inline = false): FastifyReply {
  return reply
    .header('Content-Type', 'application/pdf')
    .header(
      'Content-Disposition',
      inline ? attachment(fileName).replace(/^attachment/, 'inline') : attachment(fileName),
    )
    .send(data);
}
