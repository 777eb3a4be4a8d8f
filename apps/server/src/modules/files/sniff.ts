import { Transform, type TransformCallback } from 'node:stream';

const SIGNATURES: { mime: string; test: (b: Buffer) => boolean }[] = [
  { mime: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    mime: 'image/png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { mime: 'image/gif', test: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  {
    mime: 'image/webp',
    test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  { mime: 'application/pdf', test: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
  {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    test: (b) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04,
  },
  { mime: 'text/csv', test: (b) => !b.subarray(0, 4096).includes(0) },
  { mime: 'application/octet-stream', test: () => true },
];

/** Whether the first bytes of a file are those of `mime`. */
export function contentMatches(mime: string, head: Buffer): boolean {
  const sig = SIGNATURES.find((s) => s.mime === mime);
  return !!sig && head.length > 0 && sig.test(head);
}

export const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'text/csv': 'csv',
  'application/octet-stream': 'bin',
};

export class ContentMismatchError extends Error {}

/**
 * Passes a stream through while counting its bytes and checking, once 16 bytes have arrived, that they are
 * those of the declared content type; a mismatch fails the stream (a renamed executable is not an image).
 */
export class SniffingCounter extends Transform {
  bytes = 0;
  private head = Buffer.alloc(0);
  private checked = false;
  constructor(private readonly mime: string) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (!this.checked) {
      this.head = Buffer.concat([this.head, chunk]);
      if (this.head.length >= 16) {
        this.checked = true;
        if (!contentMatches(this.mime, this.head)) return done(new ContentMismatchError());
      }
    }
    done(null, chunk);
  }
  override _flush(done: TransformCallback): void {
    if (!this.checked && !contentMatches(this.mime, this.head)) return done(new ContentMismatchError());
    done();
  }
}
