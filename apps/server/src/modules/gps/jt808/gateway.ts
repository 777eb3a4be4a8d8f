import net from 'node:net';
import { performance } from 'node:perf_hooks';
import type { AppDeps } from '../../../core/deps.js';
import { countGpsFrames } from '../../../core/metrics.js';
import { safeEqual } from '../../../core/secrets.js';
import {
  DEVICE_LIMITS,
  issueAuthCode,
  raiseIdentityAlarm,
  withinDeviceLimit,
  type IdentityAlarmReason,
} from '../identity.js';
import {
  clearRegistration,
  findDeviceByImei,
  pinTerminalImei,
  type KnownDevice,
  type PositionIn,
  type PositionWriter,
} from '../ingest.js';
import {
  MSG,
  REGISTER_RESULT,
  STATUS_BITS,
  alarmNames,
  decodeAuth,
  decodeBatch,
  decodeFrame,
  decodeGeneralReply,
  decodeLocateReply,
  decodeLocation,
  decodeRegister,
  decodeVehicleControlReply,
  deviceIdOf,
  encodeFrame,
  encodeGeneralReply,
  encodeRegisterReply,
  FrameError,
  splitFrames,
  type Header,
  type Location,
} from './codec.js';

type Deps = Pick<AppDeps, 'database' | 'db' | 'clock' | 'log' | 'events'>;

/** A terminal's answer to a platform command, matched to the command by the serial it names. */
export type CommandReply =
  | { kind: 'general'; replySerial: number; replyId: number; result: number }
  | { kind: 'control' | 'locate'; replySerial: number; location: Location };

/** What the command dispatcher (`commands/dispatcher.ts`) hears from the gateway. */
export interface CommandHooks {
  /** A terminal authenticated on this gateway (its queued commands can go now). */
  connected(device: KnownDevice): void;
  reply(device: KnownDevice, reply: CommandReply): void;
}

interface Session {
  socket: net.Socket;
  address: string;
  device: KnownDevice | null;
  authenticated: boolean;
  /** The auth code this connection authenticated with (commands go only while it is the device's current one). */
  code: string | null;
  /** Register and auth attempts on this connection. */
  attempts: number;
  /** Frames before authentication, malformed frames. */
  frames: number;
  malformedFrames: number;
  /** Refused: its other frames are not handled. */
  closing: boolean;
  v2019: boolean;
  protocolVersion: number;
  phone: string;
  serial: number;
  buffer: Buffer;
}

export function toPosition(l: Location, archived: boolean, receivedAt?: number): PositionIn {
  return {
    fixTime: l.time,
    lat: l.lat,
    lon: l.lon,
    altitude: l.altitude,
    speed: l.speed,
    course: l.direction,
    valid: ((l.status >> STATUS_BITS.fixed) & 1) === 1,
    ignition: ((l.status >> STATUS_BITS.acc) & 1) === 1,
    alarm: l.alarm,
    status: l.status,
    odometer: l.items.mileage !== undefined ? l.items.mileage * 100 : null,
    satellites: l.items.satellites ?? null,
    archived,
    attributes: {
      ...(l.items.fuel !== undefined ? { fuel: l.items.fuel / 10 } : {}),
      ...(l.items.rssi !== undefined ? { rssi: l.items.rssi } : {}),
      ...(l.alarm ? { alarms: alarmNames(l.alarm) } : {}),
    },
    ...(receivedAt !== undefined ? { receivedAt } : {}),
  };
}

/**
 * The JT/T 808 TCP gateway. Frames are split on 0x7e; a malformed frame is logged and skipped (the connection
 * and the other frames go on). Unknown terminals are refused: 0x8100 result 4 or 0x8001 result 1, then the
 * connection is closed. Locations are accepted after a successful 0x0102 authentication of the connection and
 * acknowledged with 0x8001 at once; replies repeat the 2019 header when the terminal speaks 2019.
 */
export interface GatewayOptions {
  idleSeconds?: number;
  attemptsPerAddressPerMinute?: number;
  /** Connections in all and from one address (`GPS_MAX_CONNECTIONS`, `GPS_MAX_CONNECTIONS_PER_ADDRESS`). */
  maxConnections?: number;
  maxConnectionsPerAddress?: number;
  /** Seconds a connection has to authenticate (`GPS_AUTH_TIMEOUT_SECONDS`). */
  authTimeoutSeconds?: number;
}

