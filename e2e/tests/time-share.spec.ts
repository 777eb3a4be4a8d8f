import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { authFile } from '../support/global-setup';

/**
 * Time-share (分时租赁, docs/time-share.md) end to end: staff reserve an idle fleet car on /sevenTime for a renter
 * with a balance, start the trip, the JT/T 808 simulator drives the car's tracker through the server's gateway
 * (positions arrive while the trip runs), staff end the trip (inside a zone, or accepting the off-zone fee), and
 * the trip page shows it settled from the GPS km and the minutes and paid from the balance, with its route. Then a
 * renter's top-up through the sandbox payment page. Screenshots in both languages go to docs/screenshots.
 */
test.use({ storageState: authFile('admin') });
test.setTimeout(180_000);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const shots = path.join(root, 'docs', 'screenshots');
const GATEWAY_PORT = Number(new URL(BASE_URL).port) + 1;
/**
 * The time-share fleet's Hangzhou cars (seed: `timeShareImei(1..3)`: 浙AD73S01, 浙AD73S02, 浙A73S03), all driven by
 * the simulator; 浙AD73S01 carries the demo's trip under way. The flow reserves the first of the others the dialog
 * offers as free (an earlier flow against the same server may have rented one out on a contract).
 */
const PLATE = /浙A·D?73S0[23]/;

let simulator: ChildProcess | null = null;
test.beforeAll(() => {
  // The fleet's Hangzhou trackers only, a position of 5 s of driving every half second.
  simulator = spawn(
    process.execPath,
    [
      'apps/server/dist/cli/gps-simulator.js',
      '--port',
      String(GATEWAY_PORT),
      '--fleet',
      'timeShare',
      '--devices',
      '3',
      '--interval',
      '5',
      '--speedup',
      '10',
    ],
    { cwd: root, stdio: 'ignore' },
  );
});
test.afterAll(() => {
  simulator?.kill();
});

/** A yuan amount shown as "¥1,234.50" → 1234.5 (the first such amount of the text). */
function yuanIn(text: string): number {
  const m = /¥\s?(-?[\d,]+\.\d{2})/.exec(text);
  expect(m, `an amount in "${text}"`).not.toBeNull();
  return Number(m![1]!.replace(/,/g, ''));
}

/**
 * Chooses in a searching select by typing: the server's answer leaves the one option that matches, and Enter
 * takes it (a click on an option while the dropdown still zooms in can land beside it); then the form item shows
 * it, else all is tried again.
 */
