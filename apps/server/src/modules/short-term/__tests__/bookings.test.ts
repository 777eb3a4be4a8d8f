import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BoardCalendarAnswer,
  BoardDayAnswer,
  BookingCreateAnswer,
  BookingDetail,
  QuoteAnswer,
} from '@fleetdesk/contracts/short-term';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { addUser } from '../../../test/users.js';
import { at, dayOf, driverOf, ids, iso, makeStore, newRenter, ok, P, q, stay } from './fixtures.js';

let t: TestApp;
let id: Awaited<ReturnType<typeof ids>>;
let store: { storeId: number; carIds: number[] };

beforeAll(async () => {
  t = await createTestApp();
  id = await ids(t);
  store = await makeStore(t, { rentId: id.hz, carTypeId: id.carTypeId, cars: 2 });
});
afterAll(async () => t.close());

const quote = (body: object, as = 'admin') => t.request('POST', P.bookingQuote, { as, body });
const fieldOf = (res: { json(): unknown }) => (res.json() as { errors?: { path: string }[] }).errors?.[0]?.path;

describe('quote', () => {
  it('prices each rental day by its calendar day and counts the free cars', async () => {
    const from = at(t, 3, 10);
    const to = at(t, 6, 10.5); // 3 days and 30 minutes: within the grace, still 3 days
    const a = await ok<QuoteAnswer>(await quote(stay(store.storeId, id.carTypeId, from, to)));
    expect(a.available).toBe(2);
    expect(a.quote.days).toHaveLength(3);
    expect(a.quote.days[0]!.date).toBe(dayOf(from));
    for (const d of a.quote.days) expect(d.price).toBe(d.kind === 'weekday' ? 200 : 300);
    expect(a.quote.rent).toBe(a.quote.days.reduce((s, d) => s + d.price, 0));
    expect(a.quote.discount).toBe(0);
    expect(a.quote.deposit).toEqual({ damage: 3000, violation: 2000 });
    expect(a.quote.mileageLimitKm).toBe(600);
    expect(a.quote.payNow).toBe(a.quote.total + 5000);
    // Past the grace a fourth day starts.
    const longer = await ok<QuoteAnswer>(await quote(stay(store.storeId, id.carTypeId, from, at(t, 6, 11.5))));
    expect(longer.quote.days).toHaveLength(4);
  });

  it('applies the long-rental discount, a holiday and a date price, protection, extras and delivery', async () => {
    const from = at(t, 10, 9);
    const to = at(t, 18, 9); // 8 days: the 7-day discount (5 %)
    const holiday = dayOf(at(t, 11, 12));
    const special = dayOf(at(t, 12, 12));
    await ok(await t.request('POST', P.holidaySave, { as: 'admin', body: { day: holiday, name: '测试假日' } }));
    await ok(
      await t.request('POST', P.priceDaysSet, {
        as: 'admin',
        body: { storeId: store.storeId, carTypeId: id.carTypeId, from: special, to: special, price: 450 },
      }),
    );
    const protection = await ok<{ id: number }>(
      await t.request('POST', P.protectionCreate, { as: 'admin', body: { name: '测试保障', dayPrice: 40 } }),
    );
    const extra = await ok<{ id: number }>(
      await t.request('POST', P.extraCreate, {
        as: 'admin',
        body: { name: '测试座椅', kind: 'childSeat', dayPrice: 30, maxPrice: 200 },
      }),
    );
    const a = await ok<QuoteAnswer>(
      await quote(
        stay(store.storeId, id.carTypeId, from, to, {
          protectionId: protection.id,
          extras: [{ extraId: extra.id, count: 2 }],
          delivery: true,
          deliveryAddress: '杭州市西湖区文一路 2 号',
        }),
      ),
    );
    expect(a.quote.days).toHaveLength(8);
    expect(a.quote.days.find((d) => d.date === holiday)).toMatchObject({ kind: 'holiday', price: 300 });
    expect(a.quote.days.find((d) => d.date === special)).toMatchObject({ kind: 'special', price: 450 });
    expect(a.quote.discountPct).toBe(5);
    expect(a.quote.discount).toBe(Math.round(a.quote.rent * 5) / 100);
    expect(a.quote.protection).toBe(320);
    expect(a.quote.extras).toBe(400); // 8 × 30 = 240, capped at 200 a seat, two seats
    expect(a.quote.delivery).toBe(50);
    expect(a.quote.total).toBeCloseTo(a.quote.rent - a.quote.discount + 320 + 400 + 50, 2);
  });

  it('refuses times outside the store hours, too short a notice, too far ahead, too long a stay', async () => {
    const cases: [Date, Date, string][] = [
      [at(t, 2, 7), at(t, 4, 10), 'pickUpAt'], // opens at 08:00
      [at(t, 2, 10), at(t, 4, 22), 'returnAt'], // closes at 21:00
      [new Date(t.clock.now().getTime() + 3_600_000), at(t, 4, 10), 'pickUpAt'], // 2 h notice
      [at(t, 95, 10), at(t, 97, 10), 'pickUpAt'], // 90 days ahead
      [at(t, 2, 10), at(t, 2, 9), 'returnAt'], // return before pick-up
      [at(t, 2, 10), at(t, 95, 10), 'returnAt'], // more than 90 days
    ];
    for (const [from, to, field] of cases) {
      // Hours outside the store's only bite when the notice passes; keep the notice case inside the hours.
      const res = await quote(stay(store.storeId, id.carTypeId, from, to));
      if (field === 'pickUpAt' && res.statusCode === 200) throw new Error(`accepted ${iso(from)}`);
      expect(res.statusCode, `${iso(from)} ${iso(to)} ${res.body}`).toBe(400);
      expect(fieldOf(res)).toBe(field);
    }
  });

  it('refuses a car type without a price, a store of another tenant (404) and delivery a store does not offer', async () => {
    const [type] = await q<{ id: number }>(t, `select id from car_types where tenant_id = $1 and name = '商务型'`, [
      id.demo,
    ]);
    const res = await quote(stay(store.storeId, Number(type!.id), at(t, 3, 10), at(t, 4, 10)));
    expect(res.statusCode).toBe(400);
    expect(fieldOf(res)).toBe('carTypeId');
    expect((await quote(stay(id.otherStoreId, id.carTypeId, at(t, 3, 10), at(t, 4, 10)))).statusCode).toBe(404);
  });
});

