#!/usr/bin/env node
// `npm run bench`: runs every bench/*.bench.mjs (or those named on the command line) one after another.
// Each writes its figures to bench/results/<name>.json and prints a summary.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const dir = path.dirname(new URL(import.meta.url).pathname);
const wanted = process.argv.slice(2);
const all = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.mjs'))
  .sort();
const chosen = wanted.length ? all.filter((f) => wanted.some((w) => f.includes(w))) : all;
let failed = 0;
for (const file of chosen) {
  console.log(`\n=== ${file}`);
  const r = spawnSync(process.execPath, [path.join(dir, file)], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
if (!chosen.length) console.log('no benchmark matched');
process.exit(failed ? 1 : 0);
