import { PassThrough, Transform, type Readable, type TransformCallback } from 'node:stream';
import type { SniffedType } from '@fleetdesk/contracts/files';

/** Bytes read before deciding what a file is: enough for every signature and a first look at text. */
export const HEAD_BYTES = 512;

/** Content types recognised by their first bytes; text is decided apart (it has no signature). */
type BinaryType = Exclude<SniffedType, 'text/csv'> | 'image/bmp';

/** BMP's header size field (offset 14) takes only these values; `BM` alone is too weak a signature. */
const BMP_HEADER_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);

const SIGNATURES: { mime: BinaryType; test: (b: Buffer) => boolean }[] = [
  { mime: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    mime: 'image/png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { mime: 'image/gif', test: (b) => /^GIF8[79]a/.test(b.subarray(0, 6).toString('latin1')) },
  {
    mime: 'image/webp',
    test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  {
    mime: 'image/bmp',
    test: (b) =>
      b.length >= 18 && b.subarray(0, 2).toString('latin1') === 'BM' && BMP_HEADER_SIZES.has(b.readUInt32LE(14)),
  },
  { mime: 'application/pdf', test: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
  // A ZIP container: an xlsx is one. The import that reads it checks the rest; it is served as a download.
  {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    test: (b) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04,
  },
];

/** Control characters other than tab, CR and LF (C0, DEL and C1): never in a CSV or text file. */
const FORBIDDEN_IN_TEXT = /[^\P{Cc}\t\r\n]/u;

/**
 * Checks text as it streams: valid UTF-8 (a sequence cut between chunks is fine) and no control character
 * other than tab, CR and LF. `push` and `end` answer false once the text is not acceptable.
 */
export class TextCheck {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  push(chunk: Buffer): boolean {
    try {
      return !FORBIDDEN_IN_TEXT.test(this.decoder.decode(chunk, { stream: true }));
    } catch {
      return false;
    }
  }
  end(): boolean {
    try {
      return !FORBIDDEN_IN_TEXT.test(this.decoder.decode());
    } catch {
      return false;
    }
  }
}

/**
 * What a file is, from its first bytes: a known signature, else `text/csv` when they read as clean UTF-8 text,
 * else `application/octet-stream` (unknown, accepted by no upload type). The name and the type a browser
 * declares play no part: both are the sender's say-so.
 */
export function sniffType(head: Buffer): BinaryType | 'text/csv' | 'application/octet-stream' {
  const sig = SIGNATURES.find((s) => s.test(head));
  if (sig) return sig.mime;
  return head.length > 0 && new TextCheck().push(head) ? 'text/csv' : 'application/octet-stream';
}

export const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/bmp': 'bmp',
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'text/csv': 'csv',
};

/** Other spellings of an extension that a name may keep: `photo.jpeg` stays `photo.jpeg`. */
const EXTENSION_ALIASES: Record<string, readonly string[]> = { 'image/jpeg': ['jpeg', 'jpe'] };

/** Control, format (zero-width, bidi overrides and isolates, BOM, soft hyphen...) and line/paragraph separators. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
const NAME_MAX_CHARS = 120;

/**
 * The name a stored file keeps: the sender's base name without invisible characters (a bidi override makes
 * `gpj.exe` look like `exe.jpg`), its extension that of the content found in it (`photo.exe` holding a PNG is
 * `photo.png`), and at most 120 characters.
 */
export function cleanFileName(original: string, mime: string): string {
  const base = (original.split(/[\\/]/).pop() ?? '').normalize('NFC').replace(INVISIBLE, '');
  const ext = EXTENSIONS[mime] ?? 'bin';
  const m = /^(.*)\.([A-Za-z0-9]{1,10})$/.exec(base);
  const given = m?.[2]?.toLowerCase();
  const keep = given === ext || (given !== undefined && (EXTENSION_ALIASES[mime] ?? []).includes(given));
  const stem = (m ? m[1]! : base).replace(/\s+/g, ' ').replace(/^[\s.]+|[\s.]+$/g, '') || 'file';
  const suffix = `.${keep ? given : ext}`;
  const chars = Array.from(stem);
  return (
    chars
      .slice(0, NAME_MAX_CHARS - suffix.length)
      .join('')
      .trimEnd() + suffix
  );
}

export class ContentMismatchError extends Error {}

/**
 * Passes a stream through while counting its bytes; for text, it also checks every byte (UTF-8, no control
 * characters), since text has no signature that the first bytes could prove. A bad byte fails the stream.
 */
export class ContentCounter extends Transform {
  bytes = 0;
  private readonly text: TextCheck | null;
  constructor(mime: string) {
    super();
    this.text = mime === 'text/csv' ? new TextCheck() : null;
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.text && !this.text.push(chunk)) return done(new ContentMismatchError());
    done(null, chunk);
  }
  override _flush(done: TransformCallback): void {
    if (this.text && !this.text.end()) return done(new ContentMismatchError());
    done();
  }
}

export class TooLargeError extends Error {}

/**
 * Passes at most `maxBytes` through: past it the stream fails, so that a source that sent no length, or a
 * wrong one, is cut rather than relayed without end.
 */
export class ByteCap extends Transform {
  private bytes = 0;
  constructor(private readonly maxBytes: number) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return done(new TooLargeError());
    done(null, chunk);
  }
}

/**
 * Reads the first `size` bytes of a stream (fewer when it ends sooner) and answers them with a stream of the
 * whole content, so that a file can be judged by its head before anything is stored or sent.
 */
export function peek(stream: Readable, size: number): Promise<{ head: Buffer; whole: Readable }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const finish = (ended: boolean) => {
      stream.pause();
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      const head = Buffer.concat(chunks);
      const whole = new PassThrough();
      whole.write(head);
      if (ended) whole.end();
      else {
        stream.on('error', (err) => whole.destroy(err));
        stream.pipe(whole);
      }
      resolve({ head: head.subarray(0, size), whole });
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= size) finish(false);
    };
    const onEnd = () => finish(true);
    const onError = (err: Error) => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      reject(err);
    };
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
  });
}
