import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { TenantRules } from '@fleetdesk/contracts/organisation';
import { gpsDevices, gpsPositions } from '../db/schema/gps.js';
import { gpsDeviceGeofences, gpsEventStates, gpsEvents, gpsGeofences } from '../db/schema/gps-events.js';
import { EMPTY_STATE, deriveEvents, effectiveLimit, type DeviceState } from '../modules/gps/events/events.js';
import { boxOf, contains, type Shape } from '../modules/gps/events/geo.js';
import { demoImei } from './gps.seed.js';
import type { DemoContext } from './context.js';

interface DemoFence extends Shape {
  city: 'HZ' | 'SH';
  name: string;
  alarmOnEnter: boolean;
  alarmOnExit: boolean;
  /** km/h inside (GPS overspeed limit of the geofence). */
  speedLimitKmh?: number;
  remark: string | null;
}

/** Geofences around the demo cities (WGS-84), on the simulator's roads. */
const FENCES: DemoFence[] = [
  {
    city: 'HZ',
    name: '西湖景区',
    kind: 'polygon',
    points: [
      [30.266, 120.13],
      [30.266, 120.155],
      [30.24, 120.155],
      [30.24, 120.13],
    ],
    radius: null,
    alarmOnEnter: true,
    alarmOnExit: false,
    speedLimitKmh: 40,
    remark: '景区限行，进入即报警',
  },
  {
    city: 'HZ',
    name: '文一西路运营走廊',
    kind: 'polyline',
    points: [
      [30.2795, 120.065],
      [30.2792, 120.09],
      [30.279, 120.11],
      [30.2786, 120.13],
      [30.2785, 120.15],
    ],
    radius: 150,
    alarmOnEnter: false,
    alarmOnExit: true,
    remark: '偏离线路报警',
  },
  {
    city: 'HZ',
    name: '滨江停车场',
    kind: 'circle',
    points: [[30.2085, 120.2115]],
    radius: 800,
    alarmOnEnter: false,
    alarmOnExit: true,
    remark: null,
  },
  {
    city: 'SH',
    name: '陆家嘴',
    kind: 'polygon',
    points: [
      [31.245, 121.49],
      [31.245, 121.52],
      [31.228, 121.52],
      [31.228, 121.49],
    ],
    radius: null,
    alarmOnEnter: false,
    alarmOnExit: true,
    remark: '运营区域',
  },
  {
    city: 'SH',
    name: '虹桥枢纽',
    kind: 'circle',
    points: [[31.1944, 121.3205]],
    radius: 1500,
    alarmOnEnter: true,
    alarmOnExit: true,
    remark: null,
  },
];

/**
 * GPS events demo: the geofences above bound to the trackers of their city, and the events and alarms the
 * processor derives from the seeded three hours of history (the tenant's default rules): ignition, the power
 * cut and the SOS, geofence entries and exits, offline for the silent trackers. Older alarms are settled.
 */
