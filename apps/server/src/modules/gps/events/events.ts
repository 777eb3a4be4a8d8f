import type { GpsEventType } from '@fleetdesk/contracts/gps-events';
import type { TenantRules } from '@fleetdesk/contracts/organisation';
import type { AppDeps } from '../../../core/deps.js';
import type { RawNumber, RawTime } from '../../../core/db.js';
import type { PositionIn } from '../ingest.js';
import { tenantRules } from '../../settings/settings.service.js';
import { durableSubscriberPairs } from '../../../core/events.js';
import { geofenceIndex, type FenceFlags } from './geofence-index.js';

export type EventRules = TenantRules['gpsEvents'];

/** What the processor remembers of a device between positions (table gps_event_states). */
export interface DeviceState {
  fixTime: Date | null;
  serverTime: Date | null;
  ignition: boolean | null;
  activeAlarms: string[];
  overspeedSince: Date | null;
  overspeedRaised: boolean;
  online: boolean;
  geofenceIds: number[];
}

export const EMPTY_STATE: DeviceState = {
  fixTime: null,
  serverTime: null,
  ignition: null,
  activeAlarms: [],
  overspeedSince: null,
  overspeedRaised: false,
  online: false,
  geofenceIds: [],
};

export interface DerivedEvent {
  type: GpsEventType;
  at: Date;
  lat: number | null;
  lon: number | null;
  speed: number | null;
  geofenceId: number | null;
  attributes: Record<string, unknown>;
  alarm: boolean;
}

/** JT/T 808 alarm bits to our alarm types (Traccar's decodeAlarm: 7 low battery, 15 vibration, 16/17 tampering). */
const BIT_ALARMS: [number, GpsEventType][] = [
  [0, 'sos'],
  [8, 'powerCut'],
  [7, 'lowBattery'],
  [15, 'vibration'],
  [16, 'tamper'],
  [17, 'tamper'],
];
/** OsmAnd `alarm` attribute values (Traccar's names) to ours. */
const NAMED_ALARMS: Record<string, GpsEventType> = {
  sos: 'sos',
  powerCut: 'powerCut',
  powerOff: 'powerCut',
  tampering: 'tamper',
  vibration: 'vibration',
  lowBattery: 'lowBattery',
};

/** The alarm types a position carries (bits, the OsmAnd `alarm` attribute, a low phone battery). */
export function alarmsOf(p: PositionIn, rules: EventRules): Set<GpsEventType> {
  const out = new Set<GpsEventType>();
  const word = p.alarm ?? 0;
  if (word) for (const [bit, type] of BIT_ALARMS) if ((word >>> bit) & 1) out.add(type);
  const attrs = p.attributes ?? {};
  if (typeof attrs.alarm === 'string')
    for (const name of attrs.alarm.split(',')) {
      const t = NAMED_ALARMS[name.trim()];
      if (t) out.add(t);
    }
  const level = attrs.batteryLevel ?? attrs.batt;
  if (typeof level === 'number' && level < rules.lowBatteryPercent && attrs.charge !== true) out.add('lowBattery');
  return out;
}

/** Where a position's overspeed limit comes from. */
export type LimitSource = 'geofence' | 'carType' | 'tenant';
export interface SpeedLimitOf {
  kmh: number;
  source: LimitSource;
  geofenceId: number | null;
}

/**
 * The effective overspeed limit of a position: the lowest limit of the geofences containing it that have one,
 * else the car type's, else the tenant's (`overspeedKmh`; 0 there means no default limit).
 */
export function effectiveLimit(
  contained: readonly number[] | null,
  fences: (id: number) => FenceFlags | undefined,
  carTypeKmh: number | null,
  rules: EventRules,
): SpeedLimitOf {
  let best: SpeedLimitOf | null = null;
  for (const id of contained ?? []) {
    const kmh = fences(id)?.speedLimitKmh;
    if (kmh != null && kmh > 0 && (!best || kmh < best.kmh)) best = { kmh, source: 'geofence', geofenceId: id };
  }
  if (best) return best;
  if (carTypeKmh != null && carTypeKmh > 0) return { kmh: carTypeKmh, source: 'carType', geofenceId: null };
  return { kmh: rules.overspeedKmh, source: 'tenant', geofenceId: null };
}

