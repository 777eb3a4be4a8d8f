import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';

/**
 * A plain tar (POSIX ustar, with pax records for long names and sizes of 8 GiB and more): what a backup is
 * (`core/backup.ts`), readable with any `tar` program. Only regular files are written and read back; the writer
 * streams each file in and hashes it on the way, the reader indexes the headers and streams a file's bytes out of
 * the archive by their offset.
 */

const BLOCK = 512;
/** Largest size the ustar octal field holds (11 octal digits). */
const OCTAL_MAX = 0o77777777777;

/** A source that gave more or fewer bytes than announced (a file that changed while it was read). */
export class TarSizeError extends Error {}

export class TarError extends Error {
  constructor(
    readonly kind: 'truncated' | 'corrupt',
    message: string,
  ) {
    super(message);
  }
}

export interface WrittenEntry {
  name: string;
  size: number;
  sha256: string;
}

/** Writes entries one after the other to an open file (the caller opens and closes it). */
export class TarWriter {
  private position = 0;

  constructor(private readonly handle: FileHandle) {}

  /** Bytes written so far. */
  get bytes(): number {
    return this.position;
  }

  /**
   * One file of `size` bytes from `source`; its SHA-256 is computed on the way. A source that gives more or fewer
   * bytes than `size` fails the entry, which is then taken back (the archive ends as it did before).
   */
  async add(name: string, size: number, source: Readable | Buffer, mtime = new Date()): Promise<WrittenEntry> {
    const start = this.position;
    try {
      return await this.write0(name, size, source, mtime);
    } catch (err) {
      // The entry is taken back: the archive ends where it did before it.
      if (!Buffer.isBuffer(source)) source.destroy();
      await this.handle.truncate(start);
      this.position = start;
      throw err;
    }
  }

  private async write0(name: string, size: number, source: Readable | Buffer, mtime: Date): Promise<WrittenEntry> {
    const pax: Record<string, string> = {};
    if (Buffer.byteLength(name) > 100 || !/^[\x20-\x7e]*$/.test(name)) pax.path = name;
    if (size > OCTAL_MAX) pax.size = String(size);
    if (Object.keys(pax).length) {
      const body = paxBody(pax);
      await this.write(header({ name: 'PaxHeader', size: body.length, type: 'x', mtime }));
      await this.write(body);
      await this.pad(body.length);
    }
    const shortName = pax.path ? `pax/${createHash('sha1').update(name).digest('hex')}` : name;
    await this.write(header({ name: shortName, size: pax.size ? 0 : size, type: '0', mtime }));
    const hash = createHash('sha256');
    let written = 0;
    const chunks = Buffer.isBuffer(source) ? [source] : source;
    for await (const chunk of chunks as AsyncIterable<Buffer> | Buffer[]) {
      const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      written += buf.length;
      if (written > size) throw new TarSizeError(`${name}: more than the ${size} bytes announced`);
      hash.update(buf);
      await this.write(buf);
    }
    if (written !== size) throw new TarSizeError(`${name}: ${written} bytes instead of the ${size} announced`);
    await this.pad(size);
    return { name, size, sha256: hash.digest('hex') };
  }

  /** The end of the archive: two empty blocks. */
  async end(): Promise<void> {
    await this.write(Buffer.alloc(BLOCK * 2));
  }

  private async pad(size: number): Promise<void> {
    const rest = size % BLOCK;
    if (rest) await this.write(Buffer.alloc(BLOCK - rest));
  }

  private async write(buf: Buffer): Promise<void> {
    let at = 0;
    while (at < buf.length) {
      const { bytesWritten } = await this.handle.write(buf, at, buf.length - at, this.position);
      at += bytesWritten;
      this.position += bytesWritten;
    }
  }
}

function paxBody(records: Record<string, string>): Buffer {
  let text = '';
  for (const [key, value] of Object.entries(records)) {
    // Each record is "<length> <key>=<value>\n", its length counting its own digits.
    const rest = ` ${key}=${value}\n`;
    let length = Buffer.byteLength(rest) + 1;
    while (String(length).length + Buffer.byteLength(rest) !== length) length++;
    text += `${length}${rest}`;
  }
  return Buffer.from(text);
}

