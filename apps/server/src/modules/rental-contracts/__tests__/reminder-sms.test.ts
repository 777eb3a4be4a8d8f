import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { sendReminderSms, type ContractSmsResult } from '../rental-contracts.sms.js';
import { P, q, rentIds, terms } from './fixtures.js';

const S = '/api/ccwadmin/setting';
const FEB_20 = new Date('2026-02-20T04:00:00Z');
let t: TestApp;
let tenantId: number;
let otherTenantId: number;
let rent: number;
let accountId: number;

interface Driver {
  id: number;
  name: string;
  phone: string;
}
/** Driver A: rent-to-own from 2026-01-10 (period 2 due 02-10 goes overdue, period 3 due 03-10). */
let a: Driver & { contract: string; plate: string };
/** Driver B: long-term ending 2026-03-31. */
let b: Driver & { contract: string; plate: string };

/** Runs the job on a day (Shanghai), then puts the clock back. */
async function smsOn(day: string, tenant = tenantId): Promise<Record<string, ContractSmsResult>> {
  t.clock.set(new Date(`${day}T04:00:00Z`));
  try {
    const results = await sendReminderSms(t.deps, tenant);
    return Object.fromEntries(results.map((r) => [r.kind, r]));
  } finally {
    t.clock.set(FEB_20);
  }
}

/** Runs an SMS task to its end through the sandbox provider, as the worker would. */
async function runTask(taskId: number, tenant = tenantId) {
  await t.deps.tasks.run(tenant, taskId, new AbortController().signal);
}

async function messages(batchId: number) {
  return q<{ phone: string; recipient_name: string; content: string; status: string }>(
    t,
    `select phone, recipient_name, content, status from sms_messages where batch_id = $1 order by phone`,
    [batchId],
  );
}

async function rules(body: Record<string, unknown>, as = 'admin') {
  const current = (await t.request('GET', `${S}/rules`, { as: 'admin' })).json().data;
  return t.request('PUT', `${S}/rules`, { as, body: { ...current, ...body } });
}