/**
 * The events one position raises after `state` (Traccar's semantics): a position older than the last processed
 * one raises nothing but marks the device online; ignition on/off on a change between positions that both carry
 * it; an alarm once when it appears (not again while it stays, `ignoreDuplicateAlerts`); overspeed once per
 * episode after the minimum duration above the limit; geofence enter/exit by the difference of the sets of
 * bound geofences containing the last and this position (no hysteresis). `contained` is null when geofences
 * are not evaluated.
 */
export function deriveEvents(
  state: DeviceState,
  p: PositionIn,
  serverTime: Date,
  rules: EventRules,
  contained: number[] | null,
  fences: (id: number) => FenceFlags | undefined,
  /** The position's overspeed limit (`effectiveLimit`); the tenant's when left out. */
  limit: SpeedLimitOf = { kmh: rules.overspeedKmh, source: 'tenant', geofenceId: null },
): { state: DeviceState; events: DerivedEvent[] } {
  const events: DerivedEvent[] = [];
  const at = p.fixTime;
  const ev = (type: GpsEventType, alarm: boolean, extra: Partial<DerivedEvent> = {}) =>
    events.push({
      type,
      at,
      lat: p.lat,
      lon: p.lon,
      speed: p.speed,
      geofenceId: null,
      attributes: {},
      alarm,
      ...extra,
    });
  const next: DeviceState = { ...state, serverTime, online: true };
  if (!state.online) ev('online', false, { at: serverTime });
  if (state.fixTime && p.fixTime < state.fixTime) return { state: next, events };
  next.fixTime = p.fixTime;

  if (p.ignition != null) {
    if (state.ignition != null && state.ignition !== p.ignition) ev(p.ignition ? 'ignitionOn' : 'ignitionOff', false);
    next.ignition = p.ignition;
  }

  const now = alarmsOf(p, rules);
  for (const type of now) if (!state.activeAlarms.includes(type)) ev(type, true);
  next.activeAlarms = [...now].sort();

  if (limit.kmh > 0 && p.speed > limit.kmh) {
    next.overspeedSince = state.overspeedSince ?? p.fixTime;
    if (
      !state.overspeedRaised &&
      p.fixTime.getTime() - next.overspeedSince.getTime() >= rules.overspeedSeconds * 1000
    ) {
      ev('overspeed', true, {
        attributes: {
          limit: limit.kmh,
          limitSource: limit.source,
          ...(limit.geofenceId ? { limitGeofenceId: limit.geofenceId } : {}),
          since: next.overspeedSince.toISOString(),
        },
      });
      next.overspeedRaised = true;
    }
  } else {
    next.overspeedSince = null;
    next.overspeedRaised = false;
  }

  if (contained) {
    const before = new Set(state.geofenceIds);
    const after = new Set(contained);
    for (const id of contained)
      if (!before.has(id)) ev('geofenceEnter', fences(id)?.alarmOnEnter ?? false, { geofenceId: id });
    for (const id of state.geofenceIds)
      if (!after.has(id)) ev('geofenceExit', fences(id)?.alarmOnExit ?? false, { geofenceId: id });
    next.geofenceIds = [...contained].sort((a, b) => a - b);
  }
  return { state: next, events };
}

// The processor --------------------------------------------------------------------------------------------

export interface WrittenPosition extends PositionIn {
  tenantId: number;
  deviceId: number;
  serverTime: Date;
}

type Deps = Pick<AppDeps, 'database' | 'db' | 'clock' | 'log' | 'events'>;

const RULES_TTL_MS = 30_000;
const rulesCache = new WeakMap<object, Map<number, { at: number; rules: EventRules }>>();

/** A tenant's GPS event rules, cached 30 s per deps (the processor and the alarm notices). */
export async function rulesOf(deps: Deps, tenantId: number): Promise<EventRules> {
  let cache = rulesCache.get(deps);
  if (!cache) rulesCache.set(deps, (cache = new Map()));
  const hit = cache.get(tenantId);
  const now = Date.now();
  if (hit && now - hit.at < RULES_TTL_MS) return hit.rules;
  const rules = (await tenantRules(deps, tenantId)).gpsEvents;
  cache.set(tenantId, { at: now, rules });
  return rules;
}