function header(h: { name: string; size: number; type: '0' | 'x'; mtime: Date }): Buffer {
  const b = Buffer.alloc(BLOCK);
  b.write(h.name.slice(0, 100), 0, 'latin1');
  b.write('0000644\0', 100, 'latin1');
  b.write('0000000\0', 108, 'latin1');
  b.write('0000000\0', 116, 'latin1');
  b.write(`${h.size.toString(8).padStart(11, '0')}\0`, 124, 'latin1');
  b.write(
    `${Math.floor(h.mtime.getTime() / 1000)
      .toString(8)
      .padStart(11, '0')}\0`,
    136,
    'latin1',
  );
  b.write(h.type, 156, 'latin1');
  b.write('ustar\x0000', 257, 'latin1');
  b.fill(0x20, 148, 156);
  let sum = 0;
  for (const byte of b) sum += byte;
  b.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
  return b;
}

export interface TarEntry {
  name: string;
  size: number;
  /** Where its bytes start in the archive. */
  offset: number;
}

/**
 * Every file of an archive, from its headers (each one's checksum checked). An archive that ends before an entry's
 * bytes or without its end blocks is `truncated`; a header that does not add up is `corrupt`.
 */
export async function readTarIndex(handle: FileHandle): Promise<TarEntry[]> {
  const { size: total } = await handle.stat();
  const entries: TarEntry[] = [];
  const block = Buffer.alloc(BLOCK);
  let at = 0;
  let pax: Record<string, string> = {};
  for (;;) {
    if (at + BLOCK > total) throw new TarError('truncated', `the archive ends at byte ${total}, inside a header`);
    await readExactly(handle, block, at);
    if (block.every((x) => x === 0)) return entries;
    const text = (from: number, length: number) => block.toString('latin1', from, from + length).replace(/\0.*$/s, '');
    const stored = Number.parseInt(text(148, 8).trim(), 8);
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
    if (stored !== sum) throw new TarError('corrupt', `the header at byte ${at} is damaged (checksum)`);
    const type = text(156, 1) || '0';
    const prefix = text(257, 6) === 'ustar' ? text(345, 155) : '';
    const name = pax.path ?? (prefix ? `${prefix}/${text(0, 100)}` : text(0, 100));
    const size = pax.size !== undefined ? Number(pax.size) : Number.parseInt(text(124, 12).trim() || '0', 8);
    if (!Number.isSafeInteger(size) || size < 0) throw new TarError('corrupt', `the header at byte ${at} is damaged`);
    const offset = at + BLOCK;
    if (offset + size > total) {
      throw new TarError('truncated', `the archive ends at byte ${total}, inside ${name} (${size} bytes)`);
    }
    at = offset + Math.ceil(size / BLOCK) * BLOCK;
    if (type === 'x') {
      if (size > 1 << 20) throw new TarError('corrupt', `the pax header at byte ${offset - BLOCK} is too large`);
      const body = Buffer.alloc(size);
      await readExactly(handle, body, offset);
      pax = parsePax(body);
      continue;
    }
    pax = {};
    if (type === 'g' || type === '5') continue;
    if (type !== '0') throw new TarError('corrupt', `${name}: entry type ${type} is not a file`);
    entries.push({ name, size, offset });
  }
}

function parsePax(body: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  let at = 0;
  while (at < body.length) {
    const space = body.indexOf(0x20, at);
    const length = Number(body.toString('latin1', at, space));
    if (space < 0 || !Number.isInteger(length) || length <= 0) break;
    const record = body.toString('utf8', space + 1, at + length - 1);
    const eq = record.indexOf('=');
    if (eq > 0) out[record.slice(0, eq)] = record.slice(eq + 1);
    at += length;
  }
  return out;
}

async function readExactly(handle: FileHandle, into: Buffer, position: number): Promise<void> {
  let got = 0;
  while (got < into.length) {
    const { bytesRead } = await handle.read(into, got, into.length - got, position + got);
    if (bytesRead === 0) throw new TarError('truncated', `the archive ends at byte ${position + got}`);
    got += bytesRead;
  }
}

/** An entry's bytes, read from the archive file. */
export function entryStream(file: string, entry: TarEntry): Readable {
  if (entry.size === 0) return Readable.from([]);
  return createReadStream(file, { start: entry.offset, end: entry.offset + entry.size - 1 });
}

/** SHA-256 and length of a stream's bytes, passing them on to `sink` when given. */
export async function hashStream(
  stream: Readable,
  sink?: (chunk: Buffer) => Promise<void> | void,
): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    const buf = chunk as Buffer;
    hash.update(buf);
    size += buf.length;
    if (sink) await sink(buf);
  }
  return { sha256: hash.digest('hex'), size };
}
