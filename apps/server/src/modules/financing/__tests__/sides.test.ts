import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApprovalPaths } from '@fleetdesk/contracts/approvals';
import type { Application } from '@fleetdesk/contracts/financing';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { currentStepOf, staff } from '../../../test/office.js';
import { addUser } from '../../../test/users.js';
import { forgetFinancier } from '../financier.js';
import { FP, financingFlow, form, newCars, path, q, seeded } from './fixtures.js';

let t: TestApp;
let ids: Awaited<ReturnType<typeof seeded>>;

beforeAll(async () => {
  t = await createTestApp();
  ids = await seeded(t);
});
afterAll(async () => t.close());

const create = (body: unknown, as = 'admin', rent = ids.hz) => t.request('POST', FP.create, { as, rent, body });
const submit = (a: { id: number; version: number }, as = 'admin') =>
  t.request('POST', path(FP.submit, { id: a.id }), { as, body: { version: a.version } });
async function draft(rent = ids.hz): Promise<Application> {
  const [car] = await newCars(t, rent, 1);
  const res = await create(form(car!, ids.annuity), 'admin', rent);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('permissions', () => {
  it('refuses a user without the finance menu, and writes without their element', async () => {
    const list = await t.request('GET', FP.list, { as: 'clerk' });
    expect(list.statusCode).toBe(403);
    expect(list.json().status).toBe(40301);
    const reader = await addUser(t, 'fin_reader', { roleIds: [await readerRole()], rentIds: [ids.hz] });
    expect((await t.request('GET', FP.list, { token: reader.token })).statusCode).toBe(200);
    const [car] = await newCars(t, ids.hz, 1);
    const res = await t.request('POST', FP.create, { token: reader.token, body: form(car!, ids.annuity) });
    expect(res.statusCode).toBe(403);
    // The financier's reviewer may decide, not register repayments or set products' terms beyond audit.
    const saveLimit = await t.request('POST', FP.saveLimit, {
      as: 'clerk',
      body: { tenantId: ids.demo, rentId: ids.hz, limit: 1 },
    });
    expect(saveLimit.statusCode).toBe(403);
  });

  async function readerRole(): Promise<number> {
    const [role] = await q<{ id: number }>(
      t,
      `insert into roles (tenant_id, code, name, data_scope) values ($1, 'finReader', '融资只读', 'assigned') returning id`,
      [ids.demo],
    );
    await q(
      t,
      `insert into role_grants (tenant_id, role_id, code) values ($1, $2, 'finance'), ($1, $2, 'finance:view')`,
      [ids.demo, role!.id],
    );
    return Number(role!.id);
  }
});

describe('the two sides', () => {
  it('answers 403 error.financing.side to a call of the other side', async () => {
    const [car] = await newCars(t, ids.hz, 1);
    const asFinancier = await t.request('POST', FP.create, { as: 'xinda', body: form(car!, ids.annuity) });
    expect(asFinancier.statusCode, asFinancier.body).toBe(403);
    expect(asFinancier.json().message).toContain('你方');
    const a = await draft();
    const asApplicant = await t.request('POST', path(FP.audit, { id: a.id }), {
      as: 'admin',
      body: { version: a.version, action: 'approve' },
    });
    expect(asApplicant.statusCode).toBe(403);
    expect(
      (await t.request('POST', FP.saveLimit, { as: 'admin', body: { tenantId: ids.demo, rentId: ids.hz, limit: 1 } }))
        .statusCode,
    ).toBe(403);
    expect((await t.request('GET', FP.unfinancedCars, { as: 'xinda' })).statusCode).toBe(403);
  });

  it("the financier reads financing records across tenants, every read in the operation log, never the tenant's cars", async () => {
    const [s2] = await q<{ id: number; code: string; car_id: number }>(
      t,
      `select id, code, car_id from financing_applications where tenant_id = $1 and state = 'S2'`,
      [ids.demo],
    );
    const got = await t.request('GET', path(FP.get, { id: Number(s2!.id) }), { as: 'xinda' });
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json().data.tenantName).toBe('演示租车 Demo Rentals');
    const list = await t.request('GET', FP.list, { as: 'xinda', query: { state: 'S2' } });
    expect(list.json().data.rows.map((r: { code: string }) => r.code)).toContain(s2!.code);
    await t.request('GET', path(FP.history, { id: Number(s2!.id) }), { as: 'xinda' });
    await t.request('GET', path(FP.voucher, { id: Number(s2!.id) }), { as: 'xinda' });
    const logs = await q<{ target_type: string; target_id: string | null; summary: { recordTenantId: number | null } }>(
      t,
      `select target_type, target_id, summary from operation_logs where tenant_id = $1 and action = 'financing.read'`,
      [ids.xinda],
    );
    const targets = logs.map((l) => `${l.target_type}:${l.target_id ?? ''}`);
    expect(targets).toEqual(
      expect.arrayContaining([
        `financing:${s2!.code}`,
        'financingList:',
        `financingHistory:${s2!.code}`,
        `financingVoucher:${s2!.code}`,
      ]),
    );
    expect(logs.find((l) => l.target_type === 'financing')!.summary.recordTenantId).toBe(ids.demo);
    // Nothing but financing: the car itself is another tenant's record.
    const car = await t.request('GET', `/api/ccwadmin/rentCar/${s2!.car_id}`, { as: 'xinda' });
    expect([403, 404]).toContain(car.statusCode);
  });

  it('a financier sees no other financier’s records, and a rental tenant none of another tenant', async () => {
    const [s2] = await q<{ id: number }>(
      t,
      `select id from financing_applications where tenant_id = $1 and state = 'S2'`,
      [ids.demo],
    );
    const id = Number(s2!.id);
    // Other Rentals, a rental tenant: 404 on a demo record, empty lists.
    expect((await t.request('GET', path(FP.get, { id }), { as: 'other' })).statusCode).toBe(404);
    expect((await t.request('GET', path(FP.history, { id }), { as: 'other' })).statusCode).toBe(404);
    expect((await t.request('POST', path(FP.cancel, { id }), { as: 'other', body: { version: 0 } })).statusCode).toBe(
      404,
    );
    const list = await t.request('GET', FP.list, { as: 'other' });
    expect(list.json().data.total).toBe(0);
    expect((await t.request('GET', path(FP.limitOfRent, { id: ids.hz }), { as: 'other' })).statusCode).toBe(403);
    // Other Rentals made a financier of its own: still nothing of 鑫达's.
    await q(t, `insert into financiers (id, name, name_en) values ($1, '其他资方', 'Other financier')`, [ids.other]);
    forgetFinancier(ids.other);
    try {
      expect((await t.request('GET', path(FP.get, { id }), { as: 'other' })).statusCode).toBe(404);
      const theirs = await t.request('GET', FP.list, { as: 'other' });
      expect(theirs.json().data.total).toBe(0);
      const audit = await t.request('POST', path(FP.audit, { id }), {
        as: 'other',
        body: { version: 0, action: 'approve' },
      });
      expect(audit.statusCode).toBe(404);
    } finally {
      await q(t, `delete from financiers where id = $1`, [ids.other]);
      forgetFinancier(ids.other);
    }
  });

  it('a user scoped to 杭州 does not see the 上海 applications (404), nor may he name 上海 (403)', async () => {
    const sh = await draft(ids.sh);
    expect((await t.request('GET', path(FP.get, { id: sh.id }), { as: 'admin' })).statusCode).toBe(200);
    const [role] = await q<{ id: number }>(
      t,
      `insert into roles (tenant_id, code, name, data_scope) values ($1, 'finHz', '融资杭州', 'assigned') returning id`,
      [ids.demo],
    );
    await q(
      t,
      `insert into role_grants (tenant_id, role_id, code) values ($1, $2, 'finance'), ($1, $2, 'finance:view')`,
      [ids.demo, role!.id],
    );
    const hz = await addUser(t, 'fin_hz', { roleIds: [Number(role!.id)], rentIds: [ids.hz] });
    expect((await t.request('GET', path(FP.get, { id: sh.id }), { token: hz.token })).statusCode).toBe(404);
    const list = await t.request('GET', FP.list, { token: hz.token, query: { rentId: ids.sh } });
    expect(list.statusCode).toBe(403);
  });
});

