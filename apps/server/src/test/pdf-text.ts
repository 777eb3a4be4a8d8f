import { extractText, getDocumentProxy } from 'unpdf';

/**
 * The text of a PDF as a reader sees it: pdf.js (through unpdf, from the registry) decodes each page's text
 * through the fonts' ToUnicode maps, so Chinese comes back as characters. Lines of a page are joined by
 * newlines, pages by a form feed. No program of the operating system is needed.
 */
export async function pdfText(pdf: Uint8Array | Buffer): Promise<string> {
  const data = new Uint8Array(pdf.buffer.slice(pdf.byteOffset, pdf.byteOffset + pdf.byteLength));
  const doc = await getDocumentProxy(data);
  try {
    const { text } = await extractText(doc, { mergePages: false });
    return text.join('\f');
  } finally {
    await doc.cleanup();
  }
}
