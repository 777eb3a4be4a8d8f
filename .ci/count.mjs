// Sums the test results that the runs wrote (vitest JSON, Playwright JSON) and prints "N passed, N failed".
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const out = process.argv[2];
let passed = 0;
let failed = 0;
const vitestDir = path.join(out, 'vitest');
if (existsSync(vitestDir)) {
  for (const f of readdirSync(vitestDir).filter((n) => n.endsWith('.json'))) {
    const r = JSON.parse(readFileSync(path.join(vitestDir, f), 'utf8'));
    passed += r.numPassedTests ?? 0;
    failed += (r.numFailedTests ?? 0) + (r.success === false && !r.numFailedTests ? 1 : 0);
  }
}
const pw = path.join(out, 'playwright.json');
if (existsSync(pw)) {
  const s = JSON.parse(readFileSync(pw, 'utf8')).stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
}
console.log(`${passed} passed, ${failed} failed`);
