import { sql } from 'drizzle-orm';
import { quoteStay, type StayPrice, type StayQuote } from '@fleetdesk/contracts/short-term-pricing';
import { DEFAULT_SHORT_TERM_RULES } from '@fleetdesk/contracts/organisation';
import { rawNumber, rowsOf, type RawNumber, type Tx } from '../core/db.js';
import { addDays, localDate, tenantDaysOf } from '../core/tenant-time.js';
import type { DemoContext } from './context.js';

const HOUR = 3_600_000;
const DAY = 86_400_000;
const ZONE = 'Asia/Shanghai';
const PAPERS = { insuranceCopy: true, licence: true, transportCertificate: true };

/**
 * The public holidays of China by year (the real calendar: 春节, 清明, 端午 and 中秋 follow the lunar calendar),
 * each as its first day and length in days. The seed keeps those of the twelve months from its today.
 */
const HOLIDAYS: Record<number, [name: string, first: string, days: number][]> = {
  2026: [
    ['元旦', '2026-01-01', 3],
    ['春节', '2026-02-16', 8],
    ['清明节', '2026-04-04', 3],
    ['劳动节', '2026-05-01', 5],
    ['端午节', '2026-06-19', 3],
    ['中秋节', '2026-09-25', 3],
    ['国庆节', '2026-10-01', 7],
  ],
  2027: [
    ['元旦', '2027-01-01', 3],
    ['春节', '2027-02-05', 8],
    ['清明节', '2027-04-03', 3],
    ['劳动节', '2027-05-01', 5],
    ['端午节', '2027-06-09', 3],
    ['中秋节', '2027-09-15', 3],
    ['国庆节', '2027-10-01', 7],
  ],
  2028: [
    ['元旦', '2028-01-01', 3],
    ['春节', '2028-01-25', 8],
    ['清明节', '2028-04-02', 3],
    ['劳动节', '2028-05-01', 5],
    ['端午节', '2028-05-28', 3],
    ['中秋节', '2028-10-03', 1],
    ['国庆节', '2028-10-01', 7],
  ],
  2029: [
    ['元旦', '2029-01-01', 3],
    ['春节', '2029-02-12', 8],
    ['清明节', '2029-04-04', 3],
    ['劳动节', '2029-05-01', 5],
    ['端午节', '2029-06-16', 3],
    ['中秋节', '2029-09-22', 3],
    ['国庆节', '2029-10-01', 7],
  ],
  2030: [
    ['元旦', '2030-01-01', 3],
    ['春节', '2030-02-02', 8],
    ['清明节', '2030-04-05', 3],
    ['劳动节', '2030-05-01', 5],
    ['端午节', '2030-06-05', 3],
    ['中秋节', '2030-09-12', 3],
    ['国庆节', '2030-10-01', 7],
  ],
};

/** The holidays (day, name) of the twelve months from `today`, each day once. */
export function holidaysFrom(today: string): { day: string; name: string }[] {
  const end = addDays(today, 365);
  const seen = new Map<string, string>();
  const year = Number(today.slice(0, 4));
  for (const y of [year, year + 1]) {
    for (const [name, first, days] of HOLIDAYS[y] ?? []) {
      for (let i = 0; i < days; i++) {
        const day = addDays(first, i);
        if (day >= today && day < end && !seen.has(day)) seen.set(day, name);
      }
    }
  }
  return [...seen].sort(([a], [b]) => a.localeCompare(b)).map(([day, name]) => ({ day, name }));
}

interface Store {
  id: number;
  rentId: number;
  cars: { id: number; plate: string; typeId: number; km: number; status: string }[];
  prices: Map<number, StayPrice & { overKmFen: number }>;
}

/** Prices by car type name (yuan a day, weekend, deposits). */
const TYPE_PRICES: Record<
  string,
  [weekday: number, weekend: number, damage: number, violation: number, limit: number | null]
> = {
  经济型: [158, 198, 3000, 2000, 300],
  新能源网约车: [188, 228, 3000, 2000, 300],
  舒适型: [268, 328, 5000, 2000, null],
  商务型: [498, 598, 10000, 3000, null],
};

