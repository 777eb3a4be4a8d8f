// Maintenance at scale for the due-list benchmark (issue 31): on the generated fleet (lib/fleet-generator.mjs) of one
// tenant, written straight into a migrated and seeded PostgreSQL, set-based:
// - a plan per car type (the demo seed's, else made here: 10,000 km or 6 months; the new-energy type 20,000 km or
//   12 months) and the cars without a type their own plan (15,000 km or 9 months);
// - a dozen workshops (own and partners, some of one rent, some of the whole company);
// - a year of work orders per car: 2 to 4 (about 300,000 on 100,000 cars), the newest service at a day spread over
//   the plan's interval and a little more (so that some cars are due and some overdue, as in life), the service
//   before it one interval earlier when that is within the year, repairs, tyres, bodywork and accidents for the rest;
//   one in a hundred cars has an open order (reported, approving, approved, in the workshop, done, settled,
//   cancelled);
// - their parts and labour lines: 3 or 4 an order (about 1,000,000), with the orders' sums;
// - a bound GPS tracker with an odometer on 3 cars in 10 (a little ahead of the car's mileage on most of them, so
//   that the current km comes from either source).
// Then `maintenance_due` is filled by the server's own `refreshDue` (the caller does it: see maintenance.bench.mjs).
//
//   const made = await generateMaintenance(db, { tenantCode: 'DEMO' })
//
// Each car's pace (15-65 km a day) and the day of its last service come from its id, so a run is deterministic.

/** Parts and labour by the kind of order: [name, part number, unit price in fen] / [name, hours, rate fen]. */
const PARTS = {
  service: [
    ['机油 5W-30 4L', 'OIL-5W30-4', 32_000],
    ['机油滤清器', 'FLT-OIL-01', 4_500],
    ['空气滤清器', 'FLT-AIR-02', 8_500],
    ['空调滤清器', 'FLT-CAB-03', 6_800],
    ['火花塞', 'SPK-IR-04', 9_000],
  ],
  repair: [
    ['刹车片（前）', 'BRK-PAD-F', 42_000],
    ['刹车盘（前）', 'BRK-DSC-F', 68_000],
    ['蓄电池 60Ah', 'BAT-60AH', 58_000],
    ['雨刮片', 'WPR-600', 9_800],
    ['前大灯总成', 'LMP-HEAD-L', 128_000],
    ['发电机皮带', 'BLT-ALT-01', 16_000],
  ],
  tyre: [
    ['轮胎 215/55 R17', 'TYR-2155517', 68_000],
    ['气门嘴', 'TYR-VLV', 1_500],
    ['动平衡块', 'TYR-BAL', 1_000],
  ],
  bodywork: [
    ['前保险杠', 'BDY-BMP-F', 156_000],
    ['车门钣金喷漆', 'BDY-PNT-D', 80_000],
    ['后视镜总成', 'BDY-MIR-R', 45_000],
  ],
};
const LABOUR = {
  service: ['保养工时', 0.5],
  repair: ['维修工时', 1.5],
  tyre: ['换胎工时', 0.5],
  bodywork: ['钣喷工时', 4],
};
const WORKSHOPS = [
  ['自营维修中心', 'own', null],
  ['途虎养车工场店（文三路）', 'partner', 'all'],
  ['途虎养车工场店（虹桥路）', 'partner', 'all'],
  ['比亚迪 4S 店（滨江）', 'partner', 'all'],
  ['一汽丰田 4S 店（闵行）', 'partner', 'all'],
  ['天猫养车（萧山）', 'partner', 'all'],
  ['驰加轮胎服务中心', 'partner', 'all'],
  ['小拇指钣喷中心', 'partner', 'all'],
  ['自营快修点（下沙）', 'own', 'rent'],
  ['自营快修点（松江）', 'own', 'rent'],
  ['京东京车会', 'partner', 'rent'],
  ['华胜奔驰宝马专修', 'partner', 'rent'],
];

/**
 * Writes the plans, workshops, work orders and lines, and the trackers with their odometers, for the cars of the
 * tenant that have no work order yet. `db.query(text)` answers `{ rows }` (openBenchDatabase). Answers the counts.
 */
