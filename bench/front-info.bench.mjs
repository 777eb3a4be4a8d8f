// Issue 2: front/info throughput and p99 with autocannon (50 connections) on PGlite and on PostgreSQL, and
// the server's memory after start.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  authHeaders,
  ensureBuilt,
  freshPostgres,
  load,
  machine,
  postgresReachable,
  ROOT,
  rssMb,
  signIn,
  startServer,
} from './lib/server.mjs';

ensureBuilt();
const results = { when: new Date().toISOString(), machine: machine(), runs: [] };

async function run(kind, env) {
  const server = await startServer(env);
  try {
    await new Promise((r) => setTimeout(r, 2000));
    const rssAfterStartMb = rssMb(server.pid);
    const token = await signIn(server.base);
    const url = `${server.base}/api/admin/client/user/front/info`;
    await load({ url, headers: authHeaders(token), connections: 50, duration: 3 }); // warm-up
    const figures = await load({ url, headers: authHeaders(token), connections: 50, duration: 10 });
    const run = {
      database: kind,
      startMs: server.startMs,
      rssAfterStartMb,
      rssAfterLoadMb: rssMb(server.pid),
      frontInfo: figures,
    };
    console.log(JSON.stringify(run));
    results.runs.push(run);
  } finally {
    await server.stop();
  }
}

await run('pglite', { DATABASE_URL: '' });
if (await postgresReachable()) {
  const db = await freshPostgres('fd_bench_front_info');
  try {
    await run('postgres', { DATABASE_URL: db.url, SEED_DEMO: 'true' });
  } finally {
    await db.drop();
  }
} else console.log('PostgreSQL not reachable: skipped');
writeFileSync(path.join(ROOT, 'bench/results/front-info.json'), `${JSON.stringify(results, null, 2)}\n`);
