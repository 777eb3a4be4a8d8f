import { expect, test, type Page } from '@playwright/test';
import { authFile } from '../support/global-setup';

/**
 * The home dashboard (issue 37) through the screens: each figure of the admin's home opens the list it counts, and
 * that list's total is the figure; the clerk, who reads the cars and drivers of one rent, sees only those areas,
 * with his own numbers. The trends draw their charts and the risk board opens the risk list at a stage.
 */

/** The figure of a tile, as shown. */
async function figure(page: Page, key: string): Promise<number> {
  const text = await page.locator(`[data-tile="${key}"] .fd-tile-value`).textContent();
  return Number((text ?? '').replace(/[^\d.]/g, ''));
}

/** The total of the list on screen: its pagination's count, 0 when it shows its empty state, null while it loads. */
async function listTotal(page: Page): Promise<number | null> {
  if (await page.locator('.ant-spin-spinning').count()) return null;
  const total = page.locator('.ant-pagination-total-text');
  if (await total.isVisible()) return Number(/\d+/.exec((await total.textContent()) ?? '')![0]);
  return (await page.locator('.ant-table-placeholder .ant-empty').isVisible()) ? 0 : null;
}

/** Clicks a tile on the home, checks the list it opens counts what the tile said, and comes back. */
async function followTile(page: Page, key: string, path: RegExp): Promise<number> {
  await page.goto('/');
  const tile = page.locator(`[data-tile="${key}"]`);
  await expect(tile).toBeVisible({ timeout: 30_000 });
  const shown = await figure(page, key);
  await tile.click();
  await expect(page).toHaveURL(path);
  await expect.poll(() => listTotal(page), { message: `the list behind ${key}`, timeout: 30_000 }).toBe(shown);
  return shown;
}

test.describe('admin', () => {
  test.use({ storageState: authFile('admin') });

  test("the home's figures are the totals of the lists they open", async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto('/');
    const today = page.getByTestId('home-today');
    await expect(today).toBeVisible({ timeout: 30_000 });
    await expect(today.locator('[data-area]')).toHaveCount(4);
    await expect(page.getByText('今日应收租金')).toBeVisible();

    const idle = await followTile(page, 'idle', /\/rentCar\?status=idle$/);
    expect(idle).toBeGreaterThan(0);
    await followTile(page, 'rented', /\/rentCar\?status=rented$/);
    await followTile(page, 'violations', /\/rentCar\/violations\?handled=unhandled$/);
    await followTile(page, 'licencesSoon', /\/rentCar\/licences\?due=soon$/);
    await followTile(page, 'driverPapersSoon', /\/rentDriver\?documentDue=soon$/);
    await followTile(page, 'toSign', /\/rentContract\?duty=sign$/);
    await followTile(page, 'toReturn', /\/rentContract\?duty=return$/);
    // The overdue tile shows the amount; its count is the contracts the list shows.
    await page.goto('/');
    const overdue = page.locator('[data-tile="overdue"]');
    const contracts = Number(
      /(\d+)\s*份合同/.exec((await overdue.locator('.fd-tile-note').first().textContent()) ?? '')![1],
    );
    expect(contracts).toBeGreaterThan(0);
    await overdue.click();
    await expect(page).toHaveURL(/\/rentContract\?overdue=true$/);
    await expect.poll(() => listTotal(page), { timeout: 30_000 }).toBe(contracts);
    await followTile(page, 'servicesDue', /\/maintenance\/due\?state=all-due$/);
  });

  test('the risk board opens the risk list at a stage; the trends draw their charts and switch views', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/');
    const board = page.getByTestId('home-risk-board');
    await expect(board).toBeVisible({ timeout: 30_000 });
    const stage = board.locator('[data-stage]').first();
    await expect(stage).toBeVisible();
    const state = await stage.getAttribute('data-stage');
    const trends = page.getByTestId('home-trends');
    await expect(trends.locator('canvas').first()).toBeVisible({ timeout: 30_000 });
    await expect(trends.getByText('出租率', { exact: true }).first()).toBeVisible();
    await trends.getByText('同比').click();
    await expect(trends.getByText('各月出租率')).toBeVisible();
    await expect(trends.locator('canvas').first()).toBeVisible();
    await stage.click();
    await expect(page).toHaveURL(new RegExp(`/riskGpsMap/risk\\?state=${state}$`));
  });
});

test.describe('clerk', () => {
  test.use({ storageState: authFile('clerk') });

  test('sees only the cars and drivers of his rent, and their lists agree', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/');
    const today = page.getByTestId('home-today');
    await expect(today).toBeVisible({ timeout: 30_000 });
    await expect(today.locator('[data-area]')).toHaveCount(2);
    await expect(page.locator('[data-tile="toSign"]')).toHaveCount(0);
    await expect(page.getByTestId('home-risk-board')).toHaveCount(0);
    const fleet = await followTile(page, 'fleet', /\/rentCar\?status=/);
    expect(fleet).toBeGreaterThan(0);
    await followTile(page, 'idle', /\/rentCar\?status=idle$/);
    await followTile(page, 'driverPapersExpired', /\/rentDriver\?documentDue=expired$/);
  });
});
