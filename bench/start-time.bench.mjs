// Issue 2: cold start of `npm start` on a fresh clone (first run: build + new embedded database + migrations +
// demo seed) and a later run (build up to date, database present), and the server's memory after start.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { machine, ROOT, rssMb } from './lib/server.mjs';

const dir = mkdtempSync(path.join(os.tmpdir(), 'fleetdesk-clone-'));
const results = {
  when: new Date().toISOString(),
  machine: machine(),
  commit: execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT }).toString().trim(),
  runs: [],
};

function npmStart(port) {
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PAY_PROVIDER: 'sandbox' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start:\n${out.slice(-3000)}`)), 600_000);
    const onData = (d) => {
      out += d.toString();
      if (/Fleetdesk is ready/.test(out)) {
        clearTimeout(timer);
        child.stdout.off('data', onData);
        child.stdout.resume();
        const ms = Math.round(performance.now() - started);
        const pid = Number(/"pid":(\d+)/.exec(out.slice(out.indexOf('Fleetdesk is ready') - 400))?.[1]);
        resolve({
          ms,
          pid,
          async stop() {
            process.kill(-child.pid, 'SIGTERM');
            await new Promise((r) => child.once('exit', r));
          },
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d) => (out += d.toString()));
  });
}

try {
  execFileSync('git', ['clone', '-q', ROOT, dir]);
  const ciStarted = performance.now();
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'ignore' });
  results.npmCiS = Number(((performance.now() - ciStarted) / 1000).toFixed(1));
  for (const label of ['first run', 'later run']) {
    const run = await npmStart(18600);
    await new Promise((r) => setTimeout(r, 3000));
    const entry = {
      run: label,
      readyS: Number((run.ms / 1000).toFixed(1)),
      rssAfterStartMb: run.pid ? rssMb(run.pid) : null,
    };
    console.log(JSON.stringify(entry));
    results.runs.push(entry);
    await run.stop();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
writeFileSync(path.join(ROOT, 'bench/results/start-time.json'), `${JSON.stringify(results, null, 2)}\n`);
