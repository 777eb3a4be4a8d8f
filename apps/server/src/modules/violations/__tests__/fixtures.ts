import type { TestApp } from '../../../test/harness.js';

export const B = '/api/ccwadmin';

export async function idsOf(t: TestApp) {
  const q = async <T>(text: string) => (await t.deps.database.query<T>(text)).rows;
  const tenants = await q<{ code: string; id: number }>(`select code, id from tenants`);
  const rents = await q<{ code: string; id: number }>(`select code, id from rents`);
  const tenant = (code: string) => Number(tenants.find((r) => r.code === code)!.id);
  const rent = (code: string) => Number(rents.find((r) => r.code === code)!.id);
  return { demo: tenant('DEMO'), other: tenant('OTHER'), hz: rent('HZ'), sh: rent('SH'), bj: rent('BJ') };
}

/**
 * `count` cars of the demo tenant in rent `rentId`, made directly in the database from a seeded car (plates
 * `<prefix>` + a 4-digit serial from `from`, an engine number each). Answers their ids in order.
 */
export async function addCars(
  t: TestApp,
  rentId: number,
  count: number,
  o: { prefix?: string; from?: number; engine?: boolean } = {},
): Promise<number[]> {
  const prefix = o.prefix ?? '浙Z9';
  const from = o.from ?? 1;
  const { rows } = await t.deps.database.query<{ id: number }>(
    `insert into cars (tenant_id, rent_id, plate, vin, vin_valid, engine_no, brand_id, series_id, model_id, energy)
     select c.tenant_id, $1::int8, $2 || lpad(g::text, 4, '0'), c.vin, c.vin_valid,
       case when $4::boolean then 'EN' || lpad(g::text, 8, '0') else null end, c.brand_id, c.series_id, c.model_id, c.energy
     from generate_series($3::int, $3::int + $5::int - 1) g,
       (select * from cars where rent_id = $1::int8 and deleted_at is null order by id limit 1) c
     order by g returning id`,
    [rentId, prefix, from, o.engine ?? true, count],
  );
  return rows.map((r) => Number(r.id));
}

export async function balanceFen(t: TestApp, tenantId: number): Promise<number> {
  const { rows } = await t.deps.database.query<{ b: number }>(
    `select coalesce((select balance_fen from tenant_balances where tenant_id = $1), 0)::int8 as b`,
    [tenantId],
  );
  return Number(rows[0]!.b);
}

export async function setBalance(t: TestApp, tenantId: number, fen: number): Promise<void> {
  await t.deps.database.query(
    `insert into tenant_balances (tenant_id, balance_fen) values ($1, $2)
     on conflict (tenant_id) do update set balance_fen = excluded.balance_fen`,
    [tenantId, fen],
  );
}

/** Runs a task to its end (or until `signal` aborts), as the worker would. */
export async function runTask(t: TestApp, tenantId: number, taskId: number, signal = new AbortController().signal) {
  return t.deps.tasks.run(tenantId, taskId, signal);
}

export async function taskRow(t: TestApp, taskId: number) {
  const { rows } = await t.deps.database.query<{
    state: string;
    processed_num: number;
    total: number;
    success_num: number;
    fail_num: number;
    category: number;
  }>(`select state, processed_num, total, success_num, fail_num, category from task_progress where id = $1`, [taskId]);
  return rows[0]!;
}