export async function seedGpsEvents({ tx, clock, demo }: DemoContext): Promise<void> {
  const now = clock.now();
  const rules = TenantRules.parse({}).gpsEvents;
  const devices = await tx
    .select({ id: gpsDevices.id, imei: gpsDevices.imei, rentId: gpsDevices.rentId, carId: gpsDevices.carId })
    .from(gpsDevices)
    .where(
      and(
        eq(gpsDevices.tenantId, demo.tenantId),
        isNotNull(gpsDevices.carId),
        inArray(
          gpsDevices.imei,
          Array.from({ length: 14 }, (_, i) => demoImei(i + 1)),
        ),
      ),
    )
    .orderBy(asc(gpsDevices.id));
  const fences: (DemoFence & { id: number })[] = [];
  for (const f of FENCES) {
    const box = boxOf(f);
    const [row] = await tx
      .insert(gpsGeofences)
      .values({
        tenantId: demo.tenantId,
        rentId: demo.rentIds[f.city]!,
        name: f.name,
        kind: f.kind,
        points: f.points,
        radius: f.radius,
        ...box,
        alarmOnEnter: f.alarmOnEnter,
        alarmOnExit: f.alarmOnExit,
        speedLimitKmh: f.speedLimitKmh ?? null,
        remark: f.remark,
        createdBy: demo.adminId,
      })
      .returning({ id: gpsGeofences.id });
    fences.push({ ...f, id: row!.id });
  }
  for (const d of devices) {
    const city = d.rentId === demo.rentIds.HZ ? 'HZ' : 'SH';
    const mine = fences.filter((f) => f.city === city);
    if (mine.length)
      await tx
        .insert(gpsDeviceGeofences)
        .values(mine.map((f) => ({ tenantId: demo.tenantId, geofenceId: f.id, deviceId: d.id })));
    const positions = await tx
      .select()
      .from(gpsPositions)
      .where(and(eq(gpsPositions.tenantId, demo.tenantId), eq(gpsPositions.deviceId, d.id)))
      .orderBy(asc(gpsPositions.fixTime));
    let state: DeviceState = { ...EMPTY_STATE };
    const rows: (typeof gpsEvents.$inferInsert)[] = [];
    for (const p of positions) {
      const contained = mine.filter((f) => contains(f, p.lat, p.lon)).map((f) => f.id);
      const flags = (id: number) => fences.find((f) => f.id === id);
      const limit = effectiveLimit(contained, flags, null, rules);
      const out = deriveEvents(state, { ...p, attributes: p.attributes }, p.serverTime, rules, contained, flags, limit);
      state = out.state;
      for (const e of out.events) {
        const ageH = (now.getTime() - e.at.getTime()) / 3600_000;
        // Alarms older than two hours were dealt with: every other one handled, the rest ignored.
        const settled = e.alarm && ageH > 2 ? (rows.length % 2 ? 'handled' : 'ignored') : null;
        rows.push({
          tenantId: demo.tenantId,
          deviceId: d.id,
          rentId: d.rentId,
          carId: d.carId,
          type: e.type,
          at: e.at,
          lat: e.lat,
          lon: e.lon,
          speed: e.speed,
          geofenceId: e.geofenceId,
          attributes: e.attributes,
          alarmStatus: e.alarm ? (settled ?? 'unhandled') : null,
          ...(settled
            ? {
                handledBy: demo.adminId,
                handledAt: new Date(e.at.getTime() + 15 * 60_000),
                note: settled === 'handled' ? '已联系司机确认，情况正常' : null,
              }
            : {}),
        });
      }
    }
    // A tracker silent for more than the offline time went offline (the sweep's event).
    const last = positions[positions.length - 1];
    if (last && now.getTime() - last.serverTime.getTime() > rules.offlineMinutes * 60_000) {
      const at = new Date(last.serverTime.getTime() + rules.offlineMinutes * 60_000);
      rows.push({
        tenantId: demo.tenantId,
        deviceId: d.id,
        rentId: d.rentId,
        carId: d.carId,
        type: 'offline',
        at,
        lat: last.lat,
        lon: last.lon,
        speed: last.speed,
        attributes: { lastSeen: last.serverTime.toISOString() },
      });
      state = { ...state, online: false };
    }
    for (let k = 0; k < rows.length; k += 500) await tx.insert(gpsEvents).values(rows.slice(k, k + 500));
    if (positions.length)
      await tx.insert(gpsEventStates).values({
        tenantId: demo.tenantId,
        deviceId: d.id,
        fixTime: state.fixTime,
        serverTime: state.serverTime,
        ignition: state.ignition,
        activeAlarms: state.activeAlarms,
        overspeedSince: state.overspeedSince,
        overspeedRaised: state.overspeedRaised,
        online: state.online,
        geofenceIds: state.geofenceIds,
      });
  }
}
