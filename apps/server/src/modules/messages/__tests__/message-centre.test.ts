import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageCategory } from '@fleetdesk/contracts/messages';
import { publish, type NewEvent } from '../../../core/events.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { archiveOldMessages, createMessages } from '../messages.service.js';

let t: TestApp;
let admin: { id: number; tenantId: number };
let clerk: { id: number; tenantId: number };
let other: { id: number; tenantId: number };
let rentId: number;
const DAY = 86_400_000;

async function userId(username: string) {
  const { rows } = await t.deps.database.query<{ id: number; tenant_id: number }>(
    `select id, tenant_id from users where username = $1`,
    [username],
  );
  return { id: Number(rows[0]!.id), tenantId: Number(rows[0]!.tenant_id) };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await userId('admin');
  clerk = await userId('clerk');
  other = await userId('other');
  const { rows } = await t.deps.database.query<{ id: number }>(
    `select id from rents where tenant_id = $1 order by id limit 1`,
    [admin.tenantId],
  );
  rentId = Number(rows[0]!.id);
});
afterAll(async () => t.close());

const LIST = '/api/ccwmc/pushRecord/list';
const COUNT = '/api/ccwmc/pushRecord/count';
const READ = (id: number | string) => `/api/ccwmc/pushRecord/read/${id}`;
const READ_ALL = '/api/ccwmc/pushRecord/readAll';
const SMS = '/api/ccwmc/pushRecord/smsCategories';
type Item = {
  id: number;
  category: number;
  title: string;
  content: string;
  link: string | null;
  read: boolean;
  readAt: string | null;
  archived: boolean;
  createdAt: string;
};