async function makeStore(
  tx: Tx,
  tenantId: number,
  rentId: number,
  s: { name: string; address: string; lat: number; lon: number; phone: string; delivery: number },
  now: Date,
): Promise<number> {
  const [row] = await rowsOf<{ id: RawNumber }>(
    tx,
    sql`insert into st_stores (tenant_id, rent_id, name, address, lat, lon, phone, opens_at, closes_at, min_notice_hours,
        max_days_ahead, delivery_radius_km, delivery_fee_fen, enabled, created_at, updated_at)
      values (${tenantId}, ${rentId}, ${s.name}, ${s.address}, ${s.lat}, ${s.lon}, ${s.phone}, '08:00', '21:00', 2, 90,
        ${s.delivery}, ${s.delivery ? 5000 : 0}, true, ${now.toISOString()}, ${now.toISOString()})
      returning id`,
  );
  return rawNumber(row!.id);
}

/**
 * Cars for a store, never changing a car (other areas count the demo's cars by status): cars of the rent with a type,
 * idle ones first, then rented ones without a live contract (a short-term car in use), none with a usage period in
 * the last 45 days (the demo's bookings lie within them), untracked ones first (the time-share demo takes
 * GPS-tracked cars), at most `n`.
 */
async function pickCars(tx: Tx, tenantId: number, rentId: number, n: number, now: Date) {
  const since = new Date(now.getTime() - 45 * DAY).toISOString();
  const rows = await rowsOf<{
    id: RawNumber;
    plate: string;
    car_type_id: RawNumber;
    mileage_km: number;
    status: string;
  }>(
    tx,
    sql`select c.id, c.plate, c.car_type_id, c.mileage_km, c.status from cars c
      where c.tenant_id = ${tenantId} and c.rent_id = ${rentId} and c.deleted_at is null
        and c.status in ('idle', 'rented') and c.car_type_id is not null
        and not exists (select 1 from rental_contracts k where k.tenant_id = c.tenant_id and k.car_id = c.id
          and k.state in ('pending', 'signed'))
        and not exists (select 1 from car_usage_periods p where p.tenant_id = c.tenant_id and p.car_id = c.id
          and (p.to_at is null or p.to_at > ${since}))
      order by c.status <> 'idle',
        exists (select 1 from gps_devices g where g.tenant_id = c.tenant_id and g.car_id = c.id), c.id
      limit ${n}`,
  );
  return rows.map((r) => ({
    id: rawNumber(r.id),
    plate: r.plate,
    typeId: rawNumber(r.car_type_id),
    km: r.mileage_km,
    status: r.status,
  }));
}

async function setUpStore(
  tx: Tx,
  tenantId: number,
  storeId: number,
  rentId: number,
  n: number,
  now: Date,
): Promise<Store> {
  const cars = await pickCars(tx, tenantId, rentId, n, now);
  for (const c of cars)
    await tx.execute(
      sql`insert into st_store_cars (tenant_id, car_id, store_id, added_at) values (${tenantId}, ${c.id}, ${storeId}, ${now.toISOString()})`,
    );
  const types = await rowsOf<{ id: RawNumber; name: string }>(
    tx,
    sql`select id, name from car_types where tenant_id = ${tenantId} and id = any(${`{${[...new Set(cars.map((c) => c.typeId)), 0].join(',')}}`}::int8[])`,
  );
  const prices = new Map<number, StayPrice & { overKmFen: number }>();
  for (const t of types) {
    const [wd, we, damage, violation, limit] = TYPE_PRICES[t.name] ?? [200, 260, 3000, 2000, 300];
    const p = {
      weekdayFen: wd * 100,
      weekendFen: we * 100,
      discount7Bp: 500,
      discount15Bp: 1000,
      discount30Bp: 1500,
      mileageLimitKm: limit,
      overKmFen: 100,
      damageDepositFen: damage * 100,
      violationDepositFen: violation * 100,
    };
    prices.set(rawNumber(t.id), p);
    await tx.execute(
      sql`insert into st_prices (tenant_id, store_id, car_type_id, weekday_fen, weekend_fen, discount7_bp, discount15_bp,
          discount30_bp, mileage_limit_km, over_km_fen, damage_deposit_fen, violation_deposit_fen, created_at, updated_at)
        values (${tenantId}, ${storeId}, ${t.id}, ${p.weekdayFen}, ${p.weekendFen}, ${p.discount7Bp}, ${p.discount15Bp},
          ${p.discount30Bp}, ${p.mileageLimitKm}, ${p.overKmFen}, ${p.damageDepositFen}, ${p.violationDepositFen},
          ${now.toISOString()}, ${now.toISOString()})`,
    );
  }
  return { id: storeId, rentId, cars, prices };
}

