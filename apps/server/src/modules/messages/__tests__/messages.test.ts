import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('message counts of channel rent_m', () => {
  it("counts the user's unread messages per category", async () => {
    const res = await t.request('GET', '/api/ccwmc/pushRecord/count', { as: 'admin', query: { channel: 'rent_m' } });
    expect(res.statusCode).toBe(200);
    const items = res.json().data as { category: number; name: string; num: number }[];
    expect(items.map((i) => i.category)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(items.reduce((s, i) => s + i.num, 0)).toBe(10);
    // The four requests of the demo waiting for admin are messages of category 6.
    expect(items.find((i) => i.category === 6)).toEqual({ category: 6, name: '审批', num: 4 });
    expect(items.find((i) => i.category === 2)).toEqual({ category: 2, name: '账单提醒', num: 2 });
  });

  it('counts nothing for another user, another channel or read messages', async () => {
    const clerk = (await t.request('GET', '/api/ccwmc/pushRecord/count', { as: 'clerk' })).json().data;
    expect(clerk.every((i: { num: number }) => i.num === 0)).toBe(true);
    const other = (
      await t.request('GET', '/api/ccwmc/pushRecord/count', { as: 'admin', query: { channel: 'app' } })
    ).json().data;
    expect(other.every((i: { num: number }) => i.num === 0)).toBe(true);
    await t.deps.database.query(`update push_records set read_at = now() where category = 4`);
    const after = (await t.request('GET', '/api/ccwmc/pushRecord/count', { as: 'admin' })).json().data;
    expect(after.find((i: { category: number }) => i.category === 4).num).toBe(0);
  });
});
