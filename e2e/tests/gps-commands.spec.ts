import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { authFile } from '../support/global-setup';

/**
 * GPS commands against the real server: the JT/T 808 simulator drives a demo car through the server's gateway;
 * a locate and a fuel cut sent from the Devices tab reach the simulated terminal, which answers them; the
 * command history shows them settled from the device's replies, and the cut car stands still until restored.
 */
test.use({ storageState: authFile('admin') });
test.setTimeout(180_000);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const out = path.join(root, 'e2e', 'test-results', 'gps-commands');
const GATEWAY_PORT = Number(new URL(BASE_URL).port) + 1;
/** The first demo tracker (seed: `demoImei(1)`), on a Hangzhou car. */
const DEVICE = '644960770001';

let simulator: ChildProcess | null = null;
test.beforeAll(() => {
  simulator = spawn(
    process.execPath,
    ['apps/server/dist/cli/gps-simulator.js', '--port', String(GATEWAY_PORT), '--devices', '1', '--interval', '1'],
    { cwd: root, stdio: 'ignore' },
  );
});
test.afterAll(() => {
  simulator?.kill();
});

async function send(page: Page, type: string, reason: string) {
  await page.goto('/riskGpsMap');
  await page.getByRole('tab', { name: 'Devices' }).click();
  // More trackers than a page holds: the clerk searches the number.
  const search = page.locator('.fd-gps-device-search').getByRole('searchbox');
  await search.fill(DEVICE);
  await search.press('Enter');
  const row = page.locator('tr', { hasText: DEVICE });
  await row.getByRole('button', { name: 'Command' }).click();
  const dialog = page.getByRole('dialog').filter({ has: page.getByText(/^Send a command to/) });
  await dialog.getByLabel('Command').click();
  await page.locator('.ant-select-item-option-content', { hasText: type }).last().click();
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'OK' }).click();
}

/** The history's row of a reason, once its status is final. */
async function settled(page: Page, reason: string) {
  const row = page.locator('tr', { hasText: reason });
  await expect
    .poll(
      async () => {
        // A new load each time, once the last one has shown the row (leaving a page mid-load would abort the
        // session's first calls).
        await page.goto('/riskGpsMap/commands');
        await expect(row).toBeVisible({ timeout: 20_000 });
        return (await row.locator('.ant-tag').allTextContents()).join(' ');
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toMatch(/Succeeded|Failed/);
  return row;
}

test('a locate and a fuel cut reach the simulated terminal and are settled from its replies', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('fleetdesk.lang', 'en-US'));

  const locate = `e2e locate ${Date.now()}`;
  await send(page, 'Locate now', locate);
  await expect(page.getByText('Command queued: Locate now')).toBeVisible();
  const locateRow = await settled(page, locate);
  await expect(locateRow.locator('.ant-tag', { hasText: 'Succeeded' })).toBeVisible();
  await locateRow.getByRole('button', { name: 'Details' }).click();
  await expect(page.getByTestId('gps-command-drawer').getByText('Sent to the device')).toBeVisible();
  await page.screenshot({ path: path.join(out, 'locate.png') });

  const cut = `e2e fuel cut ${Date.now()}`;
  await send(page, 'Cut fuel and power', cut);
  await page.getByRole('button', { name: 'Cut fuel', exact: true }).click();
  // A moving car: the server asks again (the simulated car may be parked, then it goes through at once).
  const queued = page.getByText('Command queued: Cut fuel and power');
  const force = page.getByRole('button', { name: 'Force the fuel cut' });
  await expect(queued.or(force)).toBeVisible();
  if (await force.isVisible()) await force.click();
  await expect(queued).toBeVisible();
  const cutRow = await settled(page, cut);
  await expect(cutRow.locator('.ant-tag', { hasText: 'Succeeded' })).toBeVisible();
  await expect(cutRow).toContainText('fuel cut');
  await page.screenshot({ path: path.join(out, 'fuel-cut.png') });

  const restore = `e2e restore ${Date.now()}`;
  await send(page, 'Restore fuel and power', restore);
  const restoreRow = await settled(page, restore);
  await expect(restoreRow.locator('.ant-tag', { hasText: 'Succeeded' })).toBeVisible();
  await expect(restoreRow).toContainText('fuel connected');
});
