// One short-term store at scale for the quote benchmark (issue 33): in the demo tenant of a migrated and seeded
// PostgreSQL, set-based:
// - a store 压测门店 in the Hangzhou rent, open 00:00-23:59, no notice, 120 days ahead;
// - `cars` cars of one car type made like a demo car (plates 浙AB + 5 digits, VINs LBENCH...), all in the store;
// - the type's price (weekday 200, weekend 300, discounts 5/10/15 %), date prices on every tenth day of the window;
// - bookings: for four cars in five a live booking (to pick up) of two days somewhere in the next 40 days, and two
//   completed ones in the past month (the history a real store has), so that the quote's overlap test has rows to
//   read and most cars are taken for some part of a 30-day stay.
//
//   const made = await generateShortTerm(db, { cars: 500 })
//
// Everything comes from the car's number, so a run is deterministic (relative to the day it runs).

export async function generateShortTerm(db, { cars = 500, tenantCode = 'DEMO' } = {}) {
  const one = async (text) => (await db.query(text)).rows[0];
  const t = await one(`select id from tenants where code = '${tenantCode}'`);
  const rent = await one(`select id from rents where tenant_id = ${t.id} and code = 'HZ'`);
  const template = await one(
    `select id, car_type_id from cars where tenant_id = ${t.id} and rent_id = ${rent.id} and car_type_id is not null
      and deleted_at is null order by id limit 1`,
  );
  const driver = await one(
    `select id from drivers where tenant_id = ${t.id} and rent_id = ${rent.id} and deleted_at is null order by id limit 1`,
  );
  const store = await one(
    `insert into st_stores (tenant_id, rent_id, name, address, lat, lon, phone, opens_at, closes_at, min_notice_hours,
       max_days_ahead, delivery_radius_km, delivery_fee_fen, enabled)
     values (${t.id}, ${rent.id}, '压测门店', '杭州市滨江区网商路 699 号', 30.19, 120.19, '0571-80000000', '00:00', '23:59', 0, 120, 0, 0, true)
     returning id`,
  );
  const columns = (
    await db.query(
      `select column_name from information_schema.columns where table_name = 'cars' and column_name <> 'id'
         and is_generated = 'NEVER' order by ordinal_position`,
    )
  ).rows.map((r) => r.column_name);
  const values = columns.map((c) =>
    c === 'plate'
      ? `'浙AB' || lpad(g::text, 5, '0')`
      : c === 'vin'
        ? `'LBENCH' || lpad(g::text, 11, '0')`
        : c === 'status'
          ? `'idle'`
          : c === 'deleted_at' || c === 'deleted_by' || c === 'import_ref' || c === 'transfer_to_rent_id'
            ? 'null'
            : `t.${c}`,
  );
  await db.query(
    `insert into cars (${columns.join(', ')})
     select ${values.join(', ')} from cars t cross join generate_series(1, ${cars}) g where t.id = ${template.id}`,
  );
  await db.query(
    `insert into st_store_cars (tenant_id, car_id, store_id)
     select tenant_id, id, ${store.id} from cars where tenant_id = ${t.id} and plate like '浙AB%' and vin like 'LBENCH%'`,
  );
  await db.query(
    `insert into st_prices (tenant_id, store_id, car_type_id, weekday_fen, weekend_fen, discount7_bp, discount15_bp,
       discount30_bp, mileage_limit_km, over_km_fen, damage_deposit_fen, violation_deposit_fen)
     values (${t.id}, ${store.id}, ${template.car_type_id}, 20000, 30000, 500, 1000, 1500, 300, 100, 300000, 200000)`,
  );
  await db.query(
    `insert into st_price_days (tenant_id, store_id, car_type_id, day, price_fen)
     select ${t.id}, ${store.id}, ${template.car_type_id}, current_date + d, 45000 from generate_series(0, 60, 10) d`,
  );
  // Live bookings: car g (not every fifth) from day 1 + g % 40 at 10:00 for two days; past ones a month back.
  const booking = (state, from, days, n) =>
    `insert into st_bookings (tenant_id, code, rent_id, store_id, return_store_id, car_type_id, car_id, driver_id, state,
       pick_up_at, return_at, quote, days, rent_fen, total_fen, damage_deposit_fen, violation_deposit_fen)
     select ${t.id}, 'SB${n}' || lpad(c.n::text, 6, '0'), ${rent.id}, ${store.id}, ${store.id}, ${template.car_type_id},
       c.id, ${driver.id}, '${state}', ${from}, ${from} + interval '${days} days', '{}'::jsonb, ${days}, 40000, 40000,
       300000, 200000
     from (select id, row_number() over (order by id) as n from cars where tenant_id = ${t.id} and vin like 'LBENCH%') c`;
  await db.query(
    `${booking('toPickUp', `(date_trunc('day', now()) + interval '10 hours' + ((1 + c.n % 40) || ' days')::interval)`, 2, 1)} where c.n % 5 <> 0`,
  );
  await db.query(
    `${booking('completed', `(date_trunc('day', now()) - interval '30 days' + ((c.n % 7) || ' days')::interval)`, 2, 2)}`,
  );
  await db.query(
    `${booking('completed', `(date_trunc('day', now()) - interval '20 days' + ((c.n % 5) || ' days')::interval)`, 3, 3)}`,
  );
  const counts = await one(
    `select (select count(*) from st_store_cars where store_id = ${store.id}) as cars,
       (select count(*) from st_bookings where store_id = ${store.id}) as bookings`,
  );
  return {
    storeId: Number(store.id),
    carTypeId: Number(template.car_type_id),
    cars: Number(counts.cars),
    bookings: Number(counts.bookings),
  };
}
