// The database driver's own cost (issue 28, item 2): the statements one call runs, replayed from one Node process
// at 20 concurrent callers through node-postgres (what the server uses: a pool of 20, repeated statements named,
// a page's statement unnamed, as core/db.ts does) and through postgres.js (`postgres`, which Drizzle also supports:
// 20 connections, the same statements prepared or not). What differs is the client: its calls per second, and the
// client CPU per call (process.cpuUsage over the calls made), which is the share the server would pay.
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from './server.mjs';

const require = createRequire(import.meta.url);
const PAGE_STATEMENT = /\boffset\s+\$\d+/i;
/** The server's session settings (apps/server/src/core/db.ts SESSION_OPTIONS), for a replay on equal terms. */
export const SESSION_OPTIONS = '-c jit=off -c max_parallel_workers_per_gather=0';

/** A captured value back to what a caller hands the driver: `{1,2}` arrays as arrays, the rest as text. */
function valueOf(v) {
  if (typeof v === 'string' && v.startsWith('{') && v.endsWith('}')) {
    const inner = v.slice(1, -1);
    return inner === '' ? [] : inner.split(',').map((x) => x.replace(/^"|"$/g, ''));
  }
  return v;
}

async function drive(runOne, { seconds, concurrency }) {
  // Warm: every connection prepares what it will run.
  await Promise.all(Array.from({ length: concurrency }, () => runOne()));
  let calls = 0;
  const until = performance.now() + seconds * 1000;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        await runOne();
        calls++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  return {
    callsPerS: Math.round(calls / elapsed),
    clientCpuUsPerCall: Math.round((used.user + used.system) / calls),
  };
}

/** node-postgres, as the server sends: named unless a page, values as text. */
export async function throughPg(url, statements, options = { seconds: 5, concurrency: 20 }) {
  const pg = require(path.join(ROOT, 'node_modules/pg'));
  const pool = new pg.Pool({ connectionString: url, max: options.concurrency, options: SESSION_OPTIONS });
  const queries = statements.map((s, i) =>
    s.values.length && !PAGE_STATEMENT.test(s.text)
      ? { name: `bench_${i}_${s.text.length}`, text: s.text, values: s.values }
      : { text: s.text, values: s.values },
  );
  try {
    return await drive(async () => {
      for (const q of queries) await pool.query(q);
    }, options);
  } finally {
    await pool.end();
  }
}

/** postgres.js: the same statements through `sql.unsafe(text, values, { prepare })`. */
export async function throughPostgresJs(url, statements, options = { seconds: 5, concurrency: 20 }) {
  const postgres = require(path.join(ROOT, 'node_modules/postgres')).default;
  const sql = postgres(url, {
    max: options.concurrency,
    onnotice: () => {},
    connection: { jit: 'off', max_parallel_workers_per_gather: '0' },
  });
  const queries = statements.map((s) => ({
    text: s.text,
    values: s.values.map(valueOf),
    prepare: s.values.length > 0 && !PAGE_STATEMENT.test(s.text),
  }));
  try {
    return await drive(async () => {
      for (const q of queries) await sql.unsafe(q.text, q.values, { prepare: q.prepare });
    }, options);
  } finally {
    await sql.end({ timeout: 5 });
  }
}
