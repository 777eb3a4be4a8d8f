import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text.js';
import { InspectionState, Settlement } from '@fleetdesk/contracts/handover';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { upload } from '../../../test/multipart.js';
import { addUser } from '../../../test/users.js';
import { activeDriver, idleCars, P, prepareCar, q, rentIds, terms } from './fixtures.js';
import { currentStepOf } from '../../../test/office.js';

const B = '/api/ccwadmin';
const A = `${B}/oa/approval`;
const HOUR = 3_600_000;

let t: TestApp;
let rents: Awaited<ReturnType<typeof rentIds>>;
let cars: number[];
let driverId: number;
let accountId: number;
let tenantId: number;
let clerkId: number;
let carMileage: number;

beforeAll(async () => {
  t = await createTestApp();
  rents = await rentIds(t);
  cars = await idleCars(t, rents.hz);
  driverId = await activeDriver(t, rents.hz);
  tenantId = Number((await q<{ id: number }>(t, `select id from tenants where code = 'DEMO'`))[0]!.id);
  clerkId = Number((await q<{ id: number }>(t, `select id from users where username = 'clerk'`))[0]!.id);
  const acc = await t.request('POST', `${P}/account/add`, {
    as: 'admin',
    body: { name: '验车测试现金', kind: 'cash' },
  });
  expect(acc.statusCode, acc.body).toBe(200);
  accountId = acc.json().data.id;
  carMileage = Number(
    (await q<{ km: number }>(t, `select mileage_km as km from cars where id = $1`, [cars[0]]))[0]!.km,
  );
});
afterAll(async () => t.close());

const ago = (ms: number) => new Date(t.clock.now().getTime() - ms).toISOString();

async function signedContract(carId: number): Promise<number> {
  const c = await t.request('POST', `${P}/add`, { as: 'admin', rent: rents.hz, body: { ...terms(), driverId, carId } });
  expect(c.statusCode, c.body).toBe(200);
  const id = c.json().data.id as number;
  const s = await t.request('POST', `${P}/sign/${id}`, { as: 'admin', body: { accountId } });
  expect(s.statusCode, s.body).toBe(200);
  return id;
}

function inspection(extra: Record<string, unknown> = {}) {
  return {
    inspectedAt: ago(48 * HOUR),
    mileage: carMileage + 10,
    energyLevel: 90,
    documents: { insuranceCopy: true, licence: true, transportCertificate: false },
    damageMarks: [],
    photos: [],
    inspectorId: clerkId,
    remark: '外观良好',
    ...extra,
  };
}

const carStatus = async (id: number) =>
  (await q<{ status: string }>(t, `select status from cars where id = $1`, [id]))[0]!.status;

async function insertViolation(carId: number, at: string, no: string, driver: number | null = null) {
  const [car] = await q<{ rent_id: number; plate: string }>(t, `select rent_id, plate from cars where id = $1`, [
    carId,
  ]);
  await q(
    t,
    `insert into violations (tenant_id, rent_id, car_id, plate, violation_no, occurred_at, place, offence_code,
       offence_text, fine_fen, points, driver_id, source)
     values ($1, $2, $3, $4, $5, $6, '杭州市文三路', '1039', '违反规定停放', 20000, 0, $7, 'manual')`,
    [tenantId, car!.rent_id, carId, car!.plate, no, at, driver],
  );
  return no;
}
const violation = async (no: string) =>
  (
    await q<{ id: number; driver_id: number | null; usage_period_id: number | null }>(
      t,
      `select id, driver_id, usage_period_id from violations where violation_no = $1`,
      [no],
    )
  )[0]!;

let contractId: number;