async function list(as: string, query: Record<string, string> = {}, url = LIST) {
  const res = await t.request('GET', url, { as, query: { pageSize: '100', ...query } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { rows: Item[]; total: number };
}
async function unread(as: string, category?: number) {
  const items = (await t.request('GET', COUNT, { as })).json().data as { category: number; num: number }[];
  return items.filter((i) => category === undefined || i.category === category).reduce((s, i) => s + i.num, 0);
}
/** A message of the test's own to a user (through the one writer), `daysAgo` before the test clock. */
async function own(user: { id: number; tenantId: number }, title: string, category: number, daysAgo = 0) {
  const [id] = await createMessages(t.deps.db, [
    {
      tenantId: user.tenantId,
      userId: user.id,
      category,
      title,
      content: `${title} 的正文`,
      link: '/rentCar',
      createdAt: new Date(t.clock.now().getTime() - daysAgo * DAY),
    },
  ]);
  return id!;
}
async function publishAndWait(...events: NewEvent[]) {
  await t.deps.events.transaction((tx) => publish(tx, ...events), { awaitDelivery: true });
  await t.deps.events.settled();
}

describe('filters of the list', () => {
  it('filters by read state, archived and keyword, newest first; the category path is the same list', async () => {
    const all = await list('admin');
    expect(all.rows.every((m) => !m.archived)).toBe(true);
    const times = all.rows.map((m) => m.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const unreadRows = (await list('admin', { state: 'unread' })).rows;
    const readRows = (await list('admin', { state: 'read' })).rows;
    expect(unreadRows.every((m) => !m.read) && readRows.every((m) => m.read)).toBe(true);
    expect(unreadRows.length + readRows.length).toBe(all.total);
    expect(unreadRows.length).toBe(await unread('admin'));
    // The seed's welcome of long ago is archived: only under "archived".
    const archived = (await list('admin', { state: 'archived' })).rows;
    expect(archived.map((m) => [m.category, m.archived])).toEqual([[MessageCategory.system, true]]);
    expect(all.rows.some((m) => m.id === archived[0]!.id)).toBe(false);
    // A keyword in the text (the parameters: a plate) or the title, in either language's rendering of a key.
    const plate = all.rows.find((m) => m.category === MessageCategory.vehicleReminders && !m.read)!;
    const platePart = /[\u4e00-\u9fa5][A-Z]·?[A-Z0-9]+/.exec(plate.content)![0].replace('·', '');
    const byPlate = (await list('admin', { keyword: platePart.slice(-4) })).rows;
    expect(byPlate.map((m) => m.id)).toContain(plate.id);
    expect((await list('admin', { keyword: '欢迎使用' })).rows.map((m) => m.category)).toEqual([
      MessageCategory.system,
    ]);
    expect((await list('admin', { keyword: 'no such words anywhere' })).total).toBe(0);
    // `list/category/{channel}/{category}`: the same rows as the list's category filter, with its filters.
    for (const state of ['all', 'unread', 'read']) {
      const viaPath = await list('admin', { state }, `${LIST}/category/rent_m/${MessageCategory.approvals}`);
      const viaQuery = await list('admin', { state, category: String(MessageCategory.approvals) });
      expect(viaPath.rows.map((m) => m.id)).toEqual(viaQuery.rows.map((m) => m.id));
    }
    // The demo's approvals: five waiting for the admin (unread; the fifth the maintenance order above the approval
    // amount), three he has decided (read).
    const approvals = await list('admin', {}, `${LIST}/category/rent_m/${MessageCategory.approvals}`);
    expect(approvals.rows.map((m) => m.read).sort()).toEqual([false, false, false, false, false, true, true, true]);
    expect((await list('admin', {}, `${LIST}/category/app/${MessageCategory.approvals}`)).total).toBe(0);
  });

  it('links each demo message to a real record', async () => {
    const rows = (await list('admin')).rows;
    const links = rows.map((m) => m.link ?? '');
    expect(links.some((l) => /^\/rentContract\/detail\/\d+\?tab=bills&bill=\d+$/.test(l))).toBe(true);
    expect(links.some((l) => /^\/rentCar\/car\/\d+\?tab=insurance$/.test(l))).toBe(true);
    expect(links.some((l) => /^\/rentDriver\/\d+$/.test(l))).toBe(true);
    expect(links.some((l) => /^\/riskGpsMap\/alarms\?alarm=\d+$/.test(l))).toBe(true);
    expect(links.some((l) => /^\/riskGpsMap\/risk\?case=\d+$/.test(l))).toBe(true);
    expect(links.filter((l) => /^\/oaApproval\?id=\d+$/.test(l))).toHaveLength(8);
    const bill = /detail\/(\d+)\?tab=bills&bill=(\d+)/.exec(links.find((l) => l.includes('bill='))!)!;
    const { rows: found } = await t.deps.database.query(
      `select 1 from rental_payment_lines where tenant_id = $1 and contract_id = $2 and id = $3`,
      [admin.tenantId, bill[1], bill[2]],
    );
    expect(found).toHaveLength(1);
  });

  it('answers 400 to a bad state, category, channel or keyword and 401 unsigned', async () => {
    for (const query of [
      { state: 'new' },
      { category: '42' },
      { category: '0' },
      { keyword: 'x'.repeat(65) },
      { pageSize: '0' },
    ]) {
      const res = await t.request('GET', LIST, { as: 'admin', query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
    expect((await t.request('GET', `${LIST}/category/rent_m/abc`, { as: 'admin' })).statusCode).toBe(400);
    expect((await t.request('GET', `${LIST}/category/rent_m/42`, { as: 'admin' })).statusCode).toBe(400);
    expect(
      (await t.request('GET', `${LIST}/category/rent_m/1`, { as: 'admin', query: { state: 'old' } })).statusCode,
    ).toBe(400);
    expect((await t.request('GET', `${LIST}/category/rent_m/1`)).statusCode).toBe(401);
  });
});

describe('mark read', () => {
  it('marks one read, keeps its first time, and the count falls', async () => {
    const id = await own(admin, '测试：标记已读', MessageCategory.tasks);
    const before = await unread('admin', MessageCategory.tasks);
    const res = await t.request('PUT', READ(id), { as: 'admin' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id, read: true, readAt: t.clock.now().toISOString() });
    expect(await unread('admin', MessageCategory.tasks)).toBe(before - 1);
    t.clock.advance(60_000);
    const again = (await t.request('PUT', READ(id), { as: 'admin' })).json().data as Item;
    expect(again.readAt).toBe(res.json().data.readAt);
  });

  it("answers 404 for another user's or another tenant's message, and 400 for a bad id", async () => {
    const clerks = await own(clerk, '测试：职员的消息', MessageCategory.tasks);
    const others = await own(other, '测试：别家的消息', MessageCategory.tasks);
    expect((await t.request('PUT', READ(clerks), { as: 'admin' })).statusCode).toBe(404);
    expect((await t.request('PUT', READ(others), { as: 'admin' })).statusCode).toBe(404);
    expect((await t.request('PUT', READ(999_999_999), { as: 'admin' })).statusCode).toBe(404);
    expect((await t.request('PUT', READ('abc'), { as: 'admin' })).statusCode).toBe(400);
    expect((await t.request('PUT', READ(-1), { as: 'admin' })).statusCode).toBe(400);
    expect((await t.request('PUT', READ(clerks))).statusCode).toBe(401);
    // Nothing of theirs was touched.
    const { rows } = await t.deps.database.query<{ n: number }>(
      `select count(*)::int as n from push_records where id = any($1::int8[]) and read_at is null`,
      [`{${clerks},${others}}`],
    );
    expect(rows[0]!.n).toBe(2);
    expect((await t.request('PUT', READ(clerks), { as: 'clerk' })).statusCode).toBe(200);
  });

  it("marks all read, of one category or all, only the caller's", async () => {
    await own(admin, '测试：任务一', MessageCategory.tasks);
    await own(admin, '测试：任务二', MessageCategory.tasks);
    const clerks = await own(clerk, '测试：职员的任务', MessageCategory.tasks);
    const others = await own(other, '测试：别家的任务', MessageCategory.tasks);
    const bills = await unread('admin', MessageCategory.bills);
    expect(bills).toBeGreaterThan(0);
    const res = await t.request('PUT', READ_ALL, { as: 'admin', body: { category: MessageCategory.tasks } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ count: 2 });
    expect(await unread('admin', MessageCategory.tasks)).toBe(0);
    expect(await unread('admin', MessageCategory.bills)).toBe(bills);
    const rest = await unread('admin');
    const all = await t.request('PUT', READ_ALL, { as: 'admin', body: {} });
    expect(all.json().data).toEqual({ count: rest });
    expect(await unread('admin')).toBe(0);
    const { rows } = await t.deps.database.query<{ n: number }>(
      `select count(*)::int as n from push_records where id = any($1::int8[]) and read_at is null`,
      [`{${clerks},${others}}`],
    );
    expect(rows[0]!.n).toBe(2);
    for (const body of [{ category: 42 }, { category: '2' }, { channel: 'x'.repeat(33) }, { extra: 1 }]) {
      const bad = await t.request('PUT', READ_ALL, { as: 'admin', body });
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('the archive', () => {
  it("archives at the test clock what is older than the tenant's messageArchiveDays, out of the bell", async () => {
    const old = await own(clerk, '测试：九十一天前', MessageCategory.tasks, 91);
    const young = await own(clerk, '测试：八十九天前', MessageCategory.tasks, 89);
    const before = await unread('clerk', MessageCategory.tasks);
    await archiveOldMessages(t.deps);
    const archived = (await list('clerk', { state: 'archived' })).rows.map((m) => m.id);
    expect(archived).toContain(old);
    expect(archived).not.toContain(young);
    expect((await list('clerk')).rows.map((m) => m.id)).toContain(young);
    expect((await list('clerk', { state: 'unread' })).rows.map((m) => m.id)).not.toContain(old);
    expect(await unread('clerk', MessageCategory.tasks)).toBe(before - 1);
    // Again: nothing more (idempotent). Then the tenant keeps 30 days: the 89-day one goes too.
    expect(await archiveOldMessages(t.deps)).toBe(0);
    const rules = (await t.request('GET', '/api/ccwadmin/setting/rules', { as: 'admin' })).json().data;
    expect(rules.messageArchiveDays).toBe(90);
    const saved = await t.request('PUT', '/api/ccwadmin/setting/rules', {
      as: 'admin',
      body: { ...rules, messageArchiveDays: 30 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await archiveOldMessages(t.deps)).toBeGreaterThanOrEqual(1);
    expect((await list('clerk', { state: 'archived' })).rows.map((m) => m.id)).toContain(young);
    for (const days of [6, 3651, 30.5]) {
      const bad = await t.request('PUT', '/api/ccwadmin/setting/rules', {
        as: 'admin',
        body: { ...rules, messageArchiveDays: days },
      });
      expect(bad.statusCode, String(days)).toBe(400);
    }
  });
});

/** Runs the SMS notices queued so far (as the worker would) and answers the sandbox outbox to `phone`. */
async function smsTo(phone: string) {
  const { rows: queued } = await t.deps.database.query<{ tenant_id: number; id: number }>(
    `select p.tenant_id, p.id from task_progress p join sms_batches b on b.tenant_id = p.tenant_id
       and p.target_id = 'smsBatch:' || b.id where b.source = 'messageCopy' and p.state = 'queued' order by p.id`,
  );
  for (const task of queued)
    await t.deps.tasks.run(Number(task.tenant_id), Number(task.id), new AbortController().signal);
  const { rows } = await t.deps.database.query<{ content: string }>(
    `select content from sms_messages where phone = $1 order by id`,
    [phone],
  );
  return rows.map((r) => r.content);
}

describe('SMS copies of chosen categories', () => {
  it('stores the choice per user, masked phone, 400 on a bad category', async () => {
    const first = await t.request('GET', SMS, { as: 'clerk' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.categories).toEqual([]);
    expect(first.json().data.phone).toMatch(/^1\d{2}\*{4}\d{4}$/);
    const saved = await t.request('PUT', SMS, {
      as: 'clerk',
      body: { categories: [MessageCategory.riskAlarms, MessageCategory.bills, MessageCategory.bills] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.categories).toEqual([MessageCategory.bills, MessageCategory.riskAlarms]);
    expect((await t.request('GET', SMS, { as: 'clerk' })).json().data.categories).toEqual([2, 4]);
    // Another user's choice is his own.
    expect((await t.request('GET', SMS, { as: 'other' })).json().data.categories).toEqual([]);
    for (const body of [{ categories: [42] }, { categories: 'bills' }, {}, { categories: [], userId: admin.id }]) {
      const bad = await t.request('PUT', SMS, { as: 'clerk', body });
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await t.request('PUT', SMS, { body: { categories: [] } })).statusCode).toBe(401);
  });

  it('texts a new message of a chosen category to the reader, and nothing for the others', async () => {
    const { rows } = await t.deps.database.query<{ phone: string }>(`select phone from users where id = $1`, [
      admin.id,
    ]);
    const phone = rows[0]!.phone;
    const res = await t.request('PUT', SMS, { as: 'admin', body: { categories: [MessageCategory.tasks] } });
    expect(res.json().data.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(7)}`);
    const reminder = (category: number, text: string): NewEvent => ({
      tenantId: admin.tenantId,
      name: 'reminder.due',
      payload: {
        source: 'test:sms',
        permission: 'rentCar:view',
        rentId,
        category,
        title: `短信测试${text}`,
        content: `${text}的提醒正文`,
        link: '/rentCar',
      },
    });
    const before = (await smsTo(phone)).length;
    await publishAndWait(reminder(MessageCategory.tasks, '任务'), reminder(MessageCategory.bills, '账单'));
    const texts = (await smsTo(phone)).slice(before);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('短信测试任务');
    expect(texts[0]).toContain('任务的提醒正文');
    expect(texts.join()).not.toContain('短信测试账单');
    // Both are in the message centre all the same.
    const titles = (await list('admin')).rows.map((m) => m.title);
    expect(titles).toEqual(expect.arrayContaining(['短信测试任务', '短信测试账单']));
    // Delivered again (a retry), the copy is not sent twice.
    const { rows: ids } = await t.deps.database.query<{ id: number }>(
      `select id from push_records where user_id = $1 and title = '短信测试任务'`,
      [admin.id],
    );
    await publishAndWait({
      tenantId: admin.tenantId,
      name: 'message.smsDue',
      payload: { messageIds: ids.map((r) => Number(r.id)) },
    });
    expect((await smsTo(phone)).slice(before)).toHaveLength(1);
  });

  it('a reader without a mobile is told so and gets no text', async () => {
    await t.deps.database.query(`update users set phone = '' where id = $1`, [clerk.id]);
    const res = await t.request('PUT', SMS, { as: 'clerk', body: { categories: [MessageCategory.vehicleReminders] } });
    expect(res.json().data).toEqual({ categories: [MessageCategory.vehicleReminders], phone: null });
    const { rows: batches } = await t.deps.database.query<{ n: number }>(
      `select count(*)::int as n from sms_batches where source = 'messageCopy'`,
    );
    await publishAndWait({
      tenantId: admin.tenantId,
      name: 'reminder.due',
      payload: {
        source: 'test:sms',
        permission: 'rentCar:view',
        rentId,
        category: MessageCategory.vehicleReminders,
        title: '无手机测试',
        content: '无手机测试正文',
        link: '/rentCar',
      },
    });
    expect((await list('clerk', { keyword: '无手机测试' })).total).toBe(1);
    const { rows: after } = await t.deps.database.query<{ n: number }>(
      `select count(*)::int as n from sms_batches where source = 'messageCopy'`,
    );
    expect(after[0]!.n).toBe(batches[0]!.n);
  });
});

describe("the bills' events", () => {
  it('bill.overdue: a message of category bills linking the bill, to those who see contracts of the rent', async () => {
    await publishAndWait({
      tenantId: admin.tenantId,
      name: 'bill.overdue',
      payload: {
        contractId: 9001,
        lineId: 9002,
        rentId,
        number: 'HT-TEST-OVERDUE',
        driver: '测试司机',
        period: 3,
        outstandingFen: 480_000,
        dueDate: '2026-01-05',
      },
    });
    const zh = (await list('admin', { keyword: 'HT-TEST-OVERDUE' })).rows;
    expect(zh.map((m) => [m.category, m.title, m.link])).toEqual([
      [MessageCategory.bills, '租金逾期', '/rentContract/detail/9001?tab=bills&bill=9002'],
    ]);
    expect(zh[0]!.content).toBe('合同 HT-TEST-OVERDUE（测试司机）第3期租金 ¥4,800.00 已逾期（应付日 2026-01-05）');
    const en = (
      await t.request('GET', LIST, { as: 'admin', lang: 'en-US', query: { keyword: 'HT-TEST-OVERDUE' } })
    ).json().data.rows as Item[];
    expect(en[0]!.content).toBe(
      'Contract HT-TEST-OVERDUE (测试司机): rent of period 3, ¥4,800.00, is overdue (due on 2026-01-05)',
    );
    // The clerk may not see contracts: told nothing; another tenant nothing.
    expect((await list('clerk', { keyword: 'HT-TEST-OVERDUE' })).total).toBe(0);
    expect((await list('other', { keyword: 'HT-TEST-OVERDUE' })).total).toBe(0);
  });

  it('payment.received: to the others who see the rent, not to the one who recorded it', async () => {
    const { rows } = await t.deps.database.query<{ id: number; number: string; rent_id: number }>(
      `select id, number, rent_id from rental_contracts where tenant_id = $1 order by id limit 1`,
      [admin.tenantId],
    );
    const k = rows[0]!;
    const payment = (by: number | null, lineState: string): NewEvent => ({
      tenantId: admin.tenantId,
      name: 'payment.received',
      payload: {
        contractId: Number(k.id),
        lineId: 77,
        rentId: Number(k.rent_id),
        amountFen: 120_050,
        lineState,
        paidDate: '2026-02-28',
        accountId: 1,
        by,
        at: t.clock.now().toISOString(),
      },
    });
    const before = (await list('admin', { keyword: k.number, category: String(MessageCategory.bills) })).total;
    await publishAndWait(payment(admin.id, 'paid'));
    expect((await list('admin', { keyword: k.number, category: String(MessageCategory.bills) })).total).toBe(before);
    await publishAndWait(payment(clerk.id, 'partial'));
    const rows2 = (await list('admin', { keyword: '1200.50' })).rows;
    expect(rows2.map((m) => [m.title, m.content, m.link])).toEqual([
      [
        '收到付款',
        `合同 ${k.number} 收到付款 ¥1,200.50（2026-02-28），该账单尚有未付金额。`,
        `/rentContract/detail/${k.id}?tab=bills&bill=77`,
      ],
    ]);
  });
});
