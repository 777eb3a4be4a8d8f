/**
 * JT/T 808 (2013 and 2019) framing and message bodies: `0x7e | header | body | checksum | 0x7e`, big-endian,
 * strings in GBK. Receive: unescape -> verify checksum -> parse header -> parse body. Send: build -> checksum ->
 * escape. Pure functions, no I/O: the TCP gateway (`gateway.ts`) and the simulator use them.
 */
import { TextDecoder } from 'node:util';

export const MSG = {
  terminalReply: 0x0001,
  platformReply: 0x8001,
  heartbeat: 0x0002,
  unregister: 0x0003,
  register: 0x0100,
  registerReply: 0x8100,
  auth: 0x0102,
  location: 0x0200,
  batchLocation: 0x0704,
  setParams: 0x8103,
  terminalControl: 0x8105,
  vehicleControl: 0x8500,
  vehicleControlReply: 0x0500,
  locate: 0x8201,
  locateReply: 0x0201,
} as const;

export class FrameError extends Error {}

const gbk = new TextDecoder('gbk');

/** GBK bytes of a string. Node has no GBK encoder; the ASCII range and the plate provinces cover what we send. */
export function encodeGbk(text: string): Buffer {
  const out: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) out.push(code);
    else {
      const hit = GBK_TABLE.get(ch);
      if (!hit) throw new FrameError(`no GBK code for ${ch}`);
      out.push(hit >> 8, hit & 0xff);
    }
  }
  return Buffer.from(out);
}

export function decodeGbk(bytes: Buffer): string {
  return gbk.decode(bytes);
}

/** Province abbreviations (and the plate suffixes) found on plates, with their GBK codes, built by decoding. */
const GBK_TABLE: Map<string, number> = (() => {
  const chars = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼使领警学挂港澳';
  const wanted = new Set(chars);
  const map = new Map<string, number>();
  // GBK double-byte range: lead 0x81-0xFE, trail 0x40-0xFE (not 0x7F).
  for (let lead = 0xb0; lead <= 0xf7 && map.size < wanted.size; lead++) {
    for (let trail = 0xa1; trail <= 0xfe; trail++) {
      const ch = gbk.decode(Buffer.from([lead, trail]));
      if (wanted.has(ch) && !map.has(ch)) map.set(ch, (lead << 8) | trail);
    }
  }
  return map;
})();

// ---------------------------------------------------------------------------------------------------------
// Escaping and checksum

export function escape(inner: Buffer): Buffer {
  const out: number[] = [];
  for (const b of inner) {
    if (b === 0x7e) out.push(0x7d, 0x02);
    else if (b === 0x7d) out.push(0x7d, 0x01);
    else out.push(b);
  }
  return Buffer.from(out);
}

export function unescape(escaped: Buffer): Buffer {
  const out = Buffer.allocUnsafe(escaped.length);
  let n = 0;
  for (let i = 0; i < escaped.length; i++) {
    const b = escaped[i]!;
    if (b === 0x7d) {
      const next = escaped[++i];
      if (next === 0x02) out[n++] = 0x7e;
      else if (next === 0x01) out[n++] = 0x7d;
      else throw new FrameError('bad escape sequence');
    } else out[n++] = b;
  }
  return out.subarray(0, n);
}

export function checksum(bytes: Buffer): number {
  let x = 0;
  for (const b of bytes) x ^= b;
  return x;
}

// ---------------------------------------------------------------------------------------------------------
// BCD

export function bcd(bytes: Buffer): string {
  return bytes.toString('hex');
}

export function toBcd(digits: string, length: number): Buffer {
  const padded = digits.padStart(length * 2, '0');
  if (!/^\d+$/.test(padded) || padded.length !== length * 2) throw new FrameError(`not BCD[${length}]: ${digits}`);
  return Buffer.from(padded, 'hex');
}

// ---------------------------------------------------------------------------------------------------------
// Header

export interface Header {
  msgId: number;
  /** 2019 header (properties bit 14). */
  v2019: boolean;
  protocolVersion: number;
  /** BCD phone as digits (12 in 2013, 20 in 2019), with its leading zeros. */
  phone: string;
  serial: number;
  bodyLength: number;
  encryption: number;
  subpackage: { total: number; index: number } | null;
}