describe('dispatch inspection', () => {
  it('refuses bad input field by field', async () => {
    contractId = await signedContract(cars[0]!);
    const cases: [Record<string, unknown>, string][] = [
      [{ mileage: undefined }, 'mileage'],
      [{ mileage: carMileage - 1 }, 'mileage'],
      [{ energyLevel: 120 }, 'energyLevel'],
      [{ inspectedAt: new Date(t.clock.now().getTime() + 2 * HOUR).toISOString() }, 'inspectedAt'],
      [{ inspectedAt: 'yesterday' }, 'inspectedAt'],
      [{ damageMarks: [{ position: 'under', note: '底盘', photos: [] }] }, 'damageMarks.0.position'],
      [{ damageMarks: [{ position: 'front', note: '', photos: [] }] }, 'damageMarks.0.note'],
      [
        { damageMarks: [{ position: 'front', note: '划痕', photos: ['/api/tool/oss/file/t1/nothing.png'] }] },
        'damageMarks.0.photos.0',
      ],
      [{ inspectorId: 999999 }, 'inspectorId'],
      [{ documents: { insuranceCopy: true } }, 'documents.licence'],
    ];
    for (const [extra, path] of cases) {
      const res = await t.request('POST', `${P}/inspection/dispatch/${contractId}`, {
        as: 'admin',
        body: inspection(extra),
        lang: 'en-US',
      });
      expect(res.statusCode, `${path}: ${res.body}`).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    const low = await t.request('POST', `${P}/inspection/dispatch/${contractId}`, {
      as: 'admin',
      body: inspection({ mileage: carMileage - 1 }),
    });
    expect(low.json().message).toContain(String(carMileage));
  });

  it('records the inspection with photos, opens the usage period and keeps the car rented', async () => {
    const photo = await upload(t, 'admin', 'image', 'scratch.png');
    const res = await t.request('POST', `${P}/inspection/dispatch/${contractId}`, {
      as: 'admin',
      body: inspection({ damageMarks: [{ position: 'rear', note: '后杠划痕 3cm', photos: [photo] }] }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const state = InspectionState.parse(res.json().data);
    expect(state).toMatchObject({ canDispatch: false, canReturn: true, lastMileage: carMileage + 10 });
    expect(state.dispatch!.damageMarks[0]).toMatchObject({ position: 'rear', note: '后杠划痕 3cm' });
    expect(state.dispatch!.damageMarks[0]!.photos[0]!.signedUrl).toBeTruthy();
    expect(state.dispatch!.inspectorName).toBeTruthy();
    const periods = await q<{ driver_id: number; to_at: Date | null }>(
      t,
      `select driver_id, to_at from car_usage_periods where contract_id = $1`,
      [contractId],
    );
    expect(periods).toHaveLength(1);
    expect(Number(periods[0]!.driver_id)).toBe(driverId);
    expect(periods[0]!.to_at).toBeNull();
    expect(await carStatus(cars[0]!)).toBe('rented');
    const contract = (await t.request('GET', `${P}/${contractId}`, { as: 'admin' })).json().data;
    expect(contract.dispatched).toBe(true);
    const again = await t.request('POST', `${P}/inspection/dispatch/${contractId}`, {
      as: 'admin',
      body: inspection(),
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a pending contract (409)', async () => {
    const c = await t.request('POST', `${P}/add`, {
      as: 'admin',
      rent: rents.hz,
      body: { ...terms(), driverId, carId: cars[1] },
    });
    const res = await t.request('POST', `${P}/inspection/dispatch/${c.json().data.id}`, {
      as: 'admin',
      body: inspection(),
    });
    expect(res.statusCode).toBe(409);
    await t.request('POST', `${P}/cancel/${c.json().data.id}`, { as: 'admin', body: { reason: '测试' } });
  });
});

describe('violations attributed from usage periods', () => {
  it('gives a violation in the period its driver, keeps manual attribution outside, refuses manual inside', async () => {
    const inside = await violation(await insertViolation(cars[0]!, ago(24 * HOUR), 'HANDOVER-IN-1'));
    expect(Number(inside.driver_id)).toBe(driverId);
    expect(inside.usage_period_id).not.toBeNull();
    const [other] = await q<{ id: number }>(
      t,
      `select id from drivers where rent_id = $1 and id <> $2 and deleted_at is null limit 1`,
      [rents.hz, driverId],
    );
    const before = await violation(
      await insertViolation(cars[0]!, ago(30 * 24 * HOUR), 'HANDOVER-OUT-1', Number(other!.id)),
    );
    expect(Number(before.driver_id)).toBe(Number(other!.id));
    expect(before.usage_period_id).toBeNull();
    const manual = await t.request('PUT', `${B}/peccancyDetail/attribute/${inside.id}`, {
      as: 'admin',
      body: { driverId: null },
    });
    expect(manual.statusCode).toBe(409);
    const list = await t.request('GET', `${B}/rentCar/usage/periods`, { as: 'admin', query: { carId: cars[0] } });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.rows[0]).toMatchObject({ contractId, driverId, to: null, violations: 1 });
  });
});

describe('return inspection', () => {
  it('refuses a return before the dispatch or below its mileage', async () => {
    const early = await t.request('POST', `${P}/inspection/return/${contractId}`, {
      as: 'admin',
      body: inspection({ inspectedAt: ago(72 * HOUR), mileage: carMileage + 500 }),
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors[0].path).toBe('inspectedAt');
    const low = await t.request('POST', `${P}/inspection/return/${contractId}`, {
      as: 'admin',
      body: inspection({ inspectedAt: ago(2 * HOUR), mileage: carMileage + 5 }),
    });
    expect(low.statusCode).toBe(400);
    expect(low.json().errors[0].path).toBe('mileage');
  });

  it('closes the period (a later violation loses its driver), gives the car back, and only once', async () => {
    const late = await insertViolation(cars[0]!, ago(1 * HOUR), 'HANDOVER-LATE-1');
    expect(Number((await violation(late)).driver_id)).toBe(driverId);
    const res = await t.request('POST', `${P}/inspection/return/${contractId}`, {
      as: 'admin',
      body: inspection({
        inspectedAt: ago(2 * HOUR),
        mileage: carMileage + 1200,
        energyLevel: 40,
        damageDeduction: 800,
        damageMarks: [{ position: 'left', note: '左前门凹陷', photos: [] }],
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const state = InspectionState.parse(res.json().data);
    expect(state).toMatchObject({ canReturn: false, canDispatch: false });
    expect(state.return).toMatchObject({ mileage: carMileage + 1200, damageDeduction: 800 });
    expect(await violation(late)).toMatchObject({ driver_id: null, usage_period_id: null });
    expect(Number((await violation('HANDOVER-IN-1')).driver_id)).toBe(driverId);
    expect(await carStatus(cars[0]!)).toBe('preparing');
    await prepareCar(t, cars[0]!);
    const km = await q<{ km: number }>(t, `select mileage_km as km from cars where id = $1`, [cars[0]]);
    expect(Number(km[0]!.km)).toBe(carMileage + 1200);
    const again = await t.request('POST', `${P}/inspection/return/${contractId}`, {
      as: 'admin',
      body: inspection({ inspectedAt: ago(HOUR), mileage: carMileage + 1300 }),
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('settlement', () => {
  it('is refused before the return', async () => {
    const id = await signedContract(cars[2]!);
    const res = await t.request('POST', `${P}/settlement/save/${id}`, {
      as: 'admin',
      body: { deductions: [], owedBack: 0 },
    });
    expect(res.statusCode).toBe(409);
  });

  it('validates the deductions', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ deductions: [{ kind: 'other', amount: 10 }] }, 'deductions.0.note'],
      [
        {
          deductions: [
            { kind: 'repair', amount: 10 },
            { kind: 'repair', amount: 20 },
          ],
        },
        'deductions.1.kind',
      ],
      [{ deductions: [{ kind: 'repair', amount: 0 }] }, 'deductions.0.amount'],
      [{ deductions: [{ kind: 'repair', amount: 1.234 }] }, 'deductions.0.amount'],
      [{ deductions: [{ kind: 'tip', amount: 10 }] }, 'deductions.0.kind'],
      [{ deductions: [], owedBack: 100 }, 'owedBackNote'],
    ];
    for (const [body, path] of cases) {
      const res = await t.request('POST', `${P}/settlement/save/${contractId}`, { as: 'admin', body, lang: 'zh-CN' });
      expect(res.statusCode, `${path}: ${res.body}`).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
  });

  it('proposes the deposit and the damage, saves, goes through approval, then ends the contract and frees the car', async () => {
    const proposal = Settlement.parse(
      (await t.request('GET', `${P}/settlement/${contractId}`, { as: 'admin' })).json().data,
    );
    expect(proposal).toMatchObject({
      id: null,
      depositReceived: 5000,
      damageDeduction: 800,
      returned: true,
      editable: true,
    });
    const saved = await t.request('POST', `${P}/settlement/save/${contractId}`, {
      as: 'admin',
      body: {
        deductions: [
          { kind: 'repair', amount: 800, note: '左前门钣金' },
          { kind: 'violationWithholding', amount: 200 },
          { kind: 'other', amount: 50.5, note: '清洁费' },
        ],
        owedBack: 100,
        owedBackNote: '多收的管理费',
        voidRemaining: true,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      state: 'draft',
      deductionsTotal: 1050.5,
      result: -5000 + 1050.5 - 100,
      outcome: 'refund',
    });
    // The settlement flow: one approver (not the applicant).
    const [flow] = await q<{ id: number }>(
      t,
      `select id from approval_flows where tenant_id = $1 and business_type = 'settlement'`,
      [tenantId],
    );
    const approverId = Number((await q<{ id: number }>(t, `select id from users where username = 'wanghui'`))[0]!.id);
    const set = await t.request('PUT', `${A}/flow/update/${flow!.id}`, {
      as: 'admin',
      body: {
        businessType: 'settlement',
        name: '退租结算审批',
        steps: [
          {
            name: '财务',
            kind: 'user',
            userIds: [approverId],
            roleId: null,
            mode: 'any',
            amountAbove: null,
            amountUpTo: null,
          },
        ],
        copyUserIds: [],
      },
    });
    expect(set.statusCode, set.body).toBe(200);
    const submitted = await t.request('POST', `${P}/settlement/submit/${contractId}`, { as: 'admin' });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().data).toMatchObject({ state: 'pending', editable: false });
    const change = await t.request('POST', `${P}/settlement/save/${contractId}`, {
      as: 'admin',
      body: { deductions: [], owedBack: 0 },
    });
    expect(change.statusCode).toBe(409);
    const [req] = await q<{ id: number }>(
      t,
      `select id from approval_requests where business_type = 'settlement' and business_id = $1`,
      [String(contractId)],
    );
    const token = (await t.signIn('wanghui', 'Staff@123')).json().access_token as string;
    const decided = await t.request('POST', `${A}/request/decide/${req!.id}`, {
      token,
      body: { decision: 'approved', comment: '同意退押金', step: await currentStepOf(t, Number(req!.id)) },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const after = Settlement.parse(
      (await t.request('GET', `${P}/settlement/${contractId}`, { as: 'admin' })).json().data,
    );
    expect(after).toMatchObject({ state: 'approved', editable: false, result: -4049.5 });
    expect(after.lockedAt).not.toBeNull();
    const lines = (await t.request('GET', `${P}/lines/${contractId}`, { as: 'admin' })).json().data as {
      id: number;
      type: string;
      amount: number;
    }[];
    expect(lines.find((l) => l.id === after.lineId)).toMatchObject({ type: 'depositRefund', amount: -4049.5 });
    const contract = (await t.request('GET', `${P}/${contractId}`, { as: 'admin' })).json().data;
    // Future rents were still open: terminated early, and those lines were voided.
    expect(contract.state).toBe('terminated');
    const [open] = await q<{ n: number }>(
      t,
      `select count(*)::int as n from rental_payment_lines where contract_id = $1 and valid and state = 'unpaid' and amount_fen > 0`,
      [contractId],
    );
    expect(Number(open!.n)).toBe(0);
    const locked = await t.request('POST', `${P}/settlement/save/${contractId}`, {
      as: 'admin',
      body: { deductions: [], owedBack: 0 },
    });
    expect(locked.statusCode).toBe(409);
    // The refund is paid out of the account (the contract has ended, so not through the contracts' collection).
    const refundLine = lines.find((l) => l.id === after.lineId) as unknown as { id: number; version: number };
    const balance = async () =>
      Number(
        (await q<{ b: number }>(t, `select balance_fen as b from collection_accounts where id = $1`, [accountId]))[0]!
          .b,
      );
    const before = await balance();
    const stale = await t.request('POST', `${P}/settlement/pay/${contractId}`, {
      as: 'admin',
      body: { accountId, version: refundLine.version + 1 },
    });
    expect(stale.statusCode).toBe(409);
    const paid = await t.request('POST', `${P}/settlement/pay/${contractId}`, {
      as: 'admin',
      body: { accountId, version: refundLine.version },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ type: 'depositRefund', state: 'paid', paid: -4049.5, amount: -4049.5 });
    expect(await balance()).toBe(before - 404950);
    const twice = await t.request('POST', `${P}/settlement/pay/${contractId}`, {
      as: 'admin',
      body: { accountId, version: refundLine.version + 1 },
    });
    expect(twice.statusCode).toBe(409);
    const voucher = await t.request('GET', `${P}/receipt/${refundLine.id}`, { as: 'admin' });
    expect(voucher.statusCode, voucher.body).toBe(200);
    const vtext = (await pdfText(voucher.rawPayload)).replace(/\s+/g, '');
    for (const w of ['退款凭证', '收款人', '人民币肆仟零肆拾玖元伍角', '退押金']) expect(vtext, w).toContain(w);
    // The car is free: a new contract can take it, and its periods never overlap the old one.
    const next = await signedContract(cars[0]!);
    const overlap = await t.request('POST', `${P}/inspection/dispatch/${next}`, {
      as: 'admin',
      body: inspection({ inspectedAt: ago(3 * HOUR), mileage: carMileage + 1300 }),
    });
    expect(overlap.statusCode).toBe(409);
    const ok = await t.request('POST', `${P}/inspection/dispatch/${next}`, {
      as: 'admin',
      body: inspection({ inspectedAt: ago(HOUR), mileage: carMileage + 1300 }),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    // The violation after the first return now belongs to the new period.
    expect(Number((await violation('HANDOVER-LATE-1')).driver_id)).toBe(driverId);
  });
});

describe('a renewal of the group', () => {
  it('returns and settles the group under the period its first contract opened, its deposit counted once', async () => {
    const first = await signedContract(cars[4]!);
    const km = Number(
      (await q<{ km: number }>(t, `select mileage_km as km from cars where id = $1`, [cars[4]]))[0]!.km,
    );
    const d = await t.request('POST', `${P}/inspection/dispatch/${first}`, {
      as: 'admin',
      body: inspection({ mileage: km + 1 }),
    });
    expect(d.statusCode, d.body).toBe(200);
    // The renewal as the contracts area makes it: the first contract ends, a new one of the same group goes on.
    await q(t, `update rental_contracts set state = 'completed' where id = $1`, [first]);
    const [renewal] = await q<{ id: number }>(
      t,
      `insert into rental_contracts (tenant_id, rent_id, number, group_no, group_seq, driver_id, car_id, type, period,
         billing, start_date, end_date, instalments, rental_days, rent_fen, total_rent_fen, total_fen, state)
       select tenant_id, rent_id, number || '-2', group_no, 2, driver_id, car_id, type, period, billing, end_date,
         end_date + 365, 12, 365, rent_fen, total_rent_fen, total_fen, 'signed'
       from rental_contracts where id = $1 returning id`,
      [first],
    );
    const id = Number(renewal!.id);
    const state = (await t.request('GET', `${P}/inspections/${id}`, { as: 'admin' })).json().data;
    expect(state).toMatchObject({ canDispatch: false, canReturn: true });
    const again = await t.request('POST', `${P}/inspection/dispatch/${id}`, {
      as: 'admin',
      body: inspection({ inspectedAt: ago(HOUR), mileage: km + 2 }),
    });
    expect(again.statusCode).toBe(409);
    const back = await t.request('POST', `${P}/inspection/return/${id}`, {
      as: 'admin',
      body: inspection({ inspectedAt: ago(HOUR), mileage: km + 300 }),
    });
    expect(back.statusCode, back.body).toBe(200);
    const [period] = await q<{ to_at: Date | null }>(t, `select to_at from car_usage_periods where contract_id = $1`, [
      first,
    ]);
    expect(period!.to_at).not.toBeNull();
    const settlement = (await t.request('GET', `${P}/settlement/${id}`, { as: 'admin' })).json().data;
    expect(settlement).toMatchObject({ returned: true, depositReceived: 5000 });
  });
});

describe('documents', () => {
  it('lists the documents and renders the settlement statement and the contract with Chinese text', async () => {
    const list = await t.request('GET', `${P}/documents/${contractId}`, { as: 'admin' });
    expect(list.json().data).toEqual([
      { kind: 'contract', available: true },
      { kind: 'dispatchSheet', available: true },
      { kind: 'returnSheet', available: true },
      { kind: 'settlement', available: true },
    ]);
    for (const [kind, words] of [
      ['settlement', ['退租结算单', '应退还司机押金', '定损/维修费']],
      ['returnSheet', ['退车验车单', '左前门凹陷']],
      ['contract', ['租赁合同', '以租代购']],
    ] as const) {
      const res = await t.request('GET', `${P}/document/${contractId}/${kind}`, { as: 'admin' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const text = await pdfText(res.rawPayload);
      for (const w of words) expect(text.replace(/\s+/g, '')).toContain(w);
    }
    const none = await signedContract(cars[3]!);
    const missing = await t.request('GET', `${P}/document/${none}/settlement`, { as: 'admin' });
    expect(missing.statusCode).toBe(409);
  });

  it('stored the contract at signing, the return sheet at the return and the statement at the approval', async () => {
    const res = await t.request('GET', `${P}/documentFiles/${contractId}`, { as: 'admin' });
    expect(res.statusCode, res.body).toBe(200);
    const kinds = (res.json().data as { kind: string; trigger: string; version: number }[])
      .map((a) => `${a.kind}:${a.trigger}:${a.version}`)
      .sort();
    expect(kinds).toEqual(['contract:sign:1', 'returnSheet:return:1', 'settlement:settlement:1']);
    const statement = (res.json().data as { kind: string; url: string }[]).find((a) => a.kind === 'settlement')!;
    const file = await t.request('GET', statement.url.replace(/^https?:\/\/[^/]+/, ''), { as: 'admin' });
    expect(file.statusCode).toBe(200);
    const text = await pdfText(file.rawPayload);
    expect(text.replace(/\s+/g, '')).toContain('已审批');
  });
});

describe('permissions and tenants', () => {
  it('refuses the handover calls to a contract reader without their elements (403 40301)', async () => {
    const { rows } = await t.deps.database.query<{ id: number }>(
      `insert into roles (tenant_id, code, name) values ($1, 'contractReader', '合同查看') returning id`,
      [tenantId],
    );
    await t.deps.database.query(
      `insert into role_grants (tenant_id, role_id, code) select $1, $2, c
        from unnest(array['rentContract', 'rentContract:view', 'rentCar', 'rentCar:view']) c`,
      [tenantId, Number(rows[0]!.id)],
    );
    const reader = await addUser(t, 'contractreader', { roleIds: [Number(rows[0]!.id)], rentIds: [rents.hz] });
    const read = await t.request('GET', `${P}/inspections/${contractId}`, { token: reader.token });
    expect(read.statusCode, read.body).toBe(200);
    for (const [method, url, body] of [
      ['POST', `${P}/inspection/dispatch/${contractId}`, inspection()],
      ['POST', `${P}/inspection/return/${contractId}`, inspection()],
      ['POST', `${P}/settlement/save/${contractId}`, { deductions: [], owedBack: 0 }],
      ['POST', `${P}/settlement/submit/${contractId}`, undefined],
      ['GET', `${P}/document/${contractId}/contract`, undefined],
      ['POST', `${P}/settlement/pay/${contractId}`, { accountId, version: 0 }],
    ] as const) {
      const res = await t.request(method, url, { token: reader.token, ...(body ? { body } : {}) });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().status).toBe(40301);
    }
  });

  it("answers 404 for another tenant's contract and car", async () => {
    for (const [method, url, body] of [
      ['GET', `${P}/inspections/${contractId}`, undefined],
      ['POST', `${P}/inspection/dispatch/${contractId}`, inspection()],
      ['GET', `${P}/settlement/${contractId}`, undefined],
      ['GET', `${P}/documents/${contractId}`, undefined],
    ] as const) {
      const res = await t.request(method, url, { as: 'other', ...(body ? { body } : {}) });
      expect(res.statusCode, url).toBe(404);
    }
    const periods = await t.request('GET', `${B}/rentCar/usage/periods`, { as: 'other', query: { carId: cars[0] } });
    expect(periods.statusCode).toBe(404);
  });
});

describe('demo data', () => {
  it('has dispatched contracts with open usage periods and one returned, settled contract', async () => {
    const [open] = await q<{ n: number }>(
      t,
      `select count(*)::int as n from car_usage_periods p join rental_contracts k on k.id = p.contract_id
        where p.to_at is null and k.state = 'signed' and k.number like 'HT%'`,
    );
    expect(Number(open!.n)).toBeGreaterThanOrEqual(3);
    const [settled] = await q<{ n: number }>(
      t,
      `select count(*)::int as n from rental_settlements s join rental_contracts k on k.id = s.contract_id
        where s.state = 'approved' and k.state = 'completed'`,
    );
    expect(Number(settled!.n)).toBeGreaterThanOrEqual(1);
    // Never two periods of one car at once.
    const [overlaps] = await q<{ n: number }>(
      t,
      `select count(*)::int as n from car_usage_periods a join car_usage_periods b
        on a.tenant_id = b.tenant_id and a.car_id = b.car_id and a.id < b.id
        and a.from_at < coalesce(b.to_at, 'infinity') and b.from_at < coalesce(a.to_at, 'infinity')`,
    );
    expect(Number(overlaps!.n)).toBe(0);
  });
});