/** A time on the hour of a tenant's day (Shanghai): `daysFromToday` days away at `hour`:00. */
function at(today: string, daysFromToday: number, hour: number): Date {
  const days = tenantDaysOf(ZONE, new Date(`${today}T04:00:00Z`));
  return new Date(days.startOf(addDays(today, daysFromToday)).getTime() + hour * HOUR);
}

/** The sandbox provider's side of a demo order paid through it (so that its refunds go through, as in real use). */
async function sandboxTrade(tx: Tx, orderNo: string, amountFen: number, at: Date) {
  await tx.execute(
    sql`insert into pay_sandbox_trades (order_no, amount_fen, description, token, state, trade_no, created_at, expires_at, paid_at)
      values (${orderNo}, ${amountFen}, '短租订单', ${`demo-${orderNo}`}, 'approved', ${`SBX${orderNo}`},
        ${at.toISOString()}, ${new Date(at.getTime() + 30 * 60_000).toISOString()}, ${new Date(at.getTime() + 5 * 60_000).toISOString()})`,
  );
}

type SeedState = 'unpaid' | 'toPickUp' | 'inUse' | 'returned' | 'completed' | 'cancelled';
interface Plan {
  state: SeedState;
  from: [days: number, hour: number];
  to: [days: number, hour: number];
  created?: number;
  late?: boolean;
  held?: boolean;
  violation?: boolean;
  balance?: boolean;
}

/**
 * The short-term demo: 西湖店 (Hangzhou) and 虹桥店 (Shanghai) with 8-10 idle cars each, prices for their types,
 * date prices on the coming holidays, the holidays of the next twelve months, two protections, two extras and
 * ~15 bookings in every state (completed ones settled, one with its violation deposit held and a violation in its
 * period); a store and a booking of the other tenant.
 */