export interface Frame {
  header: Header;
  body: Buffer;
}

/** Parses a header from unescaped bytes (without the 0x7e delimiters or the checksum). */
export function parseHeader(bytes: Buffer): { header: Header; length: number } {
  if (bytes.length < 12) throw new FrameError('frame shorter than a header');
  const msgId = bytes.readUInt16BE(0);
  const props = bytes.readUInt16BE(2);
  const v2019 = (props & 0x4000) !== 0;
  const sub = (props & 0x2000) !== 0;
  let o = 4;
  let protocolVersion = 0;
  let phone: string;
  if (v2019) {
    if (bytes.length < 17) throw new FrameError('frame shorter than a 2019 header');
    protocolVersion = bytes[4]!;
    phone = bcd(bytes.subarray(5, 15));
    o = 15;
  } else {
    phone = bcd(bytes.subarray(4, 10));
    o = 10;
  }
  const serial = bytes.readUInt16BE(o);
  o += 2;
  let subpackage: Header['subpackage'] = null;
  if (sub) {
    if (bytes.length < o + 4) throw new FrameError('frame shorter than its subpackage header');
    subpackage = { total: bytes.readUInt16BE(o), index: bytes.readUInt16BE(o + 2) };
    o += 4;
  }
  return {
    header: {
      msgId,
      v2019,
      protocolVersion,
      phone,
      serial,
      bodyLength: props & 0x3ff,
      encryption: (props >> 10) & 0x7,
      subpackage,
    },
    length: o,
  };
}

/**
 * Decodes one frame as received between two 0x7e (the delimiters may be included): unescape, verify the
 * checksum and the body length.
 */
export function decodeFrame(raw: Buffer): Frame {
  let inner = raw;
  if (inner[0] === 0x7e) inner = inner.subarray(1);
  if (inner[inner.length - 1] === 0x7e) inner = inner.subarray(0, inner.length - 1);
  const bytes = unescape(inner);
  if (bytes.length < 13) throw new FrameError('frame too short');
  const content = bytes.subarray(0, bytes.length - 1);
  const sum = bytes[bytes.length - 1]!;
  if (checksum(content) !== sum) throw new FrameError('checksum mismatch');
  const { header, length } = parseHeader(content);
  const body = content.subarray(length);
  if (body.length !== header.bodyLength) throw new FrameError('body length does not match the header');
  return { header, body };
}

export interface EncodeHeader {
  msgId: number;
  phone: string;
  serial: number;
  v2019?: boolean;
  protocolVersion?: number;
}

/** Builds a frame: header + body, checksum, escape, delimiters. */
export function encodeFrame(h: EncodeHeader, body: Buffer): Buffer {
  if (body.length > 0x3ff) throw new FrameError('body longer than 1023 bytes');
  const props = body.length | (h.v2019 ? 0x4000 : 0);
  const head = h.v2019 ? Buffer.alloc(17) : Buffer.alloc(12);
  head.writeUInt16BE(h.msgId, 0);
  head.writeUInt16BE(props, 2);
  if (h.v2019) {
    head[4] = h.protocolVersion ?? 1;
    toBcd(h.phone, 10).copy(head, 5);
    head.writeUInt16BE(h.serial & 0xffff, 15);
  } else {
    toBcd(h.phone, 6).copy(head, 4);
    head.writeUInt16BE(h.serial & 0xffff, 10);
  }
  const content = Buffer.concat([head, body]);
  return Buffer.concat([
    Buffer.from([0x7e]),
    escape(Buffer.concat([content, Buffer.from([checksum(content)])])),
    Buffer.from([0x7e]),
  ]);
}

/**
 * Splits a TCP stream into frames: returns the complete frames (raw, with delimiters) and the rest to keep.
 * Bytes before the first 0x7e are dropped; `maxFrame` caps an unterminated frame (its bytes are dropped).
 */
