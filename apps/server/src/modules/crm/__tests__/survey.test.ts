import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SurveyPaths as P,
  type InviteRow,
  type PersonAnswer,
  type PublicSurvey,
  type SurveyDetail,
  type SurveyResults,
  type SurveySendAnswer,
} from '@fleetdesk/contracts/surveys';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { surveyToken } from '../survey-token.js';
import { data, lead, path, q, seeded } from './open.fixtures.js';

let t: TestApp;
let ids: Awaited<ReturnType<typeof seeded>>;
let drivers: { id: number; name: string; phone: string }[];
let ipSeq = 0;
/** Each open call from its own address unless told (the per-IP limit is tested on its own). */
const nextIp = () => `10.20.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

const QUESTIONS = [
  { id: 'q1', kind: 'single', title: '您对车况满意吗？', required: true, options: ['满意', '一般', '不满意'] },
  { id: 'q2', kind: 'multiple', title: '您看重哪些服务？', required: false, options: ['价格', '车况', '售后', '速度'] },
  { id: 'q3', kind: 'rating', title: '门店服务评分', required: true },
  { id: 'q4', kind: 'rating', title: '推荐意愿评分', required: false },
  { id: 'q5', kind: 'text', title: '其他建议', required: false },
];

const call = (method: 'GET' | 'POST' | 'PUT', url: string, o: Parameters<TestApp['request']>[2] = {}) =>
  t.request(method, url, { as: 'admin', ...o });

/** An open call (no sign-in) from `ip`. */
function open(method: 'GET' | 'POST', url: string, body?: unknown, ip = nextIp()) {
  return t.app.inject({
    method,
    url,
    remoteAddress: ip,
    ...(body !== undefined ? { payload: body as never } : {}),
  });
}

async function newSurvey(title = '满意度调查', questions: unknown[] = QUESTIONS): Promise<SurveyDetail> {
  return data<SurveyDetail>(await call('POST', P.save, { body: { title, intro: '感谢参与', questions } }));
}

async function published(title?: string): Promise<SurveyDetail> {
  const s = await newSurvey(title);
  return data<SurveyDetail>(await call('POST', path(P.publish, { id: s.id }), { body: { version: s.version } }));
}

/** The open address of an invite, as its SMS carries it (its path after PUBLIC_URL). */
async function linkOf(surveyId: number, inviteId: number): Promise<string> {
  const [row] = await q<{ tenant_id: number; expires_at: Date }>(
    t,
    `select tenant_id, expires_at from survey_invites where id = $1`,
    [inviteId],
  );
  const exp = Math.floor(new Date(row!.expires_at).getTime() / 1000);
  const token = surveyToken(t.deps.fileUrls, Number(row!.tenant_id), surveyId, { inviteId, exp });
  return path(P.openSurvey, { id: surveyId, token });
}

async function invitesOf(surveyId: number): Promise<InviteRow[]> {
  return (
    await data<{ rows: InviteRow[] }>(
      await call('GET', path(P.invites, { id: surveyId }), { query: { pageSize: 100 } }),
    )
  ).rows;
}

beforeAll(async () => {
  t = await createTestApp();
  ids = await seeded(t);
  drivers = (
    await q<{ id: number; name: string; phone: string }>(
      t,
      `select id, name, phone from drivers where tenant_id = $1 and rent_id = $2 and deleted_at is null
         and phone ~ '^1[3-9][0-9]{9}$' order by id limit 4`,
      [ids.demo, ids.hz],
    )
  ).map((d) => ({ ...d, id: Number(d.id) }));
  expect(drivers.length).toBe(4);
});
afterAll(async () => t.close());

describe('survey definitions', () => {
  it('checks each question kind (options of choices, none for ratings and texts, distinct ids)', async () => {
    const bad = async (questions: unknown[], field: string) => {
      const res = await call('POST', P.save, { body: { title: '坏问卷', questions } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(field);
    };
    await bad([{ id: 'q1', kind: 'single', title: '一个选项', options: ['是'] }], 'questions.0.options');
    await bad([{ id: 'q1', kind: 'multiple', title: '重复选项', options: ['是', '是'] }], 'questions.0.options');
    await bad([{ id: 'q1', kind: 'rating', title: '评分', options: ['1', '2'] }], 'questions.0.options');
    await bad([{ id: 'q1', kind: 'text', title: '文本', options: ['a', 'b'] }], 'questions.0.options');
    await bad(
      [
        { id: 'q1', kind: 'text', title: 'a' },
        { id: 'q1', kind: 'text', title: 'b' },
      ],
      'questions.1.id',
    );
    await bad([{ id: 'x1', kind: 'text', title: 'a' }], 'questions.0.id');
    expect((await call('POST', P.save, { body: { title: '', questions: QUESTIONS } })).statusCode).toBe(400);
    expect((await call('POST', P.save, { body: { title: '无题', questions: [] } })).statusCode).toBe(400);
  });

  it('changes a draft; a published one keeps its questions (409) but takes a new title; a closed one nothing', async () => {
    const s = await newSurvey('草稿问卷');
    expect(s).toMatchObject({ state: 'draft', questionCount: 5, invited: 0, answered: 0, createdByName: '张伟' });
    const changed = await data<SurveyDetail>(
      await call('PUT', P.save, {
        body: { id: s.id, version: s.version, title: '草稿问卷 2', questions: QUESTIONS.slice(0, 2) },
      }),
    );
    expect(changed.questions).toHaveLength(2);
    expect(
      (await call('PUT', P.save, { body: { id: s.id, version: s.version, title: 'x', questions: QUESTIONS } })).json(),
    ).toMatchObject({ message: expect.stringContaining('刷新') });
    const pub = await data<SurveyDetail>(
      await call('POST', path(P.publish, { id: s.id }), { body: { version: changed.version } }),
    );
    expect(pub.state).toBe('published');
    expect(pub.publishedAt).not.toBeNull();
    const moved = await call('PUT', P.save, {
      body: { id: s.id, version: pub.version, title: '新标题', questions: QUESTIONS },
    });
    expect(moved.statusCode).toBe(409);
    const retitled = await data<SurveyDetail>(
      await call('PUT', P.save, {
        body: { id: s.id, version: pub.version, title: '新标题', questions: pub.questions },
      }),
    );
    expect(retitled.title).toBe('新标题');
    expect((await call('POST', path(P.publish, { id: s.id }), { body: {} })).statusCode).toBe(409);
    const closed = await data<SurveyDetail>(await call('POST', path(P.close, { id: s.id }), { body: {} }));
    expect(closed.state).toBe('closed');
    const again = await call('PUT', P.save, {
      body: { id: s.id, version: closed.version, title: '再改', questions: closed.questions },
    });
    expect(again.statusCode).toBe(409);
    expect((await call('POST', path(P.close, { id: s.id }), { body: {} })).statusCode).toBe(409);
  });

  it('lists with a state and keyword filter; deletes only what nobody was invited to', async () => {
    const s = await newSurvey('可删除的问卷');
    const list = await data<{ rows: { id: number }[]; total: number }>(
      await call('GET', P.list, { query: { keyword: '可删除', state: 'draft' } }),
    );
    expect(list.rows.map((r) => r.id)).toEqual([s.id]);
    expect((await call('POST', path(P.delete, { id: s.id }))).statusCode).toBe(200);
    expect((await call('GET', path(P.get, { id: s.id }))).statusCode).toBe(404);
    expect((await call('GET', P.list, { query: { pageSize: 0 } })).statusCode).toBe(400);
  });

  it('refuses users without the permission (403) and another tenant (404)', async () => {
    const s = await newSurvey('权限问卷');
    expect((await call('GET', P.list, { as: 'clerk' })).statusCode).toBe(403);
    expect((await call('POST', P.save, { as: 'clerk', body: { title: 'x', questions: QUESTIONS } })).statusCode).toBe(
      403,
    );
    expect(
      (await call('POST', path(P.send, { id: s.id }), { as: 'clerk', body: { driverIds: [drivers[0]!.id] } }))
        .statusCode,
    ).toBe(403);
    for (const p of [P.get, P.results, P.invites, P.export])
      expect((await call('GET', path(p, { id: s.id }), { as: 'other' })).statusCode).toBe(404);
    expect((await call('POST', path(P.publish, { id: s.id }), { as: 'other', body: {} })).statusCode).toBe(404);
  });
});

describe('sending and answering', () => {
  let survey: SurveyDetail;
  let sent: SurveySendAnswer;
  let invites: InviteRow[];
  const byDriver = (i: number) => invites.find((x) => x.driverId === drivers[i]!.id)!;

  beforeAll(async () => {
    survey = await published('租车服务满意度（测试）');
    const leadId = await lead(t, { tenantId: ids.demo, rentId: ids.hz, name: '线索甲' });
    const lostId = await lead(t, { tenantId: ids.demo, rentId: ids.hz, name: '流失乙', state: 'lost' });
    sent = await data<SurveySendAnswer>(
      await call('POST', path(P.send, { id: survey.id }), {
        body: { driverIds: drivers.map((d) => d.id), leadIds: [leadId, lostId], days: 7 },
      }),
    );
    invites = await invitesOf(survey.id);
  });

  it('makes an invite per person with a phone and one SMS notice carrying each personal link', async () => {
    expect(sent).toMatchObject({ invites: 5, skipped: 1 });
    expect(sent.noticeId).not.toBeNull();
    expect(invites).toHaveLength(5);
    expect(invites.every((i) => i.state === 'sent' && i.noticeId === sent.noticeId)).toBe(true);
    const texts = await q<{ text: string; phone: string }>(
      t,
      `select i.payload->>'text' as text, i.payload->>'phone' as phone from sms_batches b
         join task_items i on i.tenant_id = b.tenant_id and i.task_id = b.task_id where b.id = $1`,
      [sent.noticeId],
    );
    expect(texts).toHaveLength(5);
    const mine = texts.find((x) => x.phone === drivers[0]!.phone)!;
    const link = await linkOf(survey.id, byDriver(0).id);
    expect(mine.text).toContain(`${t.config.PUBLIC_URL.replace(/\/+$/, '')}${link.replace('/api/open', '')}`);
    expect(mine.text).toContain('7天内有效');
    const [row] = await q<{ expires_at: Date; sent_at: Date }>(
      t,
      `select expires_at, sent_at from survey_invites where id = $1`,
      [byDriver(0).id],
    );
    expect(new Date(row!.expires_at).getTime() - new Date(row!.sent_at).getTime()).toBeLessThanOrEqual(7 * 86_400_000);
    expect((await data<SurveyDetail>(await call('GET', path(P.get, { id: survey.id })))).invited).toBe(5);
  });

  it('sends only a published survey, to people of the caller’s scope', async () => {
    const draft = await newSurvey('未发布');
    const res = await call('POST', path(P.send, { id: draft.id }), { body: { driverIds: [drivers[0]!.id] } });
    expect(res.statusCode).toBe(409);
    expect((await call('POST', path(P.send, { id: survey.id }), { body: {} })).statusCode).toBe(400);
    const [foreign] = await q<{ id: number }>(t, `select id from drivers where tenant_id = $1 limit 1`, [ids.other]);
    expect(
      (await call('POST', path(P.send, { id: survey.id }), { body: { driverIds: [Number(foreign!.id)] } })).statusCode,
    ).toBe(404);
  });

  it('opens the link once (opened), refuses a tampered token or another survey (404)', async () => {
    const link = await linkOf(survey.id, byDriver(0).id);
    const res = await open('GET', link);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data as PublicSurvey;
    expect(page).toMatchObject({ title: survey.title, name: drivers[0]!.name, tenantName: '演示租车 Demo Rentals' });
    expect(page.questions).toHaveLength(5);
    expect((await invitesOf(survey.id)).find((i) => i.id === byDriver(0).id)!.state).toBe('opened');

    const token = link.split('/').pop()!;
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect((await open('GET', path(P.openSurvey, { id: survey.id, token: flipped }))).json().message).toBe(
      '问卷链接无效',
    );
    expect((await open('GET', path(P.openSurvey, { id: survey.id, token: flipped }))).statusCode).toBe(404);
    const other = await published('另一份');
    expect((await open('GET', path(P.openSurvey, { id: other.id, token }))).statusCode).toBe(404);
    expect((await open('GET', path(P.openSurvey, { id: survey.id, token: 'not-a-token-at-all' }))).statusCode).toBe(
      404,
    );
    // A later expiry signed by nobody: the head changed, the signature no longer holds.
    const [head, sig] = token.split('.') as [string, string];
    const [inviteId, exp] = Buffer.from(head, 'base64url').toString().split('.');
    const longer = `${Buffer.from(`${inviteId}.${Number(exp) + 86_400}`).toString('base64url')}.${sig}`;
    expect((await open('GET', path(P.openSurvey, { id: survey.id, token: longer }))).statusCode).toBe(404);
  });

  it('checks the answers per question (400 keyed by question id), keeps them once (then 409)', async () => {
    const link = await linkOf(survey.id, byDriver(0).id);
    const wrong = await open('POST', link, {
      answers: { q1: '非常满意', q2: ['价格', '价格'], q3: 6, q4: 2.5, q5: 'x'.repeat(501), q9: '?' },
    });
    expect(wrong.statusCode, wrong.body).toBe(400);
    const errors = Object.fromEntries(
      (wrong.json().errors as { path: string; message: string }[]).map((e) => [e.path, e.message]),
    );
    expect(errors).toEqual({
      q1: '请选择列出的选项',
      q2: '请选择列出的选项',
      q3: '评分为 1 至 5 的整数',
      q4: '评分为 1 至 5 的整数',
      q5: '最多 500 字',
      q9: '问卷中没有这道题',
    });
    const missing = await open('POST', link, { answers: { q2: ['价格'] } });
    expect(
      missing
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['q1', 'q3']);
    const good = await open('POST', link, {
      answers: { q1: '满意', q2: ['价格', '车况'], q3: 5, q4: 4, q5: '  车很干净  ' },
      seconds: 95,
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().data).toEqual({ ok: true });
    const [kept] = await q<{ answers: Record<string, unknown> }>(
      t,
      `select answers from survey_answers where invite_id = $1`,
      [byDriver(0).id],
    );
    expect(kept!.answers.q5).toBe('车很干净');
    const again = await open('POST', link, { answers: { q1: '满意', q3: 3 } });
    expect(again.statusCode).toBe(409);
    expect((await open('GET', link)).statusCode).toBe(409);
  });

  it('answers 410 past the expiry on a moved clock', async () => {
    const link = await linkOf(survey.id, byDriver(3).id);
    const start = t.clock.now();
    t.clock.advance(7 * 86_400_000 + 1000);
    try {
      const res = await open('GET', link);
      expect(res.statusCode).toBe(410);
      expect(res.json().message).toBe('问卷链接已过期');
      expect(res.json().code).toBe('survey.linkExpired');
      expect((await open('POST', link, { answers: { q1: '满意', q3: 3 } })).statusCode).toBe(410);
    } finally {
      t.clock.set(start);
    }
  });

  it('adds up the results: option and score counts, the average, the latest texts, the response rate', async () => {
    await open('POST', await linkOf(survey.id, byDriver(1).id), {
      answers: { q1: '一般', q2: ['价格'], q3: 3, q5: '希望多些新能源车' },
      seconds: 45,
    });
    await open('POST', await linkOf(survey.id, byDriver(2).id), { answers: { q1: '满意', q3: 4, q4: 5 } });
    const r = await data<SurveyResults>(await call('GET', path(P.results, { id: survey.id })));
    expect(r.totals).toEqual({
      invited: 5,
      opened: 3,
      answered: 3,
      expired: 0,
      responseRate: 0.6,
      averageSeconds: 70,
    });
    const [q1, q2, q3, q4, q5] = r.questions;
    expect(q1!.options).toEqual([
      { option: '满意', count: 2 },
      { option: '一般', count: 1 },
      { option: '不满意', count: 0 },
    ]);
    expect(q1!.answered).toBe(3);
    expect(q2!.options.map((o) => o.count)).toEqual([2, 1, 0, 0]);
    expect(q2!.answered).toBe(2);
    expect(q3!.ratings).toEqual([
      { score: 1, count: 0 },
      { score: 2, count: 0 },
      { score: 3, count: 1 },
      { score: 4, count: 1 },
      { score: 5, count: 1 },
    ]);
    expect(q3!.average).toBe(4);
    expect(q4!.average).toBe(4.5);
    expect(q5!.texts.map((x) => [x.name, x.text])).toEqual([
      [drivers[1]!.name, '希望多些新能源车'],
      [drivers[0]!.name, '车很干净'],
    ]);
    expect(q5!.options).toEqual([]);
  });

  it('exports the answers and the summary as a workbook', async () => {
    const res = await call('GET', path(P.export, { id: survey.id }));
    expect(res.statusCode, res.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['答卷', '汇总']);
    const answers = wb.worksheets[0]!;
    expect(answers.rowCount).toBe(4);
    expect(answers.getRow(1).getCell(6).value).toBe('q1. 您对车况满意吗？');
    expect(answers.getRow(2).getCell(7).value).toBe('价格、车况');
    expect((await call('GET', path(P.export, { id: survey.id }), { as: 'clerk' })).statusCode).toBe(403);
  });

  it("shows a person's answers to the driver's page (rentDriver:view) and the lead's (crm only)", async () => {
    const mine = await data<PersonAnswer[]>(await call('GET', P.answers, { query: { driverId: drivers[0]!.id } }));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.items.find((i) => i.questionId === 'q2')!.answer).toEqual(['价格', '车况']);
    expect(mine[0]!.surveyTitle).toBe(survey.title);
    const clerk = await call('GET', P.answers, { as: 'clerk', query: { driverId: drivers[1]!.id } });
    expect(clerk.statusCode, clerk.body).toBe(200);
    expect((clerk.json().data as PersonAnswer[])[0]!.items.find((i) => i.questionId === 'q4')!.answer).toBeNull();
    const leadInvite = invites.find((i) => i.leadId)!;
    expect((await call('GET', P.answers, { as: 'clerk', query: { leadId: leadInvite.leadId! } })).statusCode).toBe(403);
    expect(await data(await call('GET', P.answers, { query: { leadId: leadInvite.leadId! } }))).toEqual([]);
    expect((await call('GET', P.answers, { query: {} })).statusCode).toBe(400);
    expect(
      (await call('GET', P.answers, { query: { driverId: drivers[0]!.id, leadId: leadInvite.leadId! } })).statusCode,
    ).toBe(400);
    expect((await call('GET', P.answers, { as: 'other', query: { driverId: drivers[0]!.id } })).statusCode).toBe(404);
    expect((await call('POST', path(P.delete, { id: survey.id }))).statusCode).toBe(409);
  });

  it('closes: the remaining links answer 410', async () => {
    const lead = invites.find((i) => i.leadId)!;
    const link = await linkOf(survey.id, lead.id);
    await data(await call('POST', path(P.close, { id: survey.id }), { body: {} }));
    const res = await open('GET', link);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe('问卷已结束');
    // The page tells the two ends apart by the code.
    expect(res.json().code).toBe('survey.closed');
    expect((await open('POST', link, { answers: { q1: '满意', q3: 3 } })).statusCode).toBe(410);
  });
});

describe('rate limits of the open address', () => {
  it('takes 30 calls of an IP in 10 minutes, then 429 with Retry-After', async () => {
    const ip = '10.99.0.1';
    const url = path(P.openSurvey, { id: 1, token: 'garbage-token-of-a-bot' });
    for (let i = 0; i < 30; i++) expect((await open('GET', url, undefined, ip)).statusCode).toBe(404);
    const refused = await open('GET', url, undefined, ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await open('POST', url, { answers: {} }, ip)).statusCode).toBe(429);
    expect((await open('GET', url, undefined, '10.99.0.2')).statusCode).toBe(404);
  });

  it('takes 10 submissions of an invite an hour', async () => {
    const s = await published('限流问卷');
    await data(await call('POST', path(P.send, { id: s.id }), { body: { driverIds: [drivers[0]!.id] } }));
    const [invite] = await invitesOf(s.id);
    const link = await linkOf(s.id, invite!.id);
    for (let i = 0; i < 10; i++) expect((await open('POST', link, { answers: {} })).statusCode).toBe(400);
    expect((await open('POST', link, { answers: { q1: '满意', q3: 3 } })).statusCode).toBe(429);
    t.clock.advance(3600_000);
    expect((await open('POST', link, { answers: { q1: '满意', q3: 3 } })).statusCode).toBe(200);
  });
});
