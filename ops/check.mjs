#!/usr/bin/env node
// `npm run ops:check`: the topology check, then the fault tests (ops/topology.mjs, ops/faults.mjs), one after the
// other against the build (`npm run build` first), and a summary of both. Exit code 1 on any failure.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(dir, '..');

/** Server sources newer than their build (`src/x.ts` -> `dist/x.js`): the checks run the build, not the sources. */
function staleSources() {
  const src = path.join(root, 'apps/server/src');
  const dist = path.join(root, 'apps/server/dist');
  const out = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) {
        if (e.name !== '__tests__' && e.name !== 'test') walk(p);
        continue;
      }
      if (!e.name.endsWith('.ts') || e.name.endsWith('.test.ts') || e.name.endsWith('.d.ts')) continue;
      const built = path.join(dist, path.relative(src, p)).replace(/\.ts$/, '.js');
      if (!existsSync(built) || statSync(built).mtimeMs < statSync(p).mtimeMs) out.push(path.relative(root, p));
    }
  };
  walk(src);
  return out;
}

function runScript(name) {
  const resultFile = path.join(os.tmpdir(), `fleetdesk-ops-${name}-${process.pid}.json`);
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(dir, `${name}.mjs`)], {
      stdio: 'inherit',
      env: { ...process.env, OPS_RESULT_FILE: resultFile },
    });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      let result = null;
      try {
        result = JSON.parse(readFileSync(resultFile, 'utf8'));
        rmSync(resultFile, { force: true });
      } catch {
        /* the script died before its summary */
      }
      resolve({ name, code: code ?? signal, result, seconds: Math.round((performance.now() - started) / 100) / 10 });
    });
  });
}

const started = performance.now();
const stale = staleSources();
if (stale.length) {
  console.warn(
    `warning: ${stale.length} server source file(s) newer than apps/server/dist (run \`npm run build\`): ` +
      `${stale.slice(0, 5).join(', ')}${stale.length > 5 ? ', ...' : ''}`,
  );
}
const runs = [];
for (const name of ['topology', 'faults']) {
  console.log(`\n### ops/${name}.mjs`);
  runs.push(await runScript(name));
}

console.log('\n### ops:check summary');
let failed = false;
for (const r of runs) {
  if (!r.result) {
    failed = true;
    console.log(`FAIL    ${r.name}: exited ${r.code} without a summary (${r.seconds} s)`);
    continue;
  }
  const { pass, fail, skipped } = r.result;
  if (fail || r.code !== 0) failed = true;
  console.log(
    `${fail || r.code !== 0 ? 'FAIL' : 'PASS'}    ${r.name}: ${pass} PASS, ${fail} FAIL, ${skipped} SKIPPED (${r.seconds} s)`,
  );
  for (const c of r.result.checks.filter((x) => x.outcome !== 'PASS')) {
    console.log(`          ${c.outcome} ${c.title}${c.detail ? ` — ${c.detail}` : ''}`);
  }
}
const total = Math.round((performance.now() - started) / 100) / 10;
console.log(`ops:check ${failed ? 'FAILED' : 'passed'} in ${total} s`);
process.exit(failed ? 1 : 0);
