import { expect, test, type Page } from '@playwright/test';
import { authFile } from '../support/global-setup';

/**
 * Paying through the sandbox provider, end to end: the QR code's dialog offers the sandbox's own payment page
 * (a new tab, as a phone would open the code), the payer approves there, the sandbox notifies the server
 * through the providers' notification route, and the page that polls lands on /paySuccess.
 */
async function approveInSandbox(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('img', { name: /的支付二维码/ })).toBeVisible();
  await expect(dialog.getByTestId('pay-countdown')).toContainText('后关闭');
  const [payer] = await Promise.all([
    page.waitForEvent('popup'),
    dialog.getByRole('link', { name: /打开沙箱支付页面/ }).click(),
  ]);
  await expect(payer.getByTestId('sandbox-state')).toHaveText('已扫码');
  // Opening the page counts as a scan: the merchant's dialog says so on its next poll.
  await expect(dialog.getByTestId('pay-state')).toContainText('已扫码');
  await payer.getByRole('button', { name: '确认付款' }).click();
  await expect(payer).toHaveURL(/\/paySuccess\?orderNo=/);
  await expect(payer.getByText('支付成功')).toBeVisible();
  await payer.close();
}

test.describe('expired tenant', () => {
  test.use({ storageState: authFile('expired') });

  test('buys a plan through the sandbox page and lands on the home page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL('/gameover');
    await page.getByRole('button', { name: '续费会员' }).click();
    await expect(page).toHaveURL('/membership');
    const plan = page.getByTestId('plan-STANDARD');
    await plan.getByRole('button', { name: /立即订购|续费/ }).click();
    await expect(page.getByRole('dialog').getByText('¥3,980.00')).toBeVisible();
    await approveInSandbox(page);
    await expect(page).toHaveURL(/\/paySuccess\?order=\d+&type=membership/);
    await expect(page.getByTestId('pay-success')).toContainText('会员有效期已延长至');
    await page.getByRole('button', { name: '进入首页' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('home-membership')).toContainText('标准版');
    await expect(page.getByTestId('home-membership')).not.toContainText('已到期');
    // The gate has lifted: another screen opens too.
    await page.goto('/oaLog');
    await expect(page).toHaveURL('/oaLog');
  });
});

test.describe('admin', () => {
  test.use({ storageState: authFile('admin') });

  test('tops up through the sandbox page and sees the ledger entry and the balance', async ({ page }) => {
    await page.goto('/order/topUp');
    const amount = page.getByRole('spinbutton', { name: '充值金额（元）' });
    await amount.fill('888');
    await page.getByRole('button', { name: '充值并支付' }).click();
    await expect(page.getByRole('dialog').getByText('¥888.00')).toBeVisible();
    await approveInSandbox(page);
    await expect(page).toHaveURL(/\/paySuccess\?order=\d+&type=topUp/);
    await page.getByRole('button', { name: '查看余额流水' }).click();
    await expect(page).toHaveURL('/billing/ledger');
    const row = page.locator('.ant-table-row').first();
    await expect(row).toContainText('+¥888.00');
    await expect(row).toContainText('充值');
    const after = (await row.locator('td').nth(3).innerText()).trim();
    await expect(page.getByTestId('billing-balance')).toContainText(after);
    // The same balance in the account menu and on the home page.
    await page.getByRole('button', { name: '账户菜单' }).click();
    await expect(page.getByTestId('menu-balance')).toHaveText(`余额 ${after}`);
    await page.keyboard.press('Escape');
    await page.goto('/');
    await expect(page.getByTestId('home-balance')).toContainText(after);

    // Part of the unused top-up goes back to the payer: a refund on the order, a withdraw in the ledger.
    await page.goto('/billing/ledger');
    await page.locator('.ant-table-row').first().getByRole('link').click();
    await expect(page).toHaveURL(/\/order\/detail\/\d+/);
    await page.getByRole('button', { name: '退还未用余额' }).click();
    const refund = page.getByRole('dialog');
    await refund.getByRole('spinbutton', { name: '退款金额（元）' }).fill('88');
    await refund.getByRole('textbox', { name: '退款原因' }).fill('多充了');
    await refund
      .getByRole('button', { name: '退 款' })
      .or(refund.getByRole('button', { name: '退款' }))
      .click();
    await expect(page.locator('.ant-table-row').filter({ hasText: '多充了' })).toContainText('¥88.00');
    await page.goto('/billing/ledger');
    await expect(page.locator('.ant-table-row').first()).toContainText('-¥88.00');
    await expect(page.locator('.ant-table-row').first()).toContainText('余额退款');
  });
});
