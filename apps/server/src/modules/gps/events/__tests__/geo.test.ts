import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_GPS_ALARM_NOTICES } from '@fleetdesk/contracts/organisation';
import { EMPTY_STATE, deriveEvents, effectiveLimit, type DeviceState, type EventRules } from '../events.js';
import type { FenceFlags } from '../geofence-index.js';
import { boxOf, contains, gcjToWgs, GridIndex, haversine, wgsToGcj, type Shape } from '../geo.js';
import type { PositionIn } from '../../ingest.js';

describe('containment (Traccar’s test vectors)', () => {
  it('circle CIRCLE (55.75414 37.6204, 100)', () => {
    const c: Shape = { kind: 'circle', points: [[55.75414, 37.6204]], radius: 100 };
    expect(contains(c, 55.75477, 37.62025)).toBe(true);
    expect(contains(c, 55.75545, 37.61921)).toBe(false);
  });

  it('polygon across the antimeridian', () => {
    const p: Shape = {
      kind: 'polygon',
      points: [
        [66.9494, 179.838],
        [66.9508, -179.8496],
        [66.8406, -180.0014],
      ],
      radius: null,
    };
    expect(contains(p, 66.9015, -180.0096)).toBe(true);
    expect(contains(p, 66.9015, 179.0)).toBe(false);
    const box = boxOf(p);
    expect(box.minLon).toBe(-180);
    expect(box.maxLon).toBe(180);
  });

  it('polyline: within its half-width of a segment (default 25 m)', () => {
    const l: Shape = {
      kind: 'polyline',
      points: [
        [30.0, 120.0],
        [30.0, 120.01],
      ],
      radius: null,
    };
    expect(contains(l, 30.0001, 120.005)).toBe(true); // ~11 m
    expect(contains(l, 30.0005, 120.005)).toBe(false); // ~55 m
    expect(contains({ ...l, radius: 100 }, 30.0005, 120.005)).toBe(true);
  });

  it('property: a point is inside a circle exactly when its distance is within the radius, and the box holds it', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -70, max: 70, noNaN: true }),
        fc.double({ min: -170, max: 170, noNaN: true }),
        fc.double({ min: 10, max: 50_000, noNaN: true }),
        fc.double({ min: -0.6, max: 0.6, noNaN: true }),
        fc.double({ min: -0.6, max: 0.6, noNaN: true }),
        (lat, lon, radius, dLat, dLon) => {
          const c: Shape = { kind: 'circle', points: [[lat, lon]], radius };
          const pLat = lat + dLat;
          const pLon = lon + dLon;
          const inside = contains(c, pLat, pLon);
          expect(inside).toBe(haversine(lat, lon, pLat, pLon) <= radius);
          if (inside) {
            const b = boxOf(c);
            expect(pLat >= b.minLat && pLat <= b.maxLat && pLon >= b.minLon && pLon <= b.maxLon).toBe(true);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('property: the grid index finds what a full scan finds', () => {
    const shapes = Array.from({ length: 300 }, (_, i) => {
      const lat = 30 + ((i * 37) % 100) / 100;
      const lon = 120 + ((i * 53) % 100) / 100;
      const s: Shape =
        i % 2
          ? { kind: 'circle', points: [[lat, lon]], radius: 500 + (i % 7) * 1000 }
          : {
              kind: 'polygon',
              points: [
                [lat, lon],
                [lat + 0.02, lon],
                [lat + 0.02, lon + 0.03],
                [lat, lon + 0.03],
              ],
              radius: null,
            };
      return { id: i, ...s, box: boxOf(s) };
    });
    const grid = new GridIndex(shapes);
    fc.assert(
      fc.property(
        fc.double({ min: 29.9, max: 31.1, noNaN: true }),
        fc.double({ min: 119.9, max: 121.1, noNaN: true }),
        (lat, lon) => {
          const viaGrid = grid
            .query(lat, lon)
            .filter((s) => contains(s, lat, lon))
            .map((s) => s.id)
            .sort((a, b) => a - b);
          const scan = shapes.filter((s) => contains(s, lat, lon)).map((s) => s.id);
          expect(viaGrid).toEqual(scan);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('GCJ-02', () => {
  it('matches the reference vector both ways (4 decimals) and leaves points outside China alone', () => {
    const [gLat, gLon] = wgsToGcj(33.0133556, 114.0164322);
    expect(gLon).toBeCloseTo(114.022306, 4);
    expect(gLat).toBeCloseTo(33.0115324, 4);
    const [wLat, wLon] = gcjToWgs(33.0115324, 114.022306);
    expect(wLon).toBeCloseTo(114.0164322, 4);
    expect(wLat).toBeCloseTo(33.0133556, 4);
    expect(wgsToGcj(45, 183)).toEqual([45, 183]);
    expect(gcjToWgs(51.5, -0.12)).toEqual([51.5, -0.12]);
  });

  it('round-trips to 1e-6 degree over Hangzhou', () => {
    for (const [lat, lon] of [
      [30.2741, 120.1551],
      [31.2304, 121.4737],
    ] as const) {
      const [gl, go] = wgsToGcj(lat, lon);
      const [wl, wo] = gcjToWgs(gl, go);
      expect(Math.abs(wl - lat)).toBeLessThan(1e-6);
      expect(Math.abs(wo - lon)).toBeLessThan(1e-6);
    }
  });
});

describe('deriveEvents', () => {
  const rules: EventRules = {
    overspeedKmh: 100,
    overspeedSeconds: 20,
    offlineMinutes: 10,
    lowBatteryPercent: 20,
    safeSpeedKmh: 20,
    notices: DEFAULT_GPS_ALARM_NOTICES,
  };
  const t0 = Date.parse('2026-11-26T08:00:00Z');
  const pos = (s: number, extra: Partial<PositionIn> = {}): PositionIn => ({
    fixTime: new Date(t0 + s * 1000),
    lat: 30,
    lon: 120,
    speed: 50,
    ...extra,
  });
  const run = (positions: PositionIn[], contained: (p: PositionIn) => number[] | null = () => null) => {
    let state: DeviceState = { ...EMPTY_STATE };
    const types: string[] = [];
    for (const p of positions) {
      const out = deriveEvents(state, p, p.fixTime, rules, contained(p), () => ({
        alarmOnEnter: false,
        alarmOnExit: true,
      }));
      state = out.state;
      types.push(...out.events.map((e) => `${e.type}${e.alarm ? '!' : ''}${e.geofenceId ? `#${e.geofenceId}` : ''}`));
    }
    return { types, state };
  };

  it('online once, ignition changes, an alarm once while it lasts', () => {
    const sos = 1;
    const power = 1 << 8;
    const { types } = run([
      pos(0, { ignition: false }),
      pos(10, { ignition: true }),
      pos(20, { ignition: true, alarm: sos }),
      pos(30, { ignition: true, alarm: sos | power }),
      pos(40, { ignition: false, alarm: power }),
      pos(50, { alarm: 0 }),
      pos(60, { alarm: sos }),
    ]);
    expect(types).toEqual(['online', 'ignitionOn', 'sos!', 'powerCut!', 'ignitionOff', 'sos!']);
  });

  it('overspeed: one alarm per episode, only after the minimum duration', () => {
    const { types } = run([
      pos(0, { speed: 120 }),
      pos(10, { speed: 130 }), // 10 s: not yet
      pos(15, { speed: 90 }), // episode over
      pos(20, { speed: 120 }),
      pos(40, { speed: 125 }), // 20 s: alarm
      pos(60, { speed: 140 }), // same episode
      pos(70, { speed: 80 }),
      pos(80, { speed: 110 }),
      pos(100, { speed: 110 }), // a second episode
    ]);
    expect(types.filter((t) => t.startsWith('overspeed'))).toEqual(['overspeed!', 'overspeed!']);
  });

  it('ignores positions older than the last one (but they mark the device online)', () => {
    const { types, state } = run([pos(100, { ignition: true }), pos(50, { ignition: false, alarm: 1 })]);
    expect(types).toEqual(['online']);
    expect(state.fixTime!.getTime()).toBe(t0 + 100_000);
  });

  it('geofence enter and exit from the difference of containing sets; low phone battery', () => {
    const { types } = run(
      [
        pos(0, { lat: 1 }),
        pos(10, { lat: 2 }),
        pos(20, { lat: 3 }),
        pos(30, { lat: 1, attributes: { batteryLevel: 15 } }),
      ],
      (p) => (p.lat === 2 ? [7] : p.lat === 3 ? [7, 9] : []),
    );
    expect(types).toEqual([
      'online',
      'geofenceEnter#7',
      'geofenceEnter#9',
      'lowBattery!',
      'geofenceExit!#7',
      'geofenceExit!#9',
    ]);
  });

  describe('overspeed limits: geofence, then car type, then tenant', () => {
    const fenceLimits: Record<number, number | null> = { 1: 60, 2: 40, 3: null };
    const fences = (id: number): FenceFlags | undefined =>
      id in fenceLimits ? { alarmOnEnter: false, alarmOnExit: false, speedLimitKmh: fenceLimits[id] } : undefined;

    it('takes the lowest limit of the containing geofences that have one, else the car type, else the tenant', () => {
      expect(effectiveLimit([1, 2, 3], fences, 80, rules)).toEqual({ kmh: 40, source: 'geofence', geofenceId: 2 });
      expect(effectiveLimit([1, 3], fences, 30, rules)).toEqual({ kmh: 60, source: 'geofence', geofenceId: 1 });
      expect(effectiveLimit([3], fences, 80, rules)).toEqual({ kmh: 80, source: 'carType', geofenceId: null });
      expect(effectiveLimit(null, fences, null, rules)).toEqual({ kmh: 100, source: 'tenant', geofenceId: null });
      expect(effectiveLimit([], fences, null, { ...rules, overspeedKmh: 0 }).kmh).toBe(0);
      // A car type limit applies even when the tenant has no default limit.
      expect(effectiveLimit([], fences, 90, { ...rules, overspeedKmh: 0 }).kmh).toBe(90);
    });

    /** Runs positions at (second, speed, containing geofences) with a car type limit. */
    const drive = (carTypeKmh: number | null, steps: [number, number, number[]][]) => {
      let state: DeviceState = { ...EMPTY_STATE };
      const alarms: Record<string, unknown>[] = [];
      for (const [sec, speed, inside] of steps) {
        const limit = effectiveLimit(inside, fences, carTypeKmh, rules);
        const out = deriveEvents(state, pos(sec, { speed }), pos(sec).fixTime, rules, inside, fences, limit);
        state = out.state;
        alarms.push(...out.events.filter((e) => e.type === 'overspeed').map((e) => e.attributes));
      }
      return alarms;
    };

    it('raises at 70 km/h inside a 60 km/h geofence but not outside it (tenant 100)', () => {
      const inside = drive(null, [
        [0, 70, [1]],
        [10, 72, [1]],
        [25, 75, [1]],
      ]);
      expect(inside).toEqual([expect.objectContaining({ limit: 60, limitSource: 'geofence', limitGeofenceId: 1 })]);
      expect(
        drive(null, [
          [0, 70, []],
          [25, 75, []],
        ]),
      ).toEqual([]);
    });

    it('uses the car type limit outside geofences and the tenant limit without one', () => {
      expect(
        drive(80, [
          [0, 90, []],
          [30, 90, []],
        ]),
      ).toEqual([expect.objectContaining({ limit: 80, limitSource: 'carType' })]);
      expect(
        drive(null, [
          [0, 90, []],
          [30, 90, []],
        ]),
      ).toEqual([]);
    });

    it('still one alarm per episode when the limit changes inside it', () => {
      const alarms = drive(80, [
        [0, 85, []], // above the car type's 80
        [25, 85, []], // alarm
        [30, 85, [1]], // enters a 60 zone: still the same episode
        [60, 65, [1]], // still above 60
        [70, 55, [1]], // episode over
        [80, 65, [1]],
        [110, 65, [1]], // second episode, geofence limit
      ]);
      expect(alarms.map((a) => a.limitSource)).toEqual(['carType', 'geofence']);
    });
  });
});
