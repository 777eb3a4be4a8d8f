import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDate } from '../../core/tenant-time.js';
import { carsAtDayEnds } from '../../modules/vehicles/reports.service.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

const ZONE = 'Asia/Shanghai';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const q = async <T>(text: string, params: unknown[] = []) =>
  (await t.deps.database.query<T>(text, params as never)).rows;

describe('the demo fleet’s status history', () => {
  it('chains every change to the one before and ends in each car’s status, at its status time', async () => {
    const [links] = await q<{ broken: number; changes: number }>(
      `select count(*) filter (where kind = 'status' and from_status is distinct from before)::int as broken,
         count(*) filter (where kind = 'status')::int as changes
       from (select kind, from_status, lag(to_status) over (partition by car_id order by at, id) as before
         from car_events where kind in ('create', 'import', 'status') and to_status is not null) e`,
    );
    expect(links!.changes).toBeGreaterThan(500);
    expect(links!.broken).toBe(0);
    const astray = await q<{ plate: string }>(
      `select c.plate from cars c
         join lateral (select to_status, at from car_events e where e.tenant_id = c.tenant_id and e.car_id = c.id
           and e.kind in ('create', 'import', 'status') and e.to_status is not null
           order by e.at desc, e.id desc limit 1) l on true
       where c.deleted_at is null and (l.to_status <> c.status or l.at <> c.status_changed_at)`,
    );
    expect(astray).toEqual([]);
  });

  it('moves the fleet by a few cars a day into today’s figures (no day when a batch of changes lands)', async () => {
    const [demo] = await q<{ id: number }>(`select id from tenants where code = 'DEMO'`);
    const rents = await q<{ id: number }>(`select id from rents where tenant_id = $1`, [demo!.id]);
    const today = localDate(ZONE, t.clock.now());
    const rows = await carsAtDayEnds(
      t.deps,
      Number(demo!.id),
      rents.map((r) => Number(r.id)),
      ZONE,
      addDays(today, -50),
      today,
    );
    const days = new Map<string, { fleet: number; rented: number; idle: number; maintenance: number }>();
    for (const r of rows) {
      const d = days.get(r.date) ?? { fleet: 0, rented: 0, idle: 0, maintenance: 0 };
      days.set(r.date, {
        fleet: d.fleet + r.fleet,
        rented: d.rented + r.rented,
        idle: d.idle + r.idle,
        maintenance: d.maintenance + r.maintenance,
      });
    }
    const series = [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, d]) => d);
    expect(series).toHaveLength(51);
    const [now] = await q<{ fleet: number; rented: number; idle: number; maintenance: number }>(
      `select count(*) filter (where status not in ('sold', 'scrapped'))::int as fleet,
         count(*) filter (where status = 'rented')::int as rented,
         count(*) filter (where status = 'idle')::int as idle,
         count(*) filter (where status = 'maintenance')::int as maintenance
       from cars where tenant_id = $1 and deleted_at is null`,
      [demo!.id],
    );
    expect(series.at(-1)).toEqual(now);
    for (const [i, d] of series.entries()) {
      expect(d.rented / d.fleet).toBeGreaterThan(0.6);
      expect(d.rented / d.fleet).toBeLessThan(0.9);
      const before = series[i - 1];
      if (!before) continue;
      expect(d.fleet).toBe(before.fleet);
      expect(Math.abs(d.rented - before.rented)).toBeLessThanOrEqual(4);
      expect(Math.abs(d.idle - before.idle)).toBeLessThanOrEqual(4);
      expect(Math.abs(d.maintenance - before.maintenance)).toBeLessThanOrEqual(3);
    }
  });
});
