import type { AppDeps } from '../../core/deps.js';

/** One position to store, WGS-84, as decoded by a protocol. */
export interface PositionIn {
  fixTime: Date;
  lat: number;
  lon: number;
  altitude?: number;
  /** km/h */
  speed: number;
  course?: number;
  valid?: boolean;
  ignition?: boolean | null;
  alarm?: number;
  status?: number;
  /** metres */
  odometer?: number | null;
  satellites?: number | null;
  archived?: boolean;
  attributes?: Record<string, unknown>;
  /** performance.now() when the frame arrived (bench: frame -> live update). */
  receivedAt?: number;
}

export interface KnownDevice {
  tenantId: number;
  id: number;
  imei: string;
  /** The JT/T 808 auth code: the stored one, or (from the gateway) the one its connection authenticated with. */
  authCode: string | null;
  protocol?: 'jt808' | 'osmand';
  /** JT/T 808-2019: the IMEI pinned at the first authentication. */
  terminalImei?: string | null;
}

export interface Queued extends PositionIn {
  tenantId: number;
  deviceId: number;
  serverTime: Date;
}

export const GPS_CHANNEL = 'fleetdesk_gps';

/** How far ahead of the server's clock a fix time may be (device clocks drift; more is refused). */
export const FUTURE_FIX_SECONDS = 300;

export type Refusal = 'future' | 'range';

/**
 * The sanity check of every position before it is stored (both protocols): a fix time more than
 * `FUTURE_FIX_SECONDS` ahead of the server (it would stay the live position for good), coordinates outside
 * WGS-84, and numbers no device sends (not finite, a speed over 1,000 km/h, an altitude beyond ±100 km) are refused.
 * Fixable details are normalised (the course into 0-359, a non-finite odometer dropped).
 */
export function checkPosition(p: PositionIn, now: Date): Refusal | null {
  const t = p.fixTime.getTime();
  if (!Number.isFinite(t)) return 'range';
  if (t > now.getTime() + FUTURE_FIX_SECONDS * 1000) return 'future';
  if (!Number.isFinite(p.lat) || !Number.isFinite(p.lon) || Math.abs(p.lat) > 90 || Math.abs(p.lon) > 180)
    return 'range';
  if (!Number.isFinite(p.speed) || p.speed < 0 || p.speed > 1000) return 'range';
  if (p.altitude !== undefined && (!Number.isFinite(p.altitude) || Math.abs(p.altitude) > 100_000)) return 'range';
  if (p.course !== undefined) p.course = Number.isFinite(p.course) ? ((Math.round(p.course) % 360) + 360) % 360 : 0;
  if (p.odometer != null && (!Number.isFinite(p.odometer) || p.odometer < 0)) p.odometer = null;
  return null;
}

const COLUMNS = [
  'tenant_id',
  'device_id',
  'fix_time',
  'server_time',
  'lat',
  'lon',
  'altitude',
  'speed',
  'course',
  'valid',
  'ignition',
  'alarm',
  'status',
  'odometer',
  'satellites',
  'archived',
  'attributes',
] as const;

const TYPES: Record<(typeof COLUMNS)[number], string> = {
  tenant_id: 'int8',
  device_id: 'int8',
  fix_time: 'timestamptz',
  server_time: 'timestamptz',
  lat: 'float8',
  lon: 'float8',
  altitude: 'float4',
  speed: 'float4',
  course: 'int4',
  valid: 'bool',
  ignition: 'bool',
  alarm: 'int4',
  status: 'int4',
  odometer: 'float8',
  satellites: 'int4',
  archived: 'bool',
  attributes: 'jsonb',
};

/** A row's values in COLUMNS order; the DWORD alarm and status words are stored as signed int4. */
function values(p: Queued): unknown[] {
  return [
    p.tenantId,
    p.deviceId,
    p.fixTime.toISOString(),
    p.serverTime.toISOString(),
    p.lat,
    p.lon,
    p.altitude ?? 0,
    p.speed,
    p.course ?? 0,
    p.valid ?? true,
    p.ignition ?? null,
    (p.alarm ?? 0) | 0,
    (p.status ?? 0) | 0,
    p.odometer ?? null,
    p.satellites ?? null,
    p.archived ?? false,
    JSON.stringify(p.attributes ?? {}),
  ];
}