async function freeDrivers(rentId: number, n: number): Promise<Driver[]> {
  const rows = await q<Driver>(
    t,
    `select id, name, phone from drivers d where rent_id = $1 and state = 'active' and deleted_at is null
       and phone ~ '^1[3-9][0-9]{9}$' and phone not like '%0000'
       and not exists (select 1 from rental_contracts k where k.tenant_id = d.tenant_id and k.driver_id = d.id
         and k.state in ('pending', 'signed'))
     order by id limit ${n}`,
    [rentId],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

async function idleCar(rentId: number, skip: number[] = []): Promise<{ id: number; plate: string }> {
  const rows = await q<{ id: number; plate: string }>(
    t,
    `select id, plate from cars where rent_id = $1 and status = 'idle' and deleted_at is null
       and compulsory_expiry > current_date and (inspection_due is null or inspection_due > current_date)
       and not exists (select 1 from rental_contracts c where c.tenant_id = cars.tenant_id and c.car_id = cars.id
         and c.state in ('pending', 'signed'))
     order by id`,
    [rentId],
  );
  const car = rows.find((r) => !skip.includes(Number(r.id)))!;
  return { id: Number(car.id), plate: car.plate };
}

async function signed(driver: Driver, car: { id: number }, extra: Record<string, unknown>) {
  const res = await t.request('POST', `${P}/add`, {
    as: 'admin',
    rent,
    body: { ...terms(extra), driverId: driver.id, carId: car.id },
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data.id as number;
  const sign = await t.request('POST', `${P}/sign/${id}`, { as: 'admin', body: { accountId } });
  expect(sign.statusCode, sign.body).toBe(200);
  return res.json().data.number as string;
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(FEB_20);
  rent = (await rentIds(t)).sh; // every active driver of Hangzhou has a contract already
  tenantId = Number((await q<{ id: number }>(t, `select id from tenants where code = 'DEMO'`))[0]!.id);
  otherTenantId = Number((await q<{ id: number }>(t, `select id from tenants where code = 'OTHER'`))[0]!.id);
  const acc = await t.request('POST', `${P}/account/add`, {
    as: 'admin',
    body: { name: '短信测试现金', kind: 'cash' },
  });
  expect(acc.statusCode, acc.body).toBe(200);
  accountId = acc.json().data.id;
  const [d1, d2] = await freeDrivers(rent, 2);
  expect(d2, 'two drivers of the Shanghai rent without a live contract').toBeDefined();
  const carA = await idleCar(rent);
  a = { ...d1!, plate: carA.plate, contract: await signed(d1!, carA, {}) };
  const carB = await idleCar(rent, [carA.id]);
  b = {
    ...d2!,
    plate: carB.plate,
    contract: await signed(d2!, carB, {
      type: 'longTerm',
      startDate: '2026-02-20',
      endDate: '2026-03-31',
      buyOutPrice: null,
    }),
  };
});
afterAll(async () => t.close());

describe('the company settings', () => {
  it('are off for every kind by default', async () => {
    const res = await t.request('GET', `${S}/rules`, { as: 'admin' });
    expect(res.json().data.contractSms).toEqual({ rentDue: false, contractEnd: false, overdue: false });
  });

  it('refuse a switch that is not a boolean and an unknown kind, field by field', async () => {
    const bad = await rules({ contractSms: { rentDue: 'yes', contractEnd: true, overdue: false } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { path: string }) => e.path)).toEqual(['contractSms.rentDue']);
    const unknown = await rules({ contractSms: { rentDue: true, birthday: true } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].path).toContain('contractSms');
    const res = await t.request('GET', `${S}/rules`, { as: 'admin' });
    expect(res.json().data.contractSms).toEqual({ rentDue: false, contractEnd: false, overdue: false });
  });

  it('need oaSetting:edit to change (403 for the clerk)', async () => {
    const res = await t.request('PUT', `${S}/rules`, {
      as: 'clerk',
      body: { contractSms: { rentDue: true, contractEnd: true, overdue: true } },
    });
    expect(res.statusCode).toBe(403);
    expect((await t.request('GET', `${S}/rules`, { as: 'admin' })).json().data.contractSms.rentDue).toBe(false);
  });
});

describe('the daily reminders by SMS', () => {
  it('text nobody while the switches are off', async () => {
    const r = await smsOn('2026-03-08');
    expect(Object.values(r).map((x) => x.skipped)).toEqual(['off', 'off', 'off']);
    const [n] = await q<{ n: number }>(
      t,
      `select count(*)::int as n from sms_batches where source = 'contractReminder'`,
    );
    expect(Number(n!.n)).toBe(0);
  });

  it('create one SMS task per kind with one recipient per driver in the daytime; the sandbox sends the rendered texts', async () => {
    const saved = await rules({ contractSms: { rentDue: true, contractEnd: true, overdue: true } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.contractSms).toEqual({ rentDue: true, contractEnd: true, overdue: true });
    // At night in the tenant's time zone nobody is texted (nothing recorded): a later hourly run does it.
    t.clock.set(new Date('2026-03-08T00:30:00Z')); // 08:30 in Shanghai
    try {
      expect((await sendReminderSms(t.deps, tenantId)).map((x) => x.skipped)).toEqual(['night', 'night', 'night']);
    } finally {
      t.clock.set(FEB_20);
    }
    // 2026-03-08: A's period 3 (due 03-10) is within the 3 lead days; A's period 2 (due 02-10) is 23 days past
    // its deadline (02-10 + 3 grace days); B's contract ends on 03-31, within 30 days.
    const r = await smsOn('2026-03-08');
    for (const kind of ['rentDue', 'contractEnd', 'overdue']) {
      expect(r[kind]!.batchId, kind).not.toBeNull();
      await runTask(r[kind]!.taskId!);
    }
    const [company] = await q<{ s: string }>(t, `select short_name as s from rents where id = $1`, [rent]);

    const due = await messages(r.rentDue!.batchId!);
    expect(due.filter((m) => m.phone === b.phone)).toEqual([]);
    expect(due.filter((m) => m.phone === a.phone)).toEqual([
      {
        phone: a.phone,
        recipient_name: a.name,
        status: 'sent',
        content: `【演示租车】${a.name}您好，您的合同${a.contract}（${a.plate}）租金3000.00元将于2026-03-10到期，请按时支付。如已支付请忽略。`,
      },
    ]);
    const overdue = await messages(r.overdue!.batchId!);
    expect(overdue.filter((m) => m.phone === a.phone).map((m) => m.content)).toEqual([
      `【演示租车】${a.name}您好，您的合同${a.contract}（${a.plate}）租金3000.00元（应付日2026-02-10）已逾期23天，请尽快支付。`,
    ]);
    const end = await messages(r.contractEnd!.batchId!);
    expect(end.filter((m) => m.phone === b.phone).map((m) => m.content)).toEqual([
      `【演示租车】${b.name}您好，您的合同${b.contract}（${b.plate}）将于2026-03-31到期，请提前联系${company!.s}办理续租或还车。`,
    ]);
    // One message per driver in each batch, every one of them sent by the sandbox.
    for (const list of [due, overdue, end]) {
      expect(new Set(list.map((m) => m.phone)).size).toBe(list.length);
      expect(list.every((m) => m.status === 'sent')).toBe(true);
    }
    // The batches are the SMS screen's, from the contract reminders' templates, under the administrator.
    const batches = await q<{ source: string; total: number; template: string; by: string; state: string }>(
      t,
      `select b.source, b.total, s.purpose as template, u.username as by, p.state from sms_batches b
         join sms_templates s on s.tenant_id = b.tenant_id and s.id = b.template_id
         join users u on u.tenant_id = b.tenant_id and u.id = b.created_by
         join task_progress p on p.tenant_id = b.tenant_id and p.id = b.task_id
       where b.tenant_id = $1 and b.source = 'contractReminder' order by s.purpose`,
      [tenantId],
    );
    expect(batches.map((x) => [x.template, x.by, x.state])).toEqual([
      ['contract.contractEnd', 'admin', 'completed'],
      ['contract.overdue', 'admin', 'completed'],
      ['contract.rentDue', 'admin', 'completed'],
    ]);
    expect(Number(batches.find((x) => x.template === 'contract.rentDue')!.total)).toBe(due.length);
  });

  it('are idempotent: a rerun the same day, or the next, texts nothing twice', async () => {
    const before = await q<{ n: number }>(t, `select count(*)::int as n from sms_messages where batch_id is not null`);
    for (const day of ['2026-03-08', '2026-03-08', '2026-03-09']) {
      const r = await smsOn(day);
      expect(Object.values(r).map((x) => x.batchId)).toEqual([null, null, null]);
    }
    const after = await q<{ n: number }>(t, `select count(*)::int as n from sms_messages where batch_id is not null`);
    expect(after[0]!.n).toBe(before[0]!.n);
    // 2026-03-14: A's period 3 (due 03-10) is past its deadline now: a new overdue line, texted once.
    const r = await smsOn('2026-03-14');
    expect(r.overdue!.batchId).not.toBeNull();
    await runTask(r.overdue!.taskId!);
    const overdue = await messages(r.overdue!.batchId!);
    expect(overdue.filter((m) => m.phone === a.phone).map((m) => m.content)).toEqual([
      // Period 2 is already texted, so only period 3 (1 day past its deadline 03-13) is in the message.
      `【演示租车】${a.name}您好，您的合同${a.contract}（${a.plate}）租金3000.00元（应付日2026-03-10）已逾期1天，请尽快支付。`,
    ]);
    expect((await smsOn('2026-03-14')).overdue!.batchId).toBeNull();
  });

  it('send nothing for a kind turned off or whose template is disabled', async () => {
    await rules({ contractSms: { rentDue: false, contractEnd: true, overdue: true } });
    await q(t, `update sms_templates set status = 'disabled' where tenant_id = $1 and purpose = 'contract.overdue'`, [
      tenantId,
    ]);
    // 2026-04-14: A's period 4 (due 04-10) and B's period 2 (due 03-20) are past their deadlines, not texted yet.
    const r = await smsOn('2026-04-14');
    expect(r.rentDue!.skipped).toBe('off');
    expect(r.overdue!.skipped).toBe('templateDisabled');
    await q(t, `update sms_templates set status = 'active' where tenant_id = $1 and purpose = 'contract.overdue'`, [
      tenantId,
    ]);
    // The disabled day recorded nothing: A's period 4 is texted on the next run.
    const again = await smsOn('2026-04-14');
    await runTask(again.overdue!.taskId!);
    const texted = await messages(again.overdue!.batchId!);
    expect(texted.filter((m) => m.phone === a.phone).map((m) => m.content)).toEqual([
      `【演示租车】${a.name}您好，您的合同${a.contract}（${a.plate}）租金3000.00元（应付日2026-04-10）已逾期1天，请尽快支付。`,
    ]);
    expect(texted.filter((m) => m.phone === b.phone)).toHaveLength(1);
  });

  it('waits for the daily quota and skips a driver without a mobile number, recording nothing for them', async () => {
    // 2026-05-14: A's period 5 (due 05-10) is past its deadline.
    await q(t, `update sms_settings set daily_quota = 0 where tenant_id = $1`, [tenantId]);
    expect((await smsOn('2026-05-14')).overdue!.skipped).toBe('quota');
    await q(t, `update sms_settings set daily_quota = 20000 where tenant_id = $1`, [tenantId]);
    await q(t, `update drivers set phone = '057188886666' where id = $1`, [a.id]);
    const landline = await smsOn('2026-05-14');
    if (landline.overdue!.batchId) {
      await runTask(landline.overdue!.taskId!);
      expect((await messages(landline.overdue!.batchId)).map((m) => m.recipient_name)).not.toContain(a.name);
    }
    await q(t, `update drivers set phone = $2 where id = $1`, [a.id, a.phone]);
    const r = await smsOn('2026-05-14');
    await runTask(r.overdue!.taskId!);
    expect((await messages(r.overdue!.batchId!)).filter((m) => m.phone === a.phone).map((m) => m.content)).toEqual([
      `【演示租车】${a.name}您好，您的合同${a.contract}（${a.plate}）租金3000.00元（应付日2026-05-10）已逾期1天，请尽快支付。`,
    ]);
  });

  it("texts only the tenant's own drivers", async () => {
    // The other tenant turns every kind on: it has no signed contract, so nobody of the demo company is texted.
    await q(
      t,
      `insert into tenant_settings (tenant_id, rules) values ($1, $2)
       on conflict (tenant_id) do update set rules = excluded.rules`,
      [otherTenantId, JSON.stringify({ contractSms: { rentDue: true, contractEnd: true, overdue: true } })],
    );
    const r = await smsOn('2026-03-08', otherTenantId);
    expect(Object.values(r).map((x) => x.skipped)).toEqual(['nobody', 'nobody', 'nobody']);
    const [others] = await q<{ n: number }>(t, `select count(*)::int as n from sms_batches where tenant_id = $1`, [
      otherTenantId,
    ]);
    expect(Number(others!.n)).toBe(0);
    // Every message of the demo company's reminders went to one of its drivers with a signed contract.
    const [strays] = await q<{ n: number }>(
      t,
      `select count(*)::int as n from sms_messages m join sms_batches b on b.id = m.batch_id
       where b.source = 'contractReminder' and (m.tenant_id <> $1 or b.tenant_id <> $1 or not exists (
         select 1 from drivers d join rental_contracts k on k.tenant_id = d.tenant_id and k.driver_id = d.id
         where d.tenant_id = $1 and d.phone = m.phone and k.state = 'signed'))`,
      [tenantId],
    );
    expect(Number(strays!.n)).toBe(0);
  });
});
