#!/usr/bin/env node
// The sign-in screen's load in headless Chromium (issue 3: load event <= 400 ms, median of 5 cold runs), on
// the built server with a temporary DATA_DIR. Each run is a new browser: no HTTP cache, no compiled code.
// Also records what /login transfers and the gzip budgets of bench/bundle-size.mjs. `--no-build` skips
// building what changed. Writes bench/results/web-login.json.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { measureBundles } from './bundle-size.mjs';
import { ensureBuilt, machine, ROOT, startServer } from './lib/server.mjs';

const require = createRequire(import.meta.url);
const { chromium } = require(path.join(ROOT, 'node_modules/playwright'));

const RUNS = 5;
const BUDGET_MS = 400;
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

async function coldRun(base) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 800 } });
    const failed = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    await page.goto(`${base}/login`, { waitUntil: 'load' });
    // The form is on screen (its chunk may arrive after the load event).
    await page.waitForSelector('input[name="username"]', { state: 'visible' });
    const figures = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const resources = performance.getEntriesByType('resource');
      const bytes = (ext) =>
        resources.filter((r) => r.name.split('?')[0].endsWith(ext)).reduce((n, r) => n + r.decodedBodySize, 0);
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      return {
        loadEventMs: Math.round(nav.loadEventEnd),
        domContentLoadedMs: Math.round(nav.domContentLoadedEventEnd),
        firstContentfulPaintMs: paint ? Math.round(paint.startTime) : null,
        formVisibleMs: Math.round(performance.now()),
        jsFiles: resources.filter((r) => r.name.split('?')[0].endsWith('.js')).length,
        jsBytes: bytes('.js'),
        cssBytes: bytes('.css'),
      };
    });
    if (failed.length) throw new Error(`/login could not load all its files:\n${failed.join('\n')}`);
    return figures;
  } finally {
    await browser.close();
  }
}

async function main() {
  if (!process.argv.includes('--no-build')) ensureBuilt();
  const bundles = measureBundles();
  const server = await startServer();
  try {
    await coldRun(server.base); // warms the server (and the OS file cache), not the browser: not counted
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await coldRun(server.base));
    const med = (key) => median(runs.map((r) => r[key]));
    const result = {
      measuredAt: new Date().toISOString(),
      machine: machine(),
      runs,
      median: {
        loadEventMs: med('loadEventMs'),
        domContentLoadedMs: med('domContentLoadedMs'),
        firstContentfulPaintMs: med('firstContentfulPaintMs'),
        formVisibleMs: med('formVisibleMs'),
      },
      budget: { loadEventMs: BUDGET_MS },
      withinBudget: med('loadEventMs') <= BUDGET_MS,
      bundles: bundles.map(({ files, ...b }) => ({ ...b, files: files.length })),
    };
    writeFileSync(path.join(ROOT, 'bench/results/web-login.json'), `${JSON.stringify(result, null, 2)}\n`);
    const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
    console.log(
      `/login, ${RUNS} cold runs: load event median ${result.median.loadEventMs} ms (budget ${BUDGET_MS} ms), ` +
        `form visible ${result.median.formVisibleMs} ms, FCP ${result.median.firstContentfulPaintMs} ms`,
    );
    for (const b of bundles) console.log(`  ${b.name}: JS ${kb(b.js.gzip)} gzip, CSS ${kb(b.css.gzip)} gzip`);
    console.log('written bench/results/web-login.json');
    if (!result.withinBudget || bundles.some((b) => b.over.length)) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

await main();
