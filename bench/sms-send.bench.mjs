// Issue 4: 10,000 SMS in one task through the sandbox gateway: messages per second and the server's peak
// memory, on PGlite and on PostgreSQL.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  authHeaders,
  ensureBuilt,
  freshPostgres,
  machine,
  postgresReachable,
  ROOT,
  rssMb,
  rssSampler,
  signIn,
  startServer,
} from './lib/server.mjs';

const COUNT = 10_000;
ensureBuilt();
const results = {
  when: new Date().toISOString(),
  machine: machine(),
  count: COUNT,
  gateway: 'sandbox, 16 messages in flight',
  runs: [],
};

async function run(kind, env) {
  const server = await startServer(env);
  try {
    const token = await signIn(server.base);
    const headers = authHeaders(token);
    const recipients = Array.from({ length: COUNT }, (_, i) => ({
      phone: `139${String(10_000_001 + i).padStart(8, '0')}`,
      name: `客户${i}`,
    }));
    const rssBefore = rssMb(server.pid);
    const sampler = rssSampler(server.pid, 50);
    const started = performance.now();
    const res = await fetch(`${server.base}/api/ccwadmin/smsNotice/send`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ content: '{name}您好，本月租金账单已生成，请登录查看。', recipients }),
    });
    const sent = await res.json();
    if (sent.status !== 200) throw new Error(JSON.stringify(sent));
    const acceptedMs = Math.round(performance.now() - started);
    let progress;
    for (;;) {
      progress = (
        await (await fetch(`${server.base}/api/ccwadmin/task/progress/get/${sent.data.taskId}`, { headers })).json()
      ).data;
      if (progress.state !== 'queued' && progress.state !== 'running') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const totalMs = performance.now() - started;
    const peak = sampler.stop();
    const run = {
      database: kind,
      gatewayDelayMs: Number(env.SMS_SANDBOX_DELAY_MS),
      state: progress.state,
      sent: progress.successNum,
      failed: progress.failNum,
      sendCallMs: acceptedMs,
      totalS: Number((totalMs / 1000).toFixed(1)),
      messagesPerSecond: Math.round(COUNT / (totalMs / 1000)),
      rssBeforeMb: rssBefore,
      peakRssMb: peak,
    };
    console.log(JSON.stringify(run));
    results.runs.push(run);
  } finally {
    await server.stop();
  }
}

// The default sandbox answers in 20 ms like a gateway; with 0 ms the figure is the task engine's own ceiling.
for (const delay of ['20', '0']) {
  await run('pglite', { DATABASE_URL: '', SMS_SANDBOX_DELAY_MS: delay });
  if (await postgresReachable()) {
    const db = await freshPostgres('fd_bench_sms');
    try {
      await run('postgres', { DATABASE_URL: db.url, SEED_DEMO: 'true', SMS_SANDBOX_DELAY_MS: delay });
    } finally {
      await db.drop();
    }
  }
}
writeFileSync(path.join(ROOT, 'bench/results/sms-send.json'), `${JSON.stringify(results, null, 2)}\n`);