/** Malformed frames a connection may send before it is closed. */
export const MALFORMED_PER_CONNECTION = 5;
/** Frames a connection may send before it authenticates (register, auth and a few more). */
export const FRAMES_BEFORE_AUTH = 8;
/** The most a connection may buffer without a complete frame (a frame is at most about 2.1 KB escaped). */
export const MAX_PENDING_BYTES = 4096;
/** Frames waiting to be handled on one connection before it stops reading (backpressure). */
const MAX_QUEUED_FRAMES = 64;

/** At most one line a second for a kind of noise (malformed frames, refusals), with how many were left out. */
class SampledLog {
  private last = -Infinity;
  private suppressed = 0;
  constructor(private readonly log: Deps['log']) {}
  warn(obj: Record<string, unknown>, msg: string): void {
    const now = performance.now();
    if (now - this.last < 1000) {
      this.suppressed++;
      return;
    }
    this.log.warn({ ...obj, ...(this.suppressed ? { suppressed: this.suppressed } : {}) }, msg);
    this.last = now;
    this.suppressed = 0;
  }
}

/** Register and auth attempts allowed per connection, and per address per minute (in memory, before the database). */
export const ATTEMPTS_PER_CONNECTION = 3;
export const ATTEMPTS_PER_ADDRESS_PER_MINUTE = 120;

export class Jt808Gateway {
  private server: net.Server | null = null;
  private readonly sessions = new Map<string, Session>();
  private readonly sockets = new Set<net.Socket>();
  /** Register and auth attempts per address in the current minute. */
  private attemptsByAddress = new Map<string, number>();
  private attemptsWindow = 0;
  /** Frames refused as malformed since start (tests and the bench read it). */
  malformed = 0;
  /** Connections refused at once (over the total or the address's cap) and closed for not authenticating in time. */
  refusedConnections = 0;
  authTimeouts = 0;
  private open = 0;
  private readonly openByAddress = new Map<string, number>();
  private readonly malformedLog: SampledLog;
  private readonly refusedLog: SampledLog;
  /** Set by the runtime: the command dispatcher. */
  commandHooks: CommandHooks | null = null;

  constructor(
    private readonly deps: Deps,
    private readonly writer: PositionWriter,
    private readonly options: GatewayOptions = {},
  ) {
    this.malformedLog = new SampledLog(deps.log);
    this.refusedLog = new SampledLog(deps.log);
  }

  /** Lowers the total cap (embedded: held under the process's open-file limit, `gateway-process.ts`). */
  limitConnections(max: number): void {
    this.options.maxConnections = max;
  }

  /** Open TCP connections (authenticated or not). */
  get openConnections(): number {
    return this.open;
  }

  async listen(port: number, host = '0.0.0.0'): Promise<number> {
    const server = net.createServer({ pauseOnConnect: false }, (socket) => this.accept(socket));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    return (server.address() as net.AddressInfo).port;
  }

