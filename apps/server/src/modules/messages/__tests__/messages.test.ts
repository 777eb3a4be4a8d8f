import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageCategory } from '@fleetdesk/contracts/messages';
import { publish } from '../../../core/events.js';
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
    expect(items.map((i) => i.category)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(items.reduce((s, i) => s + i.num, 0)).toBe(10);
    // Customer follow-ups (the CRM) are sales1's in the demo: three overdue follow-ups.
    expect(items.find((i) => i.category === MessageCategory.customers)).toEqual({
      category: 8,
      name: '客户跟进',
      num: 0,
    });
    const sales = (
      await t.request('GET', '/api/ccwmc/pushRecord/count', { as: 'sales1', query: { channel: 'rent_m' } })
    ).json().data as { category: number; num: number }[];
    expect(sales.find((i) => i.category === MessageCategory.customers)!.num).toBe(3);
    // The five requests of the demo waiting for admin (the fifth a maintenance order) are messages of category 6.
    expect(items.find((i) => i.category === 6)).toEqual({ category: 6, name: '审批', num: 5 });
    // The overdue bill is unread; the payment and the week's summary were read.
    expect(items.find((i) => i.category === 2)).toEqual({ category: 2, name: '账单提醒', num: 1 });
    // The welcome of long ago is archived: out of the bell.
    expect(items.find((i) => i.category === 1)).toEqual({ category: 1, name: '系统通知', num: 1 });
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

const LIST = '/api/ccwmc/pushRecord/list';
type Item = { id: number; category: number; title: string; content: string; link: string | null; read: boolean };

async function list(as: string, query: Record<string, string> = {}, lang: 'zh-CN' | 'en-US' = 'zh-CN') {
  const res = await t.request('GET', LIST, { as, lang, query: { channel: 'rent_m', pageSize: '100', ...query } });
  expect(res.statusCode).toBe(200);
  return res.json().data as { rows: Item[]; total: number };
}

async function userId(username: string) {
  const { rows } = await t.deps.database.query<{ id: number; tenant_id: number }>(
    `select id, tenant_id from users where username = $1`,
    [username],
  );
  return { id: Number(rows[0]!.id), tenantId: Number(rows[0]!.tenant_id) };
}

describe('the message list, in the caller language', () => {
  it('has keys on every message of the demo seed and shows them in Chinese and English', async () => {
    const { rows: missing } = await t.deps.database.query<{ n: number }>(
      `select count(*)::int as n from push_records where title_key is null or content_key is null`,
    );
    expect(missing[0]!.n).toBe(0);
    const zh = await list('admin', { category: String(MessageCategory.system) });
    const en = await list('admin', { category: String(MessageCategory.system) }, 'en-US');
    expect(zh.rows.map((m) => m.title)).toEqual(['欢迎使用 Fleetdesk']);
    expect(en.rows.map((m) => m.title)).toEqual(['Welcome to Fleetdesk']);
    expect(en.rows[0]!.content).toContain('The demo data is ready');
    // An enum parameter (the kind of a vehicle reminder) is shown through its own titles.
    const cars = await list('admin', { category: String(MessageCategory.vehicleReminders) }, 'en-US');
    expect(cars.rows.map((m) => m.title).sort()).toEqual([
      'Due soon: annual inspection',
      'Due soon: compulsory insurance',
    ]);
    const carsZh = await list('admin', { category: String(MessageCategory.vehicleReminders) });
    expect(carsZh.rows.map((m) => m.title).sort()).toEqual(['交强险即将到期', '年检即将到期']);
  });

  it('renders a reminder (reminder.due with keys) for each reader in his language', async () => {
    const admin = await userId('admin');
    const { rows: rents } = await t.deps.database.query<{ id: number }>(
      `select id from rents where tenant_id = $1 order by id limit 1`,
      [admin.tenantId],
    );
    const kind = { title: 'complianceReminder', value: 'inspection' };
    await t.deps.events.transaction(
      async (tx) => {
        await publish(tx, {
          tenantId: admin.tenantId,
          name: 'reminder.due',
          payload: {
            source: 'test:messages',
            permission: 'rentCar:view',
            rentId: Number(rents[0]!.id),
            category: MessageCategory.tasks,
            title: { key: 'compliance.reminder.expiredTitle', params: { kind } },
            content: { key: 'compliance.reminder.expired', params: { kind, plate: '浙A·T0001', date: '2028-02-29' } },
            link: '/rentCar',
          },
        });
      },
      { awaitDelivery: true },
    );
    const zh = (await list('admin', { category: String(MessageCategory.tasks) })).rows;
    const en = (await list('admin', { category: String(MessageCategory.tasks) }, 'en-US')).rows;
    expect(zh.map((m) => [m.title, m.content])).toEqual([
      ['年检已过期', '车辆 浙A·T0001 的年检已于 2028-02-29 到期，请尽快办理。'],
    ]);
    expect(en.map((m) => [m.title, m.content])).toEqual([
      ['Overdue: annual inspection', 'Car 浙A·T0001: annual inspection was due on 2028-02-29; see to it soon.'],
    ]);
    // The old column keeps the Chinese text for readers of the stored text.
    const { rows } = await t.deps.database.query<{ title: string; title_key: string }>(
      `select title, title_key from push_records where id = $1`,
      [zh[0]!.id],
    );
    expect(rows[0]).toEqual({ title: '年检已过期', title_key: 'compliance.reminder.expiredTitle' });
  });

  it('keeps the text of an old message (no key) and of an event published before the keys', async () => {
    const admin = await userId('admin');
    await t.deps.database.query(
      `insert into push_records (tenant_id, user_id, channel, category, title, content, link)
       values ($1, $2, 'rent_m', $3, '旧消息', '这是迁移之前写的消息。', null)`,
      [admin.tenantId, admin.id, MessageCategory.bills],
    );
    const { rows: rents } = await t.deps.database.query<{ id: number }>(
      `select id from rents where tenant_id = $1 order by id limit 1`,
      [admin.tenantId],
    );
    await t.deps.events.transaction(
      async (tx) => {
        await publish(tx, {
          tenantId: admin.tenantId,
          name: 'reminder.due',
          payload: {
            source: 'test:messages',
            permission: 'rentCar:view',
            rentId: Number(rents[0]!.id),
            category: MessageCategory.bills,
            title: '旧事件',
            content: '发布于键之前的提醒。',
            link: '/rentCar',
          },
        });
      },
      { awaitDelivery: true },
    );
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const rows = (await list('admin', { category: String(MessageCategory.bills) }, lang)).rows;
      expect(rows.find((m) => m.title === '旧消息')).toMatchObject({ content: '这是迁移之前写的消息。', link: null });
      expect(rows.find((m) => m.title === '旧事件')).toMatchObject({ content: '发布于键之前的提醒。' });
    }
  });

  it("lists only the caller's own messages of the channel, newest first, paged, read or not", async () => {
    const all = await list('admin');
    expect(all.total).toBeGreaterThanOrEqual(13);
    expect(all.rows.length).toBe(all.total);
    const page = (await t.request('GET', LIST, { as: 'admin', query: { pageNum: '2', pageSize: '3' } })).json().data;
    expect(page).toMatchObject({ pageNum: 2, pageSize: 3, total: all.total });
    expect(page.rows.map((m: Item) => m.id)).toEqual(all.rows.slice(3, 6).map((m) => m.id));
    expect((await list('admin', { channel: 'app' })).total).toBe(0);
    // Another tenant's user sees none of them.
    const other = await list('other');
    expect(other.rows.some((m) => all.rows.some((a) => a.id === m.id))).toBe(false);
    await t.deps.database.query(`update push_records set read_at = now() where id = $1`, [all.rows[0]!.id]);
    expect((await list('admin')).rows[0]).toMatchObject({ id: all.rows[0]!.id, read: true });
  });

  it('refuses a bad category with a field error, and an unsigned call', async () => {
    const res = await t.request('GET', LIST, { as: 'admin', query: { category: 'abc' } });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('category');
    expect((await t.request('GET', LIST, { query: { channel: 'rent_m' } })).statusCode).toBe(401);
  });
});
