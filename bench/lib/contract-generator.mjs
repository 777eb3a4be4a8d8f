// Signed contracts with their payment lines for benchmarks (1,000,000 lines by default: 10,000 contracts of 100
// monthly lines), copied from the demo tenant's cars and drivers, straight into a migrated and seeded PostgreSQL.
// The first 50 lines of each are due in the past, paid except one in ten; the rest fall due later. The "one live
// contract per car" index is dropped, so that contracts may share the demo cars (bench databases only).
//
//   const info = await generateContracts(pgClient, { contracts: 10_000 })  // { contracts, lines, seconds }

export const LINES_PER_CONTRACT = 100;

/** `client` answers `query(text, params)` (a connected node-postgres client). */
export async function generateContracts(client, { contracts = 10_000, linesPer = LINES_PER_CONTRACT } = {}) {
  const started = performance.now();
  await client.query('drop index if exists rental_contracts_live_car_uq');
  await client.query(
    `insert into rental_contracts (tenant_id, rent_id, number, group_no, driver_id, car_id, type, period, billing,
       start_date, end_date, instalments, rental_days, rent_fen, total_rent_fen, total_fen, state, signed_at)
     select k.tenant_id, car.rent_id, 'BENCH' || g, 'BENCH' || g, d.id, car.id, 'longTerm', 'monthly', 'prepaid',
       current_date - 1500, current_date + 1500, 100, 3001, 300000, 30000000, 30000000, 'signed', now()
     from generate_series(1, ${Number(contracts)}) g
     cross join lateral (select tenant_id from rental_contracts limit 1) k
     join lateral (select id, rent_id from cars where tenant_id = k.tenant_id and deleted_at is null
       order by id offset (g % 20) limit 1) car on true
     join lateral (select id from drivers where tenant_id = k.tenant_id and rent_id = car.rent_id and state = 'active'
       order by id limit 1) d on true`,
  );
  await client.query(
    `insert into rental_payment_lines (tenant_id, contract_id, rent_id, type, period, due_date, amount_fen, paid_fen,
       state, version)
     select k.tenant_id, k.id, k.rent_id, 'rent', p, k.start_date + (p - 1) * 30, 300000,
       case when p <= 50 and (k.id + p) % 10 <> 0 then 300000 else 0 end,
       case when p <= 50 and (k.id + p) % 10 <> 0 then 'paid' else 'unpaid' end, 0
     from rental_contracts k cross join generate_series(1, ${Number(linesPer)}) p where k.number like 'BENCH%'`,
  );
  await client.query('analyze');
  const { rows } = await client.query(`select count(*)::int as n from rental_payment_lines`);
  return { contracts, lines: rows[0].n, seconds: Math.round((performance.now() - started) / 10) / 100 };
}
