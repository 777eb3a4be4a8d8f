import { expect, test } from '@playwright/test';
import { authFile } from '../support/global-setup';
import { pickOption } from '../support/select';
import { apiSignIn } from '../support/server';

/**
 * The contract area against the real server: a rent-to-own contract signed through the wizard for a driver
 * and a car, its first rent collected at signing and the second in two payments (one partial); the contract
 * started two months and ten days ago (the clock is moved by dating the contract back), so its third rent is
 * past due date + grace: after the daily job (the test-only route) it is in the debt-collection buckets with
 * its late fee.
 */
test.use({ storageState: authFile('admin') });

function day(d: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(d);
}

test('sign rent-to-own, collect, let a rent go overdue, see it in the buckets with its late fee', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = (await apiSignIn(request, 'admin')).access_token;
  const headers = { Authorization: `Bearer ${token}`, 'X-User-Type': 'manager' };
  // Debt collection is shown only with settingDebtorPaying on.
  const rules = await request.put('/api/ccwadmin/setting/rules', { headers, data: { settingDebtorPaying: true } });
  expect(rules.status(), await rules.text()).toBe(200);

  const now = new Date();
  const start = new Date(now.getTime() - 10 * 86_400_000);
  start.setUTCDate(Math.min(start.getUTCDate(), 28));
  start.setUTCMonth(start.getUTCMonth() - 2);
  const startDay = day(start);
  const end = new Date(start);
  end.setUTCFullYear(end.getUTCFullYear() + 1);
  const endDay = day(new Date(end.getTime() - 86_400_000));

  await page.goto('/rentContract/new');
  await pickOption(page, page.getByRole('combobox', { name: '司机' }));
  // A car the signing accepts: once the picker has checked them, a greyed car is never chosen.
  await pickOption(page, page.getByRole('combobox', { name: '车辆' }), (options) => {
    return options.and(page.locator(':not(.fd-car-option-checking):not(.fd-car-option-blocked)')).first();
  });
  await page.getByRole('button', { name: '下一步' }).click();
  const date = async (label: string, value: string) => {
    const input = page.getByLabel(label);
    await input.click();
    await input.fill(value);
    await input.press('Enter');
  };
  await date('开始日期', startDay);
  await date('结束日期', endDay);
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByText('共 12 期')).toBeVisible();
  await expect(page.getByRole('cell', { name: '买断款' })).toBeVisible();
  await page.getByRole('button', { name: '生成合同' }).click();
  await expect(page.getByText('签约时收取')).toBeVisible();
  await pickOption(page, page.locator('.fd-sign-receipts').getByRole('combobox'));
  await page.getByRole('button', { name: '确认收款并签约' }).click();
  await expect(page.getByText(/^签约成功/)).toBeVisible();
  // The subtitle links the contract, its driver and its car: "HT202600028 何丽 沪B·5H3J1".
  const number = /HT\d+/.exec((await page.locator('.ant-result-subtitle').textContent()) ?? '')![0];
  await page.getByRole('link', { name: '查看' }).click();

  await page.getByRole('tab', { name: '账单计划' }).click();
  const rentRow = (n: number) => page.locator('tr', { has: page.getByRole('cell', { name: '租金' }) }).nth(n - 1);
  await expect(rentRow(1)).toContainText('已支付');
  // The second rent: a partial payment, then the rest.
  await rentRow(2).getByRole('button', { name: '收款' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('收款金额（元）').fill('1000');
  await pickOption(page, dialog.getByLabel('收款账户'));
  // The button names the amount typed.
  await dialog.getByRole('button', { name: '收款 ¥1,000.00' }).click();
  await expect(rentRow(2)).toContainText('部分支付');
  await rentRow(2).getByRole('button', { name: '收款' }).click();
  await pickOption(page, page.getByRole('dialog').getByLabel('收款账户'));
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^收款 ¥[\d,]+\.\d{2}$/ })
    .click();
  await expect(rentRow(2)).toContainText('已支付');
  await expect(rentRow(3)).toContainText('逾期天数');

  // The daily job writes the late fees (test-only route, loopback).
  const job = await request.post('/api/test/contracts/daily');
  expect(job.status(), await job.text()).toBe(200);

  await page.goto('/rentContract/debtors');
  const row = page.locator('tr', { hasText: number });
  await expect(row).toBeVisible();
  await expect(row).toContainText(/逾期\d/);
  const lateFee = await row.locator('td').nth(6).textContent();
  // Money as the screens show it (¥1,234.50).
  expect(Number(lateFee!.replace(/[¥,]/g, ''))).toBeGreaterThan(0);
});
