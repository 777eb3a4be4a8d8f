import { Worker } from 'node:worker_threads';
import type { FastifyReply } from 'fastify';
import { ConflictError, TooManyRequestsError } from './errors.js';
import { defineMessages } from './i18n.js';
import { cjkFontFile, type PdfMeta, type PdfOp, type PdfSpec, type PdfTextOptions } from './pdf-render.js';
import type { PdfAnswer, PdfJob } from './pdf-worker.js';
import { workerEntry } from './worker-entry.js';
import { attachment } from './xlsx.js';

/**
 * PDF documents (receipts, contracts, inspection sheets, settlements, template previews). A module describes
 * its document with the builder below (`createPdf`, then `fontSize`, `text`, `keyValueRows`...: the calls of
 * pdfkit it needs, recorded); `pdfBuffer` has it drawn by the PDF worker thread (`pdf-worker.ts`, drawing in
 * `pdf-render.ts`), so that pdfkit's layout never runs on the event loop, as the sheet reader does for uploads.
 * Control and bidirectional characters are dropped from every text (`printable`).
 */
export { cjkFont, cjkFontFile, printable, type PdfFont } from './pdf-render.js';

defineMessages({
  'pdf.noFont': {
    'zh-CN': '服务器缺少中文字体，无法生成 PDF（请安装 fonts-noto-cjk 或设置 PDF_FONT_PATH）',
    'en-US': 'The server has no Chinese font for PDFs (install fonts-noto-cjk or set PDF_FONT_PATH)',
  },
});

/** A document being described: each call records one step for the worker to draw. */
export class PdfBuilder {
  readonly ops: PdfOp[] = [];
  constructor(readonly meta: PdfMeta) {}

  fontSize(size: number): this {
    this.ops.push({ op: 'fontSize', size });
    return this;
  }
  fillColor(color: string): this {
    this.ops.push({ op: 'fillColor', color });
    return this;
  }
  text(text: string, options?: PdfTextOptions): this {
    this.ops.push(options ? { op: 'text', text, options } : { op: 'text', text });
    return this;
  }
  moveDown(lines = 1): this {
    this.ops.push({ op: 'moveDown', lines });
    return this;
  }
  /** Two texts on one line (signature lines), the second `gap` points right of the left margin. */
  columns(left: string, right: string, gap = 260): this {
    this.ops.push({ op: 'columns', left, right, gap });
    return this;
  }
  /** A text in a box at the right margin (a company seal). */
  stamp(text: string, color: string): this {
    this.ops.push({ op: 'stamp', text, color });
    return this;
  }
}

export type Pdf = PdfBuilder;

/** An A4 document with the CJK font; refuses (409) when the server has no such font. */
export function createPdf(meta: PdfMeta): Pdf {
  if (!cjkFontFile(meta.fontPath)) throw new ConflictError('pdf.noFont');
  return new PdfBuilder(meta);
}

/** Writes label/value rows as a two-column table from the current position. */
export function keyValueRows(
  doc: Pdf,
  rows: [string, string][],
  o: { labelWidth?: number; fontSize?: number } = {},
): void {
  doc.ops.push({ op: 'rows', rows, ...o });
}

/** Draws the document in the PDF worker and collects its bytes. */
export function pdfBuffer(doc: Pdf): Promise<Buffer> {
  return renderer.render({ meta: doc.meta, ops: doc.ops });
}

export interface PdfRendererOptions {
  /** Documents that may wait for the worker; one more is refused at once (429). */
  maxQueued: number;
  /** How long a document may take, waiting included; then the worker is replaced. */
  timeoutMs: number;
  /** Old-generation heap of the worker, in MB. */
  maxHeapMb: number;
}

/**
 * One worker thread per process draws the documents one after the other (a few tens of milliseconds each);
 * it is started on first use, kept for the next (pdfkit and the font stay loaded) and does not keep the
 * process alive. A document past its time, or a worker that fails, ends the worker: the next one starts anew.
 */
export class PdfRenderer {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (b: Buffer) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }
  >();

  constructor(private readonly options: PdfRendererOptions = { maxQueued: 32, timeoutMs: 20_000, maxHeapMb: 256 }) {}

  render(spec: PdfSpec): Promise<Buffer> {
    if (this.pending.size >= this.options.maxQueued) return Promise.reject(new TooManyRequestsError(5));
    const worker = this.start();
    const id = this.nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      const timer = setTimeout(() => this.stop(new Error('PDF rendering timed out')), this.options.timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      worker.postMessage({ id, spec } satisfies PdfJob);
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(workerEntry(import.meta.url, 'pdf-worker'), {
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: this.options.maxHeapMb, maxYoungGenerationSizeMb: 32 },
    });
    worker.unref();
    worker.on('message', (a: PdfAnswer) => {
      const job = this.pending.get(a.id);
      if (!job) return;
      this.pending.delete(a.id);
      clearTimeout(job.timer);
      if (a.ok) job.resolve(Buffer.from(a.bytes, a.byteOffset, a.byteLength));
      else job.reject(a.reason === 'noFont' ? new ConflictError('pdf.noFont') : new Error(a.detail));
    });
    worker.on('error', (err) => this.stop(err));
    worker.on('exit', (code) => this.stop(new Error(`the PDF worker exited with ${code}`), worker));
    this.worker = worker;
    return worker;
  }

  /** Fails every document in hand and ends the worker (the next document starts a new one). */
  private stop(err: Error, which: Worker | null = this.worker): void {
    if (which !== this.worker || !this.worker) return;
    const worker = this.worker;
    this.worker = null;
    for (const job of this.pending.values()) {
      clearTimeout(job.timer);
      job.reject(err);
    }
    this.pending.clear();
    void worker.terminate();
  }
}

const renderer = new PdfRenderer();

export function sendPdf(reply: FastifyReply, fileName: string, data: Buffer, inline = false): FastifyReply {
  return reply
    .header('Content-Type', 'application/pdf')
    .header(
      'Content-Disposition',
      inline ? attachment(fileName).replace(/^attachment/, 'inline') : attachment(fileName),
    )
    .send(data);
}