describe('create', () => {
  it('books a free car for a new renter (made a driver) and refuses an overlapping booking of the last car', async () => {
    const s = await makeStore(t, { rentId: id.hz, carTypeId: id.carTypeId, cars: 1 });
    const body = stay(s.storeId, id.carTypeId, at(t, 5, 10), at(t, 7, 10));
    const renter = newRenter();
    const created = await ok<BookingCreateAnswer>(
      await t.request('POST', P.bookingCreate, { as: 'admin', body: { ...body, renter } }),
    );
    expect(created.code).toMatch(/^S\d{8}\d{4}$/);
    const b = await ok<BookingDetail>(
      await t.request('GET', P.bookingGet.replace(':id', String(created.id)), { as: 'admin' }),
    );
    expect(b).toMatchObject({ state: 'unpaid', carId: s.carIds[0], driverName: renter.name, days: 2 });
    expect(b.events.map((e) => e.kind)).toEqual(['created']);
    expect(b.actions).toEqual(expect.arrayContaining(['pay', 'cancel']));
    const [driver] = await q<{ state: string }>(t, `select state from drivers where id = $1`, [b.driverId]);
    expect(driver!.state).toBe('prospect');
    // Overlapping by an hour: nothing free any more.
    const again = await t.request('POST', P.bookingCreate, {
      as: 'admin',
      body: { ...stay(s.storeId, id.carTypeId, at(t, 7, 9), at(t, 9, 10)), driverId: await driverOf(t, id.hz) },
    });
    expect(again.statusCode).toBe(409);
    // The car named explicitly: carTaken.
    const named = await t.request('POST', P.bookingCreate, {
      as: 'admin',
      body: {
        ...stay(s.storeId, id.carTypeId, at(t, 6, 9), at(t, 8, 10)),
        carId: s.carIds[0],
        driverId: await driverOf(t, id.hz),
      },
    });
    expect(named.statusCode).toBe(409);
    expect(named.json().code).toBe('shortTerm.carTaken');
    // Right after the return: free again ('[)' ranges).
    const next = await t.request('POST', P.bookingCreate, {
      as: 'admin',
      body: { ...stay(s.storeId, id.carTypeId, at(t, 7, 10), at(t, 8, 10)), driverId: await driverOf(t, id.hz) },
    });
    expect(next.statusCode, next.body).toBe(200);
    // The quote says so too.
    const a = await ok<QuoteAnswer>(await quote(stay(s.storeId, id.carTypeId, at(t, 6, 10), at(t, 6, 15))));
    expect(a.available).toBe(0);
  });

  it('ten concurrent bookings of one car: exactly one wins, the others are 409', async () => {
    const s = await makeStore(t, { rentId: id.hz, carTypeId: id.carTypeId, cars: 1 });
    const driverId = await driverOf(t, id.hz);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.request('POST', P.bookingCreate, {
          as: 'admin',
          body: { ...stay(s.storeId, id.carTypeId, at(t, 20, 10 + (i % 3)), at(t, 22, 10)), driverId },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    const [n] = await q<{ n: number }>(t, `select count(*)::int as n from st_bookings where car_id = $1`, [
      s.carIds[0],
    ]);
    expect(n!.n).toBe(1);
  });

  it('the database refuses two live bookings of one car that overlap (the exclusion constraint)', async () => {
    const [b] = await q<Record<string, unknown>>(
      t,
      `select * from st_bookings where tenant_id = $1 and state in ('unpaid','toPickUp') order by id limit 1`,
      [id.demo],
    );
    await expect(
      q(
        t,
        `insert into st_bookings (tenant_id, code, rent_id, store_id, return_store_id, car_type_id, car_id, driver_id, state,
           pick_up_at, return_at, quote, days, rent_fen, total_fen, damage_deposit_fen, violation_deposit_fen)
         values ($1, 'SX', $2, $3, $3, $4, $5, $6, 'unpaid', $7::timestamptz + interval '1 hour', $8, '{}'::jsonb, 1, 0, 0, 0, 0)`,
        [b!.tenant_id, b!.rent_id, b!.store_id, b!.car_type_id, b!.car_id, b!.driver_id, b!.pick_up_at, b!.return_at],
      ),
    ).rejects.toThrow(/st_bookings_no_overlap|exclusion/);
  });

  it('a renter named twice, neither, or a blacklisted driver is refused', async () => {
    const body = stay(store.storeId, id.carTypeId, at(t, 30, 10), at(t, 31, 10));
    const neither = await t.request('POST', P.bookingCreate, { as: 'admin', body });
    expect(neither.statusCode).toBe(400);
    const [bad] = await q<{ id: number }>(
      t,
      `update drivers set state = 'blacklisted' where id = (select id from drivers where rent_id = $1 and deleted_at is null order by id desc limit 1) returning id`,
      [id.hz],
    );
    const black = await t.request('POST', P.bookingCreate, { as: 'admin', body: { ...body, driverId: bad!.id } });
    expect(black.statusCode).toBe(409);
  });
});

describe('lists and the board', () => {
  it('lists bookings by state and keyword, and cancels an unpaid one at no cost', async () => {
    const s = await makeStore(t, { rentId: id.hz, carTypeId: id.carTypeId, cars: 1 });
    const renter = newRenter();
    const created = await ok<BookingCreateAnswer>(
      await t.request('POST', P.bookingCreate, {
        as: 'admin',
        body: { ...stay(s.storeId, id.carTypeId, at(t, 4, 10), at(t, 5, 10)), renter },
      }),
    );
    const list = await ok<{ rows: { id: number }[]; total: number }>(
      await t.request('GET', P.bookingList, {
        as: 'admin',
        query: { pageNum: 1, pageSize: 10, state: 'unpaid', keyword: renter.name, storeId: s.storeId },
      }),
    );
    expect(list.rows.map((r) => r.id)).toEqual([created.id]);
    const cancel = await ok<{ cancelFee: number; refund: number }>(
      await t.request('POST', P.bookingCancel.replace(':id', String(created.id)), {
        as: 'admin',
        body: { reason: '客户改期' },
      }),
    );
    expect(cancel).toEqual({ cancelFee: 0, refund: 0 });
    const b = await ok<BookingDetail>(
      await t.request('GET', P.bookingGet.replace(':id', String(created.id)), { as: 'admin' }),
    );
    expect(b).toMatchObject({ state: 'cancelled', cancelReason: '客户改期', actions: [] });
    // Its car is free again.
    const a = await ok<QuoteAnswer>(await quote(stay(s.storeId, id.carTypeId, at(t, 4, 10), at(t, 5, 10))));
    expect(a.available).toBe(1);
  });

  it('the day board and the calendar of a store', async () => {
    const s = await makeStore(t, { rentId: id.hz, carTypeId: id.carTypeId, cars: 2 });
    const created = await ok<BookingCreateAnswer>(
      await t.request('POST', P.bookingCreate, {
        as: 'admin',
        body: { ...stay(s.storeId, id.carTypeId, at(t, 2, 10), at(t, 4, 10)), driverId: await driverOf(t, id.hz) },
      }),
    );
    const day = await ok<BoardDayAnswer>(
      await t.request('GET', P.boardDay, { as: 'admin', query: { storeId: s.storeId, date: dayOf(at(t, 2, 10)) } }),
    );
    expect(day.pickUps.map((b) => b.id)).toEqual([created.id]);
    expect(day.returns).toEqual([]);
    expect(day.availableByType).toEqual([expect.objectContaining({ carTypeId: id.carTypeId, total: 2, available: 2 })]);
    const cal = await ok<BoardCalendarAnswer>(
      await t.request('GET', P.boardCalendar, {
        as: 'admin',
        query: { storeId: s.storeId, from: dayOf(at(t, 0, 12)), days: 14 },
      }),
    );
    expect(cal.cars).toHaveLength(2);
    expect(cal.cars.flatMap((c) => c.bookings.map((b) => b.id))).toEqual([created.id]);
    expect(
      (
        await t.request('GET', P.boardCalendar, {
          as: 'admin',
          query: { storeId: s.storeId, from: '2026-01-01', days: 40 },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('a booking in use past its planned return holds its car until it is returned', async () => {
    const s = await makeStore(t, { rentId: id.hz, carTypeId: id.carTypeId, cars: 1 });
    const created = await ok<BookingCreateAnswer>(
      await t.request('POST', P.bookingCreate, {
        as: 'admin',
        body: { ...stay(s.storeId, id.carTypeId, at(t, 2, 10), at(t, 3, 10)), driverId: await driverOf(t, id.hz) },
      }),
    );
    // Picked up three days ago, due back yesterday, not returned.
    await q(t, `update st_bookings set state = 'inUse', pick_up_at = $2, return_at = $3 where id = $1`, [
      created.id,
      at(t, -3, 10).toISOString(),
      at(t, -1, 10).toISOString(),
    ]);
    const later = await ok<QuoteAnswer>(await quote(stay(s.storeId, id.carTypeId, at(t, 5, 10), at(t, 6, 10))));
    expect(later.available).toBe(0);
    const day = await ok<BoardDayAnswer>(
      await t.request('GET', P.boardDay, { as: 'admin', query: { storeId: s.storeId, date: dayOf(at(t, 0, 12)) } }),
    );
    expect(day.availableByType).toEqual([expect.objectContaining({ carTypeId: id.carTypeId, total: 1, available: 0 })]);
  });

  it('a store with a live booking cannot be deleted nor lose that car', async () => {
    const s = await makeStore(t, { rentId: id.hz, carTypeId: id.carTypeId, cars: 1 });
    await ok(
      await t.request('POST', P.bookingCreate, {
        as: 'admin',
        body: { ...stay(s.storeId, id.carTypeId, at(t, 2, 10), at(t, 4, 10)), driverId: await driverOf(t, id.hz) },
      }),
    );
    expect((await t.request('POST', P.storeDelete.replace(':id', String(s.storeId)), { as: 'admin' })).statusCode).toBe(
      409,
    );
    const remove = await t.request('POST', P.storeCarRemove, {
      as: 'admin',
      body: { storeId: s.storeId, carId: s.carIds[0] },
    });
    expect(remove.statusCode).toBe(409);
    // Moving it into another store is refused too.
    const other = await makeStore(t, { rentId: id.hz, carTypeId: id.carTypeId, cars: 0 });
    const move = await t.request('POST', P.storeCarsAdd, {
      as: 'admin',
      body: { storeId: other.storeId, carIds: s.carIds },
    });
    expect(move.statusCode).toBe(409);
    // A car of another rent cannot join.
    const sh = await makeStore(t, { rentId: id.sh, carTypeId: id.carTypeId, cars: 0 });
    const wrong = await t.request('POST', P.storeCarsAdd, {
      as: 'admin',
      body: { storeId: sh.storeId, carIds: s.carIds },
    });
    expect(wrong.statusCode).toBe(400);
  });
});

describe('access', () => {
  it('403 per permission, and another tenant’s records are 404', async () => {
    const [role] = await q<{ id: number }>(
      t,
      `insert into roles (tenant_id, code, name, data_scope) values ($1, 'stview', '短租查看', 'all') returning id`,
      [id.demo],
    );
    for (const code of ['rentCar', 'sevenShort', 'sevenShort:view'])
      await q(t, `insert into role_grants (tenant_id, role_id, code) values ($1, $2, $3)`, [id.demo, role!.id, code]);
    const { token } = await addUser(t, 'stviewer', { roleIds: [Number(role!.id)], rentIds: [id.hz, id.sh] });
    expect((await t.request('GET', P.storeList, { token, query: { pageNum: 1, pageSize: 10 } })).statusCode).toBe(200);
    const body = {
      ...stay(store.storeId, id.carTypeId, at(t, 40, 10), at(t, 41, 10)),
      driverId: await driverOf(t, id.hz),
    };
    const [booking] = await q<{ id: number }>(
      t,
      `select id from st_bookings where tenant_id = $1 and state = 'toPickUp' limit 1`,
      [id.demo],
    );
    const bid = String(booking!.id);
    const denied: [string, string, object | undefined][] = [
      ['POST', P.bookingCreate, body],
      ['POST', P.storeCreate, { rentId: id.hz, name: 'x', address: 'x', lat: 30, lon: 120, phone: '1' }],
      ['POST', P.storeDelete.replace(':id', String(store.storeId)), undefined],
      ['POST', P.bookingCancel.replace(':id', bid), { reason: 'x' }],
      ['POST', P.bookingPickUp.replace(':id', bid), {}],
      ['POST', P.bookingReturn.replace(':id', bid), {}],
      ['POST', P.bookingSettle.replace(':id', bid), {}],
      ['POST', P.holidaySave, { day: '2030-01-05', name: 'x' }],
      ['GET', P.bookingExport, undefined],
    ];
    for (const [method, url, b] of denied) {
      const res = await t.request(method as 'POST', url, { token, ...(b ? { body: b } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    // The other tenant's store and booking.
    expect(
      (await t.request('GET', P.storeGet.replace(':id', String(id.otherStoreId)), { as: 'admin' })).statusCode,
    ).toBe(404);
    expect(
      (await t.request('GET', P.bookingGet.replace(':id', String(id.otherBookingId)), { as: 'admin' })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.request('POST', P.bookingCancel.replace(':id', String(id.otherBookingId)), {
          as: 'admin',
          body: { reason: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    const list = await ok<{ rows: { id: number }[] }>(
      await t.request('GET', P.bookingList, { as: 'admin', query: { pageNum: 1, pageSize: 100 } }),
    );
    expect(list.rows.map((r) => r.id)).not.toContain(id.otherBookingId);
  });
});
