import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_PER_HOUR, type FeedbackRow } from '@fleetdesk/contracts/feedback';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { upload } from '../../../test/multipart.js';

const SEND = '/api/ccwadmin/rentFeedback';
const MINE = '/api/ccwadmin/rentFeedback/mine';
const DESK = '/api/ccwadmin/platform/feedback';

let t: TestApp;
const q = async <R>(text: string, params: unknown[]) => (await t.deps.database.query<R>(text, params as never)).rows;

const send = (as: string, body: Record<string, unknown>) => t.request('POST', SEND, { as, body, lang: 'en-US' });
const desk = async (query: Record<string, string> = {}, as = 'operator') => {
  const res = await t.request('GET', DESK, { as, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { rows: FeedbackRow[]; total: number };
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('feedback', () => {
  it('a user sends feedback with his screenshots; he reads it in his list, and the operator on the desk', async () => {
    const shot = await upload(t, 'clerk', 'feedback', 'screen.png');
    const res = await send('clerk', {
      content: '  司机列表的筛选条件刷新后丢失了  ',
      images: [shot],
      contact: '13800000002',
      page: '/rentDriver',
    });
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json().data as FeedbackRow;
    expect(sent).toMatchObject({
      content: '司机列表的筛选条件刷新后丢失了',
      state: 'new',
      page: '/rentDriver',
      answer: null,
    });
    expect(sent.images).toHaveLength(1);
    const mine = (await t.request('GET', MINE, { as: 'clerk' })).json().data;
    expect(mine.rows[0].id).toBe(sent.id);
    // The admin of the same company does not see the clerk's own list.
    const admins = (await t.request('GET', MINE, { as: 'admin' })).json().data;
    expect(admins.rows.map((r: FeedbackRow) => r.id)).not.toContain(sent.id);

    const onDesk = await desk({ state: 'new', keyword: '筛选条件' });
    expect(onDesk.rows.map((r) => [r.id, r.tenantName, r.userName])).toEqual([
      [sent.id, '演示租车 Demo Rentals', '李娜'],
    ]);
    // The operator opens the screenshot of another tenant through the signed address.
    const file = await t.request('GET', onDesk.rows[0]!.images[0]!.replace(/^https?:\/\/[^/]+/, ''));
    expect(file.statusCode).toBe(200);
  });

  it('the operator answers; the sender reads the answer; the demo feedback is on the desk', async () => {
    const all = await desk();
    expect(all.total).toBeGreaterThanOrEqual(4);
    const target = all.rows.find((r) => r.state === 'new')!;
    const res = await t.request('PUT', `${DESK}/${target.id}`, {
      as: 'operator',
      body: { answer: '已修复，请刷新页面后再试。', state: 'answered' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'answered', answer: '已修复，请刷新页面后再试。' });
    expect((await desk({ state: 'answered' })).rows.map((r) => r.id)).toContain(target.id);
    // The sender hears of it in his message centre, linking his feedback page.
    await t.deps.events.settled();
    const sender = await q<{ tenant_id: number; user_id: number }>(
      `select tenant_id::int, user_id::int from feedback where id = $1`,
      [target.id],
    );
    const told = await q<{ title: string; link: string }>(
      `select coalesce(title_key, title) as title, link from push_records
        where tenant_id = $1 and user_id = $2 and link = '/feedback' order by id desc limit 1`,
      [sender[0]!.tenant_id, sender[0]!.user_id],
    );
    expect(told).toEqual([{ title: 'feedback.answeredTitle', link: '/feedback' }]);
    const missing = await t.request('PUT', `${DESK}/999999999`, {
      as: 'operator',
      body: { answer: 'x', state: 'closed' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('no other tenant reads the desk or answers, even with every permission', async () => {
    for (const as of ['admin', 'other', 'xinda']) {
      expect((await t.request('GET', DESK, { as })).statusCode, as).toBe(403);
      const put = await t.request('PUT', `${DESK}/1`, { as, body: { answer: 'x', state: 'closed' } });
      expect(put.statusCode, as).toBe(403);
    }
    expect((await t.request('POST', SEND, { body: { content: 'hello there' } })).statusCode).toBe(401);
  });

  it('refuses short text, too many pictures and another user’s or another kind of upload, on the field', async () => {
    const short = await send('admin', { content: ' ok ' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0]).toMatchObject({ path: 'content' });
    expect(short.json().errors[0].message).toMatch(/at least 5 characters/);
    const shot = await upload(t, 'admin', 'feedback', 'a.png');
    const many = await send('admin', { content: 'seven pictures', images: Array(7).fill(shot) });
    expect(many.statusCode).toBe(400);
    const clerks = await upload(t, 'clerk', 'feedback', 'b.png');
    const theirs = await send('admin', { content: 'not my picture', images: [clerks] });
    expect(theirs.json().errors[0]).toMatchObject({ path: 'images.0' });
    const avatar = await upload(t, 'admin', 'avatar', 'me.png');
    expect((await send('admin', { content: 'an avatar picture', images: [avatar] })).statusCode).toBe(400);
    const other = await upload(t, 'other', 'feedback', 'c.png');
    expect((await send('admin', { content: 'another tenant', images: [other] })).statusCode).toBe(400);
    expect((await send('admin', { content: 'a long contact', contact: 'x'.repeat(61) })).statusCode).toBe(400);
  });

  it('takes at most so many an hour from one user', async () => {
    for (let i = 0; i < FEEDBACK_PER_HOUR; i++) {
      expect((await send('sales1', { content: `feedback number ${i}` })).statusCode).toBe(200);
    }
    const over = await send('sales1', { content: 'one too many' });
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    // Another user is not held back.
    expect((await send('sales2', { content: 'mine goes through' })).statusCode).toBe(200);
    t.clock.set(new Date(t.clock.now().getTime() + 3_601_000));
    expect((await send('sales1', { content: 'an hour later' })).statusCode).toBe(200);
  });
});
