import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests against the real server (built beforehand: CI runs `npm run build` first) on a fresh
 * temporary DATA_DIR, in Debian's Chromium. The server's log goes to a file the tests read (sandbox SMS codes).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// E2E_PORT lets two runs share a machine.
const PORT = Number(process.env.E2E_PORT ?? 18080);
export const BASE_URL = `http://localhost:${PORT}`;
/** Each port its own results (and signed-in sessions): a run cleans only its own directory. */
export const OUTPUT_DIR = process.env.E2E_PORT ? `./test-results/${PORT}` : './test-results';

// The config is loaded by the runner and by each worker: the first creates the directory, all share it.
if (!process.env.FLEETDESK_E2E_DIR) {
  const dir = mkdtempSync(path.join(tmpdir(), 'fleetdesk-e2e-'));
  process.env.FLEETDESK_E2E_DIR = dir;
  process.on('exit', () => rmSync(path.join(dir, 'data'), { recursive: true, force: true }));
}
const dir = process.env.FLEETDESK_E2E_DIR;
process.env.FLEETDESK_E2E_LOG ??= path.join(dir, 'server.log');

/**
 * Debian's Chromium headless shell (package `chromium-headless-shell`, which `.ci/run` installs): the same Blink,
 * without the full browser's window machinery, and the tests a sixth faster than in `/usr/bin/chromium`, which is
 * taken when the shell is not installed. `E2E_CHROMIUM` names another binary.
 */
const CHROMIUM =
  process.env.E2E_CHROMIUM ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

export default defineConfig({
  testDir: './tests',
  outputDir: OUTPUT_DIR,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // One worker: the server limits sign-ins per address, and the flows share its demo accounts.
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI
    ? [
        ['list'],
        // One report per port: CI runs the suite in two shards side by side, each against its own server.
        ['json', { outputFile: path.join(root, `.ci/out/playwright${process.env.E2E_PORT ? `-${PORT}` : ''}.json`) }],
      ]
    : [['list']],
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL: BASE_URL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // The system's "less motion" setting: the app leaves out antd's animations (app/shell/antd-frame.tsx), which
    // the software-rendering Chromium of CI otherwise paints frame by frame.
    reducedMotion: 'reduce',
    viewport: { width: 1366, height: 820 },
    // A trace only when a failed test runs again (CI retries once): recorded for every test, it took a fifth of the
    // suite's time (screenshots and DOM snapshots of every step, in a browser that renders in software).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // Builds nothing: the built server serves the built web app.
    command: `exec node apps/server/dist/main.js > "${process.env.FLEETDESK_E2E_LOG}" 2>&1`,
    cwd: root,
    url: `${BASE_URL}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      ...(process.env as Record<string, string>),
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'data'),
      LOG_LEVEL: 'info',
      PUBLIC_URL: BASE_URL,
      // Test-only routes (loopback callers only): the contracts' daily job on demand.
      TEST_ROUTES: 'true',
      // Production mode refuses to start on the payment sandbox unless it is named.
      PAY_PROVIDER: 'sandbox',
      // A slower sandbox gateway (per message), so that an SMS notice of 50 shows its progress in steps.
      SMS_SANDBOX_DELAY_MS: '500',
      // The JT/T 808 gateway next to the app's port (the GPS spec's simulator drives demo cars through it).
      GPS_TCP_PORT: String(PORT + 1),
    },
  },
});