describe('the credit limit under concurrent submissions', () => {
  it('of ten submissions in parallel against a limit that fits three, exactly three pass', async () => {
    await financingFlow(t, ids.demo, false);
    // A fresh limit for 上海 with nothing used or frozen: room for three applications of 70,000 yuan.
    await q(
      t,
      `update financing_applications set state = 'S10' where tenant_id = $1 and rent_id = $2 and state in ('S2', 'S3', 'S4', 'S5', 'S6', 'S7')`,
      [ids.demo, ids.sh],
    );
    const limit = await t.request('POST', FP.saveLimit, {
      as: 'xinda',
      body: { tenantId: ids.demo, rentId: ids.sh, limit: 215_000 },
    });
    expect(limit.statusCode, limit.body).toBe(200);
    expect(limit.json().data.available).toBe(215_000);
    const cars = await newCars(t, ids.sh, 10);
    const drafts: Application[] = [];
    for (const car of cars) {
      const res = await create(form(car, ids.annuity), 'admin', ids.sh);
      expect(res.statusCode, res.body).toBe(200);
      drafts.push(res.json().data);
    }
    const results = await Promise.all(drafts.map((a) => submit(a)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(7);
    const refused = results.find((r) => r.statusCode === 409)!;
    expect(refused.json().message).toContain('5000.00');
    const after = await t.request('GET', path(FP.limitOfRent, { id: ids.sh }), { as: 'admin' });
    expect(after.json().data.frozen).toBe(210_000);
    expect(after.json().data.available).toBe(5000);
  });

  it('refuses a submission without a limit with the financier', async () => {
    await q(t, `delete from financing_limits where tenant_id = $1 and rent_id = $2`, [ids.demo, ids.sh]);
    const a = await draft(ids.sh);
    const res = await submit(a);
    expect(res.statusCode).toBe(409);
  });
});

describe('the internal approval before the financier', () => {
  it('runs the tenant’s flow; its approval sends the application to the financier, its refusal back to S1', async () => {
    await financingFlow(t, ids.demo, true);
    const tokens = staff(t);
    const approvals = ApprovalPaths;
    const decide = async (requestId: number, user: string, decision: 'approved' | 'rejected', comment = '') => {
      const res = await t.request('POST', path(approvals.requestDecide, { id: requestId }), {
        ...(await tokens(user)),
        body: { decision, comment, step: await currentStepOf(t, requestId) },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const a = await draft();
    const s = await submit(a);
    expect(s.statusCode, s.body).toBe(200);
    const sub = s.json().data as Application;
    expect(sub).toMatchObject({ state: 'S2', reviewStage: 'internal' });
    expect(sub.approvalRequestId).not.toBeNull();
    expect((await t.request('GET', path(FP.get, { id: a.id }), { as: 'xinda' })).statusCode).toBe(404);
    // 财务审核 (孙丽) decides; the 总经理 step is the applicant's own (admin) and so skipped.
    await decide(sub.approvalRequestId!, 'sunli', 'approved');
    const seen = await t.request('GET', path(FP.get, { id: a.id }), { as: 'xinda' });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data).toMatchObject({ state: 'S2', reviewStage: 'financier' });

    const b = await draft();
    const sb = (await submit(b)).json().data as Application;
    await decide(sb.approvalRequestId!, 'sunli', 'rejected', '车型不在采购计划内');
    const back = await t.request('GET', path(FP.get, { id: b.id }), { as: 'admin' });
    expect(back.json().data).toMatchObject({ state: 'S1', reviewStage: null, supplementReason: '车型不在采购计划内' });
    const hist = await t.request('GET', path(FP.history, { id: b.id }), { as: 'admin', lang: 'en-US' });
    expect(hist.json().data.at(-1).text).toBe('Internal approval refused: 车型不在采购计划内');
  });
});

describe("the financier's products, car types and limits", () => {
  it('keeps its products and car types (versioned, codes unique), which applicants then read', async () => {
    const body = {
      code: 'XD-EP12',
      name: '等额本金 12 期',
      nameEn: 'Equal principal, 12 months',
      method: 'equalPrincipal',
      annualRate: 0.06,
      terms: [12],
      minDownRatio: 0.3,
      maxDownRatio: 0.6,
      lateFeeDailyRate: 0.0005,
    };
    const res = await t.request('POST', FP.saveProduct, { as: 'xinda_risk', body });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().data;
    expect(p).toMatchObject({ financierId: ids.xinda, method: 'equalPrincipal', terms: [12], version: 0 });
    const dup = await t.request('POST', FP.saveProduct, { as: 'xinda', body });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors[0].path).toBe('code');
    const stale = await t.request('POST', FP.saveProduct, { as: 'xinda', body: { ...body, id: p.id, version: 3 } });
    expect(stale.statusCode).toBe(409);
    const badRange = await t.request('POST', FP.saveProduct, {
      as: 'xinda',
      body: { ...body, code: 'X2', minDownRatio: 0.7 },
    });
    expect(badRange.statusCode).toBe(400);
    const type = await t.request('POST', FP.saveCarType, {
      as: 'xinda',
      body: { productId: p.id, brand: '吉利', series: '帝豪', modelName: '帝豪 1.5L CVT 旗舰型', guidePrice: 89_800 },
    });
    expect(type.statusCode, type.body).toBe(200);
    const seen = await t.request('GET', FP.carTypes, { as: 'admin', query: { keyword: '帝豪' } });
    expect(seen.json().data.map((c: { modelName: string }) => c.modelName)).toEqual(['帝豪 1.5L CVT 旗舰型']);
    // A rental tenant with no limit with 鑫达 sees none of its products.
    expect((await t.request('GET', FP.products, { as: 'other' })).json().data).toEqual([]);
    expect((await t.request('POST', FP.saveProduct, { as: 'admin', body })).statusCode).toBe(403);
  });

  it("lists its limits with the applicants' rents and sets one", async () => {
    const list = await t.request('GET', FP.limits, { as: 'xinda' });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.rows.some((l: { rentId: number }) => l.rentId === ids.hz)).toBe(true);
    const set = await t.request('POST', FP.saveLimit, {
      as: 'xinda',
      body: { tenantId: ids.other, rentId: ids.bj, limit: 800_000 },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ tenantName: 'Other Rentals', total: 800_000, available: 800_000 });
    // A rent of another tenant than the one named: 404.
    const wrong = await t.request('POST', FP.saveLimit, {
      as: 'xinda',
      body: { tenantId: ids.other, rentId: ids.hz, limit: 1 },
    });
    expect(wrong.statusCode).toBe(404);
    const applicants = await t.request('GET', FP.applicants, { as: 'xinda' });
    expect(applicants.json().data.map((a: { tenantId: number }) => a.tenantId)).toEqual(
      expect.arrayContaining([ids.demo, ids.other]),
    );
  });
});
