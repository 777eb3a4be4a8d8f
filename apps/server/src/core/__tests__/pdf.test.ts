import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pdfText as readPdf } from '../../test/pdf-text.js';
import { cjkFont, createPdf, keyValueRows, pdfBuffer } from '../pdf.js';

const SYSTEM_CJK = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

async function textOf(fontPath?: string): Promise<string> {
  const doc = createPdf({ title: '合同', fontPath });
  doc.fontSize(16).text('租赁合同 Rental contract');
  keyValueRows(doc, [
    ['承租人', '王磊'],
    ['车牌', '浙AD12345'],
  ]);
  const pdf = await pdfBuffer(doc);
  return readPdf(pdf);
}

describe('PDF documents with Chinese text', () => {
  it('writes Chinese with the bundled Noto Sans SC', async () => {
    expect(cjkFont()!.source).toMatch(/NotoSansSC_400Regular\.ttf$/);
    const text = await textOf();
    expect(text).toContain('租赁合同 Rental contract');
    expect(text).toContain('王磊');
    expect(text).toContain('浙AD12345');
  });

  it.runIf(existsSync(SYSTEM_CJK))(
    'takes a font collection named by PDF_FONT_PATH (the face by its name)',
    async () => {
      expect(cjkFont(SYSTEM_CJK)).toMatchObject({ source: SYSTEM_CJK, family: 'NotoSansCJKsc-Regular' });
      expect(await textOf(SYSTEM_CJK)).toContain('承租人');
    },
  );

  it('falls back to the bundled font when PDF_FONT_PATH names no file', () => {
    expect(cjkFont('/nonexistent/font.ttf')!.source).toMatch(/NotoSansSC_400Regular\.ttf$/);
  });
});
