import { and, asc, eq, isNull, notInArray } from 'drizzle-orm';
import { gpsDeviceBinds, gpsDevices, gpsLastPositions, gpsPositions } from '../db/schema/gps.js';
import { cars } from '../db/schema/vehicles.js';
import { demoSecret, osmandKeyHash } from '../modules/gps/identity.js';
import { ALARM_BITS } from '../modules/gps/jt808/codec.js';
import { Driver, PATHS } from '../modules/gps/simulator.js';
import type { DemoContext } from './context.js';

/** Demo trackers' device numbers (12 digits: the 2013 header's BCD[6] phone); the simulator and the e2e test drive these. */
export const demoImei = (i: number) => `6449607700${String(i).padStart(2, '0')}`;
export const DEMO_DEVICES_PER_CITY = 6;
const HISTORY_HOURS = 3;
const INTERVAL_S = 30;

/**
 * GPS demo: six trackers on cars of Hangzhou and six of Shanghai, one in stock per city (Shanghai's kept by the
 * administrator), one phone tracker, one of the other tenant; three hours of history for each bound tracker along a
 * road of its city, with a few alarms.
 */
export async function seedGps({ tx, clock, demo, other }: DemoContext): Promise<void> {
  const now = clock.now();
  const pick = async (tenantId: number, rentId: number, n: number) =>
    tx
      .select({ id: cars.id, plate: cars.plate })
      .from(cars)
      .where(
        and(
          eq(cars.tenantId, tenantId),
          eq(cars.rentId, rentId),
          isNull(cars.deletedAt),
          notInArray(cars.status, ['sold', 'scrapped']),
        ),
      )
      .orderBy(asc(cars.id))
      .limit(n);
  let n = 0;
  for (const city of ['HZ', 'SH'] as const) {
    const rentId = demo.rentIds[city]!;
    const cityCars = await pick(demo.tenantId, rentId, DEMO_DEVICES_PER_CITY);
    const paths = PATHS.filter((p) => p.city === city);
    for (const [i, car] of cityCars.entries()) {
      n++;
      const installed = new Date(now.getTime() - (90 - n) * 86_400_000);
      const [d] = await tx
        .insert(gpsDevices)
        .values({
          tenantId: demo.tenantId,
          imei: demoImei(n),
          model: i % 3 === 2 ? 'JT-B200' : 'JT-W100',
          protocol: 'jt808',
          sim: `1440${String(6100000 + n).padStart(7, '0')}`,
          rentId,
          carId: car.id,
          isDefault: true,
          installedAt: installed,
          installer: i % 2 ? '李师傅' : '王师傅',
          installPosition: i % 3 === 2 ? '后备箱' : '仪表台下',
          registeredAt: installed,
          // Registered with a code derived from GPS_DEMO_SECRET: the simulator and the e2e tests authenticate with it.
          authCode: demoSecret('jt808', demoImei(n)),
        })
        .returning({ id: gpsDevices.id });
      await tx.insert(gpsDeviceBinds).values({
        tenantId: demo.tenantId,
        deviceId: d!.id,
        imei: demoImei(n),
        carId: car.id,
        plate: car.plate,
        action: 'bind',
        userId: demo.adminId,
        at: installed,
      });
      // The last one of each city has been silent for a day (offline on the map).
      const silent = i === cityCars.length - 1;
      const end = silent ? new Date(now.getTime() - 86_400_000) : now;
      const driver = new Driver(paths[i % paths.length]!, new Date(end.getTime() - HISTORY_HOURS * 3600_000), {
        intervalS: INTERVAL_S,
        seed: n,
        alarms: true,
      });
      const rows: (typeof gpsPositions.$inferInsert)[] = [];
      const count = (HISTORY_HOURS * 3600) / INTERVAL_S;
      for (let k = 0; k < count; k++) {
        const p = driver.next();
        let alarm = p.alarm;
        if (n === 2 && k === count - 1) alarm |= 1 << ALARM_BITS.powerCut;
        if (n === 8 && k > count - 20) alarm |= 1 << ALARM_BITS.sos;
        rows.push({
          tenantId: demo.tenantId,
          deviceId: d!.id,
          fixTime: p.time,
          serverTime: new Date(p.time.getTime() + 1500),
          lat: p.lat,
          lon: p.lon,
          speed: p.speed,
          course: p.direction,
          altitude: 12,
          valid: true,
          ignition: p.acc,
          alarm,
          status: (p.acc ? 1 : 0) | 2,
          odometer: p.odometer,
          satellites: 12,
        });
      }
      for (let k = 0; k < rows.length; k += 500) await tx.insert(gpsPositions).values(rows.slice(k, k + 500));
      await tx.insert(gpsLastPositions).values(rows[rows.length - 1]!);
    }
    // One tracker in stock per city; the Shanghai one is the fleet manager's spare (bound to the user).
    n++;
    await tx.insert(gpsDevices).values({
      tenantId: demo.tenantId,
      imei: demoImei(n),
      model: 'JT-W100',
      rentId,
      sim: `1440${String(6100000 + n).padStart(7, '0')}`,
      userId: city === 'SH' ? demo.adminId : null,
      remark: city === 'SH' ? '车管随身备用' : '库存',
    });
  }
  await tx.insert(gpsDevices).values({
    tenantId: demo.tenantId,
    imei: '913800138000001',
    model: 'PHONE',
    protocol: 'osmand',
    rentId: demo.rentIds.HZ!,
    userId: demo.clerkId,
    // Traccar Client's device id: a secret identifier (`demoSecret('osmand', number)`), never the number itself.
    osmandKeyHash: osmandKeyHash(demoSecret('osmand', '913800138000001')),
  });
  const [otherCar] = await pick(other.tenantId, other.rentIds.BJ!, 1);
  const [od] = await tx
    .insert(gpsDevices)
    .values({
      tenantId: other.tenantId,
      imei: '644960779901',
      model: 'JT-W100',
      rentId: other.rentIds.BJ!,
      carId: otherCar?.id ?? null,
      isDefault: Boolean(otherCar),
      authCode: demoSecret('jt808', '644960779901'),
      registeredAt: now,
    })
    .returning({ id: gpsDevices.id });
  await tx.insert(gpsLastPositions).values({
    tenantId: other.tenantId,
    deviceId: od!.id,
    fixTime: now,
    serverTime: now,
    lat: 39.9087,
    lon: 116.3975,
    speed: 0,
  });
}
