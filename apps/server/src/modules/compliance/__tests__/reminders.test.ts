import { formatPlate } from '@fleetdesk/contracts/identifiers';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { ManualClock } from '../../../core/clock.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { registerVehicleReminderSource, runVehicleReminders } from '../reminders.js';
import { A, addCar, day, ids } from './fixtures.js';

let t: TestApp;
let r: Awaited<ReturnType<typeof ids>>;

beforeAll(async () => {
  t = await createTestApp();
  r = await ids(t);
});
afterAll(async () => t.close());

async function messagesAbout(plate: string) {
  const { rows } = await t.deps.database.query<{
    username: string;
    title: string;
    content: string;
    category: number;
    link: string;
  }>(
    `select u.username, p.title, p.content, p.category, p.link from push_records p
      join users u on u.tenant_id = p.tenant_id and u.id = p.user_id
     where (p.content like '%' || $1 || '%' or p.content like '%' || $2 || '%') and p.channel = 'rent_m' order by p.id`,
    // Texts show a plate in the one plate format (浙A·D12345); a source's own text may name it as stored.
    [formatPlate(plate), plate],
  );
  return rows;
}

describe('vehicle reminders', () => {
  it('reminds expiring papers once, to the users who see the car, as the clock moves', async () => {
    // Shanghai car: the clerk (Hangzhou only) does not hear of it; Hangzhou car: he does.
    const sh = await addCar(t, r.sh, { inspectionDue: day(100) });
    const hz = await addCar(t, r.hz);
    const policy = await t.request('POST', `${A}/rentCar/insurance/policy/create`, {
      as: 'admin',
      body: {
        carId: sh.id,
        kind: 'compulsory',
        companyCode: 'pingan',
        policyNo: `PDZA${Date.now()}`,
        startDate: day(-300),
        endDate: day(45),
        premium: 950,
      },
    });
    expect(policy.statusCode).toBe(200);
    await t.request('POST', `${A}/rentCarLicense/save`, {
      as: 'admin',
      body: { carId: hz.id, kind: 'transport', number: '330100555555', expiryDate: day(10) },
    });

    // Today: the certificate (10 days, lead 30) is due; the policy (45 days) is not yet.
    await runVehicleReminders(t.deps);
    expect((await messagesAbout(sh.plate)).length).toBe(0);
    const cert = await messagesAbout(hz.plate);
    expect(cert.map((m) => m.username).sort()).toEqual(['admin', 'clerk']);
    expect(cert[0]).toMatchObject({ category: 3, title: '网约车运输证即将到期' });
    expect(cert[0]!.content).toContain(day(10));
    expect(cert[0]!.link).toBe(`/rentCar/car/${hz.id}?tab=licences`);

    // Twice the same day: nothing new.
    expect(await runVehicleReminders(t.deps)).toBe(0);
    expect((await messagesAbout(hz.plate)).length).toBe(2);

    // 20 days later the policy is within 30 days; the clerk does not see Shanghai.
    const clock = t.deps.clock as ManualClock;
    clock.advance(20 * 86_400_000);
    try {
      await runVehicleReminders(t.deps);
      const renewal = await messagesAbout(sh.plate);
      expect(renewal.map((m) => m.username)).toEqual(['admin']);
      expect(renewal[0]!.title).toBe('交强险即将到期');
      // The certificate has not changed: still one reminder. After it expires, no second one either.
      clock.advance(30 * 86_400_000);
      await runVehicleReminders(t.deps);
      expect((await messagesAbout(hz.plate)).filter((m) => m.title.startsWith('网约车')).length).toBe(2);
      // Nobody of the other tenant heard anything of these cars.
      expect(
        [...(await messagesAbout(sh.plate)), ...(await messagesAbout(hz.plate))].some((m) => m.username === 'other'),
      ).toBe(false);
    } finally {
      clock.advance(-50 * 86_400_000);
    }
  });

  it('the lead days come from the company settings', async () => {
    const car = await addCar(t, r.hz, { inspectionDue: day(50) });
    await runVehicleReminders(t.deps);
    expect((await messagesAbout(car.plate)).length).toBe(0);
    await t.deps.database.query(
      `insert into tenant_settings (tenant_id, rules) select c.tenant_id, '{"reminders":{"inspectionDays":60}}'::jsonb
       from cars c where c.id = $1
       on conflict (tenant_id) do update set rules = excluded.rules`,
      [car.id],
    );
    await runVehicleReminders(t.deps);
    const msgs = await messagesAbout(car.plate);
    expect(msgs.length).toBeGreaterThan(0);
    expect(msgs[0]!.title).toBe('年检即将到期');
  });

  it('runs a source another area registers, with the same once-only rule', async () => {
    const car = await addCar(t, r.hz);
    let calls = 0;
    // The test's source reads this file's database: it leaves with the test (the next file of the worker runs
    // the reminders too).
    const unregister = registerVehicleReminderSource({
      key: 'test-limit',
      permission: 'rentCar:view',
      async due(_db, tenantId, w) {
        calls++;
        const { rows } = await t.deps.database.query<{ tenant_id: number }>(
          `select tenant_id from cars where id = $1`,
          [car.id],
        );
        if (Number(rows[0]!.tenant_id) !== tenantId) return [];
        return [
          {
            ref: `car:${car.id}`,
            carId: car.id,
            rentId: r.hz,
            dueDate: w.today,
            title: { key: 'violations.reminder.carTitle' },
            content: { key: 'violations.reminder.car', params: { name: car.plate, points: 12, fineAmount: '200.00' } },
          },
        ];
      },
    });
    onTestFinished(unregister);
    await runVehicleReminders(t.deps);
    await runVehicleReminders(t.deps);
    expect(calls).toBeGreaterThanOrEqual(2);
    expect((await messagesAbout(car.plate)).filter((m) => m.title === '车辆违章超限').length).toBe(2); // admin + clerk, once
  });
});
