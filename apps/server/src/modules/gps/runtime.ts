import pg from 'pg';
import type { AppDeps } from '../../core/deps.js';
import { GPS_CHANNEL, PositionWriter } from './ingest.js';
import { Jt808Gateway } from './jt808/gateway.js';
import { eventPipeline, eventsSettled } from './events/events.js';
import { CommandDispatcher } from './commands/dispatcher.js';
import { onCommandQueued } from './commands/commands.service.js';

export interface LiveEvent {
  tenantId: number;
  deviceIds: number[];
  /** performance.now() of the earliest frame in the batch (same process only; bench). */
  receivedAt: number;
}
type Listener = (e: LiveEvent) => void;

/**
 * Hears which devices moved, from whichever process wrote them: PostgreSQL LISTEN on one connection of its
 * own (reconnected after a second when lost), or PGlite's in-process listener.
 */
export class LiveHub {
  private listeners = new Set<Listener>();
  private client: pg.Client | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private started: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly deps: Pick<AppDeps, 'database' | 'log'>) {}

  start(): Promise<void> {
    this.started ??= this.connect();
    return this.started;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(payload: string | undefined): void {
    if (!payload) return;
    try {
      const p = JSON.parse(payload) as { t: number; d: number[]; r: number };
      const e = { tenantId: p.t, deviceIds: p.d, receivedAt: p.r };
      for (const l of this.listeners) l(e);
    } catch (err) {
      this.deps.log.warn({ err }, 'gps: bad live payload');
    }
  }

  private async connect(): Promise<void> {
    const database = this.deps.database;
    if (database.kind === 'pglite') {
      this.unlisten = await database.pglite!.listen(GPS_CHANNEL, (payload) => this.emit(payload));
      return;
    }
    const client = new pg.Client({ connectionString: database.url!, application_name: 'fleetdesk-gps-live' });
    const lost = () => {
      if (this.client !== client) return;
      this.client = null;
      if (this.closed) return;
      setTimeout(() => void this.connect().catch(() => undefined), 1000).unref();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (msg) => msg.channel === GPS_CHANNEL && this.emit(msg.payload));
    this.client = client;
    await client.connect();
    await client.query(`listen ${GPS_CHANNEL}`);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    if (this.unlisten) await this.unlisten().catch(() => undefined);
    const c = this.client;
    this.client = null;
    if (c) await c.end().catch(() => undefined);
  }
}

export interface GpsRuntime {
  writer: PositionWriter;
  hub: LiveHub;
  gateway: Jt808Gateway;
  /** Sends queued commands to the terminals connected to this process's gateway. */
  commands: CommandDispatcher;
}

const runtimes = new WeakMap<object, GpsRuntime>();

/** The process's GPS pieces for these deps: one writer, one live hub, one gateway (listening only if started). */
export function gpsRuntime(deps: AppDeps): GpsRuntime {
  let r = runtimes.get(deps);
  if (!r) {
    const writer = new PositionWriter(deps, {
      intervalMs: deps.config.GPS_WRITE_INTERVAL_MS,
      maxBatch: 1000,
    });
    if (deps.config.GPS_EVENTS === 'on') writer.afterWrite = eventPipeline(deps);
    const gateway = new Jt808Gateway(deps, writer, {
      maxConnections: deps.config.GPS_MAX_CONNECTIONS,
      maxConnectionsPerAddress: deps.config.GPS_MAX_CONNECTIONS_PER_ADDRESS,
      authTimeoutSeconds: deps.config.GPS_AUTH_TIMEOUT_SECONDS,
      attemptsPerAddressPerMinute: deps.config.GPS_AUTH_ATTEMPTS_PER_ADDRESS_PER_MINUTE,
    });
    const commands = new CommandDispatcher(deps, gateway);
    gateway.commandHooks = commands;
    // A command queued in this process goes out at once when this process holds the device's connection.
    onCommandQueued(deps, () => void commands.kick());
    r = { writer, hub: new LiveHub(deps), gateway, commands };
    runtimes.set(deps, r);
  }
  return r;
}

export async function closeGpsRuntime(deps: AppDeps): Promise<void> {
  const r = runtimes.get(deps);
  if (!r) return;
  runtimes.delete(deps);
  await r.commands.close();
  await r.gateway.close();
  await r.writer.close();
  await eventsSettled(deps);
  await r.hub.close();
}
