import type { GpsCommandType } from '@fleetdesk/contracts/gps-commands';
import { GPS_COMMAND_EXPIRY_HOURS } from '@fleetdesk/contracts/gps-commands';
import type { AppDeps } from '../../../core/deps.js';
import { tenantRules } from '../../settings/settings.service.js';
import type { KnownDevice } from '../ingest.js';
import { MSG, encodeCommand, fuelCutOf, type Location } from '../jt808/codec.js';
import type { CommandHooks, CommandReply, Jt808Gateway } from '../jt808/gateway.js';
import { RECENT_POSITION_SECONDS, logCommand, recentMotion, stepJson } from './commands.service.js';

type Deps = Pick<AppDeps, 'database' | 'db' | 'clock' | 'log'>;
type Row = Record<string, unknown>;

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
    const { rows } = await this.deps.database.query<Row>(
      `select c.tenant_id, c.id, c.device_id, c.command_type, c.params, c.forced, c.steps, d.auth_code
       from gps_commands c
       join gps_devices d on d.tenant_id = c.tenant_id and d.id = c.device_id
       where c.status = 'queued' and c.device_id = any($1::int8[]) and c.queued_at >= $2
       order by c.device_id, c.id`,
      [[...byId.keys()], new Date(now.getTime() - GPS_COMMAND_EXPIRY_HOURS * 3600_000).toISOString()],
    );
    if (!rows.length) return;
    const blocked = new Set<number>();
    const safeSpeeds = new Map<number, number>();
    // The devices with a fuel cut to check: their positions received recently (by server time).
    const toCheck = new Map<number, number[]>();
    for (const r of rows)
      if (r.command_type === 'fuelCut' && !r.forced) {
        const list = toCheck.get(Number(r.tenant_id)) ?? [];
        list.push(Number(r.device_id));
        toCheck.set(Number(r.tenant_id), list);
      }
    const motion = new Map<number, { positions: number; speed: number | null }>();
    for (const [tenantId, ids] of toCheck)
      for (const [id, m] of await recentMotion(this.deps, tenantId, ids, now)) motion.set(id, m);
    for (const r of rows) {
      const tenantId = Number(r.tenant_id);
      const deviceId = Number(r.device_id);
      const device = byId.get(deviceId);
      if (!device || device.tenantId !== tenantId || blocked.has(deviceId)) continue;
      // Only on a connection that authenticated with the device's current code (not after a reset or a new code).
      if (!device.authCode || r.auth_code !== device.authCode) {
        blocked.add(deviceId);
        this.gateway.drop(device.imei, 'auth code no longer current');
        continue;
      }
      const id = Number(r.id);
      const type = r.command_type as GpsCommandType;
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
          const steps = (typeof r.steps === 'string' ? JSON.parse(r.steps) : r.steps) as {
            step: string;
            note?: string;
          }[];
          const last = steps.at(-1);
          const unknown = (n: string | undefined) => n?.startsWith('no position') ?? false;
          if (last?.step !== 'held' || unknown(last.note) !== unknown(note))
            await this.deps.database.query(
              `update gps_commands set steps = steps || $3::jsonb, updated_at = $4
               where tenant_id = $1 and id = $2 and status = 'queued'`,
              [tenantId, id, stepJson('held', now, note), now.toISOString()],
            );
          continue;
        }
      }
      const v2019 = this.gateway.v2019Of(device.imei);
      const serial = this.gateway.allocateSerial(device.imei);
      if (v2019 === null || serial === false) continue;
      const params = (typeof r.params === 'string' ? JSON.parse(r.params) : r.params) as { intervalSeconds?: number };
      const { msgId, body } = encodeCommand(type, params, v2019);
      const note = `0x${msgId.toString(16).padStart(4, '0')} #${serial}`;
      const { rows: claimed } = await this.deps.database.query(
        `update gps_commands set status = 'sent', sent_at = $3, serial = $4, updated_at = $3,
           steps = steps || $5::jsonb
         where tenant_id = $1 and id = $2 and status = 'queued' returning id`,
        [tenantId, id, now.toISOString(), serial, stepJson('sent', now, note)],
      );
      if (!claimed.length) continue;
      if (this.gateway.send(device.imei, msgId, body, serial) === false) {
        blocked.add(deviceId);
        await this.deps.database.query(
          `update gps_commands set status = 'queued', sent_at = null, serial = null, steps = steps || $3::jsonb
           where tenant_id = $1 and id = $2 and status = 'sent'`,
          [tenantId, id, stepJson('requeued', this.deps.clock.now())],
        );
      }
    }
  }

  private async settle(device: KnownDevice, reply: CommandReply): Promise<void> {
    const { rows } = await this.deps.database.query<Row>(
      `select id, rent_id, command_type, params from gps_commands
       where tenant_id = $1 and device_id = $2 and status = 'sent' and serial = $3
       order by sent_at desc, id desc limit 1`,
      [device.tenantId, device.id, reply.replySerial],
    );
    const r = rows[0];
    if (!r) {
      this.deps.log.debug({ imei: device.imei, reply }, 'gps command: reply to no command');
      return;
    }
    const type = r.command_type as GpsCommandType;
    const now = this.deps.clock.now();
    let outcome: { status: 'succeeded' | 'failed'; code: number; text: string } | null = null;
    if (reply.kind === 'general') {
      if (reply.replyId !== DOWNLINK[type]) return;
      if (reply.result !== 0)
        outcome = { status: 'failed', code: reply.result, text: RESULT_TEXT[reply.result] ?? `result ${reply.result}` };
      else if (type === 'interval') {
        const params = (typeof r.params === 'string' ? JSON.parse(r.params) : r.params) as { intervalSeconds?: number };
        outcome = { status: 'succeeded', code: 0, text: `interval ${params.intervalSeconds} s` };
      } else if (type === 'reboot') outcome = { status: 'succeeded', code: 0, text: 'rebooting' };
      else {
        // Fuel control and locate answer 0x0001 first; their 0x0500 / 0x0201 settles them.
        await this.deps.database.query(
          `update gps_commands set steps = steps || $3::jsonb, updated_at = $4
           where tenant_id = $1 and id = $2 and status = 'sent'`,
          [device.tenantId, r.id, stepJson('acknowledged', now, 'result 0'), now.toISOString()],
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
    const { rows: done } = await this.deps.database.query(
      `update gps_commands set status = $3, answered_at = $4, result_code = $5, result_text = $6, updated_at = $4,
         steps = steps || $7::jsonb
       where tenant_id = $1 and id = $2 and status = 'sent' returning id`,
      [
        device.tenantId,
        r.id,
        outcome.status,
        now.toISOString(),
        outcome.code,
        outcome.text,
        stepJson(outcome.status, now, outcome.text),
      ],
    );
    if (!done.length) return;
    await logCommand(this.deps, {
      tenantId: device.tenantId,
      rentId: Number(r.rent_id),
      userId: null,
      username: null,
      action: 'deviceCommand.result',
      commandId: Number(r.id),
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
