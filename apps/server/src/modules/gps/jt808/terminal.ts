import net from 'node:net';
import {
  CONTROL_COMMANDS,
  MSG,
  PARAM_IDS,
  STATUS_BITS,
  decodeFuelControl,
  decodeSetParams,
  decodeTerminalControl,
  decodeFrame,
  decodeGeneralReply,
  decodeRegisterReply,
  encodeAuth,
  encodeFrame,
  encodeGeneralReply,
  encodeLocation,
  encodeLocationReply,
  encodeRegister,
  splitFrames,
  type Frame,
  type LocationInput,
} from './codec.js';

const COMMAND_IDS = new Set<number>([MSG.vehicleControl, MSG.locate, MSG.setParams, MSG.terminalControl]);

/** A platform command the terminal received and how it answered. */
export interface ReceivedCommand {
  msgId: number;
  serial: number;
  result: number;
  at: Date;
}

const FUEL_BITS = (1 << STATUS_BITS.fuelCut) | (1 << STATUS_BITS.circuitCut);

/**
 * A simulated JT/T 808 terminal over TCP: register (0x0100) -> auth (0x0102) -> locations (0x0200) and
 * heartbeats, answering the platform's replies. The simulator CLI, the e2e test and the bench drive cars with it.
 *
 * It answers platform commands as a terminal with a fuel relay does: 0x8500 fuel control -> 0x0001 result 0,
 * then 0x0500 with its location whose status bits 10/11 show the new fuel state (which every later location
 * reports too); 0x8201 locate -> 0x0201 with its location; 0x8103 parameters (0x0029 reporting interval) and
 * 0x8105 terminal control (4 reboot) -> 0x0001. `unsupported` lists message ids it answers with result 3.
 */
