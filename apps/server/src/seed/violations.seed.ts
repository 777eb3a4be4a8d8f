import { sql } from 'drizzle-orm';
import { rowsOf } from '../core/db.js';
import { charge } from '../modules/payments/payments.service.js';
import { SandboxViolationProvider } from '../modules/violations/providers/sandbox.js';
import type { ProviderViolation } from '../modules/violations/providers/provider.js';
import type { DemoContext } from './context.js';

const DAY = 86_400_000;

interface SeedCar {
  id: number;
  rent_id: number;
  plate: string;
  vin: string;
  engine_no: string | null;
}

/**
 * The demo company's violations: the sandbox's records for 30 cars (the first five found by a finished paid
 * query order, the others typed in), a third attributed to a driver of the car's rent, one car and one driver
 * over the limits of the limit configuration, and a prepaid balance for further queries. Other Rentals gets
 * two records, for the isolation tests.
 */
export async function seedViolations(ctx: DemoContext): Promise<void> {
  const { tx, demo, other } = ctx;
  const now = ctx.clock.now();
  const sandbox = new SandboxViolationProvider(0, () => now);
  const cars = await rowsOf<SeedCar>(
    tx,
    sql`select id, rent_id, plate, vin, engine_no from cars where tenant_id = ${demo.tenantId} and deleted_at is null
      and status not in ('sold', 'scrapped') order by id limit 30`,
  );
  const drivers = await rowsOf<{ id: number; rent_id: number }>(
    tx,
    sql`select id, rent_id from drivers where tenant_id = ${demo.tenantId} and state = 'active' and deleted_at is null
      order by id`,
  );
  const driverOf = (rentId: number, i: number) => {
    const own = drivers.filter((d) => Number(d.rent_id) === Number(rentId));
    return i % 3 === 0 && own.length ? Number(own[i % own.length]!.id) : null;
  };

  // A prepaid balance of 500 yuan. Its ledger rows are dated at seeding time: the payments tests read the
  // seeded ledger as today's.
  await tx.execute(sql`insert into tenant_balances (tenant_id, balance_fen, updated_at)
    values (${demo.tenantId}, 50000, ${now})
    on conflict (tenant_id) do update set balance_fen = tenant_balances.balance_fen + 50000`);
  await tx.execute(sql`insert into balance_ledger (tenant_id, kind, amount_fen, balance_after_fen, description, created_by, created_at)
    select ${demo.tenantId}, 'topUp', 50000, balance_fen, '账户充值（演示）', ${demo.adminId}, ${now}
    from tenant_balances where tenant_id = ${demo.tenantId}`);

  // The finished query order of the first five cars, made when the demo was (see the ledger above).
  const ordered = cars.slice(0, 5).map((c) => ({ ...c, id: Number(c.id), rent_id: Number(c.rent_id) }));
  const orderAt = new Date(now.getTime() - 60_000);
  const [order] = await rowsOf<{ id: number }>(
    tx,
    sql`insert into violation_query_orders (tenant_id, kind, state, provider, car_count, created_by, created_at, finished_at)
      values (${demo.tenantId}, 'batch', 'completed', 'sandbox', ${ordered.length}, ${demo.adminId}, ${orderAt},
        ${new Date(orderAt.getTime() + 12_000)}) returning id`,
  );
  const orderId = Number(order!.id);
  try {
    const paid = await charge(
      tx,
      { tenantId: demo.tenantId, userId: demo.adminId },
      'S10',
      ordered.length,
      {
        type: 'violationQuery',
        id: String(orderId),
      },
      { now: orderAt },
    );
    await tx.execute(sql`update violation_query_orders set charge_id = ${paid.chargeId}, amount_fen = ${paid.amountFen}
      where tenant_id = ${demo.tenantId} and id = ${orderId}`);
  } catch {
    // A plan without the service: the order stays free.
  }

  let found = 0;
  let added = 0;
  let n = 0;
  for (const [i, car] of cars.entries()) {
    const answer = await sandbox.query({ plate: car.plate, vin: car.vin, engineNo: car.engine_no }).catch(() => null);
    const list: ProviderViolation[] = answer?.violations ?? [];
    if (i === 0) {
      // The car over the limits: three recent red lights and speeding, unhandled.
      for (const [k, [code, text, fine, points]] of (
        [
          ['1625', '驾驶机动车违反道路交通信号灯通行的', 200, 6],
          ['1352', '驾驶机动车行驶超过规定时速10%未达20%的', 200, 3],
          ['1625', '驾驶机动车违反道路交通信号灯通行的', 200, 6],
        ] as const
      ).entries()) {
        list.push({
          violationNo: `DEMO${String(car.id).padStart(6, '0')}${k}`,
          occurredAt: new Date(now.getTime() - (3 + k * 6) * DAY - 9 * 3_600_000),
          place: '杭州市天目山路古荡段',
          offenceCode: code,
          offenceText: text,
          fineFen: fine * 100,
          points,
          lateFeeFen: 0,
          handled: false,
          authority: '杭州市公安局交通警察支队',
        });
      }
    }
    const inOrder = i < ordered.length;
    for (const v of list) {
      const driverId = driverOf(car.rent_id, i === 0 ? 0 : n);
      n++;
      await tx.execute(sql`insert into violations (tenant_id, rent_id, car_id, plate, violation_no, occurred_at, place,
          offence_code, offence_text, fine_fen, points, late_fee_fen, handled, handled_at, authority, driver_id, source,
          order_id, created_at, updated_at)
        values (${demo.tenantId}, ${car.rent_id}, ${car.id}, ${car.plate}, ${v.violationNo}, ${v.occurredAt}, ${v.place},
          ${v.offenceCode}, ${v.offenceText}, ${v.fineFen}, ${v.points}, ${v.lateFeeFen}, ${v.handled},
          ${v.handled ? new Date(v.occurredAt.getTime() + 20 * DAY) : null}, ${v.authority},
          ${driverId},
          ${inOrder ? 'query' : 'demo'}, ${inOrder ? orderId : null}, ${inOrder ? orderAt : new Date(now.getTime() - 30 * DAY)},
          ${now})
        on conflict (tenant_id, violation_no) do nothing`);
    }
    if (inOrder) {
      found += list.length;
      added += list.length;
      await tx.execute(sql`insert into violation_query_items (tenant_id, order_id, car_id, plate, state, found, added, raw, queried_at)
        values (${demo.tenantId}, ${orderId}, ${car.id}, ${car.plate}, 'done', ${list.length}, ${list.length},
          ${JSON.stringify(answer?.raw ?? null)}::jsonb, ${new Date(orderAt.getTime() + 2000 * (i + 1))})`);
    }
  }
  await tx.execute(sql`update violation_query_orders set found = ${found}, added = ${added}
    where tenant_id = ${demo.tenantId} and id = ${orderId}`);

  // Limits: 12 points or 1,000 yuan a car; 9 points or 800 yuan a driver.
  await tx.execute(sql`insert into violation_limit_configs (tenant_id, car_points, car_fine_fen, driver_points, driver_fine_fen, updated_by)
    values (${demo.tenantId}, 12, 100000, 9, 80000, ${demo.adminId})`);

  const [otherCar] = await rowsOf<SeedCar>(
    tx,
    sql`select id, rent_id, plate, vin, engine_no from cars where tenant_id = ${other.tenantId} order by id limit 1`,
  );
  if (otherCar) {
    for (const k of [1, 2]) {
      await tx.execute(sql`insert into violations (tenant_id, rent_id, car_id, plate, violation_no, occurred_at, place,
          offence_code, offence_text, fine_fen, points, authority, source)
        values (${other.tenantId}, ${otherCar.rent_id}, ${otherCar.id}, ${otherCar.plate}, ${`OTHER000${k}`},
          ${new Date(now.getTime() - k * 10 * DAY)}, '北京市东三环国贸桥', '1039', '机动车违反规定停放、临时停车，妨碍其它车辆、行人通行的',
          20000, 0, '北京市公安局公安交通管理局', 'demo')`);
    }
  }
}