async function chooseBySearch(
  page: Page,
  scope: Locator,
  name: string,
  search: string,
  expected: string | RegExp,
  /** Take the first of several matching options (the one Enter takes), not only a single one. */
  first = false,
): Promise<void> {
  const box = scope.getByRole('combobox', { name });
  const item = scope.locator('.ant-form-item').filter({ has: page.getByRole('combobox', { name }) });
  await expect(async () => {
    await box.click();
    await box.fill(search);
    const list = await box.getAttribute('aria-controls', { timeout: 3000 });
    const options = page
      .locator('.ant-select-dropdown', { has: page.locator(`[id="${list}"]`) })
      .locator('.ant-select-item-option');
    if (first) await expect(options.first()).toBeVisible({ timeout: 5000 });
    else await expect(options).toHaveCount(1, { timeout: 5000 });
    await expect(options.first()).toContainText(expected, { timeout: 3000 });
    await box.press('Enter');
    await expect(item).toContainText(expected, { timeout: 3000 });
  }).toPass({ timeout: 45_000 });
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/** Yuan as the web shows them: "¥1,234.50". */
function money(yuan: number): string {
  return `¥${(Math.round(yuan * 100) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

async function useLang(page: Page, lang: 'zh-CN' | 'en-US') {
  await page.addInitScript((l) => localStorage.setItem('fleetdesk.lang', l), lang);
}

/** A row of a bordered Descriptions (label cell, then its content). */
function item(scope: Locator, label: string): Locator {
  return scope
    .locator('.ant-descriptions-item-label')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::td[1]');
}

/** The number of route points the trip page's route card names ("12 个定位点，…"). */
async function routePoints(page: Page): Promise<number> {
  const route = page.getByTestId('trip-route');
  if (!(await route.isVisible())) return 0;
  const label = (await route.getByRole('img').getAttribute('aria-label')) ?? '';
  return Number(/(\d+)/.exec(label)?.[1] ?? 0);
}

test('staff reserve a car, the simulator drives it, the trip ends and is paid from the balance', async ({ page }) => {
  await useLang(page, 'zh-CN');
  await page.goto('/sevenTime');
  await expect(page.getByTestId('time-share-page')).toBeVisible();
  await expect(page.locator('.ant-table-row').first()).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: path.join(shots, 'time-share-trips-zh-CN.png') });

  // ---- reserve: the car at its zone, a renter with a balance and no live trip
  await page.getByRole('button', { name: '预约' }).click();
  const dialog = page.getByRole('dialog', { name: '预约车辆' });
  await expect(dialog).toBeVisible();
  await chooseBySearch(page, dialog, '车辆', '浙A', PLATE, true);
  // A select's form item: its label, then the chosen option's label.
  const chosen = (name: string) =>
    dialog.locator('.ant-form-item').filter({ has: page.getByRole('combobox', { name }) });
  await expect(chosen('车辆')).toContainText(PLATE);
  const carText = await chosen('车辆').innerText();
  const carLabel = carText.slice(carText.search(PLATE)).trim();
  // The car's option names its zone ("浙A·D73S02 · 新能源网约车 · 文一西路站").
  const startZone = carLabel.split('·').pop()!.trim();
  expect(startZone.length).toBeGreaterThan(0);

  // The renter with the largest balance among those without a live trip: the trip is paid from it at the end.
  const renterBox = dialog.getByRole('combobox', { name: '租客' });
  let labels: string[] = [];
  await expect(async () => {
    await renterBox.click();
    const list = await renterBox.getAttribute('aria-controls', { timeout: 3000 });
    const options = page
      .locator('.ant-select-dropdown', { has: page.locator(`[id="${list}"]`) })
      .locator('.ant-select-item-option:not(.ant-select-item-option-disabled)');
    await expect(options.first()).toBeVisible({ timeout: 3000 });
    labels = await options.allInnerTexts();
  }).toPass({ timeout: 30_000 });
  await renterBox.press('Escape');
  const best = labels.reduce((x, y) => (yuanIn(y) > yuanIn(x) ? y : x)).trim();
  await chooseBySearch(page, dialog, '租客', best.split(' ')[1]!, best.split(' ')[1]!);
  await expect(chosen('租客')).toContainText(best.split(' ')[1]!);
  const renterLabel = best;
  const balanceBefore = yuanIn(renterLabel);
  expect(balanceBefore).toBeGreaterThan(50);
  const renterName = renterLabel.split(' ')[0]!;
  await page.screenshot({ path: path.join(shots, 'time-share-reserve-zh-CN.png') });
  await dialog.getByRole('button', { name: /预\s?约/ }).click();

  // ---- the trip page: reserved at the car's zone
  await expect(page).toHaveURL(/\/sevenTime\/trip\/\d+$/, { timeout: 20_000 });
  const tripUrl = new URL(page.url()).pathname;
  const summary = page.getByTestId('trip-summary');
  await expect(item(summary, '状态')).toContainText('已预约');
  await expect(summary).toContainText(renterName);
  await expect(item(summary, '起点网点')).toHaveText(startZone);

  // ---- start: the car is out; the simulator's positions arrive while the trip runs
  await page.getByRole('button', { name: '开始用车' }).click();
  await expect(item(summary, '状态')).toContainText('行程中', { timeout: 20_000 });
  await expect(page.getByTestId('trip-amount')).toContainText('如此刻结束的费用');
  // The page asks again every half minute while live: a reload shows the route as it grows.
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(page.getByTestId('trip-summary')).toBeVisible({ timeout: 20_000 });
        return routePoints(page);
      },
      { timeout: 60_000, intervals: [3000] },
    )
    .toBeGreaterThanOrEqual(20);
  await page.screenshot({ path: path.join(shots, 'time-share-trip-live-zh-CN.png'), fullPage: true });

  // ---- end: the zone check; the simulated car drives the demo's roads, mostly outside every zone
  await page.getByRole('button', { name: '结束行程' }).click();
  const end = page.getByRole('dialog', { name: /结束行程/ });
  await end.getByRole('button', { name: '检查网点并结束' }).click();
  const outside = end.getByTestId('outside-zone');
  const paid = end.getByText(/已从余额支付/);
  await expect(outside.or(paid)).toBeVisible({ timeout: 20_000 });
  const offZone = await outside.isVisible();
  if (offZone) {
    await expect(outside).toContainText('最近的网点');
    await expect(outside).toContainText('网点外还车费 ¥50.00');
    await page.screenshot({ path: path.join(shots, 'time-share-off-zone-zh-CN.png') });
    await end.getByRole('button', { name: '在此结束并收费' }).click();
  }
  await expect(paid).toBeVisible({ timeout: 20_000 });
  const breakdown = end.getByTestId('end-amount');
  const total = yuanIn(await item(breakdown, '合计').innerText());
  expect(total).toBeGreaterThan(0);
  expect(yuanIn(await item(breakdown, '网点外还车费').innerText())).toBe(offZone ? 50 : 0);
  await expect(end.getByText(/当前余额/)).toContainText(money(balanceBefore - total));
  await end
    .locator('.ant-modal-footer')
    .getByRole('button', { name: /关\s?闭/ })
    .click();

  // ---- the trip page: paid, km from the GPS, the breakdown and the route
  await expect(item(summary, '状态')).toContainText('已支付', { timeout: 20_000 });
  const km = Number(/([\d.]+) km/.exec(await item(summary, '里程').innerText())?.[1]);
  // The simulator drives at 10 times speed: a minute's trip covers kilometres, never the odometer's thousands.
  expect(km).toBeGreaterThan(0);
  expect(km).toBeLessThan(100);
  const amount = page.getByTestId('trip-amount');
  await expect(amount).toContainText('费用');
  expect(yuanIn(await item(amount, '合计').innerText())).toBe(total);
  expect(yuanIn(await item(amount, '里程费').innerText())).toBeGreaterThan(0);
  expect(yuanIn(await item(amount, '时长费').innerText())).toBeGreaterThanOrEqual(0);
  await expect(item(summary, '终点网点')).toHaveText(offZone ? '不在网点内' : /.+站/);
  expect(await routePoints(page)).toBeGreaterThanOrEqual(20);
  await page.screenshot({ path: path.join(shots, 'time-share-trip-paid-zh-CN.png'), fullPage: true });

  // The list shows it paid with its total; the renter's ledger has the trip's debit.
  await page.getByTestId('trip-page').getByRole('link', { name: /行程$/ }).first().click();
  await expect(page).toHaveURL('/sevenTime');
  const code = tripUrl.split('/').pop()!;
  const row = page.locator('.ant-table-row').filter({ has: page.locator(`a[href="${tripUrl}"]`) });
  await expect(row).toContainText('已支付');
  await expect(row).toContainText(`${km} km`);
  expect(code).toMatch(/^\d+$/);

  // The renter's ledger: the trip's debit, the balance after it.
  await page.getByRole('tab', { name: '租客' }).click();
  await expect(page).toHaveURL('/sevenTime/renters');
  await page.getByRole('textbox', { name: /姓名或手机号/ }).fill(renterName);
  await page.getByRole('button', { name: /查\s?询/ }).click();
  const renterRow = page.locator('.ant-table-row').filter({ hasText: renterName }).first();
  await expect(renterRow).toContainText(money(balanceBefore - total));
  await renterRow.getByRole('button', { name: '流水' }).click();
  const debit = page
    .getByRole('dialog', { name: new RegExp(`${renterName} 的流水`) })
    .locator('.ant-table-row')
    .first();
  await expect(debit).toContainText('行程扣费', { timeout: 20_000 });
  await expect(debit).toContainText(`-${money(total)}`);
  await page.screenshot({ path: path.join(shots, 'time-share-ledger-zh-CN.png') });

  // The same trip page in English.
  await useLang(page, 'en-US');
  await page.goto(tripUrl);
  await expect(item(page.getByTestId('trip-summary'), 'State')).toContainText('Paid');
  await expect(page.getByTestId('trip-amount')).toContainText('Total');
  await page.screenshot({ path: path.join(shots, 'time-share-trip-paid-en-US.png'), fullPage: true });
});

test('a renter is topped up through the sandbox page', async ({ page }) => {
  await useLang(page, 'zh-CN');
  await page.goto('/sevenTime/renters');
  const row = page.locator('.ant-table-row').first();
  await expect(row).toBeVisible({ timeout: 20_000 });
  const name = (await row.locator('td').first().innerText()).trim();
  await row.getByRole('button', { name: '充值' }).click();
  const dialog = page.getByRole('dialog', { name: `为 ${name} 充值` });
  const before = yuanIn(await dialog.getByText('当前余额：').innerText());
  await dialog.getByRole('spinbutton', { name: '金额' }).fill('200');
  await dialog.getByRole('button', { name: '生成付款码' }).click();
  await expect(dialog.getByRole('img', { name: /的付款码/ })).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: path.join(shots, 'time-share-top-up-zh-CN.png') });
  const [payer] = await Promise.all([
    page.waitForEvent('popup'),
    dialog.getByRole('link', { name: /打开沙箱支付页面/ }).click(),
  ]);
  await expect(payer.getByTestId('sandbox-state')).toHaveText('已扫码');
  await payer.getByRole('button', { name: '确认付款' }).click();
  await expect(payer).toHaveURL(/\/paySuccess\?orderNo=/);
  await payer.close();
  await expect(dialog.getByText('¥200.00 已到账')).toBeVisible({ timeout: 30_000 });
  const after = (Math.round((before + 200) * 100) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
  await expect(dialog.getByText(`当前余额 ¥${after}`)).toBeVisible();
  await dialog
    .locator('.ant-modal-footer')
    .getByRole('button', { name: /关\s?闭/ })
    .click();
  await expect(page.locator('.ant-table-row').filter({ hasText: name }).first()).toContainText(`¥${after}`);
});

for (const lang of ['zh-CN', 'en-US'] as const) {
  test(`the time-share rules on /sevenSetting (${lang})`, async ({ page }) => {
    await useLang(page, lang);
    await page.goto('/sevenSetting');
    await expect(page.getByText(lang === 'zh-CN' ? '分时租赁' : 'Time-share').first()).toBeVisible({
      timeout: 20_000,
    });
    await page.screenshot({ path: path.join(shots, `rental-settings-${lang}.png`), fullPage: true });
  });
}