/** Forgets the cached rules (after a settings change, and in tests). */
export function forgetEventRules(deps: object): void {
  rulesCache.delete(deps);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const dateOf = (v: RawTime | null) => (v == null ? null : new Date(v));

/** A device of the batch with its event state (the state's columns are null when it has none yet). */
interface DeviceStateRow {
  tenant_id: RawNumber;
  id: RawNumber;
  rent_id: RawNumber;
  car_id: RawNumber | null;
  car_type_kmh: number | null;
  fix_time: RawTime | null;
  server_time: RawTime | null;
  ignition: boolean | null;
  active_alarms: string[] | null;
  overspeed_since: RawTime | null;
  overspeed_raised: boolean | null;
  online: boolean | null;
  geofence_ids: RawNumber[] | null;
}

/**
 * Runs the batch the position writer has just stored through `deriveEvents`, device by device in fix-time order:
 * one query reads the devices and their states, one statement stores the events, the new states and the domain
 * events other areas act on (`device.alarm` for each alarm, `device.geofenceExit`; core/events.ts), which are
 * handed to their subscribers (the risk engine, the alarm notices) once it is done.
 */
export async function processPositions(deps: Deps, batch: WrittenPosition[]): Promise<number> {
  if (!batch.length) return 0;
  const byDevice = new Map<string, WrittenPosition[]>();
  for (const p of batch) {
    const key = `${p.tenantId}:${p.deviceId}`;
    const list = byDevice.get(key);
    if (list) list.push(p);
    else byDevice.set(key, [p]);
  }
  const keys = [...byDevice.values()].map((l) => l[0]!);
  const { rows } = await deps.database.query<DeviceStateRow>(
    `select d.tenant_id, d.id, d.rent_id, d.car_id, ct.overspeed_kmh as car_type_kmh, s.fix_time, s.server_time, s.ignition, s.active_alarms,
       s.overspeed_since, s.overspeed_raised, s.online, s.geofence_ids
     from unnest($1::int8[], $2::int8[]) as k(tenant_id, device_id)
     join gps_devices d on d.tenant_id = k.tenant_id and d.id = k.device_id
     left join cars c on c.tenant_id = d.tenant_id and c.id = d.car_id
     left join car_types ct on ct.tenant_id = c.tenant_id and ct.id = c.car_type_id
     left join gps_event_states s on s.tenant_id = d.tenant_id and s.device_id = d.id`,
    [keys.map((k) => k.tenantId), keys.map((k) => k.deviceId)],
  );
  const ev: Record<string, unknown[]> = {
    tenant: [],
    device: [],
    rent: [],
    car: [],
    type: [],
    at: [],
    lat: [],
    lon: [],
    speed: [],
    fence: [],
    attrs: [],
    status: [],
  };
  const st: Record<string, unknown[]> = {
    tenant: [],
    device: [],
    fix: [],
    server: [],
    ignition: [],
    alarms: [],
    since: [],
    raised: [],
    online: [],
    fences: [],
  };
  for (const r of rows) {
    const tenantId = Number(r.tenant_id);
    const deviceId = Number(r.id);
    const positions = byDevice.get(`${tenantId}:${deviceId}`)!;
    positions.sort((a, b) => a.fixTime.getTime() - b.fixTime.getTime());
    const rules = await rulesOf(deps, tenantId);
    const index = await geofenceIndex(deps, tenantId);
    const bound = index.boundTo(deviceId);
    const carTypeKmh = r.car_type_kmh == null ? null : Number(r.car_type_kmh);
    let state: DeviceState =
      r.online == null
        ? { ...EMPTY_STATE }
        : {
            fixTime: dateOf(r.fix_time),
            serverTime: dateOf(r.server_time),
            ignition: r.ignition == null ? null : Boolean(r.ignition),
            activeAlarms: r.active_alarms ?? [],
            overspeedSince: dateOf(r.overspeed_since),
            overspeedRaised: Boolean(r.overspeed_raised),
            online: Boolean(r.online),
            geofenceIds: (r.geofence_ids ?? []).map(Number),
          };
    for (const p of positions) {
      const contained = bound ? index.containing(deviceId, p.lat, p.lon) : state.geofenceIds.length ? [] : null;
      const flags = (id: number) => index.flags(id);
      const limit = effectiveLimit(contained, flags, carTypeKmh, rules);
      const out = deriveEvents(state, p, p.serverTime, rules, contained, flags, limit);
      state = out.state;
      for (const e of out.events) {
        ev.tenant!.push(tenantId);
        ev.device!.push(deviceId);
        ev.rent!.push(Number(r.rent_id));
        ev.car!.push(r.car_id == null ? null : Number(r.car_id));
        ev.type!.push(e.type);
        ev.at!.push(e.at.toISOString());
        ev.lat!.push(e.lat);
        ev.lon!.push(e.lon);
        ev.speed!.push(e.speed);
        ev.fence!.push(e.geofenceId);
        ev.attrs!.push(JSON.stringify(e.attributes));
        ev.status!.push(e.alarm ? 'unhandled' : null);
      }
    }
    st.tenant!.push(tenantId);
    st.device!.push(deviceId);
    st.fix!.push(iso(state.fixTime));
    st.server!.push(iso(state.serverTime));
    st.ignition!.push(state.ignition);
    st.alarms!.push(`{${state.activeAlarms.join(',')}}`);
    st.since!.push(iso(state.overspeedSince));
    st.raised!.push(state.overspeedRaised);
    st.online!.push(state.online);
    st.fences!.push(`{${state.geofenceIds.join(',')}}`);
  }
  if (!st.tenant!.length) return 0;
  // One statement: the events, the states and the domain events (one round trip for the serial writer, and the
  // domain events are committed exactly with the GPS events they announce).
  const pairs = durableSubscriberPairs(['device.alarm', 'device.geofenceExit']);
  const { rows: published } = await deps.database.query<{ id: number }>(
    `with events as (
       insert into gps_events (tenant_id, device_id, rent_id, car_id, type, at, lat, lon, speed, geofence_id, attributes, alarm_status)
       select * from unnest($1::int8[], $2::int8[], $3::int8[], $4::int8[], $5::text[], $6::timestamptz[], $7::float8[],
         $8::float8[], $9::float4[], $10::int8[], $11::jsonb[], $12::text[])
       returning tenant_id, id, device_id, rent_id, car_id, type, at, geofence_id, alarm_status),
     states as (
     insert into gps_event_states (tenant_id, device_id, fix_time, server_time, ignition, active_alarms, overspeed_since,
       overspeed_raised, online, geofence_ids, updated_at)
     select t, d, f, s, i, a::text[], o, r, n, g::int8[], now()
     from unnest($13::int8[], $14::int8[], $15::timestamptz[], $16::timestamptz[], $17::bool[], $18::text[],
       $19::timestamptz[], $20::bool[], $21::bool[], $22::text[]) as x(t, d, f, s, i, a, o, r, n, g)
     on conflict (tenant_id, device_id) do update set fix_time = excluded.fix_time, server_time = excluded.server_time,
       ignition = excluded.ignition, active_alarms = excluded.active_alarms, overspeed_since = excluded.overspeed_since,
       overspeed_raised = excluded.overspeed_raised, online = excluded.online, geofence_ids = excluded.geofence_ids,
       updated_at = now()),
     outbox as (
       insert into domain_events (tenant_id, name, payload)
       select e.tenant_id, k.name, jsonb_build_object('gpsEventId', e.id, 'deviceId', e.device_id, 'rentId', e.rent_id,
         'carId', e.car_id, 'type', e.type, 'at', to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
         'geofenceId', e.geofence_id)
       from events e
       cross join lateral (values ('device.alarm', e.alarm_status is not null), ('device.geofenceExit', e.type = 'geofenceExit'))
         as k(name, wanted)
       where k.wanted
       order by e.id, k.name
       returning id, tenant_id, name),
     deliveries as (
       insert into domain_event_deliveries (event_id, subscriber, tenant_id)
       select o.id, s.subscriber, o.tenant_id
       from outbox o join unnest($23::text[], $24::text[]) as s(name, subscriber) on s.name = o.name)
     select id from outbox order by id`,
    [...Object.values(ev), ...Object.values(st), pairs.names, pairs.subscribers],
  );
  // Usually none: most positions raise no alarm and leave no geofence.
  void deps.events.dispatch(published.map((r) => Number(r.id)));
  return ev.tenant!.length;
}

const pipelines = new WeakMap<object, { chain: Promise<unknown>; pending: number }>();
/** Batches the event processor may lag behind the writer before the writer waits for it. */
const MAX_LAG_BATCHES = 4;

/**
 * The writer's `afterWrite`: batches go through `processPositions` one after another (so a device's positions
 * keep their order) on a chain of their own, so the writer stores the next batch meanwhile. When the chain is
 * more than MAX_LAG_BATCHES behind, the writer waits for it (back-pressure, the queue cannot grow without bound).
 * The domain events a batch published (its alarms) go to their subscribers (risk, message centre, SMS) after its
 * statement, through `deps.events`, so neither the writer nor the next batch's events wait for them.
 */
export function eventPipeline(deps: AppDeps): (batch: WrittenPosition[]) => Promise<unknown> {
  let p = pipelines.get(deps);
  if (!p) pipelines.set(deps, (p = { chain: Promise.resolve(), pending: 0 }));
  const state = p;
  return (batch) => {
    state.pending++;
    state.chain = state.chain
      .then(() => processPositions(deps, batch))
      .catch((err: unknown) => deps.log.error({ err, positions: batch.length }, 'gps: deriving events failed'))
      .finally(() => state.pending--);
    return state.pending > MAX_LAG_BATCHES ? state.chain : Promise.resolve();
  };
}

/**
 * Resolves when every batch handed to the event pipeline so far is processed and its domain events delivered to
 * the subscribers of this process (tests, shutdown).
 */
export async function eventsSettled(deps: Pick<AppDeps, 'events'>): Promise<void> {
  const p = pipelines.get(deps);
  if (p) await p.chain;
  await deps.events.settled();
}

/**
 * The periodic job: devices online whose last message is older than their tenant's `offlineMinutes` become
 * offline, with an event (Traccar: unknown after status.timeout without data).
 */
export async function sweepOffline(deps: Pick<AppDeps, 'database' | 'db' | 'clock'>): Promise<number> {
  // Each tenant's offlineMinutes (tenantRules, with the contracts' default): one statement per tenant online.
  const { rows: tenants } = await deps.database.query<{ tenant_id: number }>(
    'select distinct tenant_id from gps_event_states where online',
  );
  let n = 0;
  for (const { tenant_id } of tenants) {
    const tenantId = Number(tenant_id);
    const { offlineMinutes } = (await tenantRules(deps.db, tenantId)).gpsEvents;
    const { rows } = await deps.database.query<{ n: number }>(
      `with gone as (
         update gps_event_states s set online = false, updated_at = now()
         from gps_devices d
         where s.tenant_id = $2 and s.online and d.tenant_id = s.tenant_id and d.id = s.device_id
           and s.server_time < $1::timestamptz - make_interval(mins => $3::int)
         returning s.tenant_id, s.device_id, d.rent_id, d.car_id, s.server_time),
       ins as (
         insert into gps_events (tenant_id, device_id, rent_id, car_id, type, at, lat, lon, speed, attributes)
         select g.tenant_id, g.device_id, g.rent_id, g.car_id, 'offline', $1::timestamptz, l.lat, l.lon, l.speed,
           jsonb_build_object('lastSeen', g.server_time)
         from gone g left join gps_last_positions l on l.tenant_id = g.tenant_id and l.device_id = g.device_id
         returning 1)
       select count(*)::int as n from ins`,
      [deps.clock.now().toISOString(), tenantId, offlineMinutes],
    );
    n += rows[0]?.n ?? 0;
  }
  return n;
}
