import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPaidService } from '@fleetdesk/contracts/payments';
import { localDate, monthBounds } from '../../../core/tenant-time.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';

/**
 * SMS notices are charged as paid service S20 (issue 27 item 6): the messages beyond the plan's monthly included
 * ones, at the plan's price, through charge(), once per notice, before anything is sent.
 */
const P = '/api/ccwadmin/smsNotice';
let t: TestApp;
let demo: number;
let other: number;
let included: number;
let priceFen: number;
let serial = 0;

const q = async <R>(text: string, params: unknown[] = []) => (await t.deps.database.query<R>(text, params)).rows;

beforeAll(async () => {
  t = await createTestApp();
  const tenants = await q<{ code: string; id: number }>(`select code, id from tenants`);
  demo = Number(tenants.find((r) => r.code === 'DEMO')!.id);
  other = Number(tenants.find((r) => r.code === 'OTHER')!.id);
  const [m] = await q<{ plan_code: string }>(`select plan_code from memberships where tenant_id = $1`, [demo]);
  const s20 = findPaidService('S20')!;
  included = s20.includedPerMonth![m!.plan_code]!;
  priceFen = s20.prices[m!.plan_code]!;
  // This month starts empty: the seeded notices of this month move to the month before.
  const { from } = thisMonth();
  await q(
    `update sms_batches set created_at = $2::timestamptz - interval '1 day' where tenant_id = $1 and created_at >= $2`,
    [demo, from.toISOString()],
  );
  await setBalance(demo, 1_000_000);
});
afterAll(async () => t.close());

function thisMonth() {
  return monthBounds('Asia/Shanghai', localDate('Asia/Shanghai', t.clock.now()).slice(0, 7));
}

/** A notice of `total` messages created now (a sending of the tenant's, as far as the month's count goes). */
async function pastNotice(tenantId: number, total: number) {
  await q(
    `insert into sms_batches (tenant_id, content, source, total, segments, cost_fen, created_by, created_at)
      values ($1, '通知', 'manual', $2, $2, 0, (select id from users where tenant_id = $1 limit 1), $3)`,
    [tenantId, total, t.clock.now().toISOString()],
  );
}

async function setBalance(tenantId: number, fen: number) {
  await q(
    `insert into tenant_balances (tenant_id, balance_fen) values ($1, $2)
      on conflict (tenant_id) do update set balance_fen = excluded.balance_fen`,
    [tenantId, fen],
  );
}
const balance = async () =>
  Number((await q<{ b: number }>(`select balance_fen as b from tenant_balances where tenant_id = $1`, [demo]))[0]!.b);
const s20Orders = () =>
  q<{ units: number; amount_fen: number; reference_type: string; reference_id: string }>(
    `select units, amount_fen, reference_type, reference_id from orders where tenant_id = $1 and service_code = 'S20'
      order by id`,
    [demo],
  );
const batchCount = async () =>
  Number((await q<{ n: number }>(`select count(*)::int as n from sms_batches where tenant_id = $1`, [demo]))[0]!.n);

const recipients = (n: number) =>
  Array.from({ length: n }, () => {
    serial++;
    return { phone: `1392222${String(serial).padStart(4, '0')}`, name: `客户${serial}` };
  });
const body = (n: number) => ({
  content: '{name}您好，您的车辆保养已预约。',
  recipients: recipients(n),
  source: 'manual',
});
const preview = async (n: number) =>
  (await t.request('POST', `${P}/preview`, { as: 'admin', body: body(n) })).json().data;
const send = (n: number) => t.request('POST', `${P}/send`, { as: 'admin', body: body(n) });

describe('SMS notices charged as S20', () => {
  it("counts the tenant's own messages of this month only", async () => {
    const before = (await preview(1)).monthly;
    expect(before).toEqual({ included, used: 0, left: included, unitPrice: priceFen / 100 });
    await pastNotice(other, included + 50);
    expect((await preview(1)).monthly.used).toBe(0);
    // The price list's S20 is the price the settings show.
    expect((await t.request('GET', `${P}/settings`, { as: 'admin' })).json().data.segmentPrice).toBe(priceFen / 100);
  });

  it('charges nothing inside the included messages', async () => {
    await pastNotice(demo, included - 3);
    const p = await preview(3);
    expect(p).toMatchObject({ count: 3, cost: 0, chargedMessages: 0 });
    expect(p.monthly).toMatchObject({ used: included - 3, left: 3 });
    const before = await balance();
    const res = await send(3);
    expect(res.statusCode, res.body).toBe(200);
    expect(await balance()).toBe(before);
    expect(await s20Orders()).toEqual([]);
    expect((await preview(1)).monthly).toMatchObject({ used: included, left: 0 });
  });

  it('charges the messages beyond them at the plan price, once, against the notice', async () => {
    const p = await preview(4);
    expect(p).toMatchObject({ count: 4, chargedMessages: 4, cost: (4 * priceFen) / 100 });
    const before = await balance();
    const res = await send(4);
    expect(res.statusCode, res.body).toBe(200);
    const { batchId } = res.json().data;
    expect(await balance()).toBe(before - 4 * priceFen);
    expect(await s20Orders()).toEqual([
      { units: 4, amount_fen: 4 * priceFen, reference_type: 'smsBatch', reference_id: String(batchId) },
    ]);
    const batch = (await t.request('GET', `${P}/batch/${batchId}`, { as: 'admin' })).json().data;
    expect(batch.cost).toBe((4 * priceFen) / 100);
  });

  it('refuses the sending with a balance too low, and sends nothing', async () => {
    await setBalance(demo, 2 * priceFen - 1);
    const batches = await batchCount();
    const res = await send(2);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('余额不足');
    expect(await batchCount()).toBe(batches);
    expect(await balance()).toBe(2 * priceFen - 1);
    expect(await s20Orders()).toHaveLength(1);
    await setBalance(demo, 1_000_000);
  });

  it('needs oaMessage:send: a refused sending charges nothing', async () => {
    const before = await balance();
    expect((await t.request('POST', `${P}/send`, { as: 'clerk', body: body(1) })).statusCode).toBe(403);
    expect(await balance()).toBe(before);
    expect(await s20Orders()).toHaveLength(1);
  });
});
