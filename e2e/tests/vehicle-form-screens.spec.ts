import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { authFile } from '../support/global-setup';

/** Screenshots of the car form, the car page and the reports in both languages (SCREENSHOTS=1 to take them). */
test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the screenshots');
test.setTimeout(300_000);

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screens');

function adminToken(): string {
  const state = JSON.parse(readFileSync(authFile('admin'), 'utf8')) as {
    origins: { localStorage: { name: string; value: string }[] }[];
  };
  return state.origins[0]!.localStorage.find((e) => e.name === 'AccessToken')!.value;
}

async function open(browser: Browser, lang: string) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 820 }, storageState: authFile('admin') });
  await context.addInitScript((l) => localStorage.setItem('fleetdesk.lang', l), lang);
  return { context, page: await context.newPage() };
}

async function shoot(page: Page, lang: string, name: string, full = true) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(600);
  await page.screenshot({ path: path.join(out, `${lang}-${name}.png`), fullPage: full });
}

for (const lang of ['zh-CN', 'en-US'] as const) {
  test(`car screens, ${lang}`, async ({ browser, request }) => {
    const answer = await request.post('/api/ccwadmin/rentCar/list', {
      headers: { Authorization: `Bearer ${adminToken()}`, 'X-User-Type': 'manager' },
      data: { pageSize: 5, status: ['idle'], energy: ['electric'] },
    });
    const car = ((await answer.json()) as { data: { rows: { id: number }[] } }).data.rows[0]!;
    const { context, page } = await open(browser, lang);

    await page.goto('/rentCar/car/new');
    await expect(page.locator('#plate')).toBeVisible();
    await shoot(page, lang, 'car-new');
    await page.locator('#plate').fill('ABC');
    await page.locator('#vin').fill('LSVAU2180N2183290');
    await page.locator('.fd-car-form-footer .ant-btn-primary').click();
    await shoot(page, lang, 'car-new-errors', false);

    await page.goto(`/rentCar/car/${car.id}`);
    await expect(page.locator('.fd-car-plate')).toBeVisible();
    await shoot(page, lang, 'car-detail');
    await page.getByRole('tab').nth(1).click();
    await shoot(page, lang, 'car-detail-images');
    await page.getByRole('tab').nth(2).click();
    await shoot(page, lang, 'car-detail-history');
    await page.getByRole('tab').nth(3).click();
    await shoot(page, lang, 'car-detail-log');
    await page.locator('.fd-car-detail-buttons .ant-btn').nth(1).click();
    await expect(page.locator('.ant-modal')).toBeVisible();
    await shoot(page, lang, 'car-transfer', false);
    await page.keyboard.press('Escape');

    await page.goto(`/rentCar/car/${car.id}/edit`);
    await expect(page.locator('#plate')).not.toHaveValue('');
    await shoot(page, lang, 'car-edit');

    await page.goto('/rentCar/reports');
    await expect(page.locator('.fd-echart canvas').first()).toBeVisible();
    await shoot(page, lang, 'car-reports');
    await context.close();
  });
}
