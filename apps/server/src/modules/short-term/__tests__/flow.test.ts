import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingCharges, BookingCreateAnswer, BookingDetail } from '@fleetdesk/contracts/short-term';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { settlePayment } from '../../payments/pay.service.js';
import { runShortTermJob } from '../short-term.jobs.js';
import { actAs, at, dayOf, driverOf, ids, iso, makeStore, ok, P, q, stay } from './fixtures.js';

let t: TestApp;
let id: Awaited<ReturnType<typeof ids>>;
let adminId: number;
/** The admin's token, signed in again whenever the clock moves (a token expires on the moved clock). */
let token: string;

async function signIn() {
  const res = await t.signIn('admin');
  token = res.json().access_token as string;
  actAs(t, { token });
}
/** Moves the clock and signs in again. */
async function move(to: Date) {
  t.clock.set(to);
  await signIn();
}

beforeAll(async () => {
  t = await createTestApp();
  id = await ids(t);
  const [a] = await q<{ id: number }>(t, `select id from users where username = 'admin'`);
  adminId = Number(a!.id);
  await signIn();
});
afterAll(async () => t.close());

const url = (path: string, bookingId: number) => path.replace(':id', String(bookingId));
const get = async (bookingId: number) =>
  ok<BookingDetail>(await t.request('GET', url(P.bookingGet, bookingId), { token }));
const papers = { insuranceCopy: true, licence: true, transportCertificate: true };
const inspection = (mileage: number, energyLevel: number, extra: Record<string, unknown> = {}) => ({
  inspectedAt: iso(t.clock.now()),
  mileage,
  energyLevel,
  documents: papers,
  inspectorId: adminId,
  ...extra,
});

async function book(storeId: number, from: Date, to: Date, extra: Record<string, unknown> = {}) {
  return ok<BookingCreateAnswer>(
    await t.request('POST', P.bookingCreate, {
      token,
      body: { ...stay(storeId, id.carTypeId, from, to), driverId: await driverOf(t, id.hz), ...extra },
    }),
  );
}

