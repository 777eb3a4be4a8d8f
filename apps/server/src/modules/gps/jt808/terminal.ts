import net from 'node:net';
import {
  MSG,
  decodeFrame,
  decodeGeneralReply,
  decodeRegisterReply,
  encodeAuth,
  encodeFrame,
  encodeLocation,
  encodeRegister,
  splitFrames,
  type Frame,
  type LocationInput,
} from './codec.js';

/**
 * A simulated JT/T 808 terminal over TCP: register (0x0100) -> auth (0x0102) -> locations (0x0200) and
 * heartbeats, answering the platform's replies. The simulator CLI, the e2e test and the bench drive cars with it.
 */
export class SimTerminal {
  private socket: net.Socket | null = null;
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: ((f: Frame) => void)[] = [];
  private serial = 0;
  /** Called with each general reply to a location (the bench measures with it). */
  onAck: ((serial: number) => void) | null = null;

  constructor(
    readonly phone: string,
    private readonly options: { v2019?: boolean } = {},
  ) {}

  async connect(host: string, port: number): Promise<void> {
    const socket = net.connect(port, host);
    socket.setNoDelay(true);
    this.socket = socket;
    socket.on('data', (chunk) => {
      const { frames, rest } = splitFrames(this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk);
      this.buffer = rest;
      for (const raw of frames) {
        const f = decodeFrame(raw);
        const w = this.waiting.shift();
        if (w) w(f);
        else if (f.header.msgId === MSG.platformReply && this.onAck) this.onAck(decodeGeneralReply(f.body).replySerial);
      }
    });
    socket.on('error', () => undefined);
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
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Registers and authenticates; throws when the platform refuses. */
  async login(): Promise<void> {
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
    const authAnswer = this.reply();
    this.send(MSG.auth, encodeAuth({ code: reg.authCode, imei: this.phone, softwareVersion: 'sim' }, v2019));
    const auth = decodeGeneralReply((await authAnswer).body);
    if (auth.result !== 0) throw new Error('auth refused');
  }

  location(l: LocationInput): number {
    return this.send(MSG.location, encodeLocation(l));
  }

  heartbeat(): number {
    return this.send(MSG.heartbeat, Buffer.alloc(0));
  }

  close(): void {
    this.socket?.destroy();
  }
}
