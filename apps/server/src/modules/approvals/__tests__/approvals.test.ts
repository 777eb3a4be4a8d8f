import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ConflictError } from '../../../core/errors.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { registerApprovalType } from '../approvals.service.js';
import { caller, currentStepOf } from '../../../test/office.js';
import { A, ids as seedIds, staff, step } from './fixtures.js';

let t: TestApp;
let as: ReturnType<typeof staff>;
let ids: Awaited<ReturnType<typeof seedIds>>;

// A type whose owning area refuses every approval: its handler throws inside the deciding transaction. Registered
// by the test that uses it, and gone with it (registries outlive a test file under isolate: false).
let refuse = true;
function registerRefusedType(): () => void {
  return registerApprovalType({
    code: 'testRefused',
    name: { 'zh-CN': '测试拒绝', 'en-US': 'Refused by its area' },
    area: 'office',
    manual: true,
    amountField: 'amount',
    fields: [{ key: 'amount', label: { 'zh-CN': '金额', 'en-US': 'Amount' }, kind: 'money', required: true }],
    async onOutcome({ tx, outcome, request }) {
      // Something the area wrote before failing must go as well.
      await tx.execute(
        sql`update approval_requests set summary = 'changed by handler' where tenant_id = ${request.tenantId} and id = ${request.id}`,
      );
      if (outcome === 'approved' && refuse) throw new ConflictError('approval.notPending');
    },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  as = staff(t);
  ids = await seedIds(t);
});
afterAll(async () => t.close());

const call = caller(
  () => t,
  A,
  () => as,
);

async function submit(user: string, businessType: string, form: Record<string, unknown>, summary = '测试申请') {
  const saved = await call('POST', '/request/save', user, { businessType, summary, form });
  expect(saved.statusCode, saved.body).toBe(200);
  const sent = await call('POST', `/request/submit/${saved.json().data.id}`, user);
  expect(sent.statusCode, sent.body).toBe(200);
  return sent.json().data as {
    id: number;
    status: string;
    currentStep: string | null;
    steps: { name: string; state: string; approvers: { name: string; userId: number }[] }[];
    flowVersion: number;
  };
}

/** A decision on the request's current step (the step a decision names). */
const decide = async (user: string, id: number, decision: 'approved' | 'rejected', comment = '') =>
  call('POST', `/request/decide/${id}`, user, { decision, comment, step: await currentStepOf(t, id) });

async function setFlow(type: string, steps: unknown[], copyUserIds: number[] = []) {
  const res = await call('PUT', `/flow/update/${ids.flow(type)}`, 'admin', {
    businessType: type,
    name: `${type} 流程`,
    steps,
    copyUserIds,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function ensureFlow(type: string, steps: unknown[]) {
  const res = await call('POST', '/flow/add', 'admin', { businessType: type, name: `${type} 流程`, steps });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

const centre = () => ids.centre('OPS-HZ');
const expense = (amount: number) => ({ costCentreId: centre(), category: 'travel', amount, spentOn: '2026-11-01' });

describe('business types and flows', () => {
  it('lists the registered types with their forms, to flow editors and applicants only', async () => {
    const res = await call('GET', '/types', 'admin');
    const codes = res.json().data.map((d: { code: string }) => d.code);
    for (const c of [
      'leave',
      'trip',
      'expense',
      'purchase',
      'contractDiscount',
      'depositRefund',
      'settlement',
      'carTransfer',
      'financing',
    ])
      expect(codes).toContain(c);
    expect(res.json().data.find((d: { code: string }) => d.code === 'expense').amountField).toBe('amount');
    expect((await call('GET', '/types', 'clerk')).statusCode).toBe(403);
  });

  it('has a seeded flow for every business type; another tenant sees none of them', async () => {
    const flows = (await call('GET', '/flow/list', 'admin')).json().data as { businessType: string; version: number }[];
    expect(flows.map((f) => f.businessType).sort()).toEqual(
      [
        'carTransfer',
        'contractDiscount',
        'depositRefund',
        'expense',
        'financing',
        'fuelCut',
        'leave',
        'maintenanceOrder',
        'purchase',
        'settlement',
        'teamStatement',
        'trip',
      ].sort(),
    );
    expect((await call('GET', '/flow/list', 'other')).json().data).toEqual([]);
    expect((await call('GET', `/flow/${ids.flow('leave')}`, 'other')).statusCode).toBe(404);
    expect((await call('GET', '/flow/list', 'liuyang')).statusCode).toBe(403);
  });

  it('refuses a second flow for a type, unknown people and roles, and a step without approvers', async () => {
    const dup = await call('POST', '/flow/add', 'admin', {
      businessType: 'leave',
      name: 'x',
      steps: [step({ kind: 'deptHead' })],
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors[0].path).toBe('businessType');
    const base = { businessType: 'purchase', name: '采购' };
    const empty = await call('PUT', `/flow/update/${ids.flow('purchase')}`, 'admin', { ...base, steps: [step({})] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].path).toBe('steps.0.userIds');
    const foreign = await call('PUT', `/flow/update/${ids.flow('purchase')}`, 'admin', {
      ...base,
      steps: [step({ userIds: [ids.user('other')] })],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0].path).toBe('steps.0.userIds');
    const role = await call('PUT', `/flow/update/${ids.flow('purchase')}`, 'admin', {
      ...base,
      steps: [step({ kind: 'role', roleId: 999999 })],
    });
    expect(role.json().errors[0].path).toBe('steps.0.roleId');
    const range = await call('PUT', `/flow/update/${ids.flow('purchase')}`, 'admin', {
      ...base,
      steps: [step({ kind: 'deptHead', amountAbove: 500, amountUpTo: 100 })],
    });
    expect(range.json().errors[0].path).toBe('steps.0.amountUpTo');
    const none = await call('PUT', `/flow/update/${ids.flow('purchase')}`, 'admin', { ...base, steps: [] });
    expect(none.json().errors[0].path).toBe('steps');
    expect(
      (
        await call('PUT', `/flow/update/${ids.flow('purchase')}`, 'liuyang', {
          ...base,
          steps: [step({ kind: 'deptHead' })],
        })
      ).statusCode,
    ).toBe(403);
  });

  it('refuses to delete a used flow (409) and deletes an unused one', async () => {
    expect((await call('DELETE', `/flow/delete/${ids.flow('expense')}`, 'admin')).statusCode).toBe(409);
    expect((await call('DELETE', `/flow/delete/${ids.flow('financing')}`, 'admin')).statusCode).toBe(200);
    const res = await call('POST', '/flow/add', 'admin', {
      businessType: 'financing',
      name: '融资',
      steps: [step({ kind: 'role', roleId: ids.role('finance') })],
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('flow resolution', () => {
  it("asks the applicant's department head, else the nearest head above, skipping a head's own step", async () => {
    await setFlow('leave', [step({ kind: 'deptHead', name: '负责人' })]);
    const leave = { leaveType: 'annual', startsOn: '2026-12-01', endsOn: '2026-12-02' };
    // zhengkai is in 杭州车管组, whose head is liuyang.
    expect((await submit('zhengkai', 'leave', leave)).steps[0]!.approvers.map((a) => a.userId)).toEqual([
      ids.user('liuyang'),
    ]);
    // liuyang heads 杭州车管组 himself: the head of 运营部 above (admin) approves.
    expect((await submit('liuyang', 'leave', leave)).steps[0]!.approvers.map((a) => a.userId)).toEqual([
      ids.user('admin'),
    ]);
    // wuting heads 客服部, a top department: nobody above, so the step is hers and skipped: approved at once.
    const own = await submit('wuting', 'leave', leave);
    expect(own.status).toBe('approved');
    expect(own.steps[0]!.state).toBe('skipped');
  });

  it('refuses to submit when a step has nobody (no head anywhere above)', async () => {
    await t.deps.database.query(
      `delete from department_heads where tenant_id = (select tenant_id from users where username = 'zhengkai')`,
    );
    const saved = await call('POST', '/request/save', 'zhengkai', {
      businessType: 'leave',
      summary: '请假',
      form: { leaveType: 'sick', startsOn: '2026-12-01', endsOn: '2026-12-01' },
    });
    const res = await call('POST', `/request/submit/${saved.json().data.id}`, 'zhengkai');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('负责人');
    // Put the heads back through the call the flow screen uses.
    const depts = (await t.deps.database.query<{ id: number; name: string }>(`select id, name from departments`)).rows;
    const d = (n: string) => Number(depts.find((x) => x.name === n)!.id);
    for (const [dept, user] of [
      ['总经办', 'admin'],
      ['运营部', 'admin'],
      ['杭州车管组', 'liuyang'],
      ['上海车管组', 'chenjing'],
      ['风控部', 'zhaolei'],
      ['财务部', 'sunli'],
      ['客服部', 'wuting'],
    ] as const) {
      const r = await call('PUT', `/deptHead/set/${d(dept)}`, 'admin', { userId: ids.user(user) });
      expect(r.statusCode).toBe(200);
    }
    expect((await call('PUT', `/deptHead/set/${d('客服部')}`, 'admin', { userId: ids.user('majun') })).statusCode).toBe(
      400,
    );
    expect((await call('GET', '/deptHead/list', 'admin')).json().data).toHaveLength(7);
  });

  it('adds steps by amount and resolves roles: above 5,000 yuan the general manager approves too', async () => {
    await setFlow('expense', [
      step({ kind: 'deptHead', name: '负责人' }),
      step({ kind: 'role', roleId: ids.role('finance'), name: '财务' }),
      step({ kind: 'user', userIds: [ids.user('wanghui')], name: '总经理', amountAbove: 5000 }),
    ]);
    const small = await call('POST', '/request/preview', 'zhengkai', { businessType: 'expense', amount: 5000 });
    expect(small.json().data.map((s: { skipped: boolean }) => s.skipped)).toEqual([false, false, true]);
    expect(small.json().data[1].approvers.map((a: { userId: number }) => a.userId)).toEqual([ids.user('sunli')]);
    const big = await call('POST', '/request/preview', 'zhengkai', { businessType: 'expense', amount: 5000.01 });
    expect(big.json().data.map((s: { skipped: boolean }) => s.skipped)).toEqual([false, false, false]);
    const req = await submit('zhengkai', 'expense', expense(8000));
    expect(req.steps.map((s) => s.state)).toEqual(['current', 'waiting', 'waiting']);
  });
});

describe('deciding', () => {
  it('walks the steps: only the current approvers decide, nobody twice, and the claim is posted once approved', async () => {
    const req = await submit('zhengkai', 'expense', expense(6000), '差旅报销');
    // sunli's step is not current yet; clerk holds no audit permission; the applicant is no approver.
    expect((await decide('sunli', req.id, 'approved')).statusCode).toBe(403);
    expect((await decide('clerk', req.id, 'approved')).statusCode).toBe(403);
    expect((await decide('zhengkai', req.id, 'approved')).statusCode).toBe(403);
    expect((await decide('liuyang', req.id, 'approved', '同意')).json().data.currentStep).toBe('财务');
    expect((await decide('liuyang', req.id, 'approved')).statusCode).toBe(403);
    expect((await decide('sunli', req.id, 'approved')).json().data.currentStep).toBe('总经理');
    const last = await decide('wanghui', req.id, 'approved');
    expect(last.json().data.status).toBe('approved');
    expect((await decide('wanghui', req.id, 'approved')).statusCode).toBe(409);
    const history = last.json().data.history.map((h: { action: string }) => h.action);
    expect(history).toEqual(['submit', 'approve', 'approve', 'approve', 'finish']);
    const posted = await t.deps.database.query<{ amount_fen: string }>(
      `select amount_fen from cost_postings where source_type = 'approval' and source_id = '${req.id}'`,
    );
    expect(posted.rows.map((r) => Number(r.amount_fen))).toEqual([600000]);
  });

  it('needs every approver of an all-of step, and a rejection ends the request with a reason', async () => {
    await setFlow('purchase', [step({ userIds: [ids.user('liuyang'), ids.user('sunli')], mode: 'all', name: '会签' })]);
    const req = await submit('zhengkai', 'purchase', { item: '轮胎', quantity: 4, amount: 2400 });
    const first = await decide('liuyang', req.id, 'approved');
    expect(first.json().data.status).toBe('pending');
    expect((await decide('liuyang', req.id, 'approved')).statusCode).toBe(409);
    expect((await decide('sunli', req.id, 'approved')).json().data.status).toBe('approved');

    const other = await submit('zhengkai', 'purchase', { item: '雨刮', quantity: 4, amount: 200 });
    const noReason = await decide('sunli', other.id, 'rejected');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0].path).toBe('comment');
    const rejected = await decide('sunli', other.id, 'rejected', '库存还有');
    expect(rejected.json().data.status).toBe('rejected');
    expect((await decide('liuyang', other.id, 'approved')).statusCode).toBe(409);
  });

  it('a decision names its step: one person in two consecutive steps decides only one with a request sent twice (Hardening 2, item 9)', async () => {
    const liuyang = ids.user('liuyang');
    await setFlow('purchase', [
      step({ userIds: [liuyang], name: '部门' }),
      step({ userIds: [liuyang, ids.user('sunli')], name: '复核' }),
    ]);
    const req = await submit('zhengkai', 'purchase', { item: '灭火器', quantity: 2, amount: 180 });
    const body = { decision: 'approved', comment: '', step: 0 };
    // The same request twice, 70 ms apart: the second names a step that is no longer current.
    const first = await call('POST', `/request/decide/${req.id}`, 'liuyang', body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ status: 'pending', currentStep: '复核' });
    const again = await t.request('POST', `${A}/request/decide/${req.id}`, {
      ...(await as('liuyang')),
      body,
      lang: 'en-US',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'The step you decided is no longer the current one (it may have been decided already); refresh and look again',
    );
    const zh = await call('POST', `/request/decide/${req.id}`, 'liuyang', body);
    expect(zh.json().message).toContain('已不是当前步骤');
    const state = (await call('GET', `/request/${req.id}`, 'zhengkai')).json().data;
    expect(state).toMatchObject({ status: 'pending', currentStep: '复核' });
    expect(state.history.map((h: { action: string }) => h.action)).toEqual(['submit', 'approve']);
    // Both at once: one applies, the other is refused.
    const other = await submit('zhengkai', 'purchase', { item: '灭火器', quantity: 1, amount: 90 });
    const both = await Promise.all([
      call('POST', `/request/decide/${other.id}`, 'liuyang', body),
      call('POST', `/request/decide/${other.id}`, 'liuyang', body),
    ]);
    expect(both.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await call('GET', `/request/${other.id}`, 'zhengkai')).json().data.currentStep).toBe('复核');
    // Deciding the second step names it; a decision without a step is a validation error.
    const missing = await call('POST', `/request/decide/${req.id}`, 'liuyang', { decision: 'approved' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].path).toBe('step');
    const second = await call('POST', `/request/decide/${req.id}`, 'liuyang', { ...body, step: 1 });
    expect(second.json().data.status).toBe('approved');
  });

  it('gives one decision when two approvers of an any-one step decide at the same moment', async () => {
    await setFlow('purchase', [
      step({ userIds: [ids.user('liuyang'), ids.user('zhaolei'), ids.user('sunli')], name: '任一人' }),
    ]);
    for (let round = 0; round < 5; round++) {
      const req = await submit('zhengkai', 'purchase', { item: '机油', quantity: 1, amount: 300 + round });
      const answers = await Promise.all([
        decide('liuyang', req.id, 'approved'),
        decide('zhaolei', req.id, 'rejected', '不需要'),
        decide('sunli', req.id, 'approved'),
      ]);
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([200, 409, 409]);
      const decided = await t.deps.database.query<{ n: number }>(
        `select count(*)::int as n from approval_tasks where request_id = ${req.id} and decision is not null`,
      );
      expect(Number(decided.rows[0]!.n)).toBe(1);
      const finished = await t.deps.database.query<{ n: number }>(
        `select count(*)::int as n from approval_history where request_id = ${req.id} and action = 'finish'`,
      );
      expect(Number(finished.rows[0]!.n)).toBe(1);
    }
  });

  it('posts an expense claim once when its last two approvers of an all-of step race', async () => {
    await setFlow('expense', [step({ userIds: [ids.user('liuyang'), ids.user('sunli')], mode: 'all', name: '会签' })]);
    const req = await submit('zhengkai', 'expense', expense(120));
    const answers = await Promise.all([decide('liuyang', req.id, 'approved'), decide('sunli', req.id, 'approved')]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const state = (await call('GET', `/request/${req.id}`, 'zhengkai')).json().data;
    expect(state.status).toBe('approved');
    const posted = await t.deps.database.query<{ n: number }>(
      `select count(*)::int as n from cost_postings where source_type = 'approval' and source_id = '${req.id}'`,
    );
    expect(Number(posted.rows[0]!.n)).toBe(1);
  });

  it("rolls the final decision back when the owning area's handler fails", async () => {
    onTestFinished(registerRefusedType());
    await ensureFlow('testRefused', [step({ userIds: [ids.user('liuyang')], name: '一步' })]);
    const req = await submit('zhengkai', 'testRefused', { amount: 10 }, '要被拒的');
    refuse = true;
    const res = await decide('liuyang', req.id, 'approved');
    expect(res.statusCode).toBe(409);
    const after = (await call('GET', `/request/${req.id}`, 'liuyang')).json().data;
    expect(after).toMatchObject({ status: 'pending', summary: '要被拒的', canDecide: true });
    expect(after.history.map((h: { action: string }) => h.action)).toEqual(['submit']);
    refuse = false;
    expect((await decide('liuyang', req.id, 'approved')).json().data.status).toBe('approved');
  });

  it('refuses an approved claim whose cost centre was disabled meanwhile, keeping it pending', async () => {
    await setFlow('expense', [step({ userIds: [ids.user('liuyang')], name: '一步' })]);
    const req = await submit('zhengkai', 'expense', expense(99));
    await t.deps.database.query(`update cost_centres set enabled = false where id = ${centre()}`);
    const res = await decide('liuyang', req.id, 'approved');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('form.costCentreId');
    await t.deps.database.query(`update cost_centres set enabled = true where id = ${centre()}`);
    expect((await call('GET', `/request/${req.id}`, 'zhengkai')).json().data.status).toBe('pending');
  });
});

describe('versions, withdrawal, messages and boxes', () => {
  it('keeps a running request on the flow version it started with', async () => {
    await setFlow('purchase', [step({ userIds: [ids.user('liuyang')], name: '旧步骤' })]);
    const req = await submit('zhengkai', 'purchase', { item: '脚垫', quantity: 10, amount: 500 });
    const flow = await setFlow('purchase', [step({ userIds: [ids.user('sunli')], name: '新步骤' })]);
    const detail = (await call('GET', `/request/${req.id}`, 'zhengkai')).json().data;
    expect(detail.flowVersion).toBe(flow.version - 1);
    expect(detail.currentStep).toBe('旧步骤');
    expect((await decide('sunli', req.id, 'approved')).statusCode).toBe(403);
    expect((await decide('liuyang', req.id, 'approved')).json().data.status).toBe('approved');
  });

  it('messages each current approver, counts what waits, and retires both on withdrawal; a resubmission runs again', async () => {
    await setFlow(
      'purchase',
      [step({ userIds: [ids.user('liuyang'), ids.user('zhaolei')], name: '任一人' })],
      [ids.user('wanghui')],
    );
    const count = async (u: string) => (await call('GET', '/waiting/count', u)).json().data as number;
    const unread = async (u: string) =>
      (await t.request('GET', '/api/ccwmc/pushRecord/count', { ...(await as(u)), query: { channel: 'rent_m' } }))
        .json()
        .data.find((c: { category: number }) => c.category === 6).num as number;
    const before = { count: await count('zhaolei'), unread: await unread('zhaolei') };
    const req = await submit('zhengkai', 'purchase', { item: '灭火器', quantity: 20, amount: 1600 }, '采购灭火器');
    expect(await count('zhaolei')).toBe(before.count + 1);
    expect(await unread('zhaolei')).toBe(before.unread + 1);
    const copied = (await call('GET', '/request/list', 'wanghui', undefined, { box: 'copied' })).json().data.rows;
    expect(copied.map((r: { id: number }) => r.id)).toContain(req.id);
    const waiting = (
      await call('GET', '/request/list', 'zhaolei', undefined, { box: 'waiting', keyword: '灭火' })
    ).json().data;
    expect(waiting.rows.map((r: { id: number }) => r.id)).toEqual([req.id]);
    // The approver's message is stored as keys: the type by its name in his language, the summary as written.
    const message = async (lang: 'zh-CN' | 'en-US') =>
      (
        await t.request('GET', '/api/ccwmc/pushRecord/list', {
          ...(await as('zhaolei')),
          lang,
          query: { category: '6', pageSize: '1' },
        })
      ).json().data.rows[0] as { title: string; content: string; link: string };
    expect(await message('zh-CN')).toMatchObject({ title: '待审批：采购申请', link: `/oaApproval?id=${req.id}` });
    const en = await message('en-US');
    expect(en.title).toBe('To approve: Purchase');
    expect(en.content).toMatch(/^"采购灭火器" from \S+ waits for your approval \(.+\)\.$/);

    expect((await call('POST', `/request/withdraw/${req.id}`, 'liuyang')).statusCode).toBe(404);
    const withdrawn = await call('POST', `/request/withdraw/${req.id}`, 'zhengkai');
    expect(withdrawn.json().data).toMatchObject({ status: 'withdrawn', canEdit: true, canWithdraw: false });
    expect(await count('zhaolei')).toBe(before.count);
    expect(await unread('zhaolei')).toBe(before.unread);
    expect((await decide('zhaolei', req.id, 'approved')).statusCode).toBe(409);
    expect((await call('POST', `/request/withdraw/${req.id}`, 'zhengkai')).statusCode).toBe(409);

    const edited = await call('PUT', `/request/update/${req.id}`, 'zhengkai', {
      businessType: 'purchase',
      summary: '灭火器（改为 10 个）',
      form: { item: '灭火器', quantity: 10, amount: 800 },
    });
    expect(edited.statusCode).toBe(200);
    const again = await call('POST', `/request/submit/${req.id}`, 'zhengkai');
    expect(again.json().data.history.map((h: { action: string }) => h.action)).toEqual([
      'submit',
      'withdraw',
      'resubmit',
    ]);
    expect((await decide('zhaolei', req.id, 'approved')).json().data.status).toBe('approved');
    const handled = (await call('GET', '/request/list', 'zhaolei', undefined, { box: 'handled' })).json().data.rows;
    expect(handled.map((r: { id: number }) => r.id)).toContain(req.id);
  });

  it('checks forms: required fields on submission, kinds, unknown fields, types not started by hand', async () => {
    const draft = await call('POST', '/request/save', 'zhengkai', {
      businessType: 'expense',
      summary: '未填完',
      form: { amount: 12.5 },
    });
    expect(draft.statusCode).toBe(200);
    const sent = await call('POST', `/request/submit/${draft.json().data.id}`, 'zhengkai');
    expect(sent.statusCode).toBe(400);
    expect(sent.json().errors[0].path).toBe('form.costCentreId');
    const bad = async (form: Record<string, unknown>, path: string) => {
      const res = await call('POST', '/request/save', 'zhengkai', { businessType: 'expense', summary: 'x', form });
      expect(res.statusCode, JSON.stringify(form)).toBe(400);
      expect(res.json().errors[0].path).toBe(path);
    };
    await bad({ amount: 1.234 }, 'form.amount');
    await bad({ amount: -1 }, 'form.amount');
    await bad({ spentOn: '2026-02-30' }, 'form.spentOn');
    await bad({ category: 'yacht' }, 'form.category');
    await bad({ costCentreId: 999999 }, 'form.costCentreId');
    await bad({ colour: 'red' }, 'form.colour');
    const notByHand = await call('POST', '/request/save', 'zhengkai', {
      businessType: 'settlement',
      summary: 'x',
      form: {},
    });
    expect(notByHand.json().errors[0].path).toBe('businessType');
    const en = await t.request('POST', `${A}/request/save`, {
      ...(await as('zhengkai')),
      lang: 'en-US',
      body: { businessType: 'expense', summary: '', form: {} },
    });
    expect(en.json().errors[0].message).toMatch(/Enter what the request is about/);
    // Drafts are deleted by their applicant only; others do not see them.
    const id = draft.json().data.id;
    expect((await call('GET', `/request/${id}`, 'liuyang')).statusCode).toBe(404);
    expect((await call('DELETE', `/request/delete/${id}`, 'liuyang')).statusCode).toBe(404);
    expect((await call('DELETE', `/request/delete/${id}`, 'zhengkai')).statusCode).toBe(200);
  });

  it('keeps requests inside their tenant and their people', async () => {
    const req = await submit('zhengkai', 'leave', { leaveType: 'sick', startsOn: '2026-12-03', endsOn: '2026-12-03' });
    expect((await call('GET', `/request/${req.id}`, 'other')).statusCode).toBe(404);
    expect((await decide('other', req.id, 'approved')).statusCode).toBe(404);
    expect((await call('POST', `/request/withdraw/${req.id}`, 'other')).statusCode).toBe(404);
    expect((await call('GET', `/request/${req.id}`, 'chenjing')).statusCode).toBe(404);
    expect((await call('GET', '/request/list', 'other', undefined, { box: 'waiting' })).json().data.total).toBe(0);
    expect((await call('GET', '/request/list', 'clerk')).statusCode).toBe(403);
  });

  it('shows admin the seeded requests waiting for him', async () => {
    const res = await call('GET', '/request/list', 'admin', undefined, { box: 'waiting', pageSize: 50 });
    expect(res.json().data.total).toBeGreaterThanOrEqual(3);
    expect(res.json().data.rows.every((r: { status: string }) => r.status === 'pending')).toBe(true);
  });
});