export function splitFrames(buffer: Buffer, maxFrame = 4096): { frames: Buffer[]; rest: Buffer; dropped: number } {
  const frames: Buffer[] = [];
  let dropped = 0;
  let start = buffer.indexOf(0x7e);
  if (start < 0) return { frames, rest: Buffer.alloc(0), dropped: buffer.length };
  dropped += start;
  while (start >= 0) {
    let end = buffer.indexOf(0x7e, start + 1);
    // Two delimiters in a row: the first ended a frame we never saw; start again at the second.
    while (end === start + 1) {
      start = end;
      end = buffer.indexOf(0x7e, start + 1);
    }
    if (end < 0) {
      const rest = buffer.subarray(start);
      if (rest.length > maxFrame) return { frames, rest: Buffer.alloc(0), dropped: dropped + rest.length };
      return { frames, rest, dropped };
    }
    frames.push(buffer.subarray(start, end + 1));
    start = buffer.indexOf(0x7e, end + 1);
  }
  return { frames, rest: Buffer.alloc(0), dropped };
}

// ---------------------------------------------------------------------------------------------------------
// Bodies

function cString(bytes: Buffer): string {
  const zero = bytes.indexOf(0);
  return decodeGbk(zero < 0 ? bytes : bytes.subarray(0, zero));
}

function fixed(text: string, length: number): Buffer {
  const out = Buffer.alloc(length);
  encodeGbk(text).copy(out, 0, 0, length);
  return out;
}

export interface Register {
  province: number;
  city: number;
  maker: string;
  model: string;
  terminalId: string;
  plateColour: number;
  plate: string;
}

export function decodeRegister(body: Buffer, v2019: boolean): Register {
  const [m, md, t] = v2019 ? [11, 30, 30] : [5, 20, 7];
  if (body.length < 4 + m + md + t + 1) throw new FrameError('register body too short');
  let o = 4;
  const maker = cString(body.subarray(o, (o += m)));
  const model = cString(body.subarray(o, (o += md)));
  const terminalId = cString(body.subarray(o, (o += t)));
  return {
    province: body.readUInt16BE(0),
    city: body.readUInt16BE(2),
    maker,
    model,
    terminalId,
    plateColour: body[o]!,
    plate: cString(body.subarray(o + 1)),
  };
}

export function encodeRegister(r: Register, v2019: boolean): Buffer {
  const [m, md, t] = v2019 ? [11, 30, 30] : [5, 20, 7];
  const head = Buffer.alloc(4);
  head.writeUInt16BE(r.province, 0);
  head.writeUInt16BE(r.city, 2);
  return Buffer.concat([
    head,
    fixed(r.maker, m),
    fixed(r.model, md),
    fixed(r.terminalId, t),
    Buffer.from([r.plateColour]),
    encodeGbk(r.plate),
  ]);
}

export const REGISTER_RESULT = { ok: 0, vehicleTaken: 1, noVehicle: 2, terminalTaken: 3, noTerminal: 4 } as const;

export function encodeRegisterReply(replySerial: number, result: number, authCode?: string): Buffer {
  const head = Buffer.alloc(3);
  head.writeUInt16BE(replySerial, 0);
  head[2] = result;
  return result === 0 && authCode ? Buffer.concat([head, encodeGbk(authCode)]) : head;
}

export function decodeRegisterReply(body: Buffer): { replySerial: number; result: number; authCode: string | null } {
  return {
    replySerial: body.readUInt16BE(0),
    result: body[2]!,
    authCode: body.length > 3 ? decodeGbk(body.subarray(3)) : null,
  };
}

export interface Auth {
  code: string;
  imei?: string;
  softwareVersion?: string;
}

export function decodeAuth(body: Buffer, v2019: boolean): Auth {
  if (!v2019) return { code: decodeGbk(body) };
  const n = body[0] ?? 0;
  if (body.length < 1 + n + 35) throw new FrameError('auth body too short');
  return {
    code: decodeGbk(body.subarray(1, 1 + n)),
    imei: cString(body.subarray(1 + n, 16 + n)),
    softwareVersion: cString(body.subarray(16 + n, 36 + n)),
  };
}

export function encodeAuth(a: Auth, v2019: boolean): Buffer {
  const code = encodeGbk(a.code);
  if (!v2019) return code;
  return Buffer.concat([Buffer.from([code.length]), code, fixed(a.imei ?? '', 15), fixed(a.softwareVersion ?? '', 20)]);
}

