import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Application } from '@fleetdesk/contracts/financing';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { pdfText } from '../../../test/pdf-text.js';
import { specEndpoints } from '../../../test/spec.js';
import { FP, financingFlow, form, newCars, path, q, seeded } from './fixtures.js';

let t: TestApp;
let ids: Awaited<ReturnType<typeof seeded>>;

beforeAll(async () => {
  t = await createTestApp();
  ids = await seeded(t);
  await financingFlow(t, ids.demo, false);
});
afterAll(async () => t.close());

const as = (user: string, rent?: number) => ({ as: user, ...(rent ? { rent } : {}) });
const create = (body: unknown, user = 'admin', rent = ids.hz) =>
  t.request('POST', FP.create, { ...as(user, rent), body });
const get = async (id: number, user = 'admin'): Promise<Application> => {
  const res = await t.request('GET', path(FP.get, { id }), as(user));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('the demo', () => {
  it('seeds the financier, its products, the limits and applications S1 to S4 of the demo tenant', async () => {
    const home = await t.request('GET', FP.index, as('admin'));
    expect(home.statusCode, home.body).toBe(200);
    const d = home.json().data;
    expect(d.side).toBe('applicant');
    expect(d.total).toBe(4_500_000);
    expect(d.counts.S1).toBe(2);
    expect(d.counts.S2).toBe(1);
    expect(d.counts.S3).toBe(1);
    expect(d.counts.S4).toBe(1);
    const x = (await t.request('GET', FP.index, as('xinda'))).json().data;
    expect(x.side).toBe('financier');
    // The draft never reached the financier; the one returned for supplement did.
    expect(x.counts.S1).toBe(1);
    expect(x.awaitingReview).toBe(1);
    const types = (await t.request('GET', FP.carTypes, as('admin'))).json().data;
    expect(types.length).toBe(4);
    expect(types[0].product.financierName).toBe('鑫达融资租赁有限公司');
  });

  it("answers a rent's limits with used, frozen and available", async () => {
    const res = await t.request('GET', path(FP.limitOfRent, { id: ids.hz }), as('admin'));
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.total).toBe(3_000_000);
    expect(d.frozen).toBeGreaterThan(0);
    expect(d.available).toBeCloseTo(d.total - d.used - d.frozen, 2);
  });
});

