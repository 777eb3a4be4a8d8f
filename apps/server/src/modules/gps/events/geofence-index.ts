import type { AppDeps } from '../../../core/deps.js';
import { contains, GridIndex, type Box, type LatLon, type Shape } from './geo.js';

/** Whether entering or leaving a geofence raises an alarm (beside the event). */
export interface FenceFlags {
  alarmOnEnter: boolean;
  alarmOnExit: boolean;
  /** km/h inside (null: none). */
  speedLimitKmh?: number | null;
}

interface Entry extends Shape, FenceFlags {
  id: number;
  box: Box;
}

/**
 * A tenant's geofences in a grid index with the device bindings, kept in memory: rebuilt when this process
 * changes a geofence or a binding, and at most 30 s old otherwise (another process's change, e.g. the API's
 * change seen by a separate gateway process).
 */
export class TenantGeofences {
  private readonly grid: GridIndex<Entry>;
  private readonly byId = new Map<number, Entry>();
  constructor(
    fences: Entry[],
    private readonly bindings: Map<number, Set<number>>,
  ) {
    this.grid = new GridIndex(fences);
    for (const f of fences) this.byId.set(f.id, f);
  }

  boundTo(deviceId: number): boolean {
    return (this.bindings.get(deviceId)?.size ?? 0) > 0;
  }

  /** Ids of the geofences bound to the device that contain the point, ascending. */
  containing(deviceId: number, lat: number, lon: number): number[] {
    const bound = this.bindings.get(deviceId);
    if (!bound?.size) return [];
    const out: number[] = [];
    for (const f of this.grid.query(lat, lon)) if (bound.has(f.id) && contains(f, lat, lon)) out.push(f.id);
    return out.sort((a, b) => a - b);
  }

  flags(id: number): FenceFlags | undefined {
    return this.byId.get(id);
  }
}

const TTL_MS = 30_000;
const caches = new WeakMap<object, Map<number, { at: number; index: Promise<TenantGeofences> }>>();

async function load(deps: Pick<AppDeps, 'database'>, tenantId: number): Promise<TenantGeofences> {
  const { rows } = await deps.database.query<Record<string, unknown>>(
    `select id, kind, points, radius, min_lat, min_lon, max_lat, max_lon, alarm_on_enter, alarm_on_exit, speed_limit_kmh
     from gps_geofences where tenant_id = $1`,
    [tenantId],
  );
  const fences: Entry[] = rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind as Shape['kind'],
    points: (typeof r.points === 'string' ? JSON.parse(r.points) : r.points) as LatLon[],
    radius: r.radius == null ? null : Number(r.radius),
    box: {
      minLat: Number(r.min_lat),
      minLon: Number(r.min_lon),
      maxLat: Number(r.max_lat),
      maxLon: Number(r.max_lon),
    },
    alarmOnEnter: Boolean(r.alarm_on_enter),
    alarmOnExit: Boolean(r.alarm_on_exit),
    speedLimitKmh: r.speed_limit_kmh == null ? null : Number(r.speed_limit_kmh),
  }));
  const { rows: links } = await deps.database.query<{ geofence_id: number; device_id: number }>(
    'select geofence_id, device_id from gps_device_geofences where tenant_id = $1',
    [tenantId],
  );
  const bindings = new Map<number, Set<number>>();
  for (const l of links) {
    const d = Number(l.device_id);
    const set = bindings.get(d) ?? new Set<number>();
    set.add(Number(l.geofence_id));
    bindings.set(d, set);
  }
  return new TenantGeofences(fences, bindings);
}

export function geofenceIndex(deps: Pick<AppDeps, 'database'>, tenantId: number): Promise<TenantGeofences> {
  let cache = caches.get(deps);
  if (!cache) caches.set(deps, (cache = new Map()));
  const hit = cache.get(tenantId);
  const now = Date.now();
  if (hit && now - hit.at < TTL_MS) return hit.index;
  const index = load(deps, tenantId);
  cache.set(tenantId, { at: now, index });
  index.catch(() => cache.delete(tenantId));
  return index;
}

/** After a change of the tenant's geofences or bindings in this process. */
export function invalidateGeofences(deps: object, tenantId: number): void {
  caches.get(deps)?.delete(tenantId);
}
