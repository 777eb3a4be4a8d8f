import { sql } from 'drizzle-orm';
import { withVinCheckDigit } from '@fleetdesk/contracts/identifiers';
import { tripAmount, type TripRate } from '@fleetdesk/contracts/time-share-pricing';
import { rowsOf } from '../core/db.js';
import { localDate } from '../core/tenant-time.js';
import { gpsDeviceBinds, gpsDevices, gpsPositions } from '../db/schema/gps.js';
import { carDistanceKm } from '../modules/gps/car-positions.service.js';
import { demoSecret } from '../modules/gps/identity.js';
import { Driver, PATHS } from '../modules/gps/simulator.js';
import type { DemoContext } from './context.js';

/** The time-share trackers' device numbers (the simulator drives them too; the e2e authenticates with them). */
export const timeShareImei = (i: number) => `6449607730${String(i).padStart(2, '0')}`;
export const TIME_SHARE_DEVICES = 6;

const MIN = 60_000;
const DAY = 86_400_000;
const ZONE = 'Asia/Shanghai';
const NIGHT = { nightFrom: '23:00', nightTo: '07:00' };

interface SeedZone {
  city: 'HZ' | 'SH';
  name: string;
  address: string;
  lat: number;
  lon: number;
  radiusM: number | null;
  geofence?: string;
  bays: number;
  parkingFeeFen: number;
}

/** Near the GPS demo's roads (`PATHS`): the simulator's cars pass by them. */
const ZONES: SeedZone[] = [
  {
    city: 'HZ',
    name: '文一西路站',
    address: '杭州市西湖区文一西路 998 号',
    lat: 30.279,
    lon: 120.11,
    radiusM: 400,
    bays: 12,
    parkingFeeFen: 0,
  },
  {
    city: 'HZ',
    name: '西湖景区站',
    address: '杭州市西湖区北山街 8 号',
    lat: 30.253,
    lon: 120.1425,
    radiusM: null,
    geofence: '西湖景区',
    bays: 8,
    parkingFeeFen: 500,
  },
  {
    city: 'HZ',
    name: '钱江新城站',
    address: '杭州市上城区富春路 701 号',
    lat: 30.247,
    lon: 120.21,
    radiusM: 500,
    bays: 10,
    parkingFeeFen: 300,
  },
  {
    city: 'SH',
    name: '陆家嘴站',
    address: '上海市浦东新区陆家嘴环路 1000 号',
    lat: 31.2365,
    lon: 121.505,
    radiusM: null,
    geofence: '陆家嘴',
    bays: 10,
    parkingFeeFen: 800,
  },
  {
    city: 'SH',
    name: '人民广场站',
    address: '上海市黄浦区人民大道 200 号',
    lat: 31.23,
    lon: 121.475,
    radiusM: 500,
    bays: 6,
    parkingFeeFen: 0,
  },
];

const CITY_NAME = { HZ: '杭州', SH: '上海' } as const;

/** Per city: the two demo car types' rates (fen). */
const RATES: Record<'HZ' | 'SH', Record<string, TripRate>> = {
  HZ: {
    新能源网约车: { dayMinuteFen: 50, nightMinuteFen: 30, kmFen: 80, minFen: 1000, maxFen: null, dailyCapFen: 19_900 },
    舒适型: { dayMinuteFen: 80, nightMinuteFen: 50, kmFen: 120, minFen: 1500, maxFen: 80_000, dailyCapFen: 29_900 },
  },
  SH: {
    新能源网约车: { dayMinuteFen: 60, nightMinuteFen: 35, kmFen: 90, minFen: 1200, maxFen: null, dailyCapFen: 22_900 },
    舒适型: { dayMinuteFen: 90, nightMinuteFen: 60, kmFen: 140, minFen: 1800, maxFen: 90_000, dailyCapFen: 32_900 },
  },
};

/**
 * Time-share demo (docs/time-share.md): five zones near the GPS demo's roads (two of them GPS geofences), rates per
 * city for two car types, six new cars of the time-share fleet with their own JT/T 808 trackers (parked at zones),
 * five renters with balances, twelve trips (paid ones with their routes, one ended and owed, one under way, one
 * expired reservation) and a zone of the other tenant.
 */