export async function generateMaintenance(db, { tenantCode = 'DEMO', trackersPer10 = 3 } = {}) {
  const started = performance.now();
  const one = async (text) => (await db.query(text)).rows;
  const [{ id: tenantId }] = await one(`select id from tenants where code = '${tenantCode}'`);
  const [{ id: userId }] = await one(`select id from users where tenant_id = ${tenantId} order by id limit 1`);
  const rents = (await one(`select id from rents where tenant_id = ${tenantId} order by id`)).map((r) => Number(r.id));

  // Plans: one per car type (kept if the demo seed made it), and one of its own for each car without a type.
  await db.query(`
    insert into maintenance_plans (tenant_id, name, car_type_id, interval_km, interval_months, items)
    select t.tenant_id, t.name || '保养', t.id,
      case when t.name like '%新能源%' then 20000 else 10000 end,
      case when t.name like '%新能源%' then 12 else 6 end,
      '[{"name": "机油"}, {"name": "机油滤清器"}, {"name": "空气滤清器", "quantity": 1}]'::jsonb
    from car_types t
    where t.tenant_id = ${tenantId}
      and not exists (select 1 from maintenance_plans p where p.tenant_id = t.tenant_id and p.car_type_id = t.id)`);
  await db.query(`
    insert into maintenance_plans (tenant_id, name, car_id, interval_km, interval_months, items)
    select c.tenant_id, c.plate || ' 专属保养', c.id, 15000, 9, '[{"name": "机油"}, {"name": "机油滤清器"}]'::jsonb
    from cars c
    where c.tenant_id = ${tenantId} and c.car_type_id is null and c.deleted_at is null
      and not exists (select 1 from maintenance_plans p where p.tenant_id = c.tenant_id and p.car_id = c.id)`);

  // Workshops: of the whole company (rent null) or of one rent.
  await db.query(`
    insert into maintenance_workshops (tenant_id, rent_id, name, kind, address, contact_name, contact_phone, services,
      labour_rate_fen, enabled)
    select ${tenantId}, case when w.scope = 'rent' then (array[${rents.join(', ')}])[1 + w.n % ${rents.length}] end,
      w.name, w.kind, '浙江省杭州市' || w.name, '王师傅', '1390000' || lpad(w.n::text, 4, '0'),
      array['routine', 'repair', 'tyre', 'bodywork', 'accident'], case when w.kind = 'own' then 8000 else 12000 end, true
    from unnest(array[${WORKSHOPS.map((w) => `'${w[0]}'`).join(', ')}]::text[],
      array[${WORKSHOPS.map((w) => `'${w[1]}'`).join(', ')}]::text[],
      array[${WORKSHOPS.map((w) => (w[2] ? `'${w[2]}'` : 'null')).join(', ')}]::text[]) with ordinality as w(name, kind, scope, n)
    on conflict do nothing`);
  const workshops = (await one(`select id from maintenance_workshops where tenant_id = ${tenantId} order by id`)).map(
    (w) => Number(w.id),
  );

  // The orders. Per car: its plan's interval in days (i), its pace (p km a day), the day of its last service (l
  // days ago, 0 .. i + 25: about one car in eight is past its months, one in fifteen within the lead days), and
  // n = 2..4 orders: k = 1 the last service, k = 2 the one before (an interval earlier, else a repair), k >= 3 other
  // kinds at days spread over the year. The newest order of one car in a hundred is still open.
  await db.query(`
    create temporary table bench_orders on commit preserve rows as
    with car as (
      select c.tenant_id, c.id, c.rent_id, c.mileage_km, c.status,
        coalesce(own.interval_months, tp.interval_months, 6) * 30 as i,
        15 + (c.id * 37) % 51 as p
      from cars c
      left join maintenance_plans own on own.tenant_id = c.tenant_id and own.car_id = c.id
      left join maintenance_plans tp on tp.tenant_id = c.tenant_id and tp.car_type_id = c.car_type_id and tp.car_id is null
      where c.tenant_id = ${tenantId} and c.deleted_at is null
        and not exists (select 1 from maintenance_work_orders o where o.tenant_id = c.tenant_id and o.car_id = c.id)
    ), o as (
      select car.*, k, (car.id * 7919) % (car.i + 25) as l,
        case
          when k = 1 then (car.id * 7919) % (car.i + 25)
          when k = 2 and (car.id * 7919) % (car.i + 25) + car.i <= 365 then (car.id * 7919) % (car.i + 25) + car.i
          else (car.id * 131 + k * 97) % 360 end::int as ago,
        case
          when k = 1 then 'service'
          when k = 2 and (car.id * 7919) % (car.i + 25) + car.i <= 365 then 'service'
          else (array['repair', 'tyre', 'repair', 'bodywork', 'accident', 'repair'])[1 + (car.id + k) % 6] end as kind,
        k = 2 + car.id % 3 and car.id % 100 = 0 and k >= 3 as open
      from car cross join lateral generate_series(1, 2 + car.id % 3) k
    )
    select o.*, o.ago as days_ago, greatest(0, o.mileage_km - o.p * o.ago)::int as km_in
    from o`);
  await db.query(`
    insert into maintenance_work_orders (tenant_id, number, rent_id, car_id, workshop_id, kind, state, problem,
      mileage_in, mileage_out, planned_start, planned_end, actual_start, actual_end, estimate_fen, parts_fen, labour_fen,
      total_fen, payer, driver_share_fen, insurance_share_fen, car_status_before, cancel_reason, created_by, created_at,
      updated_at, settled_at, picked_up_at)
    select b.tenant_id,
      'WX' || to_char(b.day, 'YYYYMMDD') || lpad((100 + row_number() over (partition by b.day order by b.id, b.k))::text, 4, '0'),
      b.rent_id, b.id, (array[${workshops.join(', ')}])[1 + (b.id + b.k) % ${workshops.length}], b.kind, b.state,
      case b.kind when 'service' then '定期保养' when 'tyre' then '轮胎磨损' when 'bodywork' then '车身刮擦'
        when 'accident' then '事故维修' else '故障维修' end,
      b.km_in, case when b.state in ('done', 'settled', 'picked_up') then b.km_in + 3 end,
      b.day, b.day + 1,
      case when b.state in ('in_workshop', 'done', 'settled', 'picked_up') then b.day + time '09:00' end,
      case when b.state in ('done', 'settled', 'picked_up') then b.day + time '17:00' end,
      50000, 0, 0, 0, 'company', 0, 0,
      case when b.status = 'rented' then 'rented' else 'idle' end,
      case when b.state = 'cancelled' then '重复报修' end, ${userId},
      b.day + time '08:30', b.day + time '17:00',
      case when b.state in ('settled', 'picked_up') then b.day + time '17:30' end,
      case when b.state = 'picked_up' then b.day + time '18:00' end
    from (
      select bo.*, current_date - bo.days_ago as day,
        case when not bo.open then 'picked_up'
          else (array['reported', 'approving', 'approved', 'in_workshop', 'done', 'settled', 'cancelled'])[1 + (bo.id / 100) % 7]
          end as state
      from bench_orders bo
    ) b`);

  // The day's counters continue after the generated numbers (maintenance_order_numbers: what `create` numbers from).
  await db.query(`
    insert into maintenance_order_numbers (tenant_id, day, last)
    select tenant_id, to_date(substr(number, 3, 8), 'YYYYMMDD'), max(substr(number, 11)::int)
    from maintenance_work_orders where tenant_id = ${tenantId} group by 1, 2
    on conflict (tenant_id, day) do update set last = greatest(maintenance_order_numbers.last, excluded.last)`);

  // Lines: 3 or 4 an order (parts of its kind, then its labour), then the orders' sums.
  await db.query(`create temporary table bench_parts (k text, n int, name text, part_no text, price int)`);
  await db.query(
    `insert into bench_parts values ${Object.entries(PARTS)
      .flatMap(([k, parts]) => parts.map(([name, no, price], n) => `('${k}', ${n}, '${name}', '${no}', ${price})`))
      .join(', ')}`,
  );
  const partsOf = (k) =>
    `case ${k} ${Object.entries(PARTS)
      .map(([kind, parts]) => `when '${kind}' then ${parts.length}`)
      .join(' ')} end`;
  await db.query(`
    insert into maintenance_order_lines (tenant_id, order_id, kind, name, part_no, quantity, unit_price_fen, amount_fen)
    select o.tenant_id, o.id, 'part', p.name, p.part_no, q.quantity, p.price, q.quantity * p.price
    from maintenance_work_orders o
    cross join lateral (select case when o.kind = 'accident' then 'bodywork'
      when o.kind in ('service', 'tyre', 'bodywork') then o.kind else 'repair' end as k) g
    cross join lateral generate_series(1, 2 + (o.id % 3 = 0)::int) j
    join bench_parts p on p.k = g.k and p.n = (o.id + j) % ${partsOf('g.k')}
    cross join lateral (select case when g.k = 'tyre' and j = 1 then 2 else 1 end as quantity) q
    where o.tenant_id = ${tenantId} and o.state not in ('reported', 'approving', 'cancelled')
      and o.created_by = ${userId} and o.number like 'WX%'
      and not exists (select 1 from maintenance_order_lines l where l.tenant_id = o.tenant_id and l.order_id = o.id)`);
  await db.query(`
    insert into maintenance_order_lines (tenant_id, order_id, kind, name, hours, rate_fen, amount_fen)
    select o.tenant_id, o.id, 'labour',
      case o.kind ${Object.entries(LABOUR)
        .map(([k, [n]]) => `when '${k}' then '${n}'`)
        .join(' ')} else '${LABOUR.bodywork[0]}' end,
      h.hours, w.labour_rate_fen, (h.hours * w.labour_rate_fen)::int
    from maintenance_work_orders o
    join maintenance_workshops w on w.tenant_id = o.tenant_id and w.id = o.workshop_id
    cross join lateral (select case o.kind ${Object.entries(LABOUR)
      .map(([k, [, h]]) => `when '${k}' then ${h}`)
      .join(' ')} else 4 end::numeric as hours) h
    where o.tenant_id = ${tenantId} and o.state not in ('reported', 'approving', 'cancelled')
      and not exists (select 1 from maintenance_order_lines l where l.tenant_id = o.tenant_id and l.order_id = o.id
        and l.kind = 'labour')`);
  await db.query(`
    update maintenance_work_orders o set parts_fen = s.parts, labour_fen = s.labour, total_fen = s.parts + s.labour,
      estimate_fen = s.parts + s.labour
    from (select order_id, sum(amount_fen) filter (where kind = 'part')::int as parts,
        sum(amount_fen) filter (where kind = 'labour')::int as labour
      from maintenance_order_lines where tenant_id = ${tenantId} group by order_id) s
    where o.tenant_id = ${tenantId} and o.id = s.order_id and o.total_fen = 0`);

  // Trackers: bound (default device) to 3 cars in 10, each with a last position whose odometer (metres) is a little
  // ahead of the car's mileage on 4 in 7 and behind it on the rest.
  await db.query(`
    insert into gps_devices (tenant_id, imei, model, rent_id, car_id, is_default, installed_at)
    select c.tenant_id, 'MB' || lpad(c.id::text, 13, '0'), 'JT-W100', c.rent_id, c.id, true, now() - interval '200 days'
    from cars c
    where c.tenant_id = ${tenantId} and c.deleted_at is null and c.id % 10 < ${Number(trackersPer10)}
      and not exists (select 1 from gps_devices d where d.tenant_id = c.tenant_id and d.car_id = c.id and d.is_default)`);
  await db.query(`
    insert into gps_last_positions (tenant_id, device_id, fix_time, server_time, lat, lon, speed, course, valid, odometer)
    select d.tenant_id, d.id, now() - (c.id % 600) * interval '1 minute', now() - (c.id % 600) * interval '1 minute',
      30.27 + (c.id % 1000) / 10000.0, 120.15 + (c.id % 997) / 10000.0, 0, 0, true,
      greatest(0, c.mileage_km + (c.id % 7 - 2) * 150) * 1000.0
    from gps_devices d join cars c on c.tenant_id = d.tenant_id and c.id = d.car_id
    where d.tenant_id = ${tenantId} and d.imei like 'MB%'
    on conflict (tenant_id, device_id) do update set odometer = excluded.odometer`);
  await db.query('drop table bench_orders');
  await db.query('drop table bench_parts');
  await db.query('analyze');
  const [counts] = await one(`select
    (select count(*) from maintenance_plans where tenant_id = ${tenantId}) as plans,
    (select count(*) from maintenance_workshops where tenant_id = ${tenantId}) as workshops,
    (select count(*) from maintenance_work_orders where tenant_id = ${tenantId}) as orders,
    (select count(*) from maintenance_order_lines where tenant_id = ${tenantId}) as lines,
    (select count(*) from gps_last_positions p join gps_devices d on d.tenant_id = p.tenant_id and d.id = p.device_id
      where d.tenant_id = ${tenantId} and d.car_id is not null and p.odometer is not null) as odometers`);
  return {
    tenantId: Number(tenantId),
    plans: Number(counts.plans),
    workshops: Number(counts.workshops),
    orders: Number(counts.orders),
    lines: Number(counts.lines),
    trackersWithOdometer: Number(counts.odometers),
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}
