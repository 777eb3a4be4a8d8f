import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { caller, currentStepOf } from '../../../test/office.js';
import { A, staff } from './fixtures.js';

let t: TestApp;
let as: ReturnType<typeof staff>;
/** The demo's second approver (孙丽), kept by every save of the SMS switch. */
let sunli: number;

beforeAll(async () => {
  t = await createTestApp();
  as = staff(t);
  sunli = Number(
    (await t.deps.database.query<{ id: number }>(`select id from users where username = 'sunli'`)).rows[0]!.id,
  );
});
afterAll(async () => t.close());

const call = caller(
  () => t,
  A,
  () => as,
);

/** The SMS sent (sandbox outbox) whose text names `summary`, by phone; the notices queued so far are run first, as the worker would. */
async function smsAbout(summary: string) {
  const { rows: queued } = await t.deps.database.query<{ tenant_id: number; id: number }>(
    `select p.tenant_id, p.id from task_progress p join sms_batches b on b.tenant_id = p.tenant_id
       and p.target_id = 'smsBatch:' || b.id where b.source = 'approvalNotice' and p.state = 'queued' order by p.id`,
  );
  for (const task of queued)
    await t.deps.tasks.run(Number(task.tenant_id), Number(task.id), new AbortController().signal);
  const { rows } = await t.deps.database.query<{ phone: string; content: string }>(
    `select phone, content from sms_messages where content like $1 order by id`,
    [`%${summary}%`],
  );
  return rows;
}

/** Phones of the open approvers of a request's current step. */
async function currentApproverPhones(id: number) {
  const { rows } = await t.deps.database.query<{ phone: string }>(
    `select u.phone from approval_tasks k join approval_requests r on r.tenant_id = k.tenant_id and r.id = k.request_id
       join users u on u.tenant_id = k.tenant_id and u.id = k.approver_id
      where k.request_id = $1 and k.open and k.run = r.run and k.step_index = r.current_step order by u.phone`,
    [id],
  );
  return rows.map((r) => r.phone);
}

async function waitFor(check: () => Promise<boolean>, ms = 5_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function claim(summary: string, amount = 800) {
  const saved = await call('POST', '/request/save', 'zhengkai', {
    businessType: 'purchase',
    summary,
    form: { item: '打印机', quantity: 1, amount, neededOn: '2026-12-01' },
  });
  const id = saved.json().data.id as number;
  const sent = await call('POST', `/request/submit/${id}`, 'zhengkai');
  expect(sent.statusCode, sent.body).toBe(200);
  return sent.json().data as {
    id: number;
    status: string;
    steps: { state: string; approvers: { userId: number }[] }[];
  };
}

describe('SMS to approvers', () => {
  it('is off by default: only the message is sent', async () => {
    expect((await call('GET', '/setting', 'admin')).json().data).toEqual({ sms: false, secondApproverId: sunli });
    const req = await claim('默认不发短信的采购');
    expect(req.status).toBe('pending');
    await new Promise((r) => setTimeout(r, 300));
    expect(await smsAbout('默认不发短信的采购')).toEqual([]);
  });

  it('texts in Chinese each approver a request starts waiting for, once per step, when the tenant asks', async () => {
    const set = await call('PUT', '/setting', 'admin', { sms: true });
    expect(set.json().data).toEqual({ sms: true, secondApproverId: sunli });
    // Kept with the tenant rules.
    const { rows } = await t.deps.database.query<{ rules: { approvalSms: boolean } }>(
      `select s.rules from tenant_settings s join tenants t on t.id = s.tenant_id where t.code = 'DEMO'`,
    );
    expect(rows[0]!.rules.approvalSms).toBe(true);

    const req = await claim('办公打印机采购');
    const first = await currentApproverPhones(req.id);
    expect(first.length).toBeGreaterThan(0);
    await waitFor(async () => (await smsAbout('办公打印机采购')).length === first.length);
    const sms = await smsAbout('办公打印机采购');
    expect(sms.map((s) => s.phone).sort()).toEqual(first);
    expect(sms[0]!.content).toBe(
      '【演示租车】郑凯提交的采购申请「办公打印机采购」等待您审批，请登录 Fleetdesk 审批中心处理。',
    );

    // A notice of the SMS area: the tenant's signature and price, listed under the applicant.
    const { rows: batches } = await t.deps.database.query<{ cost_fen: number; user_id: number }>(
      `select b.cost_fen, b.created_by as user_id from sms_batches b where b.source = 'approvalNotice' order by b.id desc limit 1`,
    );
    expect(Number(batches[0]!.cost_fen)).toBeGreaterThan(0);

    // The department head approves: the next step's approvers are texted, nobody twice.
    const { rows: heads } = await t.deps.database.query<{ username: string }>(
      `select u.username from approval_tasks k join users u on u.tenant_id = k.tenant_id and u.id = k.approver_id
        where k.request_id = $1 and k.open`,
      [req.id],
    );
    const decided = await call('POST', `/request/decide/${req.id}`, heads[0]!.username, {
      decision: 'approved',
      step: await currentStepOf(t, req.id),
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const second = await currentApproverPhones(req.id);
    expect(second.length).toBeGreaterThan(0);
    await waitFor(async () => (await smsAbout('办公打印机采购')).length === first.length + second.length);
    expect(
      (await smsAbout('办公打印机采购'))
        .slice(first.length)
        .map((s) => s.phone)
        .sort(),
    ).toEqual(second);
  });

  it('is changed by flow editors only, and belongs to its tenant', async () => {
    expect((await call('PUT', '/setting', 'clerk', { sms: false })).statusCode).toBe(403);
    expect((await call('PUT', '/setting', 'zhengkai', { sms: false })).statusCode).toBe(403);
    expect((await call('PUT', '/setting', 'admin', { sms: 'yes' })).statusCode).toBe(400);
    expect((await call('GET', '/setting', 'other')).json().data).toEqual({ sms: false, secondApproverId: null });
    expect((await call('GET', '/setting', 'admin')).json().data).toEqual({ sms: true, secondApproverId: sunli });
    // A save of the company rules (which do not carry the switch) keeps it.
    const rules = await t.request('GET', '/api/ccwadmin/setting/rules', { ...(await as('admin')) });
    const body = { ...rules.json().data };
    delete body.approvalSms;
    const saved = await t.request('PUT', '/api/ccwadmin/setting/rules', { ...(await as('admin')), body });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call('GET', '/setting', 'admin')).json().data).toEqual({ sms: true, secondApproverId: sunli });
  });
});