/**
 * The batched position writer: protocols `add` positions; every `intervalMs` (or at `maxBatch`) one statement
 * inserts them all, one upserts the devices' last positions (only when newer by fix time, so a late or
 * blind-area position never moves the live position back), and one `pg_notify` tells every API process which
 * devices moved. It never touches `cars`.
 */
export class PositionWriter {
  private queue: Queued[] = [];
  /** Refused positions per device since the last write (counted on the device in the next batch). */
  private refused = new Map<string, { tenantId: number; deviceId: number; future: number; range: number }>();
  /** Positions refused by `checkPosition` since start (tests and the bench read it). */
  rejected = 0;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private closed = false;
  written = 0;
  /** Called with each stored batch, in the writer's serial order (GPS part 2 derives events here). */
  afterWrite: ((batch: Queued[]) => Promise<unknown>) | null = null;

  constructor(
    private readonly deps: Pick<AppDeps, 'database' | 'clock' | 'log'>,
    private readonly options: { intervalMs: number; maxBatch: number } = { intervalMs: 100, maxBatch: 1000 },
  ) {}

  /** Queues the positions that pass `checkPosition`; answers how many were refused. */
  add(device: { tenantId: number; id: number }, positions: PositionIn[]): number {
    if (this.closed) return 0;
    const serverTime = this.deps.clock.now();
    let refused = 0;
    for (const p of positions) {
      const refusal = checkPosition(p, serverTime);
      if (refusal) {
        refused++;
        const key = `${device.tenantId}:${device.id}`;
        const c = this.refused.get(key) ?? { tenantId: device.tenantId, deviceId: device.id, future: 0, range: 0 };
        c[refusal]++;
        this.refused.set(key, c);
        continue;
      }
      this.queue.push({ ...p, tenantId: device.tenantId, deviceId: device.id, serverTime });
    }
    this.rejected += refused;
    if (this.queue.length >= this.options.maxBatch) void this.flush();
    else if (!this.timer && (this.queue.length || this.refused.size))
      this.timer = setTimeout(() => void this.flush(), this.options.intervalMs);
    return refused;
  }

  /** Writes what is queued; resolves when everything queued before the call is stored. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const batch = this.queue;
    this.queue = [];
    const refused = [...this.refused.values()];
    this.refused = new Map();
    this.flushing = this.flushing.then(async () => {
      if (refused.length)
        await this.countRefused(refused).catch((err: unknown) =>
          this.deps.log.error({ err }, 'gps: counting refused positions failed'),
        );
      for (let i = 0; i < batch.length; i += this.options.maxBatch) {
        await this.write(batch.slice(i, i + this.options.maxBatch)).catch((err: unknown) =>
          this.deps.log.error({ err, positions: batch.length }, 'gps: writing positions failed'),
        );
      }
    });
    return this.flushing;
  }

  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
  }

  /** Adds the refused positions to their devices' counters (shown on the device's page). */
  private async countRefused(list: { tenantId: number; deviceId: number; future: number; range: number }[]) {
    this.deps.log.warn(
      {
        devices: list.length,
        future: list.reduce((n, c) => n + c.future, 0),
        range: list.reduce((n, c) => n + c.range, 0),
      },
      'gps: positions refused (fix time ahead of the server or coordinates out of range)',
    );
    await this.deps.database.query(
      `update gps_devices d set rejected_future = d.rejected_future + r.f, rejected_range = d.rejected_range + r.g,
         rejected_at = $5
       from unnest($1::int8[], $2::int8[], $3::int4[], $4::int4[]) as r(t, i, f, g)
       where d.tenant_id = r.t and d.id = r.i`,
      [
        list.map((c) => c.tenantId),
        list.map((c) => c.deviceId),
        list.map((c) => c.future),
        list.map((c) => c.range),
        this.deps.clock.now().toISOString(),
      ],
    );
  }

