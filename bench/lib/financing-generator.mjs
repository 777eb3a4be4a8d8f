// Financed cars for the financing benchmark: N applications of the demo company to the demo financier (XINDA) on
// N generated cars, written straight into a migrated database (after generateFleet). Most are repaying (S7) with a
// 36-month schedule of which the months already due are paid (one repayment with its allocation line each) and a
// few overdue; the rest are spread over the other states, a share of them waiting for the financier's review
// (S2 at the financier's stage): the financier's work list.
//
//   const info = await generateFinancing(db, { count: 100_000 })

const PERIODS = 36;

/** Writes the applications, instalments, repayments and lines; answers their counts and the time taken. */
export async function generateFinancing(db, { count = 100_000, tenantCode = 'DEMO', financierCode = 'XINDA' } = {}) {
  const started = performance.now();
  const [{ tenant_id: tenantId }] = (await db.query(`select id as tenant_id from tenants where code = '${tenantCode}'`))
    .rows;
  const [{ financier_id: financierId, product_id: productId }] = (
    await db.query(
      `select f.id as financier_id, p.id as product_id from financiers f join tenants t on t.id = f.id
        join financing_products p on p.tenant_id = f.id where t.code = '${financierCode}' and p.method = 'annuity'
        order by p.id limit 1`,
    )
  ).rows;
  // 200,000 yuan, 30 % down, 140,000 financed over 36 months at 6.8 %: 4,310.03 a month (annuity, to the fen).
  const quote = JSON.stringify({
    method: 'annuity',
    dueMode: 'arrears',
    annualRate: 0.068,
    effectiveAnnualRate: 0.0702,
    stagingNumber: PERIODS,
    payProportion: 0.3,
    totalFen: 20_000_000,
    downPaymentFen: 6_000_000,
    financedFen: 14_000_000,
    balloonFen: 0,
    monthlyFen: 431_003,
    totalInterestFen: 1_516_108,
    gpsFeeFen: 0,
    mortgageFeeFen: 0,
    serviceFeeFen: 0,
    feesFen: 0,
    depositFen: 700_000,
    lateFeeDailyRate: 0.0005,
    breakRateEarly: 0.03,
    breakRateLate: 0.01,
    breakFloorFen: 100_000,
    repayDay: null,
  });
  // States: of every 100, 80 repaying, 6 waiting for the financier, 4 settled, the rest early or closed.
  await db.query(`
    insert into financing_applications (tenant_id, rent_id, financier_id, product_id, code, state, review_stage, car_id,
      plate, vin, car_type_name, total_amount_fen, pay_proportion, staging_number, quote, submitted_at, decided_at,
      disbursed_at, settled_at, apply_items, created_at, updated_at)
    select c.tenant_id, c.rent_id, ${financierId}, ${productId}, 'RZB' || lpad(c.n::text, 7, '0'), s.state,
      case when s.state = 'S2' then 'financier' end, c.id, c.plate, c.vin, '比亚迪 秦PLUS DM-i',
      20000000, 0.3, ${PERIODS}, '${quote}'::jsonb,
      case when s.state not in ('S1', 'S10') then c.made + interval '1 day' end,
      case when s.state in ('S3', 'S4', 'S5', 'S6', 'S7', 'S8', 'S9') then c.made + interval '3 days' end,
      case when s.state in ('S7', 'S8') then c.made + interval '10 days' end,
      case when s.state = 'S8' then now() - interval '5 days' end,
      '{A3}', c.made, c.made
    from (
      select c.tenant_id, c.rent_id, c.id, c.plate, c.vin, row_number() over (order by c.id) as n,
        -- Disbursed between 1 and 30 months ago, so that schedules are at every stage.
        now() - ((c.id % 30) + 1) * interval '1 month' - interval '10 days' as made
      from cars c
      where c.tenant_id = ${tenantId}
        and not exists (select 1 from financing_applications a where a.tenant_id = c.tenant_id and a.car_id = c.id)
      order by c.id limit ${count}
    ) c
    cross join lateral (select case
      when c.n % 100 < 80 then 'S7' when c.n % 100 < 86 then 'S2' when c.n % 100 < 90 then 'S8'
      when c.n % 100 < 92 then 'S1' when c.n % 100 < 94 then 'S4' when c.n % 100 < 96 then 'S5'
      when c.n % 100 < 97 then 'S6' when c.n % 100 < 98 then 'S9' else 'S10' end as state) s`);
  await db.query(`
    insert into financing_apply_items (tenant_id, application_id, code, amount_fen, loan_state, disbursed_at, disbursed_fen)
    select a.tenant_id, a.id, 'A3', 14000000,
      case when a.state in ('S7', 'S8') then 'disbursed' when a.state in ('S5', 'S6') then 'requested' else 'none' end,
      a.disbursed_at, case when a.state in ('S7', 'S8') then 14000000 end
    from financing_applications a where a.tenant_id = ${tenantId} and a.code like 'RZB%'`);
  // The schedule: equal instalments; the last absorbs the rounding. Months due are paid, one in 25 of the last
  // three months due is left overdue (with its late fee), the rest is pending.
  await db.query(`
    insert into financing_instalments (tenant_id, application_id, rent_id, financier_id, code, period, due_date,
      principal_fen, interest_fen, amount_fen, remaining_principal_fen, paid_fen, late_fee_fen, overdue_days, state,
      paid_at, created_at, updated_at)
    select a.tenant_id, a.id, a.rent_id, a.financier_id, a.code || '-' || lpad(k::text, 2, '0'), k, d.due,
      p.principal, 431003 - p.principal, 431003, greatest(14000000 - p.principal * k, 0),
      case when o.paid then 431003 else 0 end,
      case when o.overdue then ceil(431003 * 0.0005 * (current_date - d.due) / 100.0) * 100 else 0 end,
      case when o.overdue then current_date - d.due else 0 end,
      case when o.paid then 'paid' else 'pending' end,
      case when o.paid then least(d.due, current_date) + time '10:00' end, a.disbursed_at, a.disbursed_at
    from financing_applications a
    cross join generate_series(1, ${PERIODS}) k
    cross join lateral (select (a.disbursed_at::date + k * interval '1 month')::date as due) d
    cross join lateral (select case when k = ${PERIODS} then 14000000 - 388888 * ${PERIODS - 1} else 388888 end as principal) p
    cross join lateral (select
      a.state = 'S8' or (d.due < current_date and not (d.due > current_date - 90 and (a.id + k) % 25 = 0)) as paid,
      a.state = 'S7' and d.due < current_date and d.due > current_date - 90 and (a.id + k) % 25 = 0 as overdue) o
    where a.tenant_id = ${tenantId} and a.code like 'RZB%' and a.state in ('S7', 'S8')`);
  await db.query(`
    insert into financing_repayments (tenant_id, application_id, rent_id, financier_id, code, kind, amount_fen, method,
      state, paid_at, created_by_name, created_at, updated_at)
    select i.tenant_id, i.application_id, i.rent_id, i.financier_id, 'HKB' || lpad(i.id::text, 9, '0'), 'instalment',
      i.amount_fen, case when i.id % 3 = 0 then 'online' else 'recorded' end, 'paid', i.paid_at, '周鑫', i.paid_at,
      i.paid_at
    from financing_instalments i
    where i.tenant_id = ${tenantId} and i.state = 'paid' and i.code like 'RZB%'`);
  // Lines by the instalment each repayment paid (its code carries the instalment's id).
  await db.query(`
    insert into financing_repayment_lines (tenant_id, repayment_id, instalment_id, principal_fen, interest_fen,
      late_fee_fen, created_at)
    select r.tenant_id, r.id, i.id, i.principal_fen, i.interest_fen, 0, r.paid_at
    from financing_repayments r
    join financing_instalments i on i.tenant_id = r.tenant_id and i.id = substr(r.code, 4)::int8
    where r.tenant_id = ${tenantId} and r.code like 'HKB%'`);
  const counts = (
    await db.query(`select
      (select count(*) from financing_applications where tenant_id = ${tenantId}) as applications,
      (select count(*) from financing_instalments where tenant_id = ${tenantId}) as instalments,
      (select count(*) from financing_repayments where tenant_id = ${tenantId}) as repayments,
      (select count(*) from financing_repayment_lines where tenant_id = ${tenantId}) as lines`)
  ).rows[0];
  return {
    applications: Number(counts.applications),
    instalments: Number(counts.instalments),
    repayments: Number(counts.repayments),
    lines: Number(counts.lines),
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}
