import { parentPort } from 'node:worker_threads';
import { NoPdfFontError, renderPdfHere, type PdfSpec } from './pdf-render.js';

/**
 * The PDF worker thread (`core/pdf.ts`): draws the documents it is sent, one after the other, and posts back
 * their bytes. It stays up for the next one, keeping pdfkit and the font loaded.
 */
export interface PdfJob {
  id: number;
  spec: PdfSpec;
}

export type PdfAnswer =
  | { id: number; ok: true; bytes: ArrayBuffer; byteOffset: number; byteLength: number }
  | { id: number; ok: false; reason: 'noFont' | 'failed'; detail: string };

parentPort?.on('message', (job: PdfJob) => {
  renderPdfHere(job.spec).then(
    (pdf) => {
      const bytes = pdf.buffer.slice(pdf.byteOffset, pdf.byteOffset + pdf.byteLength) as ArrayBuffer;
      const answer: PdfAnswer = { id: job.id, ok: true, bytes, byteOffset: 0, byteLength: pdf.byteLength };
      parentPort!.postMessage(answer, [bytes]);
    },
    (err: unknown) => {
      const answer: PdfAnswer = {
        id: job.id,
        ok: false,
        reason: err instanceof NoPdfFontError ? 'noFont' : 'failed',
        detail: String(err),
      };
      parentPort!.postMessage(answer);
    },
  );
});
