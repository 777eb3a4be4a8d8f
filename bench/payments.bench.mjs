// Issue 13: 1,000 concurrent debits of one tenant's balance through the money interface's charge(), on PGlite
// and on PostgreSQL: every charge accounted (a ledger row and a paid-service order each), none lost, no
// overdraft (a second round funds only half of them: the other half is refused and leaves nothing behind), the
// ledger replays the balance; charges per second. Results: bench/results/payments.json.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, freshPostgres, machine, postgresReachable, ROOT } from './lib/server.mjs';

const COUNT = Number(process.env.BENCH_CHARGES ?? 1000);
ensureBuilt();
const dist = (p) => import(pathToFileURL(path.join(ROOT, 'apps/server/dist', p)).href);
const { openPglite, openPostgres, migrateDatabase, rowsOf } = await dist('core/db.js');
const { charge } = await dist('modules/payments/payments.service.js');
const { auditLedger, credit, insertLedger } = await dist('modules/payments/payments.repository.js');
const { sql } = await import(pathToFileURL(path.join(ROOT, 'node_modules/drizzle-orm/index.js')).href);

const UNIT_FEN = 100; // S10 on the Enterprise plan
const results = {
  when: new Date().toISOString(),
  machine: machine(),
  charges: COUNT,
  service: 'S10 x 1 (1.00 yuan, Enterprise plan)',
  runs: [],
};

async function setUp(db) {
  const [t] = await rowsOf(
    db,
    sql`insert into tenants (name, short_name, code) values ('基准租车', '基准', 'BENCH') returning id`,
  );
  const tenantId = Number(t.id);
  await db.execute(sql`insert into memberships (tenant_id, plan_code, level, starts_at, expires_at)
    values (${tenantId}, 'ENTERPRISE', 3, now(), now() + interval '1 year')`);
  return tenantId;
}

async function fund(db, tenantId, fen) {
  await db.transaction(async (tx) => {
    const now = new Date();
    const after = await credit(tx, tenantId, fen, now);
    await insertLedger(tx, tenantId, {
      kind: 'topUp',
      amountFen: fen,
      balanceAfterFen: after,
      orderId: null,
      description: 'bench top-up',
      createdBy: null,
      now,
    });
  });
}

/** COUNT charges at once, each in its own transaction as a caller would make it. */
async function burst(db, tenantId, tag) {
  const started = performance.now();
  const outcomes = await Promise.allSettled(
    Array.from({ length: COUNT }, (_, i) =>
      db.transaction((tx) => charge(tx, { tenantId, userId: null }, 'S10', 1, { type: 'bench', id: `${tag}-${i}` })),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const ok = outcomes.filter((o) => o.status === 'fulfilled').length;
  const refused = outcomes.filter(
    (o) => o.status === 'rejected' && o.reason?.messageKey === 'payments.insufficientBalance',
  ).length;
  const failed = COUNT - ok - refused;
  if (failed)
    console.log(
      outcomes.find((o) => o.status === 'rejected' && o.reason?.messageKey !== 'payments.insufficientBalance'),
    );
  const [orders] = await rowsOf(
    db,
    sql`select count(*)::int as n from orders where tenant_id = ${tenantId} and type = 'service' and reference_id like ${`${tag}-%`}`,
  );
  return { ok, refused, failed, seconds, chargesPerSecond: Math.round(ok / seconds), serviceOrders: orders.n };
}

async function run(kind, database) {
  await migrateDatabase(database);
  const db = database.db;
  const tenantId = await setUp(db);
  // Round 1: enough for every charge.
  await fund(db, tenantId, COUNT * UNIT_FEN);
  const full = await burst(db, tenantId, 'full');
  const afterFull = await auditLedger(db, tenantId);
  // Round 2: enough for half: the rest must be refused, nothing overdrawn, nothing half-written.
  await fund(db, tenantId, (COUNT / 2) * UNIT_FEN);
  const half = await burst(db, tenantId, 'half');
  const audit = await auditLedger(db, tenantId);
  const run = {
    database: kind,
    full: { ...full, balanceAfterFen: afterFull.balanceFen },
    half: { ...half, balanceAfterFen: audit.balanceFen },
    ledger: audit,
    pass:
      full.ok === COUNT &&
      full.serviceOrders === COUNT &&
      afterFull.balanceFen === 0 &&
      half.ok === COUNT / 2 &&
      half.refused === COUNT / 2 &&
      half.serviceOrders === COUNT / 2 &&
      audit.ok &&
      audit.balanceFen === 0 &&
      audit.rows === 2 + COUNT + COUNT / 2,
  };
  console.log(
    `${kind}: ${full.ok}/${COUNT} charged in ${full.seconds.toFixed(2)} s (${full.chargesPerSecond}/s); ` +
      `half-funded: ${half.ok} charged, ${half.refused} refused; balance ${audit.balanceFen} fen; ledger ${audit.rows} rows, ` +
      `${audit.breaks} breaks; ${run.pass ? 'PASS' : 'FAIL'}`,
  );
  results.runs.push(run);
}

if (!process.env.BENCH_DB || process.env.BENCH_DB === 'pglite') {
  const database = await openPglite();
  try {
    await run('pglite', database);
  } finally {
    await database.close();
  }
}
if (!process.env.BENCH_DB || process.env.BENCH_DB === 'postgres') {
  if (await postgresReachable()) {
    const fresh = await freshPostgres('fd_bench_payments');
    try {
      const database = await openPostgres(fresh.url, { max: 10 });
      try {
        await run('postgres (pool of 10)', database);
      } finally {
        await database.close();
      }
    } finally {
      await fresh.drop();
    }
  } else console.log('PostgreSQL is not reachable: skipped');
}
writeFileSync(path.join(ROOT, 'bench/results/payments.json'), `${JSON.stringify(results, null, 2)}\n`);
if (results.runs.some((r) => !r.pass)) process.exit(1);
