import { describe, expect, it } from 'vitest';
import { distance, tripsAndStops, type MotionPoint } from '../motion.js';
import { Driver, PATHS } from '../simulator.js';

const t0 = Date.UTC(2026, 10, 26, 0, 0, 0);
/** Points every `step` seconds: parked, then driving east at `kmh`, then parked. */
function scenario(parkS: number, driveS: number, kmh: number, parkAfterS: number, step = 10): MotionPoint[] {
  const out: MotionPoint[] = [];
  let lon = 120;
  let t = t0;
  const add = (speed: number) => out.push({ t, lat: 30, lon, speed });
  for (let s = 0; s < parkS; s += step, t += step * 1000) add(0);
  for (let s = 0; s < driveS; s += step, t += step * 1000) {
    lon += ((kmh / 3.6) * step) / (111_320 * Math.cos((30 * Math.PI) / 180));
    add(kmh);
  }
  for (let s = 0; s < parkAfterS; s += step, t += step * 1000) add(0);
  return out;
}

describe('trips and stops (Traccar new logic: 200 m, 180 s, 3600 s)', () => {
  it('haversine with R = 6378137', () => {
    expect(distance({ lat: 55.75414, lon: 37.6204 }, { lat: 55.75477, lon: 37.62025 })).toBeCloseTo(70.6, 0);
  });

  it('park 10 min, drive 10 min at 36 km/h, park 10 min: one trip of ~6 km and two stops', () => {
    const { trips, stops } = tripsAndStops(scenario(600, 600, 36, 600));
    expect(trips).toHaveLength(1);
    expect(trips[0]!.distance / 1000).toBeCloseTo(6, 0);
    expect(trips[0]!.maxSpeed).toBe(36);
    expect(stops).toHaveLength(2);
    expect(stops[0]!.start).toBe(t0);
    // The trip is backdated to the last parked position (590 s).
    expect(trips[0]!.start).toBe(t0 + 590_000);
    // It ends at the first position of the stopped window: within 200 m of where it parked (at 1,190 s).
    expect(trips[0]!.end).toBeGreaterThanOrEqual(t0 + 1170_000);
    expect(trips[0]!.end).toBeLessThanOrEqual(t0 + 1190_000);
  });

  it('a walk of less than 200 m is no trip; a stop shorter than 180 s does not end a trip', () => {
    expect(tripsAndStops(scenario(300, 15, 36, 300)).trips).toHaveLength(0);
    const p = [
      ...scenario(0, 300, 36, 120),
      ...scenario(0, 300, 36, 0).map((x) => ({ ...x, t: x.t + 430_000, lon: x.lon + 0.04 })),
    ];
    expect(tripsAndStops(p).trips).toHaveLength(1);
  });

  it('a gap of more than an hour covering 200 m records stop -> move -> stop', () => {
    const a = scenario(300, 0, 0, 0);
    const b = scenario(300, 0, 0, 0).map((x) => ({ ...x, t: x.t + 2 * 3600_000, lon: x.lon + 0.05 }));
    const { trips, stops } = tripsAndStops([...a, ...b]);
    expect(trips).toHaveLength(1);
    expect(stops.length).toBeGreaterThanOrEqual(2);
  });

  it('replays a simulated day of 8,640 points', () => {
    const d = new Driver(PATHS[0]!, new Date(t0), { intervalS: 10, seed: 1, parkS: 600 });
    const points = Array.from({ length: 8640 }, () => {
      const p = d.next();
      return { t: p.time.getTime(), lat: p.lat, lon: p.lon, speed: p.speed, odometer: p.odometer };
    });
    const { trips, stops } = tripsAndStops(points);
    expect(trips.length).toBeGreaterThan(5);
    expect(stops.length).toBeGreaterThan(5);
    for (const s of stops) expect(s.end - s.start).toBeGreaterThanOrEqual(0);
  });
});
