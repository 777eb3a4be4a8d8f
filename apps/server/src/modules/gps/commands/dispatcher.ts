import type { GpsCommandType } from '@fleetdesk/contracts/gps-commands';
import { GPS_COMMAND_EXPIRY_HOURS } from '@fleetdesk/contracts/gps-commands';
import type { AppDeps } from '../../../core/deps.js';
import { tenantRules } from '../../settings/settings.service.js';
import type { KnownDevice } from '../ingest.js';
import { MSG, encodeCommand, fuelCutOf, type Location } from '../jt808/codec.js';
import type { CommandHooks, CommandReply, Jt808Gateway } from '../jt808/gateway.js';
import {
  addCommandStep,
  answerCommand,
  claimSent,
  queuedCommands,
  requeue,
  sentBySerial,
} from './commands.repository.js';
import { RECENT_POSITION_SECONDS, logCommand, recentMotion, stepJson } from './commands.service.js';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'log'>;

/** How often the gateway's process looks for queued commands of the devices it holds. */
export const COMMAND_POLL_MS = 1000;

/** The downlink each command type is sent as (a general reply names it). */
const DOWNLINK: Record<GpsCommandType, number> = {
  fuelCut: MSG.vehicleControl,
  fuelRestore: MSG.vehicleControl,
  locate: MSG.locate,
  interval: MSG.setParams,
  reboot: MSG.terminalControl,
};

const RESULT_TEXT: Record<number, string> = { 0: 'ok', 1: 'failure', 2: 'bad message', 3: 'unsupported' };

function where(l: Location): string {
  return `${l.lat.toFixed(6)},${l.lon.toFixed(6)} ${l.speed} km/h at ${l.time.toISOString()}`;
}

/**
 * Delivers queued commands from the process that holds the devices' JT/T 808 connections (the API process with
 * the embedded gateway, or the gateway process): every `COMMAND_POLL_MS`, when a terminal authenticates, and at
 * once when this process queued one, it reads the queued commands of the connected devices (one query), claims
 * each (`queued` -> `sent` with the serial reserved for it) and writes the downlink. Commands of one device go in
 * order; a fuel cut not forced waits (and the device's later commands with it) while the device's last position is
 * faster than the tenant's safe speed. Replies are matched by the serial they name and settle the command.
 * Works across processes because the table is the queue: the API inserts, whoever holds the connection sends.
 */
