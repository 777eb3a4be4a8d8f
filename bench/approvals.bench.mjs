// Issue 12: the approval centre's "waiting for me" box of one approver holding 10,000 pending requests, on
// PostgreSQL: p50/p99 with one connection (the service time of a request when nothing queues) and with ten,
// the header's waiting count, and the SQL's plan. Results: bench/results/approvals.json.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  authHeaders,
  ensureBuilt,
  freshPostgres,
  load,
  machine,
  postgresReachable,
  ROOT,
  signIn,
  startServer,
} from './lib/server.mjs';

const require = createRequire(import.meta.url);
const pg = require(path.join(ROOT, 'node_modules/pg'));
const COUNT = Number(process.env.BENCH_REQUESTS ?? 10_000);

ensureBuilt();
if (!(await postgresReachable())) {
  console.log('PostgreSQL is not reachable: nothing measured');
  process.exit(1);
}
const results = { when: new Date().toISOString(), machine: machine(), requests: COUNT, target: { p99Ms: 50 } };

/** COUNT pending purchase requests of other employees whose one current step is admin's. */
async function generate(url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const started = performance.now();
  const { rows } = await c.query(`select t.id as tenant, a.id as admin, z.id as applicant, z.department_id as dept,
      (select v.id from approval_flow_versions v join approval_flows f on f.tenant_id = v.tenant_id and f.id = v.flow_id
        where f.tenant_id = t.id and f.business_type = 'purchase' order by v.version desc limit 1) as version
    from tenants t join users a on a.tenant_id = t.id and a.username = 'admin'
    join users z on z.tenant_id = t.id and z.username = 'zhengkai' where t.code = 'DEMO'`);
  const r = rows[0];
  const plan = JSON.stringify([
    { index: 0, name: '部门负责人', mode: 'any', approverIds: [Number(r.admin)], state: 'current' },
  ]);
  await c.query(
    `with ins as (
       insert into approval_requests (tenant_id, business_type, applicant_id, department_id, summary, amount_fen, form,
         status, flow_version_id, plan, current_step, run, submitted_at, created_at, updated_at)
       select $1, 'purchase', $3, $4, '采购申请 #' || g, 10000 + g * 7, '{"item":"轮胎","quantity":4}'::jsonb,
         'pending', $5, $6::jsonb, 0, 1, now() - g * interval '1 minute', now() - g * interval '1 minute', now()
       from generate_series(1, $7::int) g
       returning tenant_id, id)
     insert into approval_tasks (tenant_id, request_id, run, step_index, approver_id)
     select tenant_id, id, 1, 0, $2 from ins`,
    [r.tenant, r.admin, r.applicant, r.dept, r.version, plan, COUNT],
  );
  await c.query('analyze');
  // The two statements of the waiting box: the page's ids by the approver's open tasks, and the count.
  const explain = [];
  for (const [text, params] of [
    [
      `explain (analyze, buffers) select r.id from approval_tasks k join approval_requests r
        on r.tenant_id = k.tenant_id and r.id = k.request_id
        where k.tenant_id = $1 and k.approver_id = $2 and k.open and r.tenant_id = $1
        order by k.created_at desc, k.id desc limit 20 offset 0`,
      [r.tenant, r.admin],
    ],
    [
      `explain (analyze, buffers) select count(*) from approval_tasks k where k.tenant_id = $1 and k.approver_id = $2 and k.open`,
      [r.tenant, r.admin],
    ],
  ])
    explain.push(...(await c.query(text, params)).rows);
  await c.end();
  return {
    seconds: Math.round((performance.now() - started) / 10) / 100,
    plan: explain
      .map((x) => x['QUERY PLAN'].trim())
      .filter((l) => /Scan|Join|Loop|Sort|Limit|Execution Time|Aggregate/.test(l))
      .slice(0, 14),
  };
}

const db = await freshPostgres('fd_bench_approvals');
try {
  const env = { DATABASE_URL: db.url, SEED_DEMO: 'true', LOG_LEVEL: 'warn' };
  await (await startServer({ ...env, LOG_LEVEL: 'info' })).stop(); // migrate and seed
  const generated = await generate(db.url);
  results.generateSeconds = generated.seconds;
  results.plan = generated.plan;
  const server = await startServer({ ...env, LOG_LEVEL: 'info' });
  try {
    const headers = authHeaders(await signIn(server.base));
    const list = `${server.base}/api/ccwadmin/oa/approval/request/list?box=waiting&pageNum=1&pageSize=20`;
    const check = await (await fetch(list, { headers })).json();
    if (check.status !== 200 || check.data.total < COUNT)
      throw new Error(`list: ${JSON.stringify(check).slice(0, 300)}`);
    results.total = check.data.total;
    await load({ url: list, headers, duration: 3, connections: 1 }); // warm-up
    results.waitingOneConnection = await load({ url: list, headers, duration: 10, connections: 1 });
    console.log(`waiting box, 1 connection: ${JSON.stringify(results.waitingOneConnection)}`);
    results.waitingTenConnections = await load({ url: list, headers, duration: 10, connections: 10 });
    console.log(`waiting box, 10 connections: ${JSON.stringify(results.waitingTenConnections)}`);
    const deep = `${server.base}/api/ccwadmin/oa/approval/request/list?box=waiting&pageNum=400&pageSize=20`;
    results.waitingDeepPageOneConnection = await load({ url: deep, headers, duration: 5, connections: 1 });
    const count = `${server.base}/api/ccwadmin/oa/approval/waiting/count`;
    results.countOneConnection = await load({ url: count, headers, duration: 5, connections: 1 });
    console.log(`waiting count, 1 connection: ${JSON.stringify(results.countOneConnection)}`);
  } finally {
    await server.stop();
  }
} finally {
  await db.drop();
}
writeFileSync(path.join(ROOT, 'bench/results/approvals.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(
  `approvals: ${results.total} waiting; 1 connection p50 ${results.waitingOneConnection.p50Ms} ms, p99 ${results.waitingOneConnection.p99Ms} ms`,
);