/** 0x0001 (terminal) and 0x8001 (platform) general replies. */
export interface GeneralReply {
  replySerial: number;
  replyId: number;
  result: number;
}

export function encodeGeneralReply(r: GeneralReply): Buffer {
  const b = Buffer.alloc(5);
  b.writeUInt16BE(r.replySerial, 0);
  b.writeUInt16BE(r.replyId, 2);
  b[4] = r.result;
  return b;
}

export function decodeGeneralReply(body: Buffer): GeneralReply {
  if (body.length < 5) throw new FrameError('reply body too short');
  return { replySerial: body.readUInt16BE(0), replyId: body.readUInt16BE(2), result: body[4]! };
}

// Location --------------------------------------------------------------------------------------------------

export const STATUS_BITS = {
  acc: 0,
  fixed: 1,
  south: 2,
  west: 3,
  outOfService: 4,
  encrypted: 5,
  fuelCut: 10,
  circuitCut: 11,
  doorsLocked: 12,
} as const;

/** Alarm bits (STD13 table 24) by name. */
export const ALARM_BITS = {
  sos: 0,
  overspeed: 1,
  fatigue: 2,
  danger: 3,
  gnssFault: 4,
  antennaCut: 5,
  antennaShort: 6,
  lowVoltage: 7,
  powerCut: 8,
  overspeedWarning: 13,
  fatigueWarning: 14,
  parkingTimeout: 19,
  area: 20,
  route: 21,
  routeDeviation: 23,
  fuelAbnormal: 25,
  stolen: 26,
  illegalIgnition: 27,
  illegalDisplacement: 28,
  collision: 29,
  rollover: 30,
  illegalDoorOpen: 31,
} as const;
export type AlarmName = keyof typeof ALARM_BITS;

const ALARM_NAMES = Object.keys(ALARM_BITS) as AlarmName[];

/** The named alarm bits set in a DWORD (stored signed: bit 31 makes it negative). */
export function alarmNames(alarm: number): AlarmName[] {
  if (!alarm) return [];
  return ALARM_NAMES.filter((k) => (alarm >>> ALARM_BITS[k]) & 1);
}

export interface Location {
  alarm: number;
  status: number;
  /** Degrees, signed (south and west negative). */
  lat: number;
  lon: number;
  altitude: number;
  /** km/h (the wire carries 0.1 km/h). */
  speed: number;
  direction: number;
  /** The device's time, read as GMT+8. */
  time: Date;
  /** The BCD time as sent (YYMMDDhhmmss). */
  timeBcd: string;
  /** Raw lat/lon as sent (degrees x 10^6, unsigned). */
  rawLat: number;
  rawLon: number;
  /** Raw speed (0.1 km/h). */
  rawSpeed: number;
  items: LocationItems;
}

export interface LocationItems {
  /** 0x01, 0.1 km. */
  mileage?: number;
  /** 0x02, 0.1 L. */
  fuel?: number;
  /** 0x03, 0.1 km/h. */
  tachographSpeed?: number;
  /** 0x25. */
  signals?: number;
  /** 0x2A. */
  io?: number;
  /** 0x2B. */
  analog?: number;
  /** 0x30. */
  rssi?: number;
  /** 0x31. */
  satellites?: number;
  /** Every item, raw: id -> hex. */
  raw: Record<number, string>;
}

/** YYMMDDhhmmss in GMT+8 -> Date. */
export function bcdTime(digits: string): Date {
  const [yy, mo, dd, hh, mi, ss] = [0, 2, 4, 6, 8, 10].map((i) => Number(digits.slice(i, i + 2)));
  const t = Date.UTC(2000 + yy!, mo! - 1, dd!, hh!, mi!, ss!) - 8 * 3600_000;
  if (!Number.isFinite(t) || mo! < 1 || mo! > 12 || dd! < 1 || dd! > 31) throw new FrameError(`bad time ${digits}`);
  return new Date(t);
}