export async function seedShortTerm({ tx, clock, demo, other }: DemoContext): Promise<void> {
  const now = clock.now();
  const today = localDate(ZONE, now);
  const tenantId = demo.tenantId;
  const hz = await makeStore(
    tx,
    tenantId,
    demo.rentIds.HZ!,
    {
      name: '西湖店',
      address: '杭州市西湖区曙光路 120 号',
      lat: 30.27415,
      lon: 120.14363,
      phone: '0571-87001234',
      delivery: 10,
    },
    now,
  );
  const sh = await makeStore(
    tx,
    tenantId,
    demo.rentIds.SH!,
    {
      name: '虹桥店',
      address: '上海市闵行区申长路 688 号',
      lat: 31.19446,
      lon: 121.31825,
      phone: '021-64001234',
      delivery: 0,
    },
    now,
  );
  const stores = [
    await setUpStore(tx, tenantId, hz, demo.rentIds.HZ!, 10, now),
    await setUpStore(tx, tenantId, sh, demo.rentIds.SH!, 9, now),
  ];
  const holidays = holidaysFrom(today);
  for (const h of holidays)
    await tx.execute(
      sql`insert into st_holidays (tenant_id, day, name) values (${tenantId}, ${h.day}::date, ${h.name})`,
    );
  // Date prices: the first days of the next 国庆 and 春节 cost more than a weekend at the Hangzhou store.
  for (const [typeId, p] of stores[0]!.prices) {
    for (const h of holidays.filter((x) => x.name === '国庆节' || x.name === '春节').slice(0, 10))
      await tx.execute(
        sql`insert into st_price_days (tenant_id, store_id, car_type_id, day, price_fen)
          values (${tenantId}, ${hz}, ${typeId}, ${h.day}::date, ${Math.round((p.weekendFen * 1.5) / 100) * 100})`,
      );
  }
  const [basic] = await rowsOf<{ id: RawNumber }>(
    tx,
    sql`insert into st_protections (tenant_id, name, day_fen, deductible_fen, tyres_glass, enabled, sort, created_at, updated_at)
      values (${tenantId}, '基础保障', 5000, 150000, false, true, 1, ${now.toISOString()}, ${now.toISOString()}),
        (${tenantId}, '全面保障', 10000, 0, true, true, 2, ${now.toISOString()}, ${now.toISOString()}) returning id`,
  );
  await tx.execute(
    sql`insert into st_extras (tenant_id, name, kind, day_fen, max_fen, enabled, created_at, updated_at)
      values (${tenantId}, '儿童安全座椅', 'childSeat', 3000, 30000, true, ${now.toISOString()}, ${now.toISOString()}),
        (${tenantId}, '增加驾驶人', 'extraDriver', 5000, 50000, true, ${now.toISOString()}, ${now.toISOString()})`,
  );

  const plans: Plan[] = [
    { state: 'unpaid', from: [3, 10], to: [5, 10], created: -10 },
    { state: 'unpaid', from: [6, 9], to: [8, 18], created: -5 },
    { state: 'toPickUp', from: [1, 10], to: [4, 10] },
    { state: 'toPickUp', from: [10, 9], to: [17, 9] },
    { state: 'toPickUp', from: [0, 0], to: [3, 12], late: true },
    { state: 'inUse', from: [-2, 10], to: [2, 10] },
    { state: 'inUse', from: [-4, 9], to: [-1, 9], late: true },
    { state: 'returned', from: [-5, 10], to: [-1, 10], late: true },
    { state: 'completed', from: [-40, 10], to: [-37, 10] },
    { state: 'completed', from: [-30, 9], to: [-23, 9] },
    { state: 'completed', from: [-20, 10], to: [-18, 10], held: true, violation: true },
    { state: 'completed', from: [-12, 10], to: [-10, 12], held: true },
    { state: 'completed', from: [-8, 10], to: [-6, 10], held: true, balance: true },
    { state: 'cancelled', from: [-3, 10], to: [-1, 10] },
    { state: 'cancelled', from: [5, 10], to: [7, 10] },
  ];
  const renters = await rowsOf<{ id: RawNumber; rent_id: RawNumber }>(
    tx,
    sql`select id, rent_id from drivers where tenant_id = ${tenantId} and deleted_at is null and state <> 'blacklisted'
      and rent_id = any(${`{${demo.rentIds.HZ},${demo.rentIds.SH}}`}::int8[]) order by id limit 40`,
  );
  const used = new Set<number>();
  let serial = 0;
  for (const [i, plan] of plans.entries()) {
    const store = stores[i % 2]!;
    // Every booking its own car: periods and live bookings of one car never overlap.
    // A booking in use takes a car that is rented already (the demo's cars keep their statuses).
    const car =
      store.cars.find((c) => !used.has(c.id) && (plan.state === 'inUse') === (c.status === 'rented')) ??
      store.cars.find((c) => !used.has(c.id) && plan.state !== 'inUse');
    if (!car) continue;
    used.add(car.id);
    const price = store.prices.get(car.typeId)!;
    const renter = renters.filter((r) => rawNumber(r.rent_id) === store.rentId)[i] ?? renters[i]!;
    const pickUpAt =
      plan.state === 'toPickUp' && plan.late
        ? new Date(now.getTime() - 3 * HOUR)
        : at(today, plan.from[0], plan.from[1]);
    const returnAt = at(today, plan.to[0], plan.to[1]);
    const quote: StayQuote = quoteStay({
      pickUpAt,
      returnAt,
      zone: ZONE,
      graceMinutes: DEFAULT_SHORT_TERM_RULES.graceMinutes,
      price,
      holidays: holidays.map((h) => h.day),
      protectionDayFen: i % 3 === 0 ? 5000 : null,
    });
    const created = new Date(
      plan.created !== undefined
        ? now.getTime() + plan.created * 60_000
        : Math.min(now.getTime(), pickUpAt.getTime()) - 3 * DAY,
    );
    serial++;
    const code = `S${localDate(ZONE, created).replace(/-/g, '')}${String(9000 + serial)}`;
    const paid = !['unpaid'].includes(plan.state) && !(plan.state === 'cancelled' && i === 13);
    let orderId: number | null = null;
    if (paid) {
      const [o] = await rowsOf<{ id: RawNumber }>(
        tx,
        sql`insert into orders (tenant_id, order_no, type, reference_type, reference_id, amount_fen, status, pay_method,
            created_by, created_at, expires_at, paid_at)
          values (${tenantId}, ${`S${code.slice(1)}D`}, 'booking', 'shortBooking', ${code}, ${quote.payNowFen}, 'paid',
            'sandbox', ${demo.adminId}, ${created.toISOString()}, ${new Date(created.getTime() + 30 * 60_000).toISOString()},
            ${new Date(created.getTime() + 5 * 60_000).toISOString()})
          returning id`,
      );
      orderId = rawNumber(o!.id);
      await sandboxTrade(tx, `S${code.slice(1)}D`, quote.payNowFen, created);
    }
    const returned = ['returned', 'completed'].includes(plan.state);
    const returnedAt = returned ? new Date(returnAt.getTime() + (plan.late ? 3 * HOUR : 0)) : null;
    const charges = returned
      ? {
          lateFen: plan.late ? Math.min(3 * Math.ceil((price.weekdayFen * 20) / 100), price.weekdayFen) : 0,
          earlyRefundFen: 0,
          fuelFen: i % 2 ? 5000 : 0,
          overKmFen: 0,
          damageFen: plan.balance ? price.damageDepositFen + 80000 : 0,
          km: 180 + i * 20,
        }
      : null;
    const settled = plan.state === 'completed';
    const holdUntil = settled ? addDays(localDate(ZONE, returnedAt!), plan.held ? 30 : 0) : null;
    const released = settled && !plan.held;
    const [b] = await rowsOf<{ id: RawNumber }>(
      tx,
      sql`insert into st_bookings (tenant_id, code, rent_id, store_id, return_store_id, car_type_id, car_id, driver_id,
          state, pick_up_at, return_at, protection_id, extras, quote, days, rent_fen, total_fen, damage_deposit_fen,
          violation_deposit_fen, order_id, paid_at, picked_up_at, returned_at, charges, settled_at,
          violation_hold_until, violation_used_fen, violation_released_at, cancel_fee_fen, cancelled_at, cancel_reason,
          created_by, created_at, updated_at)
        values (${tenantId}, ${code}, ${store.rentId}, ${store.id}, ${store.id}, ${car.typeId}, ${car.id}, ${renter.id},
          ${plan.state}, ${pickUpAt.toISOString()}, ${returnAt.toISOString()},
          ${i % 3 === 0 ? rawNumber(basic!.id) : null}, '[]'::jsonb, ${JSON.stringify(quote)}::jsonb, ${quote.days.length},
          ${quote.rentFen},
          ${quote.totalFen}, ${quote.depositFen.damage}, ${quote.depositFen.violation}, ${orderId},
          ${paid ? new Date(created.getTime() + 5 * 60_000).toISOString() : null},
          ${['inUse', 'returned', 'completed'].includes(plan.state) ? pickUpAt.toISOString() : null},
          ${returnedAt?.toISOString() ?? null}, ${charges ? JSON.stringify(charges) : null}::jsonb,
          ${settled ? returnedAt!.toISOString() : null}, ${holdUntil}::date, 0,
          ${released ? new Date(Math.min(now.getTime(), returnedAt!.getTime() + 2 * DAY)).toISOString() : null},
          ${plan.state === 'cancelled' ? 0 : null}, ${plan.state === 'cancelled' ? created.toISOString() : null},
          ${plan.state === 'cancelled' ? '客户行程变更' : null}, ${demo.adminId}, ${created.toISOString()},
          ${now.toISOString()})
        returning id`,
    );
    const bookingId = rawNumber(b!.id);
    await tx.execute(
      sql`insert into st_booking_events (tenant_id, booking_id, kind, at, user_id, data)
        values (${tenantId}, ${bookingId}, 'created', ${created.toISOString()}, ${demo.adminId},
          ${JSON.stringify({ text: { key: 'shortTerm.event.created', params: { plate: car.plate } } })}::jsonb)`,
    );
    if (['inUse', 'returned', 'completed'].includes(plan.state)) {
      const kmOut = car.km + 100 * serial;
      await tx.execute(
        sql`insert into handover_inspections (tenant_id, booking_id, car_id, rent_id, kind, inspected_at, mileage_km,
            energy_level, documents, inspector_id, created_by, created_at)
          values (${tenantId}, ${bookingId}, ${car.id}, ${store.rentId}, 'dispatch', ${pickUpAt.toISOString()}, ${kmOut},
            90, ${JSON.stringify(PAPERS)}::jsonb, ${demo.clerkId}, ${demo.clerkId}, ${pickUpAt.toISOString()})`,
      );
      if (returnedAt)
        await tx.execute(
          sql`insert into handover_inspections (tenant_id, booking_id, car_id, rent_id, kind, inspected_at, mileage_km,
              energy_level, documents, inspector_id, damage_deduction_fen, created_by, created_at)
            values (${tenantId}, ${bookingId}, ${car.id}, ${store.rentId}, 'return', ${returnedAt.toISOString()},
              ${kmOut + charges!.km}, ${i % 2 ? 80 : 90}, ${JSON.stringify(PAPERS)}::jsonb, ${demo.clerkId},
              ${charges!.damageFen}, ${demo.clerkId}, ${returnedAt.toISOString()})`,
        );
      // The odometer follows the inspections, as a real pick-up and return raise it (the next inspection's floor).
      await tx.execute(
        sql`update cars set mileage_km = greatest(mileage_km, ${kmOut + (returnedAt ? charges!.km : 0)})
          where tenant_id = ${tenantId} and id = ${car.id}`,
      );
      const [period] = await rowsOf<{ id: RawNumber }>(
        tx,
        sql`insert into car_usage_periods (tenant_id, car_id, booking_id, driver_id, rent_id, from_at, to_at)
          values (${tenantId}, ${car.id}, ${bookingId}, ${renter.id}, ${store.rentId}, ${pickUpAt.toISOString()},
            ${returnedAt?.toISOString() ?? null}) returning id`,
      );
      if (plan.violation) {
        // A parking ticket during the booking: the database's attribution gives it the period and the renter.
        await tx.execute(
          sql`insert into violations (tenant_id, rent_id, car_id, plate, violation_no, occurred_at, place, offence_code,
              offence_text, fine_fen, points, source)
            values (${tenantId}, ${store.rentId}, ${car.id}, ${car.plate}, ${`STDEMO${bookingId}`},
              ${new Date(pickUpAt.getTime() + DAY).toISOString()}, '杭州市西湖区北山街', '1039', '违反规定停放', 20000, 0, 'manual')`,
        );
        void period;
      }
    }
    if (plan.balance && settled) {
      const balanceFen = charges!.damageFen + charges!.lateFen + charges!.fuelFen - quote.depositFen.damage;
      const [o] = await rowsOf<{ id: RawNumber }>(
        tx,
        sql`insert into orders (tenant_id, order_no, type, reference_type, reference_id, amount_fen, status, pay_method,
            created_by, created_at, expires_at, paid_at)
          values (${tenantId}, ${`S${code.slice(1)}B`}, 'booking', 'shortBookingBalance', ${code}, ${balanceFen}, 'paid',
            'sandbox', ${demo.adminId}, ${returnedAt!.toISOString()}, ${new Date(returnedAt!.getTime() + 30 * 60_000).toISOString()},
            ${new Date(returnedAt!.getTime() + 60 * 60_000).toISOString()}) returning id`,
      );
      await tx.execute(
        sql`update st_bookings set balance_order_id = ${o!.id} where tenant_id = ${tenantId} and id = ${bookingId}`,
      );
      await sandboxTrade(tx, `S${code.slice(1)}B`, balanceFen, returnedAt!);
    }
  }

  // The other tenant: a store in its rent with one car and one booking (cross-tenant checks).
  const otherRent = Object.values(other.rentIds)[0]!;
  const os = await makeStore(
    tx,
    other.tenantId,
    otherRent,
    {
      name: '朝阳店',
      address: '北京市朝阳区建国路 88 号',
      lat: 39.9087,
      lon: 116.4605,
      phone: '010-65001234',
      delivery: 0,
    },
    now,
  );
  const ost = await setUpStore(tx, other.tenantId, os, otherRent, 2, now);
  const [odriver] = await rowsOf<{ id: RawNumber }>(
    tx,
    sql`select id from drivers where tenant_id = ${other.tenantId} and deleted_at is null order by id limit 1`,
  );
  const ocar = ost.cars[0];
  if (ocar && odriver) {
    const price = ost.prices.get(ocar.typeId)!;
    const pickUpAt = at(today, 4, 10);
    const returnAt = at(today, 6, 10);
    const quote = quoteStay({ pickUpAt, returnAt, zone: ZONE, graceMinutes: 60, price });
    await tx.execute(
      sql`insert into st_bookings (tenant_id, code, rent_id, store_id, return_store_id, car_type_id, car_id, driver_id,
          state, pick_up_at, return_at, extras, quote, days, rent_fen, total_fen, damage_deposit_fen,
          violation_deposit_fen, created_by, created_at, updated_at)
        values (${other.tenantId}, ${`S${today.replace(/-/g, '')}9901`}, ${otherRent}, ${os}, ${os}, ${ocar.typeId},
          ${ocar.id}, ${odriver.id}, 'unpaid', ${pickUpAt.toISOString()}, ${returnAt.toISOString()}, '[]'::jsonb,
          ${JSON.stringify(quote)}::jsonb, ${quote.days.length}, ${quote.rentFen}, ${quote.totalFen},
          ${quote.depositFen.damage}, ${quote.depositFen.violation}, ${other.userId}, ${now.toISOString()}, ${now.toISOString()})`,
    );
  }
}
