import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Violation } from '@fleetdesk/contracts/violations';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { B, idsOf } from './fixtures.js';

let t: TestApp;
let ids: Awaited<ReturnType<typeof idsOf>>;
let period: { car_id: number; driver_id: number; from_at: Date; plate: string };

const q = async <T>(text: string, params: unknown[] = []) => (await t.deps.database.query<T>(text, params)).rows;
const add = (body: Record<string, unknown>, as = 'admin', lang: 'zh-CN' | 'en-US' = 'en-US') =>
  t.request('POST', `${B}/peccancyDetail/add`, { as, body, lang });

beforeAll(async () => {
  t = await createTestApp();
  ids = await idsOf(t);
  // An open usage period of the demo data (a dispatched contract's car and driver).
  const [p] = await q<typeof period>(
    `select p.car_id, p.driver_id, p.from_at, c.plate from car_usage_periods p join cars c on c.id = p.car_id
      where p.tenant_id = $1 and p.to_at is null order by p.id limit 1`,
    [ids.demo],
  );
  period = { ...p!, car_id: Number(p!.car_id), driver_id: Number(p!.driver_id) };
});
afterAll(async () => t.close());

const ticket = (extra: Record<string, unknown> = {}) => ({
  carId: period.car_id,
  occurredAt: new Date(new Date(period.from_at).getTime() + 3_600_000).toISOString(),
  place: '杭州市文一西路与古墩路交叉口',
  offenceCode: '1625',
  offenceText: '驾驶机动车违反道路交通信号灯通行',
  fine: 200,
  points: 6,
  authority: '杭州市公安局交通警察支队',
  ...extra,
});

describe('a violation entered from a paper ticket', () => {
  it('is attributed to the driver of the usage period covering its time', async () => {
    const res = await add(ticket({ violationNo: 'PAPER-0001' }));
    expect(res.statusCode, res.body).toBe(200);
    const v = Violation.parse(res.json().data);
    expect(v).toMatchObject({
      violationNo: 'PAPER-0001',
      carId: period.car_id,
      plate: period.plate,
      driverId: period.driver_id,
      fine: 200,
      points: 6,
      source: 'manual',
      handled: false,
    });
    const [row] = await q<{ usage_period_id: string | null }>(`select usage_period_id from violations where id = $1`, [
      v.id,
    ]);
    expect(row!.usage_period_id).not.toBeNull();
    const log = await q<{ action: string }>(
      `select action from operation_logs where target_type = 'violation' and target_id = $1`,
      [String(v.id)],
    );
    expect(log.map((l) => l.action)).toContain('violation.add');
  });

  it('keeps no driver when no period covers its time, and numbers itself when the ticket number is left out', async () => {
    const [covered] = await q<{ n: number }>(
      `select count(*)::int as n from car_usage_periods where car_id = $1 and from_at <= $2
        and coalesce(to_at, 'infinity') > $2`,
      [period.car_id, '2020-01-01T02:00:00Z'],
    );
    expect(Number(covered!.n)).toBe(0);
    const res = await add(ticket({ occurredAt: '2020-01-01T02:00:00Z' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.driverId).toBeNull();
    expect(res.json().data.violationNo).toBe(`SD${period.car_id}-202001010200`);
  });

  it('validates field by field, refuses the future and a number already taken', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ place: '' }, 'place'],
      [{ offenceText: ' ' }, 'offenceText'],
      [{ fine: -1 }, 'fine'],
      [{ fine: 1.234 }, 'fine'],
      [{ points: 13 }, 'points'],
      [{ points: 1.5 }, 'points'],
      [{ occurredAt: 'yesterday' }, 'occurredAt'],
      [{ occurredAt: new Date(t.clock.now().getTime() + 3_600_000).toISOString() }, 'occurredAt'],
      [{ violationNo: '编号 1' }, 'violationNo'],
      [{ carId: 99999999 }, 'carId'],
    ];
    for (const [extra, path] of cases) {
      const res = await add(ticket(extra));
      expect(res.statusCode, `${path}: ${res.body}`).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    const zh = await add(ticket({ points: 13 }), 'admin', 'zh-CN');
    expect(JSON.stringify(zh.json())).toContain('扣分须为 0 到 12 的整数');
    const again = await add(ticket({ violationNo: 'PAPER-0001' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('PAPER-0001');
  });

  it('is refused to the read-only clerk (403) and to another tenant for this car (field error, nothing written)', async () => {
    const clerk = await add(ticket({ violationNo: 'PAPER-CLERK' }), 'clerk');
    expect(clerk.statusCode).toBe(403);
    expect(clerk.json().status).toBe(40301);
    const other = await add(ticket({ violationNo: 'PAPER-OTHER' }), 'other');
    expect(other.statusCode).toBe(400);
    expect(other.json().errors.map((e: { path: string }) => e.path)).toContain('carId');
    const written = await q(`select 1 from violations where violation_no in ('PAPER-CLERK', 'PAPER-OTHER')`);
    expect(written).toHaveLength(0);
    const [mine] = await q<{ id: number }>(`select id from violations where violation_no = 'PAPER-0001'`);
    const hidden = await t.request('GET', `${B}/peccancyDetail/get/${mine!.id}`, { as: 'other' });
    expect(hidden.statusCode).toBe(404);
  });
});