describe('the form and its rules', () => {
  it('creates an application in S1 with apply items by the rule, a quote and empty voucher slots', async () => {
    const [car] = await newCars(t, ids.hz, 1);
    const res = await create(
      form(car!, ids.annuity, { buyCommercial: true, commercialAmount: 5000, applyItems: undefined }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json().data as Application;
    expect(a.state).toBe('S1');
    expect(a.code).toMatch(/^RZ\d{6}\d{5}$/);
    expect(a.applyItems).toEqual(['A3', 'A1']);
    expect(a.items.map((i) => [i.code, i.amount])).toEqual([
      ['A3', 70_000],
      ['A1', 5000],
    ]);
    expect(a.gps).toBe(true);
    expect(a.buyCompulsory).toBe(false);
    expect(a.quote!.financed).toBe(75_000);
    expect(a.slots.commercialMissing).toHaveLength(3);
    expect(a.slots.compulsoryMissing).toEqual(['imgCompulsoryEndorsementA']);
    expect(a.actions).toEqual(expect.arrayContaining(['edit', 'submit', 'cancel']));
  });

  it('keeps the apply items the client sends', async () => {
    const [car] = await newCars(t, ids.hz, 1);
    const res = await create(
      form(car!, ids.annuity, { applyItems: ['A3'], buyCompulsory: true, compulsoryAmount: 950 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.applyItems).toEqual(['A3']);
  });

  it('refuses a bad VIN, ID number, phone, amount, a ratio or term outside the product, each on its field', async () => {
    const [car] = await newCars(t, ids.hz, 1);
    const wrongDigit = car!.vin.slice(0, 8) + (car!.vin[8] === '1' ? '2' : '1') + car!.vin.slice(9);
    const cases: [Record<string, unknown>, string][] = [
      [{ vin: wrongDigit }, 'vin'],
      [{ idNo: '330106198507150010' }, 'idNo'],
      [{ contact: '1380000' }, 'contact'],
      [{ installMobile: '23800000001' }, 'installMobile'],
      [{ totalAmount: 0 }, 'totalAmount'],
      [{ totalAmount: 10.001 }, 'totalAmount'],
      [{ payProportion: 0.2 }, 'payProportion'],
      [{ payProportion: 0.6 }, 'payProportion'],
      [{ stagingNumber: 18 }, 'stagingNumber'],
      [{ buyCompulsory: true }, 'compulsoryAmount'],
    ];
    for (const [extra, field] of cases) {
      const res = await create(form(car!, ids.annuity, extra));
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(field);
    }
    // Another car's VIN is not this car's.
    const [other] = await newCars(t, ids.hz, 1);
    const res = await create(form({ id: car!.id, vin: other!.vin }, ids.annuity));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('vin');
  });

  it('finances a car once: a second live application of the car is 409', async () => {
    const [car] = await newCars(t, ids.hz, 1);
    expect((await create(form(car!, ids.annuity))).statusCode).toBe(200);
    const again = await create(form(car!, ids.annuity));
    expect(again.statusCode, again.body).toBe(409);
  });

  it('quotes a form before it is submitted', async () => {
    const res = await t.request('POST', FP.quote, {
      ...as('admin'),
      body: {
        productId: ids.flat,
        totalAmount: 120_000,
        payProportion: 0.3,
        stagingNumber: 24,
        loanDate: '2026-03-10',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.method).toBe('flat');
    expect(d.financed).toBe(84_000);
    expect(d.schedule).toHaveLength(24);
    // Paid in advance: the first instalment on the loan day's repayment day of the same month.
    expect(d.schedule[0].dueDate).toBe('2026-03-10');
    expect(d.effectiveAnnualRate).toBeGreaterThan(d.annualRate);
  });

  it('lists unfinanced cars (without the financed ones) and finds a car by plate or VIN', async () => {
    const [a, b] = await newCars(t, ids.hz, 2);
    await create(form(a!, ids.annuity));
    const list = await t.request('GET', FP.unfinancedCars, { ...as('admin'), query: { keyword: a!.plate } });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.rows).toHaveLength(0);
    const listB = await t.request('GET', FP.unfinancedCars, { ...as('admin'), query: { keyword: b!.plate } });
    expect(listB.json().data.rows.map((r: { id: number }) => r.id)).toEqual([b!.id]);
    const found = await t.request('GET', path(FP.searchCar, { x: a!.vin }), as('admin'));
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data).toMatchObject({ id: a!.id, financed: true });
    const byPlate = await t.request('GET', path(FP.searchCar, { x: b!.plate }), as('admin'));
    expect(byPlate.json().data).toMatchObject({ id: b!.id, financed: false, applicationId: null });
  });
});

describe('the way of an application', () => {
  it('submit (no flow: straight to the financier), supplement, resubmit, approve with conditions, accept', async () => {
    const [car] = await newCars(t, ids.hz, 1);
    const a = (await create(form(car!, ids.annuity))).json().data as Application;
    // The financier does not see a draft.
    expect((await t.request('GET', path(FP.get, { id: a.id }), as('xinda'))).statusCode).toBe(404);
    const sub = await t.request('POST', path(FP.submit, { id: a.id }), {
      ...as('admin'),
      body: { version: a.version },
    });
    expect(sub.statusCode, sub.body).toBe(200);
    expect(sub.json().data).toMatchObject({ state: 'S2', reviewStage: 'financier' });
    const seen = await get(a.id, 'xinda');
    expect(seen.actions).toContain('audit');
    const back = await t.request('POST', path(FP.audit, { id: a.id }), {
      ...as('xinda_risk'),
      body: { version: seen.version, action: 'supplement', reason: '请补充行驶证照片' },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data).toMatchObject({ state: 'S1', supplementReason: '请补充行驶证照片' });
    const mine = await get(a.id);
    const upd = await t.request('POST', path(FP.update, { id: a.id }), {
      ...as('admin'),
      body: { ...form(car!, ids.annuity, { imgId1: 'files/id-front.png' }), version: mine.version },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    const again = await t.request('POST', path(FP.submit, { id: a.id }), {
      ...as('admin'),
      body: { version: upd.json().data.version },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.supplementReason).toBeNull();
    const cond = await t.request('POST', path(FP.audit, { id: a.id }), {
      ...as('xinda_risk'),
      body: {
        version: again.json().data.version,
        action: 'approveWithConditions',
        conditions: { payProportion: 0.4, stagingNumber: 24, note: '首付提高到 40%' },
      },
    });
    expect(cond.statusCode, cond.body).toBe(200);
    expect(cond.json().data.state).toBe('S3');
    const s3 = await get(a.id);
    expect(s3.actions).toContain('acceptConditions');
    const acc = await t.request('POST', path(FP.acceptConditions, { id: a.id }), {
      ...as('admin'),
      body: { version: s3.version, accept: true },
    });
    expect(acc.statusCode, acc.body).toBe(200);
    const s4 = acc.json().data as Application;
    expect(s4.state).toBe('S4');
    expect(s4.stagingNumber).toBe(24);
    expect(s4.quote!.financed).toBe(60_000);
    const hist = await t.request('GET', path(FP.history, { id: a.id }), { ...as('admin'), lang: 'en-US' });
    const texts = hist.json().data.map((h: { text: string }) => h.text);
    expect(texts).toContain('Returned by the financier for supplement: 请补充行驶证照片');
    expect(texts.at(-1)).toBe('The applicant accepted the revised terms');
    // Cancel from S4.
    const cancel = await t.request('POST', path(FP.cancel, { id: a.id }), {
      ...as('admin'),
      body: { version: s4.version },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data.state).toBe('S10');
  });

  it('tells the other side in the message centre: the financier of a new application, the applicant of a decision', async () => {
    const [car] = await newCars(t, ids.hz, 1);
    const a = (await create(form(car!, ids.annuity))).json().data as Application;
    const s = await t.request('POST', path(FP.submit, { id: a.id }), { ...as('admin'), body: { version: a.version } });
    await t.deps.events.settled();
    const inbox = async (user: string) =>
      (
        await t.request('GET', '/api/ccwmc/pushRecord/list', {
          ...as(user),
          lang: 'en-US',
          query: { channel: 'rent_m' },
        })
      )
        .json()
        .data.rows.map((m: { content: string; link: string }) => `${m.content} ${m.link}`);
    expect(await inbox('xinda_risk')).toContain(
      `演示租车 Demo Rentals submitted financing application ${a.code} for 70000.00 yuan /finance/detail/${a.id}`,
    );
    await t.request('POST', path(FP.audit, { id: a.id }), {
      ...as('xinda'),
      body: { version: s.json().data.version, action: 'approve' },
    });
    await t.deps.events.settled();
    expect(await inbox('admin')).toContain(`Financing application ${a.code}: Approved /finance/detail/${a.id}`);
  });

  it('reject: S9 with the reason; declining conditions: S10', async () => {
    const [c1, c2] = await newCars(t, ids.hz, 2);
    for (const [car, action] of [
      [c1!, 'reject'],
      [c2!, 'approveWithConditions'],
    ] as const) {
      const a = (await create(form(car, ids.annuity))).json().data as Application;
      const s = (
        await t.request('POST', path(FP.submit, { id: a.id }), { ...as('admin'), body: { version: a.version } })
      ).json().data as Application;
      const res = await t.request('POST', path(FP.audit, { id: a.id }), {
        ...as('xinda'),
        body: {
          version: s.version,
          action,
          reason: action === 'reject' ? '经营年限不足' : undefined,
          conditions: action === 'reject' ? undefined : { stagingNumber: 24, note: '期数改为 24 期' },
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      if (action === 'reject') {
        expect(res.json().data).toMatchObject({ state: 'S9', rejectReason: '经营年限不足' });
      } else {
        const d = await t.request('POST', path(FP.acceptConditions, { id: a.id }), {
          ...as('admin'),
          body: { version: res.json().data.version, accept: false },
        });
        expect(d.json().data.state).toBe('S10');
      }
    }
  });

  it('refuses a wrong state (409) and a stale version (409)', async () => {
    const s4 = await q<{ id: number; version: number }>(
      t,
      `select id, version from financing_applications where tenant_id = $1 and state = 'S4' limit 1`,
      [ids.demo],
    );
    const sub = await t.request('POST', path(FP.submit, { id: s4[0]!.id }), {
      ...as('admin'),
      body: { version: s4[0]!.version },
    });
    expect(sub.statusCode, sub.body).toBe(409);
    expect(sub.json().status).toBe(30101);
    const returned = await q<{ id: number; version: number }>(
      t,
      `select id, version from financing_applications where tenant_id = $1 and supplement_reason is not null
         and state = 'S1' and submitted_at is not null limit 1`,
      [ids.demo],
    );
    const audit = await t.request('POST', path(FP.audit, { id: returned[0]!.id }), {
      ...as('xinda'),
      body: { version: returned[0]!.version, action: 'approve' },
    });
    expect(audit.statusCode, audit.body).toBe(409);
    const [car] = await newCars(t, ids.hz, 1);
    const a = (await create(form(car!, ids.annuity))).json().data as Application;
    const stale = await t.request('POST', path(FP.submit, { id: a.id }), {
      ...as('admin'),
      body: { version: a.version + 5 },
    });
    expect(stale.statusCode, stale.body).toBe(409);
    const upd = await t.request('POST', path(FP.update, { id: a.id }), {
      ...as('admin'),
      body: { ...form(car!, ids.annuity), version: a.version + 1 },
    });
    expect(upd.statusCode).toBe(409);
  });
});

describe('vouchers, profile, contract', () => {
  it('keeps the vouchers with their present and missing slots; the financier checks them', async () => {
    const s4 = await q<{ id: number }>(
      t,
      `select id from financing_applications where tenant_id = $1 and state = 'S4' limit 1`,
      [ids.demo],
    );
    const id = Number(s4[0]!.id);
    const edit = await t.request('POST', FP.editVoucher, {
      ...as('admin'),
      body: {
        applicationId: id,
        invoiceNo: 'FP2026001',
        imgBuyInvoice: 'files/invoice.png',
        imgCommercialEndorsementA: 'files/a.png',
        imgCommercialEndorsementC: 'files/c.png',
        imgCompulsoryEndorsementA: 'files/ca.png',
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const v = edit.json().data;
    expect(v.slots.commercialPresent).toEqual(['imgCommercialEndorsementA', 'imgCommercialEndorsementC']);
    expect(v.slots.commercialMissing).toEqual(['imgCommercialEndorsementB']);
    expect(v.slots.compulsoryPresent).toEqual(['imgCompulsoryEndorsementA']);
    const check = await t.request('POST', path(FP.checkVoucher, { id }), {
      ...as('xinda'),
      body: { version: v.version, pass: false, note: '缺少商业险批单 2' },
    });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().data).toMatchObject({ checkState: 'returned', checkedByName: '周鑫' });
  });

  it('saves the financing profile with a version', async () => {
    const p = (await t.request('GET', FP.profile, as('admin', ids.sh))).json().data;
    expect(p.version).toBe(0);
    const save = await t.request('POST', FP.saveProfile, {
      ...as('admin', ids.sh),
      body: { companyName: '演示租车上海分公司', legalPersonIdNo: '330106198507150013', contactPhone: '13800000001' },
    });
    expect(save.statusCode, save.body).toBe(200);
    const bad = await t.request('POST', FP.saveProfile, {
      ...as('admin', ids.sh),
      body: { companyName: 'x', version: 7 },
    });
    expect(bad.statusCode).toBe(409);
  });

  it('gives the financing contract as PDF once the terms are fixed', async () => {
    const s4 = await q<{ id: number }>(
      t,
      `select id from financing_applications where tenant_id = $1 and state = 'S4' limit 1`,
      [ids.demo],
    );
    const res = await t.request('GET', path(FP.contractPdf, { id: Number(s4[0]!.id) }), as('admin'));
    // 409 only on a machine without a CJK font (pdf.noFont).
    expect([200, 409]).toContain(res.statusCode);
    if (res.statusCode === 200) {
      expect(res.headers['content-type']).toContain('application/pdf');
      const text = (await pdfText(res.rawPayload)).replace(/\s+/g, '');
      const [row] = await q<{ code: string }>(t, `select code from financing_applications where id = $1`, [s4[0]!.id]);
      expect(text).toContain('融资租赁合同');
      expect(text).toContain(row!.code);
      expect(text).toContain('鑫达融资租赁有限公司');
      expect(text).toContain('第24期');
    }
  });
});

describe('the calls', () => {
  it("documents this side's financing calls of the spec in the OpenAPI document with their permission", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    // The money side (schedule, repayments, loan request, deposit return), rent or sale and booked cars are
    // served by their own route files.
    const others =
      /rentFinancingDetail|rentFinancingRepayment|loan\/apply|financingDeductDeposit|rentOrSale|car\/booked/;
    const mine = specEndpoints().filter(({ area, path }) => area === 'financing' && !others.test(path));
    expect(mine.length).toBe(16);
    for (const { method, path } of mine) {
      expect(doc.paths[path]?.[method.toLowerCase()], `${method} ${path}`).toBeDefined();
    }
    expect(doc.paths['/api/ccwadmin/rentFinancingCar/create'].post['x-permission']).toBe('finance:add');
    expect(doc.paths['/api/ccwadmin/rentFinancingCar/list'].get['x-permission']).toBe('finance');
  });
});