export class CommandDispatcher implements CommandHooks {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private replies: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly deps: Deps,
    private readonly gateway: Jt808Gateway,
  ) {}

  /** Starts the poll (idempotent); the first authenticated terminal starts it. */
  start(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => this.kick(), COMMAND_POLL_MS);
    this.timer.unref();
  }

  connected(): void {
    this.start();
    this.kick();
  }

  reply(device: KnownDevice, reply: CommandReply): void {
    this.replies = this.replies
      .then(() => this.settle(device, reply))
      .catch((err: unknown) => this.deps.log.error({ err, imei: device.imei }, 'gps command: reply failed'));
  }

  /** Runs a dispatch now, or once more after the one running. */
  kick(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.dispatch();
        } while (this.again && !this.closed);
      } catch (err) {
        this.deps.log.error({ err }, 'gps command: dispatch failed');
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** Waits for the running dispatch and the replies received so far (tests, shutdown). */
  async settled(): Promise<void> {
    await this.running;
    await this.replies;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.settled();
  }

  private async dispatch(): Promise<void> {
    const devices = this.gateway.connectedDevices();
    if (!devices.length) return;
    const byId = new Map(devices.map((d) => [d.id, d]));
    const now = this.deps.clock.now();
    const rows = await queuedCommands(
      this.deps.db,
      [...byId.keys()],
      new Date(now.getTime() - GPS_COMMAND_EXPIRY_HOURS * 3600_000).toISOString(),
    );
    if (!rows.length) return;
    const blocked = new Set<number>();
    const safeSpeeds = new Map<number, number>();
    // The devices with a fuel cut to check: their positions received recently (by server time).
    const toCheck = new Map<number, number[]>();
    for (const r of rows)
      if (r.commandType === 'fuelCut' && !r.forced) {
        const list = toCheck.get(r.tenantId) ?? [];
        list.push(r.deviceId);
        toCheck.set(r.tenantId, list);
      }
    const motion = new Map<number, { positions: number; speed: number | null }>();
    for (const [tenantId, ids] of toCheck)
      for (const [id, m] of await recentMotion(this.deps, tenantId, ids, now)) motion.set(id, m);
    for (const r of rows) {
      const { tenantId, deviceId, id } = r;
      const device = byId.get(deviceId);
      if (!device || device.tenantId !== tenantId || blocked.has(deviceId)) continue;
      // Only on a connection that authenticated with the device's current code (not after a reset or a new code).
      if (!device.authCode || r.authCode !== device.authCode) {
        blocked.add(deviceId);
        this.gateway.drop(device.imei, 'auth code no longer current');
        continue;
      }
      const type = r.commandType;
      if (type === 'fuelCut' && !r.forced) {
        let safe = safeSpeeds.get(tenantId);
        if (safe === undefined) {
          safe = (await tenantRules(this.deps, tenantId)).gpsEvents.safeSpeedKmh;
          safeSpeeds.set(tenantId, safe);
        }
        const m = motion.get(deviceId) ?? { positions: 0, speed: null };
        const speed = m.speed;
        // Held while the car is too fast, and while nothing was received recently (its speed is unknown).
        const note = !m.positions
          ? `no position in ${RECENT_POSITION_SECONDS} s`
          : speed !== null && speed > safe
            ? `${Math.round(speed)} > ${safe} km/h`
            : null;
        if (note) {
          blocked.add(deviceId);
          const last = r.steps.at(-1);
          const unknown = (n: string | null | undefined) => n?.startsWith('no position') ?? false;
          if (last?.step !== 'held' || unknown(last.note) !== unknown(note))
            await addCommandStep(this.deps.db, tenantId, id, 'queued', stepJson('held', now, note), now.toISOString());
          continue;
        }
      }
      const v2019 = this.gateway.v2019Of(device.imei);
      const serial = this.gateway.allocateSerial(device.imei);
      if (v2019 === null || serial === false) continue;
      const { msgId, body } = encodeCommand(type, r.params, v2019);
      const note = `0x${msgId.toString(16).padStart(4, '0')} #${serial}`;
      const claimed = await claimSent(
        this.deps.db,
        tenantId,
        id,
        now.toISOString(),
        serial,
        stepJson('sent', now, note),
      );
      if (!claimed) continue;
      if (this.gateway.send(device.imei, msgId, body, serial) === false) {
        blocked.add(deviceId);
        await requeue(this.deps.db, tenantId, id, stepJson('requeued', this.deps.clock.now()));
      }
    }
  }

  private async settle(device: KnownDevice, reply: CommandReply): Promise<void> {
    const r = await sentBySerial(this.deps.db, device.tenantId, device.id, reply.replySerial);
    if (!r) {
      this.deps.log.debug({ imei: device.imei, reply }, 'gps command: reply to no command');
      return;
    }
    const type = r.commandType;
    const now = this.deps.clock.now();
    let outcome: { status: 'succeeded' | 'failed'; code: number; text: string } | null = null;
    if (reply.kind === 'general') {
      if (reply.replyId !== DOWNLINK[type]) return;
      if (reply.result !== 0)
        outcome = { status: 'failed', code: reply.result, text: RESULT_TEXT[reply.result] ?? `result ${reply.result}` };
      else if (type === 'interval') {
        outcome = { status: 'succeeded', code: 0, text: `interval ${r.params.intervalSeconds} s` };
      } else if (type === 'reboot') outcome = { status: 'succeeded', code: 0, text: 'rebooting' };
      else {
        // Fuel control and locate answer 0x0001 first; their 0x0500 / 0x0201 settles them.
        await addCommandStep(
          this.deps.db,
          device.tenantId,
          r.id,
          'sent',
          stepJson('acknowledged', now, 'result 0'),
          now.toISOString(),
        );
        return;
      }
    } else if (reply.kind === 'control') {
      if (type !== 'fuelCut' && type !== 'fuelRestore') return;
      const cut = fuelCutOf(reply.location.status);
      const ok = cut === (type === 'fuelCut');
      outcome = {
        status: ok ? 'succeeded' : 'failed',
        code: ok ? 0 : 1,
        text: `fuel ${cut ? 'cut' : 'connected'} (status bit 10 = ${cut ? 1 : 0}); ${where(reply.location)}`,
      };
    } else {
      if (type !== 'locate') return;
      outcome = { status: 'succeeded', code: 0, text: where(reply.location) };
    }
    const done = await answerCommand(this.deps.db, device.tenantId, r.id, {
      status: outcome.status,
      at: now.toISOString(),
      code: outcome.code,
      text: outcome.text,
      step: stepJson(outcome.status, now, outcome.text),
    });
    if (!done) return;
    await logCommand(this.deps, {
      tenantId: device.tenantId,
      rentId: r.rentId,
      userId: null,
      username: null,
      action: 'deviceCommand.result',
      commandId: r.id,
      summary: {
        imei: device.imei,
        commandType: type,
        status: outcome.status,
        resultCode: outcome.code,
        resultText: outcome.text,
      },
      at: now,
    });
  }
}
