import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { authFile } from '../support/global-setup';

/**
 * GPS against the real server: the JT/T 808 simulator drives a demo car through the server's gateway, the
 * live map shows it moving (pushed, not reloaded), and the replay of the last hour plays. Screenshots of the
 * map, the drawer and the replay in both languages go to test-results/gps.
 */
test.use({ storageState: authFile('admin') });
test.setTimeout(120_000);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const out = path.join(root, 'e2e', 'test-results', 'gps');
const GATEWAY_PORT = Number(new URL(BASE_URL).port) + 1;
/** The first demo tracker (seed: `demoImei(1)`), on a Hangzhou car. */
const DEVICE = '644960770001';

let simulator: ChildProcess | null = null;
test.beforeAll(() => {
  simulator = spawn(
    process.execPath,
    [
      'apps/server/dist/cli/gps-simulator.js',
      '--port',
      String(GATEWAY_PORT),
      '--devices',
      '1',
      '--interval',
      '2',
      '--speedup',
      '2',
    ],
    { cwd: root, stdio: 'ignore' },
  );
});
test.afterAll(() => {
  simulator?.kill();
});

async function drawerFix(page: Page) {
  return (await page.getByTestId('gps-drawer').textContent()) ?? '';
}

for (const lang of ['zh-CN', 'en-US'] as const) {
  test(`the simulator drives a demo car; the live map follows it; the last hour replays (${lang})`, async ({
    page,
  }) => {
    await page.addInitScript((l) => localStorage.setItem('fleetdesk.lang', l), lang);
    await page.goto('/riskGpsMap');
    const map = page.getByTestId('gps-map');
    await expect(map).toBeVisible();
    await expect.poll(async () => Number(await map.getAttribute('data-cars')), { timeout: 20_000 }).toBeGreaterThan(5);
    await expect(page.getByTestId('gps-live-state')).toHaveText(lang === 'zh-CN' ? '实时推送中' : 'Live');
    await page.screenshot({ path: path.join(out, `${lang}-map.png`) });

    await page.getByRole('searchbox').first().fill(DEVICE);
    const item = page.locator('.fd-gps-item').first();
    await expect(item).toBeVisible();
    await item.click();
    const drawer = page.getByTestId('gps-drawer');
    await expect(drawer).toBeVisible();
    const before = await drawerFix(page);
    // The simulator sends a position every second: the drawer's fix time and position change without a reload.
    await expect.poll(() => drawerFix(page), { timeout: 20_000 }).not.toBe(before);
    await page.screenshot({ path: path.join(out, `${lang}-drawer.png`) });

    await page.getByTestId('gps-replay').click();
    const now = page.getByTestId('replay-now');
    await expect(now).toBeVisible({ timeout: 20_000 });
    const first = Number(await now.getAttribute('data-index'));
    await expect
      .poll(async () => Number(await now.getAttribute('data-index')), { timeout: 10_000 })
      .toBeGreaterThan(first);
    await page.screenshot({ path: path.join(out, `${lang}-replay.png`) });

    await page.getByRole('tab', { name: lang === 'zh-CN' ? '设备列表' : 'Devices' }).click();
    // More trackers than a page holds (the time-share fleet's too): the clerk searches the number.
    const search = page.locator('.fd-gps-device-search').getByRole('searchbox');
    await search.fill(DEVICE);
    await search.press('Enter');
    await expect(page.getByRole('tabpanel').getByText(DEVICE, { exact: true })).toBeVisible();
    await page.screenshot({ path: path.join(out, `${lang}-devices.png`) });
  });
}
