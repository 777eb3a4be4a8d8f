import { createInflateRaw, crc32 } from 'node:zlib';
import { SheetReadError } from './limits.js';

/**
 * Just enough of the zip format to read the few parts of an .xlsx we need, without trusting it: the central
 * directory names the entries, each is inflated on its own as a stream, and inflating stops the moment it
 * passes the entry's declared size or our cap. A declared size over the cap is refused before inflating.
 */
export interface ZipEntry {
  /** The name as stored, `\` turned into `/`, without a leading `/`. */
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** DEFLATE cannot do better than about 1032:1; a declared ratio above this is a lie. */
const MAX_DEFLATE_RATIO = 1100;
const unreadable = (detail: string) => new SheetReadError('unreadable', {}, detail);

/** The entries of the zip by lower-case name (part names of a package are case-insensitive). */
export function readCentralDirectory(buf: Buffer, maxEntries: number): Map<string, ZipEntry> {
  const eocd = findEndOfCentralDirectory(buf);
  const count = buf.readUInt16LE(eocd + 10);
  const size = buf.readUInt32LE(eocd + 12);
  const offset = buf.readUInt32LE(eocd + 16);
  if (buf.readUInt16LE(eocd + 4) !== 0 || buf.readUInt16LE(eocd + 6) !== 0) throw unreadable('multi-disk zip');
  if (count === 0xffff || offset === 0xffffffff) throw unreadable('zip64 archive');
  if (count > maxEntries) throw new SheetReadError('tooLarge', {}, `${count} zip entries`);
  if (offset + size > eocd) throw unreadable('central directory out of bounds');
  const entries = new Map<string, ZipEntry>();
  let p = offset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > eocd || buf.readUInt32LE(p) !== CENTRAL) throw unreadable('bad central directory entry');
    const nameLength = buf.readUInt16LE(p + 28);
    const extraLength = buf.readUInt16LE(p + 30);
    const commentLength = buf.readUInt16LE(p + 32);
    const end = p + 46 + nameLength + extraLength + commentLength;
    if (end > eocd) throw unreadable('central directory entry out of bounds');
    const entry: ZipEntry = {
      name: buf
        .toString('utf8', p + 46, p + 46 + nameLength)
        .replace(/\\/g, '/')
        .replace(/^\//, ''),
      flags: buf.readUInt16LE(p + 8),
      method: buf.readUInt16LE(p + 10),
      crc: buf.readUInt32LE(p + 16),
      compressedSize: buf.readUInt32LE(p + 20),
      size: buf.readUInt32LE(p + 24),
      localOffset: buf.readUInt32LE(p + 42),
    };
    applyZip64(entry, buf.subarray(p + 46 + nameLength, p + 46 + nameLength + extraLength));
    entries.set(entry.name.toLowerCase(), entry);
    p = end;
  }
  return entries;
}

function findEndOfCentralDirectory(buf: Buffer): number {
  // The record is 22 bytes, followed by a comment of at most 65,535.
  const stop = Math.max(0, buf.length - 22 - 0xffff);
  for (let p = buf.length - 22; p >= stop; p--) {
    if (buf.readUInt32LE(p) === EOCD && p + 22 + buf.readUInt16LE(p + 20) <= buf.length) return p;
  }
  throw unreadable('no end of central directory');
}

/** Sizes and offset of 0xffffffff are in the ZIP64 extra field (some writers use it even for small files). */
function applyZip64(entry: ZipEntry, extra: Buffer): void {
  const wanted = (['size', 'compressedSize', 'localOffset'] as const).filter((k) => entry[k] === 0xffffffff);
  if (!wanted.length) return;
  for (let p = 0; p + 4 <= extra.length;) {
    const id = extra.readUInt16LE(p);
    const length = extra.readUInt16LE(p + 2);
    if (id === 0x0001) {
      let q = p + 4;
      for (const k of wanted) {
        if (q + 8 > p + 4 + length) throw unreadable('short zip64 field');
        const value = extra.readBigUInt64LE(q);
        if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw unreadable('zip64 size out of range');
        entry[k] = Number(value);
        q += 8;
      }
      return;
    }
    p += 4 + length;
  }
  throw unreadable('zip64 field missing');
}

/**
 * The entry's bytes, inflated as a stream in chunks of 64 KB. Refuses up front an encrypted entry, an unknown
 * method, a declared size over `maxBytes` (`tooLarge`) or an impossible ratio; stops as soon as the output
 * passes the declared size or `maxBytes`; checks size and CRC-32 at the end. The consumer may stop early
 * (`break`): inflating stops with it.
 */
export async function* inflateEntry(buf: Buffer, entry: ZipEntry, maxBytes: number): AsyncGenerator<Buffer> {
  if (entry.flags & 0x41) throw unreadable(`${entry.name} is encrypted`);
  if (entry.size > maxBytes) throw new SheetReadError('tooLarge', {}, `${entry.name} declares ${entry.size} bytes`);
  if (entry.method !== 0 && entry.method !== 8) throw unreadable(`${entry.name}: compression method ${entry.method}`);
  if (entry.method === 0 && entry.size !== entry.compressedSize) throw unreadable(`${entry.name}: stored sizes differ`);
  if (entry.size > MAX_DEFLATE_RATIO * Math.max(entry.compressedSize, 1)) {
    throw unreadable(`${entry.name}: declared ratio ${Math.round(entry.size / Math.max(entry.compressedSize, 1))}`);
  }
  const start = dataStart(buf, entry);
  const data = buf.subarray(start, start + entry.compressedSize);
  const limit = Math.min(entry.size, maxBytes);
  let total = 0;
  let crc = 0;
  if (entry.method === 0) {
    for (let p = 0; p < data.length; p += 64 * 1024) {
      const chunk = data.subarray(p, p + 64 * 1024);
      crc = crc32(chunk, crc);
      yield chunk;
    }
  } else {
    const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
    inflate.end(data);
    try {
      for await (const chunk of inflate as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > limit) {
          throw total > maxBytes
            ? new SheetReadError('tooLarge', {}, `${entry.name} inflates past ${maxBytes} bytes`)
            : unreadable(`${entry.name} inflates past its declared ${entry.size} bytes`);
        }
        crc = crc32(chunk, crc);
        yield chunk;
      }
    } catch (err) {
      throw err instanceof SheetReadError ? err : unreadable(`${entry.name}: ${(err as Error).message}`);
    } finally {
      inflate.destroy();
    }
    if (total !== entry.size) throw unreadable(`${entry.name} inflates to ${total} bytes, not ${entry.size}`);
  }
  if (crc >>> 0 !== entry.crc >>> 0) throw unreadable(`${entry.name}: bad CRC`);
}

/** Where the entry's data starts: after its local header, whose name and extra lengths may differ. */
function dataStart(buf: Buffer, entry: ZipEntry): number {
  const p = entry.localOffset;
  if (p + 30 > buf.length || buf.readUInt32LE(p) !== LOCAL) throw unreadable(`${entry.name}: bad local header`);
  const start = p + 30 + buf.readUInt16LE(p + 26) + buf.readUInt16LE(p + 28);
  if (start + entry.compressedSize > buf.length) throw unreadable(`${entry.name}: data out of bounds`);
  return start;
}