export class SimTerminal {
  private socket: net.Socket | null = null;
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (f: Frame) => void; reject: (err: Error) => void }[] = [];
  private serial = 0;
  /** Called with each general reply to a location (the bench measures with it). */
  onAck: ((serial: number) => void) | null = null;
  /** Called after the terminal answered a platform command. */
  onCommand: ((c: ReceivedCommand) => void) | null = null;
  /** The fuel relay: true while fuel and circuit are cut. */
  fuelCut = false;
  /** The reporting interval set by the platform (0x8103 parameter 0x0029), seconds; null until set. */
  intervalSeconds: number | null = null;
  /** How many reboots the platform asked for. */
  reboots = 0;
  readonly commands: ReceivedCommand[] = [];
  /** Where the terminal is: the last location it reported (answers to locate and fuel control carry it). */
  position: LocationInput | null = null;

  constructor(
    readonly phone: string,
    private readonly options: {
      v2019?: boolean;
      unsupported?: number[];
      clock?: () => Date;
      /** The auth code the terminal keeps from its registration (then it only authenticates). */
      authCode?: string;
      /** The IMEI a 2019 terminal proves when it authenticates. */
      imei?: string;
    } = {},
  ) {
    this.authCode = options.authCode ?? null;
  }

  /** The auth code kept from the registration (a terminal registers once and keeps it). */
  authCode: string | null;

  async connect(host: string, port: number): Promise<void> {
    const socket = net.connect(port, host);
    socket.setNoDelay(true);
    this.socket = socket;
    socket.on('data', (chunk) => {
      const { frames, rest } = splitFrames(this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk);
      this.buffer = rest;
      for (const raw of frames) {
        const f = decodeFrame(raw);
        if (COMMAND_IDS.has(f.header.msgId)) {
          this.answerCommand(f);
          continue;
        }
        const w = this.waiting.shift();
        if (w) w.resolve(f);
        else if (f.header.msgId === MSG.platformReply && this.onAck) this.onAck(decodeGeneralReply(f.body).replySerial);
      }
    });
    socket.on('error', () => undefined);
    // Refused without an answer (the gateway closed the connection): whoever waits for one hears so.
    socket.on('close', () => {
      for (const w of this.waiting.splice(0)) w.reject(new Error('connection closed'));
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('error', reject);
    });
  }

  private send(msgId: number, body: Buffer): number {
    const serial = this.serial++ & 0xffff;
    this.socket!.write(encodeFrame({ msgId, phone: this.phone, serial, v2019: this.options.v2019 ?? false }, body));
    return serial;
  }

  private reply(): Promise<Frame> {
    if (this.socket?.destroyed) return Promise.reject(new Error('connection closed'));
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  /** Registers unless it has a code, then authenticates; throws when the platform refuses. */
  async login(): Promise<void> {
    if (!this.authCode) this.authCode = await this.register();
    const v2019 = this.options.v2019 ?? false;
    const authAnswer = this.reply();
    this.send(
      MSG.auth,
      encodeAuth({ code: this.authCode, imei: this.options.imei ?? this.phone, softwareVersion: 'sim' }, v2019),
    );
    const auth = decodeGeneralReply((await authAnswer).body);
    if (auth.result !== 0) throw new Error('auth refused');
  }

  /** Registers (0x0100); answers the auth code, throws with the result when refused. */
  async register(): Promise<string> {
    const v2019 = this.options.v2019 ?? false;
    const answer = this.reply();
    this.send(
      MSG.register,
      encodeRegister(
        {
          province: 33,
          city: 100,
          maker: 'FDSIM',
          model: 'JT-W100',
          terminalId: this.phone.slice(-7),
          plateColour: 0,
          plate: '',
        },
        v2019,
      ),
    );
    const reg = decodeRegisterReply((await answer).body);
    if (reg.result !== 0 || !reg.authCode) throw new Error(`register refused: ${reg.result}`);
    return reg.authCode;
  }

  /** Reports a location; the status word carries the fuel relay's state (bits 10 and 11). */
  location(l: LocationInput): number {
    this.position = l;
    return this.send(MSG.location, encodeLocation(this.withFuelState(l)));
  }

  private withFuelState(l: LocationInput): LocationInput {
    const status = ((l.status ?? 0b11) & ~FUEL_BITS) | (this.fuelCut ? FUEL_BITS : 0);
    return { ...l, status };
  }

  private here(): LocationInput {
    const now = this.options.clock?.() ?? new Date();
    const p = this.position ?? { lat: 0, lon: 0, speed: 0, status: 0b01 };
    return this.withFuelState({ ...p, time: now });
  }

  private answerCommand(f: Frame): void {
    const { msgId, serial, v2019 } = f.header;
    const general = (result: number) =>
      this.send(MSG.terminalReply, encodeGeneralReply({ replySerial: serial, replyId: msgId, result }));
    let result = 0;
    if (this.options.unsupported?.includes(msgId)) {
      result = 3;
      general(3);
    } else if (msgId === MSG.vehicleControl) {
      const cut = decodeFuelControl(f.body, v2019);
      if (cut === null) {
        result = 3;
        general(3);
      } else {
        general(0);
        this.fuelCut = cut;
        this.send(MSG.vehicleControlReply, encodeLocationReply(serial, encodeLocation(this.here())));
      }
    } else if (msgId === MSG.locate) {
      this.send(MSG.locateReply, encodeLocationReply(serial, encodeLocation(this.here())));
    } else if (msgId === MSG.setParams) {
      for (const p of decodeSetParams(f.body))
        if (p.id === PARAM_IDS.defaultInterval && p.value.length === 4) this.intervalSeconds = p.value.readUInt32BE(0);
      general(0);
    } else if (msgId === MSG.terminalControl) {
      const { command } = decodeTerminalControl(f.body);
      if (command === CONTROL_COMMANDS.reset) this.reboots++;
      else result = 3;
      general(result);
    }
    const c = { msgId, serial, result, at: new Date() };
    this.commands.push(c);
    this.onCommand?.(c);
  }

  /** Resolves with the next command the terminal answers (tests), or rejects after `ms`. */
  nextCommand(ms = 5000): Promise<ReceivedCommand> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no command arrived')), ms);
      const before = this.onCommand;
      this.onCommand = (c) => {
        clearTimeout(timer);
        this.onCommand = before;
        before?.(c);
        resolve(c);
      };
    });
  }

  heartbeat(): number {
    return this.send(MSG.heartbeat, Buffer.alloc(0));
  }

  close(): void {
    this.socket?.destroy();
  }
}
