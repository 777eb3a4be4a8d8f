import type { PositionIn } from './ingest.js';

/**
 * The OsmAnd protocol that Traccar Client speaks (Traccar's OsmAndProtocolDecoder):
 * - query/form mode: `id`|`deviceid`, `timestamp` (epoch s below 2^31, else ms; ISO-8601; `yyyy-MM-dd HH:mm:ss`
 *   read in China time), `lat`+`lon` or `location=lat,lon`, `speed` in knots, `bearing`|`heading`, `altitude`,
 *   `accuracy`, `hdop`, `batt`, `charge`, `valid`; anything else becomes an attribute;
 * - JSON mode: `device_id`, `location.timestamp`, `location.coords` (speed m/s, heading; negative = unknown),
 *   `location.is_moving`, `location.odometer`, `location.battery`, `location.event`, `location.extras`.
 */
export interface OsmAndParsed {
  id: string;
  position: PositionIn | null;
}

const KNOWN = new Set([
  'id',
  'deviceid',
  'timestamp',
  'lat',
  'lon',
  'location',
  'speed',
  'bearing',
  'heading',
  'altitude',
  'valid',
]);

function parseTime(v: string | undefined, now: Date): Date {
  if (!v) return now;
  if (/^\d+(\.\d+)?$/.test(v)) {
    const n = Number(v);
    return new Date(n < 2 ** 31 ? n * 1000 : n);
  }
  if (v.includes('T')) return new Date(v);
  const m = /^(\d{4})-(\d{2})-(\d{2})[ +](\d{2}):(\d{2}):(\d{2})$/.exec(v);
  if (m) return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) - 8 * 3600_000);
  return new Date(NaN);
}

function attr(v: string): unknown {
  if (v === 'true' || v === 'false') return v === 'true';
  if (v !== '' && Number.isFinite(Number(v))) return Number(v);
  return v;
}

export function parseOsmAndQuery(q: Record<string, string | undefined>, now: Date): OsmAndParsed | null {
  const id = q.id ?? q.deviceid;
  if (!id) return null;
  let lat = q.lat !== undefined ? Number(q.lat) : NaN;
  let lon = q.lon !== undefined ? Number(q.lon) : NaN;
  if (q.location) {
    const [a, b] = q.location.split(',');
    lat = Number(a);
    lon = Number(b);
  }
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return { id, position: null };
  const fixTime = parseTime(q.timestamp, now);
  if (Number.isNaN(fixTime.getTime())) return { id, position: null };
  const attributes: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(q)) if (!KNOWN.has(k) && v !== undefined) attributes[k] = attr(v);
  return {
    id,
    position: {
      fixTime,
      lat,
      lon,
      altitude: q.altitude ? Number(q.altitude) || 0 : 0,
      speed: q.speed ? (Number(q.speed) || 0) * 1.852 : 0,
      course: Math.round(Number(q.bearing ?? q.heading ?? 0) || 0),
      valid: q.valid === undefined ? true : q.valid === 'true' || q.valid === '1',
      attributes,
    },
  };
}

interface OsmAndJson {
  device_id?: string;
  location?: {
    timestamp?: string;
    coords?: {
      latitude?: number;
      longitude?: number;
      altitude?: number;
      speed?: number;
      heading?: number;
      accuracy?: number;
    };
    is_moving?: boolean;
    odometer?: number;
    event?: string;
    battery?: { level?: number; is_charging?: boolean };
    activity?: { type?: string };
    extras?: Record<string, unknown>;
  };
}

export function parseOsmAndJson(body: unknown, now: Date): OsmAndParsed | null {
  const b = (body ?? {}) as OsmAndJson;
  if (typeof b.device_id !== 'string' || !b.device_id) return null;
  const l = b.location;
  const c = l?.coords;
  if (!l || !c || typeof c.latitude !== 'number' || typeof c.longitude !== 'number')
    return { id: b.device_id, position: null };
  const fixTime = l.timestamp ? new Date(l.timestamp) : now;
  if (Number.isNaN(fixTime.getTime())) return { id: b.device_id, position: null };
  const attributes: Record<string, unknown> = { ...(l.extras ?? {}) };
  if (typeof c.accuracy === 'number' && c.accuracy >= 10) attributes.accuracy = c.accuracy;
  if (l.event) attributes.event = l.event;
  if (typeof l.is_moving === 'boolean') attributes.motion = l.is_moving;
  if (l.activity?.type) attributes.activity = l.activity.type;
  if (typeof l.battery?.level === 'number') attributes.batteryLevel = Math.round(l.battery.level * 100);
  if (typeof l.battery?.is_charging === 'boolean') attributes.charge = l.battery.is_charging;
  return {
    id: b.device_id,
    position: {
      fixTime,
      lat: c.latitude,
      lon: c.longitude,
      altitude: c.altitude ?? 0,
      speed: typeof c.speed === 'number' && c.speed >= 0 ? c.speed * 3.6 : 0,
      course: typeof c.heading === 'number' && c.heading >= 0 ? Math.round(c.heading) : 0,
      valid: true,
      odometer: typeof l.odometer === 'number' ? l.odometer : null,
      attributes,
    },
  };
}