/** Pays a booking's order (or its balance order) through the sandbox, as the payer's phone would. */
async function paySandbox(bookingId: number) {
  const info = await ok<{ orderId: number; orderNo: string; payUrl: string; amount: number }>(
    await t.request('POST', url(P.bookingPay, bookingId), { token }),
  );
  const payToken = new URL(info.payUrl).searchParams.get('token')!;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/pay/sandbox/trade/${info.orderNo}/decide`,
    payload: { token: payToken, action: 'approve' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return info;
}

async function order(orderId: number) {
  const [o] = await q<{ status: string; amount_fen: number; refunded_fen: number }>(
    t,
    `select status, amount_fen::int, refunded_fen::int from orders where id = $1`,
    [orderId],
  );
  return o!;
}

describe('payment', () => {
  it('pays through the sandbox: the booking is to pick up, settled once however often the provider says so', async () => {
    const s = await makeStore(t, { rentId: id.hz, carTypeId: id.carTypeId, cars: 1 });
    const b = await book(s.storeId, at(t, 3, 10), at(t, 5, 10));
    const info = await paySandbox(b.id);
    expect(info.amount).toBe(b.quote.payNow);
    const paid = await get(b.id);
    expect(paid).toMatchObject({ state: 'toPickUp', orderId: info.orderId });
    expect(paid.paidAt).not.toBeNull();
    const again = await settlePayment(t.deps, 'sandbox', {
      orderNo: info.orderNo,
      tradeNo: 'again',
      amountFen: Math.round(b.quote.payNow * 100),
      paidAt: t.clock.now(),
    });
    expect(again).toBe('alreadyPaid');
    const after = await get(b.id);
    expect(after.events.filter((e) => e.kind === 'paid')).toHaveLength(1);
    expect(after.actions).not.toContain('pay');
    expect((await t.request('POST', url(P.bookingPay, b.id), { token })).statusCode).toBe(409);
  });

  it('an unpaid booking is cancelled by the job after unpaidMinutes and its car is free again', async () => {
    const s = await makeStore(t, { rentId: id.hz, carTypeId: id.carTypeId, cars: 1 });
    const b = await book(s.storeId, at(t, 3, 10), at(t, 5, 10));
    await runShortTermJob(t.deps, new Date(t.clock.now().getTime() + 29 * 60_000));
    expect((await get(b.id)).state).toBe('unpaid');
    await runShortTermJob(t.deps, new Date(t.clock.now().getTime() + 31 * 60_000));
    const c = await get(b.id);
    expect(c.state).toBe('cancelled');
    expect(c.events.at(-1)).toMatchObject({ kind: 'cancelled', userId: null });
  });
});

describe('cancellation', () => {
  it('free while 24 h before pick-up, else the first day; 72 h and two days when the stay touches a holiday', async () => {
    const s = await makeStore(t, { rentId: id.hz, carTypeId: id.carTypeId, cars: 3 });
    // The demo's holidays (元旦 on New Year's Eve...) out of the way: this test places its own.
    await q(t, `delete from st_holidays where tenant_id = $1`, [id.demo]);
    // 48 h ahead, no holiday: free, everything refunded.
    const free = await book(s.storeId, at(t, 2, 12), at(t, 4, 12));
    const freeOrder = (await paySandbox(free.id)).orderId;
    const a = await ok<{ cancelFee: number; refund: number }>(
      await t.request('POST', url(P.bookingCancel, free.id), { token, body: { reason: '行程取消' } }),
    );
    expect(a).toEqual({ cancelFee: 0, refund: free.quote.payNow });
    expect(await order(freeOrder)).toMatchObject({ refunded_fen: Math.round(free.quote.payNow * 100) });
    // 12 h ahead: one first-day price.
    const lateFrom = at(t, 2, 10);
    const late = await book(s.storeId, lateFrom, at(t, 4, 10));
    await paySandbox(late.id);
    await move(new Date(lateFrom.getTime() - 12 * 3_600_000));
    const first = late.quote.days[0]!.price;
    const b = await ok<{ cancelFee: number; refund: number }>(
      await t.request('POST', url(P.bookingCancel, late.id), { token, body: { reason: '临时有事' } }),
    );
    expect(b.cancelFee).toBe(first);
    expect(b.refund).toBeCloseTo(late.quote.payNow - first, 2);
    // A second cancel is refused; nothing refunded twice.
    expect((await t.request('POST', url(P.bookingCancel, late.id), { token, body: { reason: 'x' } })).statusCode).toBe(
      409,
    );
    // A holiday in the stay: 48 h before is inside the 72 h window, two first-day prices.
    const holiday = dayOf(at(t, 4, 12));
    await ok(await t.request('POST', P.holidaySave, { token, body: { day: holiday, name: '测试节日' } }));
    const holFrom = at(t, 3, 10);
    const hol = await book(s.storeId, holFrom, at(t, 5, 10));
    await paySandbox(hol.id);
    await move(new Date(holFrom.getTime() - 48 * 3_600_000));
    const h = await ok<{ cancelFee: number; refund: number }>(
      await t.request('POST', url(P.bookingCancel, hol.id), { token, body: { reason: '改期' } }),
    );
    expect(h.cancelFee).toBe(Math.min(2 * hol.quote.days[0]!.price, hol.quote.rent));
    const detail = await get(hol.id);
    expect(detail).toMatchObject({ state: 'cancelled', cancelFee: h.cancelFee });
  });
});

describe('pick-up, return, settlement', () => {
  it('runs a booking end to end: inspections, usage period, a violation attributed to the renter, late fee, refund', async () => {
    const s = await makeStore(t, { rentId: id.hz, carTypeId: id.carTypeId, cars: 1 });
    const from = at(t, 2, 10);
    const to = at(t, 4, 10);
    const b = await book(s.storeId, from, to);
    const paidOrder = (await paySandbox(b.id)).orderId;
    // Too early: more than 2 h before the pick-up.
    await move(new Date(from.getTime() - 3 * 3_600_000));
    expect(
      (await t.request('POST', url(P.bookingPickUp, b.id), { token, body: inspection(10_000, 90) })).statusCode,
    ).toBe(409);
    await move(new Date(from.getTime() - 30 * 60_000));
    await ok(await t.request('POST', url(P.bookingPickUp, b.id), { token, body: inspection(10_050, 90) }));
    const inUse = await get(b.id);
    expect(inUse.state).toBe('inUse');
    expect(inUse.dispatchInspectionId).not.toBeNull();
    const [car] = await q<{ status: string }>(t, `select status from cars where id = $1`, [s.carIds[0]]);
    expect(car!.status).toBe('rented');
    const [period] = await q<{ id: number; driver_id: number; to_at: Date | null }>(
      t,
      `select id, driver_id, to_at from car_usage_periods where booking_id = $1`,
      [b.id],
    );
    expect(period).toMatchObject({ driver_id: inUse.driverId, to_at: null });
    // A parking ticket during the booking: the database gives it to the renter.
    const [plate] = await q<{ plate: string }>(t, `select plate from cars where id = $1`, [s.carIds[0]]);
    await q(
      t,
      `insert into violations (tenant_id, rent_id, car_id, plate, violation_no, occurred_at, place, offence_code,
         offence_text, fine_fen, points, source)
       values ($1, $2, $3, $4, 'STV1', $5, '杭州市', '1039', '违反规定停放', 20000, 0, 'manual')`,
      [id.demo, id.hz, s.carIds[0], plate!.plate, iso(new Date(from.getTime() + 3_600_000))],
    );
    const [v] = await q<{ driver_id: number; usage_period_id: number }>(
      t,
      `select driver_id, usage_period_id from violations where violation_no = 'STV1'`,
    );
    expect(v).toMatchObject({ driver_id: inUse.driverId, usage_period_id: period!.id });
    // Returned 3 h late, 30 % fuel short, 650 km (200 a day allowed: 250 over at 1 yuan), no damage.
    await move(new Date(to.getTime() + 3 * 3_600_000));
    const ret = await ok<{ charges: BookingCharges }>(
      await t.request('POST', url(P.bookingReturn, b.id), {
        token,
        body: { ...inspection(10_700, 60), damageDeduction: 0 },
      }),
    );
    const lastDay = b.quote.days.at(-1)!.price;
    expect(ret.charges.late).toBeCloseTo(Math.min((3 * Math.ceil((lastDay * 100 * 20) / 100)) / 100, lastDay), 2);
    expect(ret.charges.fuel).toBe(150); // 30 % × 5 yuan
    expect(ret.charges.overKm).toBe(250);
    expect(ret.charges.earlyRefund).toBe(0);
    const [closed] = await q<{ to_at: Date | null }>(t, `select to_at from car_usage_periods where id = $1`, [
      period!.id,
    ]);
    expect(closed!.to_at).not.toBeNull();
    // Settled: the charges come out of the 3000 damage deposit, the rest goes back.
    const charged = ret.charges.late + ret.charges.fuel + ret.charges.overKm;
    const settled = await ok<{ state: string; refund: number; balanceDue: number }>(
      await t.request('POST', url(P.bookingSettle, b.id), { token, body: {} }),
    );
    expect(settled.state).toBe('completed');
    expect(settled.refund).toBeCloseTo(3000 - charged, 2);
    expect(settled.balanceDue).toBe(0);
    expect((await order(paidOrder)).refunded_fen).toBe(Math.round((3000 - charged) * 100));
    const done = await get(b.id);
    expect(done.violationHoldUntil).not.toBeNull();
    expect(done.violationReleasedAt).toBeNull();
    // The violation deposit is released after the hold: the 200 yuan fine is kept, 1800 refunded.
    const [hold] = await q<{ d: string }>(t, `select violation_hold_until::text as d from st_bookings where id = $1`, [
      b.id,
    ]);
    await runShortTermJob(t.deps, new Date(`${hold!.d}T12:00:00+08:00`));
    expect((await get(b.id)).violationReleasedAt).toBeNull();
    await runShortTermJob(t.deps, new Date(new Date(`${hold!.d}T12:00:00+08:00`).getTime() + 86_400_000));
    const released = await get(b.id);
    expect(released.violationUsed).toBe(200);
    expect(released.violationReleasedAt).not.toBeNull();
    expect((await order(paidOrder)).refunded_fen).toBe(Math.round((3000 - charged + 1800) * 100));
    // Run again: nothing more.
    await runShortTermJob(t.deps, new Date(new Date(`${hold!.d}T12:00:00+08:00`).getTime() + 2 * 86_400_000));
    expect((await order(paidOrder)).refunded_fen).toBe(Math.round((3000 - charged + 1800) * 100));
  });

  it('charges beyond the damage deposit make a balance order; paying it completes the booking', async () => {
    const s = await makeStore(t, { rentId: id.hz, carTypeId: id.carTypeId, cars: 1 });
    const from = at(t, 2, 10);
    const to = at(t, 3, 10);
    const b = await book(s.storeId, from, to);
    await paySandbox(b.id);
    await move(from);
    await ok(await t.request('POST', url(P.bookingPickUp, b.id), { token, body: inspection(10_000, 80) }));
    await move(new Date(to.getTime() - 10 * 60_000));
    await ok(
      await t.request('POST', url(P.bookingReturn, b.id), {
        token,
        body: { ...inspection(10_100, 80), damageDeduction: 3500 },
      }),
    );
    const s1 = await ok<{ state: string; refund: number; balanceDue: number; balanceOrderId: number }>(
      await t.request('POST', url(P.bookingSettle, b.id), { token, body: { otherCharge: 100 } }),
    );
    expect(s1).toMatchObject({ state: 'returned', refund: 0, balanceDue: 600 });
    const detail = await get(b.id);
    expect(detail.actions).toContain('pay');
    expect(detail.charges).toMatchObject({ damage: 3500, other: 100 });
    const info = await paySandbox(b.id);
    expect(info.orderId).toBe(s1.balanceOrderId);
    expect(info.amount).toBe(600);
    expect((await get(b.id)).state).toBe('completed');
    // Settling again is refused.
    expect((await t.request('POST', url(P.bookingSettle, b.id), { token, body: {} })).statusCode).toBe(409);
  });

  it('an early return gives back half of the unused whole days', async () => {
    const s = await makeStore(t, { rentId: id.hz, carTypeId: id.carTypeId, cars: 1 });
    const from = at(t, 2, 10);
    const to = at(t, 6, 10);
    const b = await book(s.storeId, from, to);
    await paySandbox(b.id);
    await move(from);
    await ok(await t.request('POST', url(P.bookingPickUp, b.id), { token, body: inspection(10_000, 80) }));
    await move(new Date(from.getTime() + 25 * 3_600_000)); // 71 h early: 2 whole days unused
    const ret = await ok<{ charges: BookingCharges }>(
      await t.request('POST', url(P.bookingReturn, b.id), {
        token,
        body: { ...inspection(10_100, 80), damageDeduction: 0 },
      }),
    );
    const unused = b.quote.days.slice(-2).reduce((sum, d) => sum + d.price, 0);
    expect(ret.charges.earlyRefund).toBe(Math.floor(unused * 100 * 0.5) / 100);
    const settled = await ok<{ refund: number }>(
      await t.request('POST', url(P.bookingSettle, b.id), { token, body: {} }),
    );
    expect(settled.refund).toBeCloseTo(3000 + ret.charges.earlyRefund, 2);
  });

  it('overdue pick-ups and returns tell the staff once', async () => {
    const s = await makeStore(t, { rentId: id.hz, carTypeId: id.carTypeId, cars: 1 });
    const from = at(t, 2, 10);
    const b = await book(s.storeId, from, at(t, 3, 10));
    await paySandbox(b.id);
    const count = async () =>
      Number(
        (
          await q<{ n: number }>(t, `select count(*)::int as n from push_records where link = $1`, [
            `/sevenShort/booking/${b.id}`,
          ])
        )[0]!.n,
      );
    await runShortTermJob(t.deps, new Date(from.getTime() + 30 * 60_000));
    expect(await count()).toBe(0);
    await runShortTermJob(t.deps, new Date(from.getTime() + 2 * 3_600_000));
    const first = await count();
    expect(first).toBeGreaterThan(0);
    await runShortTermJob(t.deps, new Date(from.getTime() + 3 * 3_600_000));
    expect(await count()).toBe(first);
    expect((await get(b.id)).events.some((e) => e.kind === 'overdue')).toBe(true);
  });
});
