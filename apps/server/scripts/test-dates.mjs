#!/usr/bin/env node
// Runs the date-sensitive server tests with the test processes' clock moved to days where date arithmetic
// breaks (a month end, 28 and 29 February, New Year's Eve at 23:59 in Shanghai, which is still the 31st in UTC),
// on the embedded database (a PostgreSQL server keeps its own clock). "Today" is the ordinary `npm test` run.
// The clock is moved by FLEETDESK_TEST_NOW (src/test/test-now.ts); docs/architecture.md, "Time in tests".
//
//   node scripts/test-dates.mjs                      every date below
//   node scripts/test-dates.mjs 2030-06-30T23:00:00+08:00 [more...]   the dates given
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// Three dates, not four: 31 January 18:00 was dropped (its 250 s took a tenth of CI) because New Year's Eve is the
// last day of a 31-day month too, whose contracts' second bill falls in February (the clamp to a shorter month),
// and the two February dates cover the short month's own end (docs/decisions.md, "Dates the suite runs at").
const DATES = [
  '2027-02-28T12:00:00+08:00', // the last day of February in a common year
  '2028-02-29T09:00:00+08:00', // a leap day
  '2026-12-31T23:59:00+08:00', // New Year's Eve 23:59 in Shanghai: the last day of a 31-day month and of the year; 15:59 UTC, the same day there
];

/**
 * What depends on the day: bills and contracts, handover, reminders, documents, attendance, GPS paths, rules, approvals,
 * financing (due dates from the loan day, overdue days and late fees, the payoff of the current period), maintenance
 * (next service dates by months from the last service, the due list and its reminders), the CRM's pool (the claim
 * limit per tenant day, the return after days without a follow-up) and its funnel (months in the tenant's zone),
 * short-term rental (days, holidays, cancellation windows, late returns, deposit holds).
 */
export const DATE_SENSITIVE = [
  'src/modules/rental-contracts',
  'src/modules/compliance',
  'src/modules/drivers',
  'src/modules/attendance',
  'src/modules/gps',
  'src/modules/approvals',
  'src/modules/violations',
  'src/modules/membership',
  'src/modules/payments',
  'src/modules/cost-centres',
  'src/modules/financing',
  'src/modules/maintenance',
  'src/modules/crm/__tests__/pool.test.ts',
  'src/modules/crm/__tests__/funnel.test.ts',
  // Short-term rental: rental days from the tenant's calendar, weekends and holidays, notice and opening hours,
  // cancellation windows, late returns, the violation deposit's hold in days, the demo's holidays of the year.
  'src/modules/short-term',
  // Time-share: trips priced by local day and night minutes and whole days, reservations and warnings by the clock.
  'src/modules/time-share',
  // Fleet performance: the month's platform days, rent lines due and late days, violations and accidents by the
  // tenant's month; an imported day may not be in the future.
  'src/modules/teams/__tests__/performance.test.ts',
  // The driver portal: what is due now and overdue by the tenant's day, the membership's twelve months and its year
  // back from today (29 February included); the platform sync's yesterday and its 31 days.
  'src/modules/driver-portal',
  'src/modules/teams/__tests__/flow-sync.test.ts',
  // The dashboard: daily reports by the tenant's day, across a month end and a zone behind Shanghai's.
  'src/modules/dashboard',
];
/**
 * Inside those folders, what has no "today" in it: pure codecs, provider stand-ins, limits and forms (the
 * run "today" covers them; at moved dates they only cost time: 16 of the 99 s of a date's files).
 */
const DATE_FREE = [
  'src/modules/gps/jt808/**',
  'src/modules/gps/events/__tests__/geo.test.ts',
  'src/modules/gps/__tests__/motion.test.ts',
  'src/modules/gps/__tests__/gateway-limits.test.ts',
  'src/modules/gps/__tests__/devices-edit.test.ts',
  'src/modules/payments/providers/**',
  'src/modules/payments/__tests__/sandbox-start.test.ts',
  'src/modules/payments/__tests__/money.test.ts',
  'src/modules/payments/__tests__/money-input.test.ts',
  'src/modules/violations/__tests__/juhe.test.ts',
  'src/modules/approvals/__tests__/form-limits.test.ts',
];

const dates = process.argv.slice(2).length ? process.argv.slice(2) : DATES;
const cwd = fileURLToPath(new URL('..', import.meta.url));
const results = [];
for (const date of dates) {
  const env = { ...process.env, FLEETDESK_TEST_NOW: date };
  delete env.DATABASE_URL;
  delete env.FLEETDESK_TEST_NOW_ORIGIN;
  const started = Date.now();
  console.log(`\n::: server tests with the clock at ${date}`);
  const run = spawnSync('npx', ['vitest', 'run', ...DATE_SENSITIVE, ...DATE_FREE.map((glob) => `--exclude=${glob}`)], {
    cwd,
    env,
    stdio: 'inherit',
  });
  results.push({ date, ok: run.status === 0, seconds: Math.round((Date.now() - started) / 1000) });
}
for (const r of results) console.log(`${r.ok ? 'ok    ' : 'FAILED'} ${r.date} (${r.seconds} s)`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
