/**
 * Trips and stops from a device's positions, after Traccar's "new" motion logic and its defaults
 * (`report.trip.newLogic`, NewMotionProcessor): minDistance 200 m, minDuration 180 s, stopGap 3600 s.
 * - Stopped -> moving once a position is at least minDistance from the position where the car stopped; the
 *   trip start is backdated through the legs faster than minDistance / minDuration (1.11 m/s).
 * - Moving -> stopped once every position of a window of at least minDuration lies within minDistance of
 *   the current one; the trip ends (and the stop starts) at the first position of that window.
 * - A gap without data longer than stopGap that covers at least minDistance ends any trip at the position
 *   before the gap and records stop -> move -> stop.
 */
export interface MotionPoint {
  t: number;
  lat: number;
  lon: number;
  /** km/h */
  speed: number;
  /** metres, the device's odometer */
  odometer?: number | null;
}

export interface MotionConfig {
  minDistance: number;
  minDuration: number;
  stopGap: number;
}

export const TRACCAR_DEFAULTS: MotionConfig = { minDistance: 200, minDuration: 180, stopGap: 3600 };

export interface TripOut {
  start: number;
  end: number;
  from: MotionPoint;
  to: MotionPoint;
  /** metres */
  distance: number;
  maxSpeed: number;
}
export interface StopOut {
  start: number;
  end: number;
  at: MotionPoint;
}

const R = 6378137;
/** Haversine, R = 6378137 m (Traccar's DistanceCalculator). */
export function distance(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Distance along points i..j: the odometer difference when both ends have one and it is plausible (not more
 * than twice the straight legs plus a kilometre: a device swapped or reset jumps), else the sum of legs.
 */
function pathDistance(points: MotionPoint[], i: number, j: number): number {
  let legs = 0;
  for (let k = i + 1; k <= j; k++) legs += distance(points[k - 1]!, points[k]!);
  const a = points[i]!.odometer;
  const b = points[j]!.odometer;
  if (a != null && b != null && b >= a && b - a <= legs * 2 + 1000) return b - a;
  return legs;
}

export function tripsAndStops(
  points: MotionPoint[],
  config: MotionConfig = TRACCAR_DEFAULTS,
): { trips: TripOut[]; stops: StopOut[] } {
  const trips: TripOut[] = [];
  const stops: StopOut[] = [];
  if (!points.length) return { trips, stops };
  const minDurationMs = config.minDuration * 1000;
  const gapMs = config.stopGap * 1000;
  let moving = false;
  /** Index where the current state began (the stop's position, or the trip's start). */
  let since = 0;

  const endTrip = (end: number) => {
    let max = 0;
    for (let k = since; k <= end; k++) max = Math.max(max, points[k]!.speed);
    trips.push({
      start: points[since]!.t,
      end: points[end]!.t,
      from: points[since]!,
      to: points[end]!,
      distance: pathDistance(points, since, end),
      maxSpeed: max,
    });
  };
  const endStop = (end: number) => {
    if (end > since || points[end]!.t > points[since]!.t)
      stops.push({ start: points[since]!.t, end: points[end]!.t, at: points[since]! });
  };

  for (let i = 1; i < points.length; i++) {
    const p = points[i]!;
    const prev = points[i - 1]!;
    if (p.t - prev.t > gapMs && distance(prev, p) >= config.minDistance) {
      if (moving) endTrip(i - 1);
      else endStop(i - 1);
      // stop -> move -> stop across the gap
      stops.push({ start: prev.t, end: prev.t, at: prev });
      trips.push({
        start: prev.t,
        end: p.t,
        from: prev,
        to: p,
        distance: pathDistance(points, i - 1, i),
        maxSpeed: Math.max(prev.speed, p.speed),
      });
      moving = false;
      since = i;
      continue;
    }
    if (!moving) {
      if (distance(points[since]!, p) >= config.minDistance) {
        // Backdated through the legs faster than minDistance / minDuration (the car was already leaving).
        const slow = config.minDistance / config.minDuration;
        let start = i;
        while (start > since) {
          const a = points[start - 1]!;
          const b = points[start]!;
          if (distance(a, b) / Math.max(1, (b.t - a.t) / 1000) <= slow) break;
          start--;
        }
        endStop(start);
        moving = true;
        since = start;
      }
      continue;
    }
    // Moving: stopped when every position from some k on lies within minDistance of p, for at least minDuration.
    let k = i;
    while (k > since && distance(points[k - 1]!, p) < config.minDistance) k--;
    if (p.t - points[k]!.t >= minDurationMs) {
      endTrip(k);
      moving = false;
      since = k;
    }
  }
  const last = points.length - 1;
  if (moving) endTrip(last);
  else endStop(last);
  return { trips: trips.filter((t) => t.distance > 0), stops: stops.filter((s) => s.end >= s.start) };
}