export async function seedTimeShare({ tx, clock, demo, other }: DemoContext): Promise<void> {
  const now = clock.now();
  const tenantId = demo.tenantId;
  const q = <R>(s: ReturnType<typeof sql>) => rowsOf<R>(tx, s);

  // ---- zones
  const zoneIds: number[] = [];
  for (const z of ZONES) {
    const rentId = demo.rentIds[z.city]!;
    const [g] = z.geofence
      ? await q<{ id: number }>(
          sql`select id from gps_geofences where tenant_id = ${tenantId} and name = ${z.geofence} limit 1`,
        )
      : [];
    const [row] = await q<{ id: number }>(
      sql`insert into ts_zones (tenant_id, rent_id, name, city, address, lat, lon, radius_m, geofence_id, bays,
          parking_fee_fen, created_at, updated_at)
        values (${tenantId}, ${rentId}, ${z.name}, ${CITY_NAME[z.city]}, ${z.address}, ${z.lat}, ${z.lon},
          ${g ? z.radiusM : (z.radiusM ?? 300)}, ${g ? Number(g.id) : null}, ${z.bays}, ${z.parkingFeeFen},
          ${new Date(now.getTime() - 60 * DAY).toISOString()}, ${now.toISOString()})
        returning id`,
    );
    zoneIds.push(Number(row!.id));
  }
  const zonesOf = (city: 'HZ' | 'SH') =>
    ZONES.map((z, i) => ({ ...z, id: zoneIds[i]! })).filter((z) => z.city === city);

  // ---- rates
  const types = await q<{ id: number; name: string }>(
    sql`select id, name from car_types where tenant_id = ${tenantId} and name in ('新能源网约车', '舒适型')`,
  );
  const typeId = (name: string) => Number(types.find((t) => t.name === name)!.id);
  for (const city of ['HZ', 'SH'] as const) {
    for (const [type, r] of Object.entries(RATES[city])) {
      await tx.execute(
        sql`insert into ts_rates (tenant_id, city, car_type_id, day_minute_fen, night_minute_fen, km_fen, min_fen,
            max_fen, daily_cap_fen)
          values (${tenantId}, ${CITY_NAME[city]}, ${typeId(type)}, ${r.dayMinuteFen}, ${r.nightMinuteFen}, ${r.kmFen},
            ${r.minFen}, ${r.maxFen}, ${r.dailyCapFen})`,
      );
    }
  }

  // ---- the time-share fleet: new cars (a copy of a demo car of the type: brand, model, insurer) with trackers
  interface FleetCar {
    id: number;
    city: 'HZ' | 'SH';
    rentId: number;
    type: string;
    deviceId: number;
    odometer: number;
    path: (typeof PATHS)[number];
    zone: { id: number; lat: number; lon: number; name: string; parkingFeeFen: number };
    at: number;
  }
  const fleet: FleetCar[] = [];
  const plan: { city: 'HZ' | 'SH'; type: string; plate: string }[] = [
    { city: 'HZ', type: '新能源网约车', plate: '浙AD73S01' },
    { city: 'HZ', type: '新能源网约车', plate: '浙AD73S02' },
    { city: 'HZ', type: '舒适型', plate: '浙A73S03' },
    { city: 'SH', type: '新能源网约车', plate: '沪AD73S04' },
    { city: 'SH', type: '新能源网约车', plate: '沪AD73S05' },
    { city: 'SH', type: '舒适型', plate: '沪A73S06' },
  ];
  const expiry = localDate(ZONE, new Date(now.getTime() + 300 * DAY));
  for (const [i, p] of plan.entries()) {
    const rentId = demo.rentIds[p.city]!;
    const vin = withVinCheckDigit(
      `LTS${p.city === 'HZ' ? 'HZ' : 'SH'}A0X${String(i + 1).padStart(2, '0')}N73000${i + 1}`.slice(0, 17),
    );
    const created = new Date(now.getTime() - 60 * DAY);
    const [car] = await q<{ id: number }>(
      sql`insert into cars (tenant_id, rent_id, plate, vin, vin_valid, brand_id, series_id, model_id, colour,
          car_type_id, energy, battery_kwh, range_km, seats, registration_date, mileage_km, status,
          status_changed_at, key_count, key_location, inspection_due, compulsory_company, compulsory_policy_no,
          compulsory_expiry, commercial_company, commercial_policy_no, commercial_expiry, owner_id, remark,
          created_by, created_at, updated_at)
        select tenant_id, rent_id, ${p.plate}, ${vin}, true, brand_id, series_id, model_id, '白色', car_type_id,
          energy, battery_kwh, range_km, seats, ${localDate(ZONE, new Date(now.getTime() - 120 * DAY))}::date,
          ${1200 + i * 350}, 'idle', ${created.toISOString()}, 2, '分时租赁网点钥匙盒',
          ${expiry}::date, compulsory_company, ${`PDZA2026TS00000${i + 1}`}, ${expiry}::date, commercial_company,
          ${`PDAA2026TS00000${i + 1}`}, ${expiry}::date, owner_id, '分时租赁车队', ${demo.adminId}, ${created.toISOString()},
          ${now.toISOString()}
        from cars where tenant_id = ${tenantId} and rent_id = ${rentId} and car_type_id = ${typeId(p.type)}
          and deleted_at is null and compulsory_company is not null and owner_id is not null
        order by id limit 1
        returning id`,
    );
    if (!car) continue;
    const carId = Number(car.id);
    await tx.execute(
      sql`insert into car_events (tenant_id, car_id, kind, to_status, to_rent_id, remark, user_id, at)
        values (${tenantId}, ${carId}, 'create', 'idle', ${rentId}, '分时租赁车队', ${demo.adminId},
          ${created.toISOString()})`,
    );
    // The policies behind the car's insurance dates (the compliance area's records of them).
    for (const kind of ['compulsory', 'commercial'] as const) {
      const coverage =
        kind === 'compulsory'
          ? []
          : [
              { code: 'damage', sumInsuredFen: 12_000_000 },
              { code: 'thirdParty', sumInsuredFen: 200_000_000 },
            ];
      await tx.execute(
        sql`insert into insurance_policies (tenant_id, car_id, kind, company_code, policy_no, start_date, end_date,
            premium_fen, coverage, created_by, created_at)
          select tenant_id, id, ${kind}, ${sql.raw(`${kind}_company`)}, ${sql.raw(`${kind}_policy_no`)},
            ${sql.raw(`${kind}_expiry`)} - 364, ${sql.raw(`${kind}_expiry`)}, ${kind === 'compulsory' ? 95_000 : 460_000},
            ${JSON.stringify(coverage)}::jsonb, ${demo.adminId}, ${created.toISOString()}
          from cars where tenant_id = ${tenantId} and id = ${carId} and ${sql.raw(`${kind}_company`)} is not null`,
      );
    }
    const imei = timeShareImei(i + 1);
    const installed = new Date(now.getTime() - 59 * DAY);
    const [d] = await tx
      .insert(gpsDevices)
      .values({
        tenantId,
        imei,
        model: 'JT-W100',
        protocol: 'jt808',
        sim: `1440${String(6200000 + i + 1).padStart(7, '0')}`,
        rentId,
        carId,
        isDefault: true,
        installedAt: installed,
        installer: '王师傅',
        installPosition: '仪表台下',
        registeredAt: installed,
        authCode: demoSecret('jt808', imei),
      })
      .returning({ id: gpsDevices.id });
    await tx.insert(gpsDeviceBinds).values({
      tenantId,
      deviceId: d!.id,
      imei,
      carId,
      plate: p.plate,
      action: 'bind',
      userId: demo.adminId,
      at: installed,
    });
    const zones = zonesOf(p.city);
    const zone = zones[i % zones.length]!;
    fleet.push({
      id: carId,
      city: p.city,
      rentId,
      type: p.type,
      deviceId: Number(d!.id),
      odometer: (1200 + i * 350) * 1000,
      path: PATHS.filter((x) => x.city === p.city)[i % 3]!,
      zone: { id: zone.id, lat: zone.lat, lon: zone.lon, name: zone.name, parkingFeeFen: zone.parkingFeeFen },
      at: now.getTime() - 30 * DAY,
    });
  }
  if (!fleet.length) return;

  // ---- renters: active drivers of the two rents with balances (top-ups at the counter); the newest ones, so
  // that the first drivers of the demo stay without a balance (the payments area's tests top them up).
  const renters = await q<{ id: number; rent_id: number; name: string }>(
    sql`(select id, rent_id, name from drivers where tenant_id = ${tenantId} and rent_id = ${demo.rentIds.HZ!}
        and state = 'active' and deleted_at is null order by id desc limit 3)
      union all
      (select id, rent_id, name from drivers where tenant_id = ${tenantId} and rent_id = ${demo.rentIds.SH!}
        and state = 'active' and deleted_at is null order by id desc limit 2)`,
  );
  const balance = new Map<number, number>();
  const ledger = async (driverId: number, kind: 'topUp' | 'trip', amountFen: number, at: Date, ref: number | null) => {
    const after = (balance.get(driverId) ?? 0) + amountFen;
    balance.set(driverId, after);
    await tx.execute(
      sql`insert into renter_ledger (tenant_id, driver_id, kind, amount_fen, balance_after_fen, reference_type,
          reference_id, created_by, created_at)
        values (${tenantId}, ${driverId}, ${kind}, ${amountFen}, ${after}, ${ref == null ? null : 'tsTrip'},
          ${ref == null ? null : String(ref)}, ${demo.adminId}, ${at.toISOString()})`,
    );
  };
  const topUps = [120_000, 30_000, 20_000, 40_000, 6_000];
  for (const [i, r] of renters.entries())
    await ledger(Number(r.id), 'topUp', topUps[i]!, new Date(now.getTime() - 29 * DAY), null);

  // ---- positions: parked at a zone, or driven along the car's road during a trip
  const positions: (typeof gpsPositions.$inferInsert)[] = [];
  const park = (c: FleetCar, at: number) => {
    positions.push({
      tenantId,
      deviceId: c.deviceId,
      fixTime: new Date(at),
      serverTime: new Date(at + 1500),
      lat: c.zone.lat + 0.0004,
      lon: c.zone.lon - 0.0003,
      speed: 0,
      valid: true,
      ignition: false,
      status: 2,
      odometer: c.odometer,
      satellites: 11,
    });
  };
  const drive = (c: FleetCar, from: number, to: number, seed: number) => {
    // A long trip is mostly parked (at the road's ends); a short one mostly driven.
    const parkS = to - from > 600 * MIN ? 8 * 3600 : 300;
    const driver = new Driver(c.path, new Date(from), { intervalS: 60, seed, parkS });
    const base = driver.odometer;
    for (let t = from + MIN; t <= to; t += MIN) {
      const p = driver.next();
      positions.push({
        tenantId,
        deviceId: c.deviceId,
        fixTime: p.time,
        serverTime: new Date(p.time.getTime() + 1500),
        lat: p.lat,
        lon: p.lon,
        speed: p.speed,
        course: p.direction,
        valid: true,
        ignition: p.acc,
        status: (p.acc ? 1 : 0) | 2,
        odometer: c.odometer + (p.odometer - base),
        satellites: 12,
      });
    }
    c.odometer += Math.round(driver.odometer - base);
  };
  for (const c of fleet) park(c, c.at);

  // ---- trips: [car, renter, days ago, start hour (local), minutes, kind]
  type Kind = 'paid' | 'owed' | 'live' | 'expired' | 'offZone';
  const trips: [number, number, number, number, number, Kind][] = [
    [0, 0, 20, 8, 35, 'paid'],
    [1, 1, 18, 13, 80, 'paid'],
    [2, 2, 15, 22, 95, 'paid'],
    [3, 3, 14, 9, 50, 'paid'],
    [4, 4, 12, 18, 40, 'paid'],
    [0, 1, 9, 7, 28, 'paid'],
    [5, 3, 8, 20, 150, 'offZone'],
    [1, 0, 6, 11, 1600, 'paid'],
    [2, 2, 4, 15, 45, 'paid'],
    [4, 4, 2, 10, 240, 'owed'],
    [3, 3, 1, 16, 0, 'expired'],
    [0, 0, 0, 0, 40, 'live'],
  ];
  let seq = 0;
  for (const [ci, ri, daysAgo, hour, minutes, kind] of trips) {
    const c = fleet[ci % fleet.length]!;
    const renter = renters[ri % renters.length];
    if (!renter) continue;
    const driverId = Number(renter.id);
    const rate = RATES[c.city][c.type]!;
    const start =
      kind === 'live'
        ? now.getTime() - minutes * MIN
        : Date.parse(
            `${localDate(ZONE, new Date(now.getTime() - daysAgo * DAY))}T${String(hour).padStart(2, '0')}:05:00+08:00`,
          );
    const reservedAt = start - 6 * MIN;
    seq++;
    const code = `T${localDate(ZONE, new Date(reservedAt)).replace(/-/g, '')}${String(seq).padStart(4, '0')}`;
    if (kind === 'expired') {
      await tx.execute(
        sql`insert into ts_trips (tenant_id, code, rent_id, car_id, driver_id, state, rate, reserved_at, reserve_until,
            start_zone_id, cancelled_at, cancel_reason, created_by, created_at, updated_at)
          values (${tenantId}, ${code}, ${c.rentId}, ${c.id}, ${driverId}, 'cancelled', ${JSON.stringify(rate)}::jsonb,
            ${new Date(reservedAt).toISOString()}, ${new Date(reservedAt + 15 * MIN).toISOString()}, ${c.zone.id},
            ${new Date(reservedAt + 15 * MIN).toISOString()}, 'timeShare.cancelExpired', ${demo.clerkId},
            ${new Date(reservedAt).toISOString()}, ${new Date(reservedAt + 15 * MIN).toISOString()})`,
      );
      continue;
    }
    const end = kind === 'live' ? now.getTime() - 30_000 : start + minutes * MIN;
    if (start < c.at) continue;
    const startOdo = c.odometer;
    const startZone = c.zone;
    drive(c, start, end, seq * 7 + ci);
    const zones = zonesOf(c.city);
    const endZone = kind === 'offZone' ? null : zones[(seq + ci) % zones.length]!;
    const [trip] = await q<{ id: number }>(
      sql`insert into ts_trips (tenant_id, code, rent_id, car_id, driver_id, state, rate, reserved_at, reserve_until,
          started_at, start_zone_id, start_km, created_by, created_at, updated_at)
        values (${tenantId}, ${code}, ${c.rentId}, ${c.id}, ${driverId}, 'inUse', ${JSON.stringify(rate)}::jsonb,
          ${new Date(reservedAt).toISOString()}, ${new Date(reservedAt + 15 * MIN).toISOString()},
          ${new Date(start).toISOString()}, ${startZone.id}, ${Math.round(startOdo / 100) / 10}, ${demo.clerkId},
          ${new Date(reservedAt).toISOString()}, ${new Date(start).toISOString()})
        returning id`,
    );
    const tripId = Number(trip!.id);
    await tx.execute(
      sql`insert into car_usage_periods (tenant_id, car_id, trip_id, driver_id, rent_id, from_at, to_at)
        values (${tenantId}, ${c.id}, ${tripId}, ${driverId}, ${c.rentId}, ${new Date(start).toISOString()},
          ${kind === 'live' ? null : new Date(end).toISOString()})`,
    );
    if (kind === 'live') {
      await tx.execute(sql`update cars set status = 'rented', status_changed_at = ${new Date(start).toISOString()}
        where tenant_id = ${tenantId} and id = ${c.id}`);
      // The car's history as the trip wrote it: reserved, then rented out.
      await tx.execute(
        sql`insert into car_events (tenant_id, car_id, kind, action, from_status, to_status, remark, user_id, at)
          values (${tenantId}, ${c.id}, 'status', 'reserve', 'idle', 'reserved', ${code}, ${demo.clerkId},
            ${new Date(reservedAt).toISOString()}),
            (${tenantId}, ${c.id}, 'status', 'rentOut', 'reserved', 'rented', ${code}, ${demo.clerkId},
            ${new Date(start).toISOString()})`,
      );
      c.at = end;
      continue;
    }
    // Parked at the end zone (or where it stopped, off every zone).
    if (endZone)
      c.zone = {
        id: endZone.id,
        lat: endZone.lat,
        lon: endZone.lon,
        name: endZone.name,
        parkingFeeFen: endZone.parkingFeeFen,
      };
    const last = positions[positions.length - 1]!;
    if (endZone) park(c, end);
    c.at = end;
    // The km as the trip's end reads them (from the positions just made; they are written below first).
    await flush();
    const { km } = await carDistanceKm(tx, tenantId, c.id, new Date(start), new Date(end));
    const amount = tripAmount({
      startAt: start,
      endAt: end,
      km,
      rate,
      zone: ZONE,
      ...NIGHT,
      parkingFen: endZone?.parkingFeeFen ?? 0,
      offZoneFen: endZone ? 0 : 5000,
    });
    const owed = kind === 'owed' || (balance.get(driverId) ?? 0) < amount.totalFen;
    await tx.execute(
      sql`update ts_trips set state = ${owed ? 'ended' : 'paid'}, ended_at = ${new Date(end).toISOString()},
          end_zone_id = ${endZone?.id ?? null}, end_lat = ${endZone ? endZone.lat : Math.round(Number(last.lat) * 1e6) / 1e6},
          end_lon = ${endZone ? endZone.lon : Math.round(Number(last.lon) * 1e6) / 1e6}, off_zone = ${!endZone},
          km = ${km}, amount = ${JSON.stringify(amount)}::jsonb, total_fen = ${amount.totalFen},
          paid_at = ${owed ? null : new Date(end + MIN).toISOString()}, updated_at = ${new Date(end).toISOString()}
        where tenant_id = ${tenantId} and id = ${tripId}`,
    );
    if (!owed) await ledger(driverId, 'trip', -amount.totalFen, new Date(end + MIN), tripId);
    if (!endZone) {
      // Staff brought the off-zone car back to a zone the next morning.
      c.zone = { ...zones[0]!, parkingFeeFen: zones[0]!.parkingFeeFen };
      park(c, end + 12 * 3_600_000);
      c.at = end + 12 * 3_600_000;
    }
  }

  // Each car now: parked where its last trip ended (or driving, the live one); its live position is the newest.
  for (const c of fleet) {
    const live = await q<{ id: number }>(
      sql`select id from ts_trips where tenant_id = ${tenantId} and car_id = ${c.id} and state = 'inUse'`,
    );
    if (!live.length) park(c, Math.max(c.at + MIN, now.getTime() - 5 * MIN));
    await tx.execute(
      sql`insert into ts_cars (tenant_id, car_id, city, zone_id, added_at)
        values (${tenantId}, ${c.id}, ${CITY_NAME[c.city]}, ${live.length ? null : c.zone.id},
          ${new Date(now.getTime() - 30 * DAY).toISOString()})`,
    );
  }
  await flush();
  for (const c of fleet) {
    const [lastRow] = await q<{ fix_time: string }>(
      sql`select max(fix_time) as fix_time from gps_positions where tenant_id = ${tenantId} and device_id = ${c.deviceId}`,
    );
    if (!lastRow?.fix_time) continue;
    await tx.execute(
      sql`insert into gps_last_positions (tenant_id, device_id, fix_time, server_time, lat, lon, altitude, speed, course,
          valid, ignition, alarm, status, odometer, satellites, archived, attributes, updated_at)
        select tenant_id, device_id, fix_time, server_time, lat, lon, altitude, speed, course, valid, ignition, alarm,
          status, odometer, satellites, archived, attributes, ${now.toISOString()}
        from gps_positions where tenant_id = ${tenantId} and device_id = ${c.deviceId}
        order by fix_time desc limit 1`,
    );
  }

  // Balances as the ledger left them.
  for (const [driverId, fen] of balance)
    await tx.execute(
      sql`insert into renter_balances (tenant_id, driver_id, balance_fen, updated_at)
        values (${tenantId}, ${driverId}, ${fen}, ${now.toISOString()})`,
    );

  // The other tenant's zone (isolation).
  await tx.execute(
    sql`insert into ts_zones (tenant_id, rent_id, name, city, address, lat, lon, radius_m, bays)
      values (${other.tenantId}, ${other.rentIds.BJ!}, '王府井站', '北京', '北京市东城区王府井大街 255 号', 39.9087,
        116.3975, 300, 6)`,
  );

  async function flush() {
    for (let k = 0; k < positions.length; k += 500) await tx.insert(gpsPositions).values(positions.slice(k, k + 500));
    positions.length = 0;
  }
}
