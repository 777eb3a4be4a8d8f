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

  add(device: { tenantId: number; id: number }, positions: PositionIn[]): void {
    if (this.closed) return;
    const serverTime = this.deps.clock.now();
    for (const p of positions) this.queue.push({ ...p, tenantId: device.tenantId, deviceId: device.id, serverTime });
    if (this.queue.length >= this.options.maxBatch) void this.flush();
    else if (!this.timer) this.timer = setTimeout(() => void this.flush(), this.options.intervalMs);
  }

  /** Writes what is queued; resolves when everything queued before the call is stored. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const batch = this.queue;
    this.queue = [];
    this.flushing = this.flushing.then(async () => {
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
