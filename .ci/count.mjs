// Sums the test results that the runs wrote (vitest JSON, Playwright JSON) and prints "N passed, N failed". Before
// that line it names every failed test with the first lines of its error, so that the tail of a CI log tells what
// failed without the rest of the output.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const out = process.argv[2];
let passed = 0;
let failed = 0;
const failures = [];

/** The first lines of an error, without colour codes, short enough for a log tail. */
function excerpt(message) {
  // The escape character is what a colour code starts with.
  // eslint-disable-next-line no-control-regex
  const plain = String(message ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  return plain
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l.trim())
    .slice(0, 6)
    .map((l) => `      ${l.slice(0, 300)}`)
    .join('\n');
}

const vitestDir = path.join(out, 'vitest');
if (existsSync(vitestDir)) {
  for (const f of readdirSync(vitestDir).filter((n) => n.endsWith('.json'))) {
    const r = JSON.parse(readFileSync(path.join(vitestDir, f), 'utf8'));
    passed += r.numPassedTests ?? 0;
    failed += (r.numFailedTests ?? 0) + (r.success === false && !r.numFailedTests ? 1 : 0);
    for (const file of r.testResults ?? []) {
      const name = path.relative(process.cwd(), file.name ?? '');
      const failedTests = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
      for (const a of failedTests) {
        failures.push(
          `  ${f.replace(/-\d+-\d+\.json$/, '')}: ${name} > ${a.fullName ?? a.title}\n${excerpt((a.failureMessages ?? []).join('\n'))}`,
        );
      }
      if (file.status === 'failed' && failedTests.length === 0) {
        failures.push(`  ${f.replace(/-\d+-\d+\.json$/, '')}: ${name} (the file failed)\n${excerpt(file.message)}`);
      }
    }
  }
}

function playwrightSpecs(suite, titles) {
  const here = suite.title ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) {
      if (t.status !== 'unexpected') continue;
      const last = (t.results ?? []).at(-1);
      failures.push(`  e2e: ${[...here, spec.title].join(' > ')}\n${excerpt(last?.error?.message)}`);
    }
  }
  for (const child of suite.suites ?? []) playwrightSpecs(child, here);
}

// One report per end-to-end shard (playwright-<port>.json), or one of a run without shards (playwright.json).
for (const name of existsSync(out) ? readdirSync(out).filter((n) => /^playwright(-\d+)?\.json$/.test(n)) : []) {
  const report = JSON.parse(readFileSync(path.join(out, name), 'utf8'));
  const s = report.stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  for (const suite of report.suites ?? []) playwrightSpecs(suite, []);
}
if (failures.length) console.log(`failed tests:\n${failures.slice(0, 20).join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
