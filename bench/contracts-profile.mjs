// Issue 15: where the bill list (`rentContractBills/month/{id}`) spends its time under 20 connections.
// Not part of `npm run bench`: run it with `node bench/contracts-profile.mjs` after a build.
// Starts the built server on a fresh PostgreSQL database with the demo data plus BENCH_CONTRACTS (default 500)
// signed contracts of 100 monthly lines, then, in one run: the bill list and the signed-in floor at 20 connections
// (BENCH_SECONDS each, default 10) and their ratio, in BENCH_ROUNDS interleaved rounds (default 3), with the CPU
// the server and the database's backends spent per request (from /proc; backends that exit in a round make it
// low). PG_STATEMENT_NAMES=off runs the server as before the named statements (core/db.ts) for a before/after. With BENCH_CPU_PROF=1 the server runs under `--cpu-prof`
// (profile in bench/results/profiles/, not committed) and the top self-time frames are printed.
import { generateContracts } from './lib/contract-generator.mjs';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {
  authHeaders,
  ensureBuilt,
  freshPostgres,
  load,
  postgresReachable,
  ROOT,
  signIn,
  startServer,
} from './lib/server.mjs';

const require = createRequire(import.meta.url);
const pg = require(path.join(ROOT, 'node_modules/pg'));
const CONTRACTS = Number(process.env.BENCH_CONTRACTS ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PROFILE = process.env.BENCH_CPU_PROF === '1';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

ensureBuilt();
if (!(await postgresReachable())) {
  console.log('PostgreSQL is not reachable: skipped');
  process.exit(0);
}
const pgdb = await freshPostgres('fd_bench_contracts_profile');
const env = { DATABASE_URL: pgdb.url, SEED_DEMO: 'true', LOG_LEVEL: 'info' };
const profDir = path.join(ROOT, 'bench/results/profiles');
const TICK = 100; // clock ticks a second (USER_HZ)

/** CPU seconds used so far by the server process and by the PostgreSQL backends of the bench database. */
function cpuSeconds(serverPid) {
  const ticks = (pid) => {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(f[11]) + Number(f[12]);
  };
  let postgres = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('fd_bench_contracts_profile')) postgres += ticks(pid);
    } catch {
      /* gone */
    }
  }
  return { server: ticks(serverPid) / TICK, postgres: postgres / TICK };
}
const cpuSpent = (a, b, requests) => ({
  serverMsPerRequest: Math.round(((b.server - a.server) / requests) * 1e6) / 1e3,
  postgresMsPerRequest: Math.round(((b.postgres - a.postgres) / requests) * 1e6) / 1e3,
});
try {
  await (await startServer(env)).stop();
  const c = new pg.Client({ connectionString: pgdb.url });
  await c.connect();
  await generateContracts(c, { contracts: CONTRACTS });
  const [{ id: contractId, month }] = (
    await c.query(
      `select id, to_char(start_date + 400, 'YYYY-MM') as month from rental_contracts where number = 'BENCH${Math.ceil(CONTRACTS / 2)}'`,
    )
  ).rows;
  await c.end();

  if (PROFILE) {
    rmSync(profDir, { recursive: true, force: true });
    mkdirSync(profDir, { recursive: true });
  }
  const server = await startServer(env, PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []);
  try {
    const headers = authHeaders(await signIn(server.base));
    const url = `${server.base}/api/ccwadmin/rentContractBills/month/${contractId}?month=${month}`;
    const floorUrl = `${server.base}/api/ccwadmin/commonArea/province`;
    const check = await (await fetch(url, { headers })).json();
    if (check.status !== 200 || check.data.length === 0) throw new Error(JSON.stringify(check).slice(0, 500));
    // Warm-up (the JIT, the pool's connections, the start-up jobs): 8 s of each.
    await load({ url, headers, duration: 8 });
    await load({ url: floorUrl, headers, duration: 8 });
    if (PROFILE) {
      // Profiled: the bill list alone, so that the profile holds its requests only.
      const before = cpuSeconds(server.pid);
      const bill = await load({ url, headers, duration: SECONDS });
      const cpu = cpuSpent(before, cpuSeconds(server.pid), bill.requests);
      console.log(
        `load average ${os
          .loadavg()
          .map((x) => x.toFixed(2))
          .join(' ')}`,
      );
      console.log(`bill list under the profiler, 20 connections: ${JSON.stringify({ ...bill, ...cpu })}`);
    } else {
      // Interleaved rounds: the machine is shared, so each ratio compares two loads measured back to back.
      const rounds = [];
      for (let i = 0; i < ROUNDS; i++) {
        const t0 = cpuSeconds(server.pid);
        const bill = await load({ url, headers, duration: SECONDS });
        const t1 = cpuSeconds(server.pid);
        const floor = await load({ url: floorUrl, headers, duration: SECONDS });
        const t2 = cpuSeconds(server.pid);
        const round = {
          load: os.loadavg()[0].toFixed(2),
          bill: { rps: bill.rps, p50Ms: bill.p50Ms, p99Ms: bill.p99Ms, ...cpuSpent(t0, t1, bill.requests) },
          floor: { rps: floor.rps, p50Ms: floor.p50Ms, p99Ms: floor.p99Ms, ...cpuSpent(t1, t2, floor.requests) },
          ratio: Math.round((bill.rps / floor.rps) * 100) / 100,
        };
        rounds.push(round);
        console.log(`round ${i + 1}: ${JSON.stringify(round)}`);
      }
      const ratios = rounds.map((r) => r.ratio).sort((a, b) => a - b);
      console.log(
        `statement names ${process.env.PG_STATEMENT_NAMES === 'off' ? 'off' : 'on'}: bill / floor throughput, median of ${ROUNDS}: ${ratios[Math.floor(ROUNDS / 2)]} (${ratios.join(', ')})`,
      );
    }
  } finally {
    await server.stop();
  }
  if (PROFILE) {
    const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
    const prof = JSON.parse(readFileSync(path.join(profDir, file), 'utf8'));
    const byId = new Map(prof.nodes.map((n) => [n.id, n]));
    const dt = new Map();
    prof.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0)));
    const self = new Map();
    let total = 0;
    for (const [id, us] of dt) {
      const n = byId.get(id);
      const f = n.callFrame;
      const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*node_modules\//, '').replace(ROOT, '')}:${f.lineNumber + 1}`;
      self.set(key, (self.get(key) ?? 0) + us);
      total += us;
    }
    const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.BENCH_PROF_TOP ?? 30));
    console.log(`profile ${file}: top self time (of ${(total / 1e6).toFixed(1)} s sampled)`);
    for (const [k, us] of top) console.log(`${((us / total) * 100).toFixed(1).padStart(5)} %  ${k}`);
  }
} finally {
  await pgdb.drop();
}