export function toBcdTime(date: Date): string {
  const d = new Date(date.getTime() + 8 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCFullYear() % 100)}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(
    d.getUTCMinutes(),
  )}${p(d.getUTCSeconds())}`;
}

export function decodeLocation(body: Buffer): Location {
  if (body.length < 28) throw new FrameError('location body shorter than 28 bytes');
  const status = body.readUInt32BE(4);
  const rawLat = body.readUInt32BE(8);
  const rawLon = body.readUInt32BE(12);
  const timeBcd = bcd(body.subarray(22, 28));
  const items: LocationItems = { raw: {} };
  let o = 28;
  while (o + 2 <= body.length) {
    const id = body[o]!;
    const len = body[o + 1]!;
    if (o + 2 + len > body.length) throw new FrameError(`location item 0x${id.toString(16)} truncated`);
    const v = body.subarray(o + 2, o + 2 + len);
    items.raw[id] = v.toString('hex');
    const num = len === 4 ? v.readUInt32BE(0) : len === 2 ? v.readUInt16BE(0) : len === 1 ? v[0]! : undefined;
    if (num !== undefined) {
      if (id === 0x01) items.mileage = num;
      else if (id === 0x02) items.fuel = num;
      else if (id === 0x03) items.tachographSpeed = num;
      else if (id === 0x25) items.signals = num;
      else if (id === 0x2a) items.io = num;
      else if (id === 0x2b) items.analog = num;
      else if (id === 0x30) items.rssi = num;
      else if (id === 0x31) items.satellites = num;
    }
    o += 2 + len;
  }
  const rawSpeed = body.readUInt16BE(18);
  return {
    alarm: body.readUInt32BE(0),
    status,
    lat: ((status >> STATUS_BITS.south) & 1 ? -rawLat : rawLat) / 1e6,
    lon: ((status >> STATUS_BITS.west) & 1 ? -rawLon : rawLon) / 1e6,
    altitude: body.readUInt16BE(16),
    rawSpeed,
    speed: rawSpeed / 10,
    direction: body.readUInt16BE(20),
    timeBcd,
    time: bcdTime(timeBcd),
    rawLat,
    rawLon,
    items,
  };
}

export interface LocationInput {
  alarm?: number;
  status?: number;
  lat: number;
  lon: number;
  altitude?: number;
  /** km/h. */
  speed: number;
  direction?: number;
  time: Date;
  mileage?: number;
  fuel?: number;
  rssi?: number;
  satellites?: number;
}

export function encodeLocation(l: LocationInput): Buffer {
  let status = (l.status ?? 0b11) & ~0b1100;
  if (l.lat < 0) status |= 1 << STATUS_BITS.south;
  if (l.lon < 0) status |= 1 << STATUS_BITS.west;
  const b = Buffer.alloc(28);
  b.writeUInt32BE((l.alarm ?? 0) >>> 0, 0);
  b.writeUInt32BE(status >>> 0, 4);
  b.writeUInt32BE(Math.round(Math.abs(l.lat) * 1e6), 8);
  b.writeUInt32BE(Math.round(Math.abs(l.lon) * 1e6), 12);
  b.writeUInt16BE(Math.max(0, Math.round(l.altitude ?? 0)), 16);
  b.writeUInt16BE(Math.round(l.speed * 10), 18);
  b.writeUInt16BE(Math.round(l.direction ?? 0) % 360, 20);
  Buffer.from(toBcdTime(l.time), 'hex').copy(b, 22);
  const items: Buffer[] = [b];
  const item = (id: number, len: number, value: number) => {
    const v = Buffer.alloc(2 + len);
    v[0] = id;
    v[1] = len;
    v.writeUIntBE(value, 2, len);
    items.push(v);
  };
  if (l.mileage !== undefined) item(0x01, 4, Math.round(l.mileage));
  if (l.fuel !== undefined) item(0x02, 2, Math.round(l.fuel));
  if (l.rssi !== undefined) item(0x30, 1, l.rssi);
  if (l.satellites !== undefined) item(0x31, 1, l.satellites);
  return Buffer.concat(items);
}

export interface Batch {
  type: number;
  locations: Location[];
}

export function decodeBatch(body: Buffer): Batch {
  if (body.length < 3) throw new FrameError('batch body too short');
  const count = body.readUInt16BE(0);
  const type = body[2]!;
  const locations: Location[] = [];
  let o = 3;
  for (let i = 0; i < count; i++) {
    if (o + 2 > body.length) throw new FrameError('batch truncated');
    const len = body.readUInt16BE(o);
    if (o + 2 + len > body.length) throw new FrameError('batch item truncated');
    locations.push(decodeLocation(body.subarray(o + 2, o + 2 + len)));
    o += 2 + len;
  }
  return { type, locations };
}

export function encodeBatch(type: number, locations: Buffer[]): Buffer {
  const head = Buffer.alloc(3);
  head.writeUInt16BE(locations.length, 0);
  head[2] = type;
  return Buffer.concat([
    head,
    ...locations.flatMap((l) => {
      const len = Buffer.alloc(2);
      len.writeUInt16BE(l.length, 0);
      return [len, l];
    }),
  ]);
}

// Parameters, control ---------------------------------------------------------------------------------------

export interface Param {
  id: number;
  /** A number (written in `length` bytes) or a string (GBK). */
  value: number | string;
  length?: number;
}

export const PARAM_IDS = {
  heartbeat: 0x0001,
  serverAddress: 0x0013,
  tcpPort: 0x0018,
  reportStrategy: 0x0020,
  sleepInterval: 0x0027,
  defaultInterval: 0x0029,
  defaultDistance: 0x002c,
  maxSpeed: 0x0055,
  overspeedDuration: 0x0056,
  odometer: 0x0080,
} as const;

export function encodeSetParams(params: Param[]): Buffer {
  const parts: Buffer[] = [Buffer.from([params.length])];
  for (const p of params) {
    const value =
      typeof p.value === 'string'
        ? encodeGbk(p.value)
        : (() => {
            const len = p.length ?? 4;
            const v = Buffer.alloc(len);
            v.writeUIntBE(p.value, 0, len);
            return v;
          })();
    const head = Buffer.alloc(5);
    head.writeUInt32BE(p.id, 0);
    head[4] = value.length;
    parts.push(head, value);
  }
  return Buffer.concat(parts);
}

export function decodeSetParams(body: Buffer): { id: number; value: Buffer }[] {
  const count = body[0] ?? 0;
  const out: { id: number; value: Buffer }[] = [];
  let o = 1;
  for (let i = 0; i < count; i++) {
    if (o + 5 > body.length) throw new FrameError('parameters truncated');
    const id = body.readUInt32BE(o);
    const len = body[o + 4]!;
    out.push({ id, value: body.subarray(o + 5, o + 5 + len) });
    o += 5 + len;
  }
  return out;
}

export const CONTROL_COMMANDS = {
  upgrade: 1,
  connect: 2,
  powerOff: 3,
  reset: 4,
  factoryReset: 5,
  closeDataLink: 6,
  closeWireless: 7,
} as const;

export function encodeTerminalControl(command: number, args: string[] = []): Buffer {
  return Buffer.concat([Buffer.from([command]), args.length ? encodeGbk(args.join(';')) : Buffer.alloc(0)]);
}

export function decodeTerminalControl(body: Buffer): { command: number; args: string[] } {
  const rest = body.subarray(1);
  return { command: body[0]!, args: rest.length ? decodeGbk(rest).split(';') : [] };
}

/** 0x8500: lock (true) or unlock the doors. 2013: one flag byte; 2019: a list of (type, parameter). */
export function encodeVehicleControl(lock: boolean, v2019: boolean): Buffer {
  if (!v2019) return Buffer.from([lock ? 1 : 0]);
  return Buffer.from([0x00, 0x01, 0x00, 0x01, lock ? 1 : 0]);
}

export function decodeVehicleControl(body: Buffer, v2019: boolean): { type: number; param: number }[] {
  if (!v2019) return [{ type: 0x0001, param: body[0]! & 1 }];
  const count = body.readUInt16BE(0);
  const out: { type: number; param: number }[] = [];
  let o = 2;
  for (let i = 0; i < count; i++) {
    const type = body.readUInt16BE(o);
    // The door type's parameter is one byte; the standard leaves others to their definition (one byte here).
    out.push({ type, param: body[o + 2]! });
    o += 3;
  }
  return out;
}

export function decodeVehicleControlReply(body: Buffer): { replySerial: number; location: Location } {
  if (body.length < 30) throw new FrameError('vehicle control reply body too short');
  return { replySerial: body.readUInt16BE(0), location: decodeLocation(body.subarray(2)) };
}

/**
 * 0x8500 fuel (oil and circuit) control, cut (true) or restore. 2013: the control flag BYTE, bit 0 set to cut,
 * as the immobiliser terminals on the market wire it (the 2013 text calls the bit "door lock"; bits 1-7 are
 * reserved). 2019: the (type WORD, parameter BYTE) list with one custom control type, `FUEL_CONTROL_TYPE`
 * (0xF001, in the range the standard leaves to makers), parameter 1 cut / 0 restore. Either way the terminal
 * answers 0x0001, then 0x0500 whose status word says the outcome: bit 10 fuel line cut, bit 11 circuit cut.
 */
export const FUEL_CONTROL_TYPE = 0xf001;

export function encodeFuelControl(cut: boolean, v2019: boolean): Buffer {
  if (!v2019) return Buffer.from([cut ? 1 : 0]);
  return Buffer.from([0x00, 0x01, FUEL_CONTROL_TYPE >> 8, FUEL_CONTROL_TYPE & 0xff, cut ? 1 : 0]);
}

/** Whether a 0x8500 body asks to cut fuel (true), restore it (false), or is no fuel control (null). */
export function decodeFuelControl(body: Buffer, v2019: boolean): boolean | null {
  if (!v2019) return body.length >= 1 ? (body[0]! & 1) === 1 : null;
  const item = decodeVehicleControl(body, true).find((c) => c.type === FUEL_CONTROL_TYPE);
  return item ? item.param === 1 : null;
}

/** Whether a status word says the fuel line (bit 10) is cut. */
export function fuelCutOf(status: number): boolean {
  return ((status >>> STATUS_BITS.fuelCut) & 1) === 1;
}

/** 0x0500 and 0x0201 bodies: the serial of the platform's message they answer + a 0x0200 location body. */
export function encodeLocationReply(replySerial: number, location: Buffer): Buffer {
  const head = Buffer.alloc(2);
  head.writeUInt16BE(replySerial, 0);
  return Buffer.concat([head, location]);
}

/** 0x0201 location query reply (to 0x8201, whose body is empty). */
export function decodeLocateReply(body: Buffer): { replySerial: number; location: Location } {
  if (body.length < 30) throw new FrameError('location reply body too short');
  return { replySerial: body.readUInt16BE(0), location: decodeLocation(body.subarray(2)) };
}

export type CommandKind = 'fuelCut' | 'fuelRestore' | 'locate' | 'interval' | 'reboot';

/**
 * The downlink of a command: fuel cut/restore 0x8500, locate 0x8201 (empty body), reporting interval 0x8103
 * parameter 0x0029 (DWORD seconds), reboot 0x8105 command word 4.
 */
export function encodeCommand(
  kind: CommandKind,
  params: { intervalSeconds?: number },
  v2019: boolean,
): { msgId: number; body: Buffer } {
  switch (kind) {
    case 'fuelCut':
    case 'fuelRestore':
      return { msgId: MSG.vehicleControl, body: encodeFuelControl(kind === 'fuelCut', v2019) };
    case 'locate':
      return { msgId: MSG.locate, body: Buffer.alloc(0) };
    case 'interval': {
      const seconds = params.intervalSeconds;
      if (seconds === undefined || !Number.isInteger(seconds) || seconds < 1) throw new FrameError('no interval');
      return {
        msgId: MSG.setParams,
        body: encodeSetParams([{ id: PARAM_IDS.defaultInterval, value: seconds, length: 4 }]),
      };
    }
    case 'reboot':
      return { msgId: MSG.terminalControl, body: encodeTerminalControl(CONTROL_COMMANDS.reset) };
  }
}

/**
 * The device id a gateway files a terminal under: the BCD phone without its leading zeros (Traccar also tries
 * the phone with them; we store the trimmed form, and an IMEI is 15 digits without leading zeros).
 */
export function deviceIdOf(phone: string): string {
  return phone.replace(/^0+/, '') || '0';
}