  async close(): Promise<void> {
    for (const s of this.sessions.values()) s.socket.destroy();
    this.sessions.clear();
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get connections(): number {
    return this.sessions.size;
  }

  /** The devices with an authenticated connection to this gateway; `authCode` is the code it authenticated with. */
  connectedDevices(): KnownDevice[] {
    const out: KnownDevice[] = [];
    for (const s of this.sessions.values())
      if (s.authenticated && s.device && !s.socket.destroyed) out.push({ ...s.device, authCode: s.code });
    return out;
  }

  /** Closes a device's connection (its code is no longer the current one: reset, or registered anew). */
  drop(imei: string, reason: string): void {
    const s = this.sessions.get(imei);
    if (!s) return;
    this.sessions.delete(imei);
    this.deps.log.warn({ imei, reason }, 'jt808: connection dropped');
    s.socket.destroy();
  }

  /** Whether the terminal's connection speaks the 2019 header (command bodies differ); null when not connected. */
  v2019Of(imei: string): boolean | null {
    const s = this.sessions.get(imei);
    return s && s.authenticated ? s.v2019 : null;
  }

  /** The serial number the next message to this terminal will carry (reserved); false when not connected. */
  allocateSerial(imei: string): number | false {
    const s = this.sessions.get(imei);
    if (!s || !s.authenticated || s.socket.destroyed) return false;
    return s.serial++ & 0xffff;
  }

  /**
   * Sends a command to a connected terminal, with a serial reserved by `allocateSerial` or the next one; answers
   * the serial, or false when the device is not connected.
   */
  send(imei: string, msgId: number, body: Buffer, reserved?: number): number | false {
    const s = this.sessions.get(imei);
    if (!s || !s.authenticated || s.socket.destroyed) return false;
    const serial = reserved ?? s.serial++ & 0xffff;
    s.socket.write(
      encodeFrame({ msgId, phone: s.phone, serial, v2019: s.v2019, protocolVersion: s.protocolVersion }, body),
    );
    return serial;
  }

  private accept(socket: net.Socket): void {
    const address = socket.remoteAddress ?? '';
    const fromAddress = this.openByAddress.get(address) ?? 0;
    if (
      this.open >= (this.options.maxConnections ?? Infinity) ||
      fromAddress >= (this.options.maxConnectionsPerAddress ?? Infinity) ||
      this.addressSpent(address)
    ) {
      // Over a cap: closed at once, before any reading (a file descriptor is held only for this moment).
      this.refusedConnections++;
      this.refusedLog.warn({ address, open: this.open, fromAddress }, 'jt808: connection refused (cap)');
      socket.destroy();
      return;
    }
    this.open++;
    this.openByAddress.set(address, fromAddress + 1);
    this.sockets.add(socket);
    socket.setNoDelay(true);
    socket.setTimeout((this.options.idleSeconds ?? 1800) * 1000, () => socket.destroy());
    const session: Session = {
      socket,
      address,
      device: null,
      authenticated: false,
      code: null,
      attempts: 0,
      frames: 0,
      malformedFrames: 0,
      closing: false,
      v2019: false,
      protocolVersion: 0,
      phone: '',
      serial: 0,
      buffer: Buffer.alloc(0),
    };
    // A short deadline to authenticate: an idle or stalling connection does not hold a descriptor for long.
    const deadline = setTimeout(
      () => {
        if (session.authenticated || socket.destroyed) return;
        this.authTimeouts++;
        this.refusedLog.warn({ address }, 'jt808: no authentication in time');
        socket.destroy();
      },
      (this.options.authTimeoutSeconds ?? 30) * 1000,
    );
    deadline.unref();
    let chain = Promise.resolve();
    let queued = 0;
    socket.on('data', (chunk) => {
      if (session.closing) return;
      const received = performance.now();
      const { frames, rest, dropped } = splitFrames(
        session.buffer.length ? Buffer.concat([session.buffer, chunk]) : chunk,
      );
      session.buffer = rest;
      if (dropped || rest.length > MAX_PENDING_BYTES) {
        // Bytes outside a frame, or a "frame" that never ends: noise, counted as one malformed frame.
        if (rest.length > MAX_PENDING_BYTES) session.buffer = Buffer.alloc(0);
        this.countMalformed(session, { dropped, pending: rest.length }, 'jt808: bytes outside a frame dropped');
      }
      if (!frames.length) return;
      countGpsFrames('jt808', frames.length);
      queued += frames.length;
      if (queued > MAX_QUEUED_FRAMES) socket.pause();
      // Frames of one connection are handled in order.
      chain = chain.then(async () => {
        for (const raw of frames) await this.handle(session, raw, received);
        queued -= frames.length;
        if (queued <= MAX_QUEUED_FRAMES && socket.isPaused() && !socket.destroyed) socket.resume();
      });
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(deadline);
      this.sockets.delete(socket);
      this.open--;
      const n = (this.openByAddress.get(address) ?? 1) - 1;
      if (n > 0) this.openByAddress.set(address, n);
      else this.openByAddress.delete(address);
      if (session.device && this.sessions.get(session.device.imei) === session)
        this.sessions.delete(session.device.imei);
    });
  }

  /** Counts a malformed frame (logged by sample); the connection is closed after `MALFORMED_PER_CONNECTION`. */
  private countMalformed(s: Session, detail: Record<string, unknown>, msg: string): void {
    this.malformed++;
    s.malformedFrames++;
    this.malformedLog.warn({ address: s.address, phone: s.phone || undefined, ...detail }, msg);
    if (s.malformedFrames >= MALFORMED_PER_CONNECTION && !s.closing) {
      s.closing = true;
      this.refusedLog.warn({ address: s.address }, 'jt808: connection closed after malformed frames');
      s.socket.destroy();
    }
  }

  private reply(s: Session, h: Header, msgId: number, body: Buffer): void {
    if (s.socket.destroyed) return;
    s.socket.write(
      encodeFrame(
        { msgId, phone: h.phone, serial: s.serial++ & 0xffff, v2019: h.v2019, protocolVersion: h.protocolVersion },
        body,
      ),
    );
  }

  private general(s: Session, h: Header, result: number): void {
    this.reply(s, h, MSG.platformReply, encodeGeneralReply({ replySerial: h.serial, replyId: h.msgId, result }));
  }

  private refuse(s: Session, reason: string, phone: string): void {
    this.refusedLog.warn({ phone, reason, address: s.address }, 'jt808: terminal refused');
    s.closing = true;
    s.socket.end();
    // A peer that does not close its side is cut off shortly after.
    setTimeout(() => s.socket.destroy(), 2000).unref();
  }

  /**
   * Whether the address has spent its register/auth attempts of this minute: its new connections could do nothing
   * but be refused, so they are closed as they are accepted (a flood then costs an accept, not a frame's work).
   */
  private addressSpent(address: string): boolean {
    if (Math.floor(this.deps.clock.now().getTime() / 60_000) !== this.attemptsWindow) return false;
    const perAddress = this.options.attemptsPerAddressPerMinute ?? ATTEMPTS_PER_ADDRESS_PER_MINUTE;
    return (this.attemptsByAddress.get(address) ?? 0) >= perAddress;
  }

  /** Register/auth attempts per connection and per address per minute, in memory; false when over. */
  private addressBudget(s: Session): boolean {
    s.attempts++;
    const minute = Math.floor(this.deps.clock.now().getTime() / 60_000);
    if (minute !== this.attemptsWindow) {
      this.attemptsWindow = minute;
      this.attemptsByAddress = new Map();
    }
    const n = (this.attemptsByAddress.get(s.address) ?? 0) + 1;
    this.attemptsByAddress.set(s.address, n);
    const perAddress = this.options.attemptsPerAddressPerMinute ?? ATTEMPTS_PER_ADDRESS_PER_MINUTE;
    return s.attempts <= ATTEMPTS_PER_CONNECTION && n <= perAddress;
  }

  /**
   * Counts a register or auth attempt per device (in the database, across gateway processes); over it the
   * connection is closed and the device's tenant alarmed. (The connection's and address's budgets come first.)
   */
  private async attempt(s: Session, device: KnownDevice, deviceLimit: Parameters<typeof withinDeviceLimit>[1]) {
    if (!(await withinDeviceLimit(this.deps, deviceLimit))) {
      await this.alarm(s, device, 'rateLimited', { limit: deviceLimit.key.split(':')[1] });
      this.refuse(s, 'too many attempts for the device', device.imei);
      return false;
    }
    return true;
  }

  private async alarm(
    s: Session,
    device: KnownDevice,
    reason: IdentityAlarmReason,
    extra: Record<string, unknown> = {},
  ) {
    await raiseIdentityAlarm(this.deps, device, reason, { address: s.address, ...extra }).catch((err: unknown) =>
      this.deps.log.error({ err, imei: device.imei }, 'jt808: identity alarm failed'),
    );
  }

  private async identify(s: Session, h: Header): Promise<KnownDevice | null> {
    if (s.device) return s.device;
    const device = await findDeviceByImei(this.deps, deviceIdOf(h.phone));
    if (device) {
      s.device = device;
      s.phone = h.phone;
      s.v2019 = h.v2019;
      s.protocolVersion = h.protocolVersion;
    }
    return device;
  }

  private async handle(s: Session, raw: Buffer, received: number): Promise<void> {
    if (s.socket.destroyed || s.closing) return;
    let frame;
    try {
      frame = decodeFrame(raw);
    } catch (err) {
      this.countMalformed(
        s,
        { err: (err as Error).message, frame: raw.subarray(0, 32).toString('hex') },
        'jt808: malformed frame skipped',
      );
      return;
    }
    const { header: h, body } = frame;
    if (!s.authenticated) {
      // Before authentication: a few frames only, and register/auth attempts (and the device lookup) within
      // the connection's and the address's budget, all before the database is asked anything.
      s.frames++;
      const attempt = h.msgId === MSG.register || h.msgId === MSG.auth || !s.device;
      if (s.frames > FRAMES_BEFORE_AUTH || (attempt && !this.addressBudget(s))) {
        return this.refuse(s, 'too many frames or attempts before authentication', h.phone);
      }
    }
    try {
      const device = await this.identify(s, h);
      if (!device) {
        if (h.msgId === MSG.register)
          this.reply(s, h, MSG.registerReply, encodeRegisterReply(h.serial, REGISTER_RESULT.noTerminal));
        else this.general(s, h, 1);
        return this.refuse(s, 'unknown device', h.phone);
      }
      switch (h.msgId) {
        case MSG.register: {
          decodeRegister(body, h.v2019);
          if (!(await this.attempt(s, device, DEVICE_LIMITS.register(device.id)))) return;
          const code = await issueAuthCode(this.deps, device);
          if (!code) {
            // Registered already: the code is kept; only an operator's reset lets the device register again.
            this.reply(s, h, MSG.registerReply, encodeRegisterReply(h.serial, REGISTER_RESULT.terminalTaken));
            await this.alarm(s, device, 'reRegister');
            return this.refuse(s, 'already registered', h.phone);
          }
          device.authCode = code;
          device.terminalImei = null;
          this.reply(s, h, MSG.registerReply, encodeRegisterReply(h.serial, REGISTER_RESULT.ok, code));
          return;
        }
        case MSG.auth: {
          const auth = decodeAuth(body, h.v2019);
          if (!(await this.attempt(s, device, DEVICE_LIMITS.auth(device.id)))) return;
          // The stored code now, not the one read when the connection started (a reset may have come since).
          const current = await findDeviceByImei(this.deps, device.imei);
          const code = current?.authCode ?? null;
          if (!current || !code || !safeEqual(auth.code, code)) {
            this.general(s, h, 1);
            const failures = await withinDeviceLimit(this.deps, DEVICE_LIMITS.authFailure(device.id));
            if (!failures) await this.alarm(s, device, 'authFailures');
            return this.refuse(s, 'wrong auth code', h.phone);
          }
          if (h.v2019) {
            const imei = auth.imei ?? '';
            if (current.terminalImei && imei !== current.terminalImei) {
              this.general(s, h, 1);
              await this.alarm(s, device, 'imeiMismatch', { imei });
              return this.refuse(s, 'IMEI mismatch', h.phone);
            }
            if (!current.terminalImei && imei) await pinTerminalImei(this.deps, device, imei);
          }
          s.device = { ...device, authCode: code, terminalImei: current.terminalImei };
          s.authenticated = true;
          s.code = code;
          const before = this.sessions.get(device.imei);
          if (before && before !== s) before.socket.destroy();
          this.sessions.set(device.imei, s);
          this.general(s, h, 0);
          this.commandHooks?.connected(s.device);
          return;
        }
        case MSG.heartbeat:
          this.general(s, h, 0);
          return;
        case MSG.unregister:
          // Only the authenticated terminal may give its code up (then it registers anew).
          if (!s.authenticated || !s.code) {
            this.general(s, h, 1);
            return this.refuse(s, 'not authenticated', h.phone);
          }
          await clearRegistration(this.deps, device, s.code);
          device.authCode = null;
          s.authenticated = false;
          s.code = null;
          if (this.sessions.get(device.imei) === s) this.sessions.delete(device.imei);
          this.general(s, h, 0);
          return;
        case MSG.terminalReply: {
          const reply = decodeGeneralReply(body);
          this.deps.log.debug({ imei: device.imei, reply }, 'jt808: terminal reply');
          if (s.authenticated) this.commandHooks?.reply(device, { kind: 'general', ...reply });
          return;
        }
      }
      if (!s.authenticated) {
        this.general(s, h, 1);
        return this.refuse(s, 'not authenticated', h.phone);
      }
      switch (h.msgId) {
        case MSG.location: {
          const position = toPosition(decodeLocation(body), false, received);
          this.general(s, h, 0);
          this.writer.add(device, [position]);
          return;
        }
        case MSG.batchLocation: {
          const batch = decodeBatch(body);
          this.general(s, h, 0);
          this.writer.add(
            device,
            batch.locations.map((l) => toPosition(l, batch.type > 0, received)),
          );
          return;
        }
        case MSG.vehicleControlReply: {
          const r = decodeVehicleControlReply(body);
          this.general(s, h, 0);
          this.writer.add(device, [toPosition(r.location, false, received)]);
          this.commandHooks?.reply(device, { kind: 'control', replySerial: r.replySerial, location: r.location });
          return;
        }
        case MSG.locateReply: {
          const r = decodeLocateReply(body);
          this.general(s, h, 0);
          this.writer.add(device, [toPosition(r.location, false, received)]);
          this.commandHooks?.reply(device, { kind: 'locate', replySerial: r.replySerial, location: r.location });
          return;
        }
        default:
          this.general(s, h, 3);
      }
    } catch (err) {
      if (!(err instanceof FrameError)) {
        this.deps.log.error({ err, msgId: h.msgId, phone: h.phone }, 'jt808: frame handling failed');
        return;
      }
      this.general(s, h, 2);
      this.countMalformed(s, { err: err.message, msgId: h.msgId }, 'jt808: malformed body skipped');
    }
  }
}