  private async write(batch: Queued[]): Promise<void> {
    if (!batch.length) return;
    // One array per column (unnest): 17 parameters per table whatever the batch size.
    const columnsOf = (rows: Queued[]) => {
      const cols: unknown[][] = COLUMNS.map(() => []);
      for (const p of rows) values(p).forEach((v, i) => cols[i]!.push(v));
      return cols;
    };
    const unnest = (from: number) => `unnest(${COLUMNS.map((c, i) => `$${from + i}::${TYPES[c]}[]`).join(', ')})`;
    // The newest of each device in the batch; the upsert keeps the stored one when it is newer.
    const newest = new Map<string, Queued>();
    for (const p of batch) {
      const key = `${p.tenantId}:${p.deviceId}`;
      const seen = newest.get(key);
      if (!seen || p.fixTime >= seen.fixTime) newest.set(key, p);
    }
    const set = COLUMNS.filter((c) => c !== 'tenant_id' && c !== 'device_id')
      .map((c) => `${c} = excluded.${c}`)
      .join(', ');
    // One statement (one round trip, one transaction) for the positions and the last positions: the writer is
    // serial, so every round trip it waits for is a batch the flood waits for (docs/gps.md, Benchmarks).
    const moved = await this.deps.database.query<{ tenant_id: number; device_id: number }>(
      `with stored as (insert into gps_positions (${COLUMNS.join(',')}) select * from ${unnest(1)})
       insert into gps_last_positions (${COLUMNS.join(',')}, updated_at) select *, now() from ${unnest(COLUMNS.length + 1)}
       on conflict (tenant_id, device_id) do update set ${set}, updated_at = now()
       where excluded.fix_time >= gps_last_positions.fix_time
       returning tenant_id, device_id`,
      [...columnsOf(batch), ...columnsOf([...newest.values()])],
    );
    this.written += batch.length;
    if (this.afterWrite)
      await this.afterWrite(batch).catch((err: unknown) =>
        this.deps.log.error({ err, positions: batch.length }, 'gps: deriving events failed'),
      );
    if (!moved.rows.length) return;
    const byTenant = new Map<number, number[]>();
    for (const r of moved.rows) {
      const list = byTenant.get(Number(r.tenant_id)) ?? [];
      list.push(Number(r.device_id));
      byTenant.set(Number(r.tenant_id), list);
    }
    const received = Math.min(...batch.map((p) => p.receivedAt ?? Infinity));
    for (const [tenantId, ids] of byTenant) {
      // A NOTIFY payload is at most 8000 bytes: 500 ids a message.
      for (let i = 0; i < ids.length; i += 500) {
        const payload = JSON.stringify({
          t: tenantId,
          d: ids.slice(i, i + 500),
          r: Number.isFinite(received) ? received : 0,
        });
        await this.deps.database.query('select pg_notify($1, $2)', [GPS_CHANNEL, payload]);
      }
    }
  }
}

type DeviceRow = {
  tenant_id: number;
  id: number;
  imei: string;
  auth_code: string | null;
  protocol: 'jt808' | 'osmand';
  terminal_imei: string | null;
};
const deviceOf = (r: DeviceRow): KnownDevice => ({
  tenantId: Number(r.tenant_id),
  id: Number(r.id),
  imei: r.imei,
  authCode: r.auth_code,
  protocol: r.protocol,
  terminalImei: r.terminal_imei,
});

/** A device by its number (JT/T 808: the header's phone). */
export async function findDeviceByImei(deps: Pick<AppDeps, 'database'>, imei: string): Promise<KnownDevice | null> {
  const { rows } = await deps.database.query<DeviceRow>(
    'select tenant_id, id, imei, auth_code, protocol, terminal_imei from gps_devices where imei = $1',
    [imei],
  );
  return rows[0] ? deviceOf(rows[0]) : null;
}

/** An OsmAnd device by the SHA-256 of its secret identifier; a JT/T 808 device never matches. */
export async function findOsmandDevice(deps: Pick<AppDeps, 'database'>, keyHash: string): Promise<KnownDevice | null> {
  const { rows } = await deps.database.query<DeviceRow>(
    `select tenant_id, id, imei, auth_code, protocol, terminal_imei from gps_devices
     where osmand_key_hash = $1 and protocol = 'osmand'`,
    [keyHash],
  );
  return rows[0] ? deviceOf(rows[0]) : null;
}

/** Clears the auth code (0x0003 unregister) when it is still the one given. */
export async function clearRegistration(deps: Pick<AppDeps, 'database'>, device: KnownDevice, code: string) {
  await deps.database.query(
    `update gps_devices set auth_code = null, registered_at = null, terminal_imei = null
     where tenant_id = $1 and id = $2 and auth_code = $3`,
    [device.tenantId, device.id, code],
  );
}

/** Pins a 2019 terminal's IMEI at its first authentication with the current code. */
export async function pinTerminalImei(deps: Pick<AppDeps, 'database'>, device: KnownDevice, imei: string) {
  await deps.database.query(
    `update gps_devices set terminal_imei = $3 where tenant_id = $1 and id = $2 and terminal_imei is null`,
    [device.tenantId, device.id, imei],
  );
}
