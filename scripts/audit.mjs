#!/usr/bin/env node
// `npm run audit`: the production dependencies against the npm registry's security advisories (`npm audit
// --omit=dev`). Fails on an advisory of high or critical severity that `audit-exceptions.json` does not excuse; an
// exception names the advisory (its GHSA id or URL) and the package, says why it does not reach us, and has an end
// date after which it fails again, so that nobody forgets it.
//
// Where the registry does not serve advisories (a mirror that answers the bulk advisory call with 405, as the one CI
// uses here does), the audit cannot be made: it says so and passes, unless AUDIT_REQUIRED=true, which fails it
// (a release pipeline with the public registry sets that). `--self-test` runs the rules on recorded reports first.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const FAILING = new Set(['high', 'critical']);

/**
 * The advisories of an `npm audit --json` report (auditReportVersion 2) that fail the audit, and those excused.
 * `today` is a YYYY-MM-DD string.
 */
export function evaluate(report, exceptions, today) {
  const failing = [];
  const excused = [];
  const expired = [];
  for (const vuln of Object.values(report.vulnerabilities ?? {})) {
    for (const via of vuln.via ?? []) {
      // A string names another vulnerable package this one depends on: that one is reported for itself.
      if (typeof via !== 'object' || !FAILING.has(via.severity)) continue;
      const id = /GHSA-[\w-]+/.exec(via.url ?? '')?.[0] ?? String(via.source);
      const advisory = {
        package: via.name ?? vuln.name,
        id,
        severity: via.severity,
        title: via.title,
        range: via.range,
      };
      const exception = exceptions.find((e) => e.advisory === id && e.package === advisory.package);
      if (!exception) failing.push(advisory);
      else if (exception.until < today) expired.push({ ...advisory, until: exception.until });
      else excused.push({ ...advisory, reason: exception.reason, until: exception.until });
    }
  }
  return { failing, excused, expired, ok: failing.length === 0 && expired.length === 0 };
}

/** Whether `npm audit` could not reach an advisory service (its JSON then holds the HTTP failure, no report). */
export function unreachable(report) {
  return (
    !report.auditReportVersion &&
    (report.statusCode >= 400 || /audit endpoint|ENOTFOUND|EAI_AGAIN/.test(report.message ?? ''))
  );
}

function selfTest() {
  const advisory = (name, severity, ghsa) => ({
    name,
    severity,
    via: [
      {
        source: 1,
        name,
        dependency: name,
        title: `${name} flaw`,
        url: `https://github.com/advisories/${ghsa}`,
        severity,
        range: '<2',
      },
    ],
  });
  const report = {
    auditReportVersion: 2,
    vulnerabilities: {
      a: advisory('a', 'high', 'GHSA-aaaa-aaaa-aaaa'),
      b: advisory('b', 'moderate', 'GHSA-bbbb-bbbb-bbbb'),
      c: advisory('c', 'critical', 'GHSA-cccc-cccc-cccc'),
      d: { name: 'd', severity: 'high', via: ['a'] },
    },
  };
  const cases = [
    [[], { failing: ['a', 'c'], excused: [], expired: [] }],
    [
      [{ advisory: 'GHSA-aaaa-aaaa-aaaa', package: 'a', reason: 'r', until: '2099-01-01' }],
      { failing: ['c'], excused: ['a'], expired: [] },
    ],
    [
      [{ advisory: 'GHSA-cccc-cccc-cccc', package: 'c', reason: 'r', until: '2000-01-01' }],
      { failing: ['a'], excused: [], expired: ['c'] },
    ],
    // An exception names the package too: the same id on another package is not excused.
    [
      [{ advisory: 'GHSA-aaaa-aaaa-aaaa', package: 'x', reason: 'r', until: '2099-01-01' }],
      { failing: ['a', 'c'], excused: [], expired: [] },
    ],
  ];
  for (const [exceptions, expected] of cases) {
    const r = evaluate(report, exceptions, '2026-06-01');
    const got = {
      failing: r.failing.map((f) => f.package),
      excused: r.excused.map((f) => f.package),
      expired: r.expired.map((f) => f.package),
    };
    if (JSON.stringify(got) !== JSON.stringify(expected)) {
      console.error(`audit self-test failed: expected ${JSON.stringify(expected)}, got ${JSON.stringify(got)}`);
      process.exit(1);
    }
  }
  if (
    !unreachable({ statusCode: 405, message: '405 Method Not Allowed - POST .../advisories/bulk' }) ||
    unreachable(report)
  ) {
    console.error('audit self-test failed: unreachable()');
    process.exit(1);
  }
  console.log(`audit: self-test passed (${cases.length} cases)`);
}

function main() {
  if (process.argv.includes('--self-test')) selfTest();
  const exceptions = JSON.parse(readFileSync(path.join(root, 'audit-exceptions.json'), 'utf8')).exceptions;
  for (const e of exceptions) {
    if (!e.advisory || !e.package || !e.reason || !/^\d{4}-\d{2}-\d{2}$/.test(e.until ?? '')) {
      console.error(
        `audit-exceptions.json: each exception needs advisory, package, reason and until (YYYY-MM-DD): ${JSON.stringify(e)}`,
      );
      process.exit(1);
    }
  }
  const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
  let report;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    console.error(`audit: npm audit gave no report (exit ${run.status}):\n${run.stderr}`);
    process.exit(1);
  }
  if (unreachable(report)) {
    const why = report.message ?? `HTTP ${report.statusCode}`;
    if (process.env.AUDIT_REQUIRED === 'true') {
      console.error(`audit: the registry serves no advisories (${why}); AUDIT_REQUIRED=true`);
      process.exit(1);
    }
    console.log(
      `audit: not made: the registry serves no advisories here (${why}). AUDIT_REQUIRED=true makes this fail.`,
    );
    return;
  }
  const today = new Date().toISOString().slice(0, 10);
  const result = evaluate(report, exceptions, today);
  const counts = report.metadata?.vulnerabilities ?? {};
  console.log(`audit: production dependencies: ${JSON.stringify(counts)}`);
  for (const e of result.excused)
    console.log(`  excused until ${e.until}: ${e.package} ${e.id} (${e.severity}): ${e.reason}`);
  for (const e of result.expired)
    console.error(`  exception expired ${e.until}: ${e.package} ${e.id} (${e.severity}) ${e.title}`);
  for (const f of result.failing) console.error(`  ${f.severity}: ${f.package} ${f.range} ${f.id} ${f.title}`);
  if (!result.ok) process.exit(1);
}

main();
