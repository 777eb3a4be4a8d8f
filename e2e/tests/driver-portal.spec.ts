import { expect, test } from '@playwright/test';
import type { PortalBill } from '@fleetdesk/contracts/driver-portal';
import { signedInPage, smsCode } from '../support/server';

/**
 * The driver portal 超级司机 end to end (issue 34), through the screens: the demo driver 王建国 signs in on a phone
 * (390 x 844) with his phone and the SMS code (the sandbox writes it to the server log), pays his next rent
 * through the sandbox provider (its payment page is the phone's wallet) and sees the bill paid; the administrator
 * then sees the payment on the contract: the bill paid, and the history line of the driver's online payment.
 */
const PHONE = '13957100001';

test('a driver pays his rent on his phone and the back office sees it on the contract', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript(() => localStorage.setItem('fleetdesk.lang', 'zh-CN'));
  const page = await context.newPage();

  // Only the sign-in is open: the portal's home sends an unsigned visitor there.
  await page.goto('/driver');
  await expect(page).toHaveURL(/\/driver\/login$/);
  await expect(page.getByRole('link', { name: '《超级司机会员协议》' })).toBeVisible();
  await page.getByLabel('手机号').fill(PHONE);
  const since = Date.now();
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeDisabled();
  await page.getByLabel('验证码').fill(await smsCode(PHONE, since));
  await page.getByRole('button', { name: '登录' }).click();
  // The agreement must be accepted first.
  await expect(page.getByText('请先阅读并同意协议')).toBeVisible();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/driver$/);
  await expect(page.getByText('你好，王建国')).toBeVisible();

  // His open bills; the first one he may pay online.
  const bills = page.waitForResponse((r) => r.url().includes('/api/driver/bills') && r.status() === 200);
  await page.getByRole('button', { name: '去支付' }).click();
  await expect(page).toHaveURL(/\/driver\/bills/);
  const open = (await (await bills).json()).data as PortalBill[];
  const bill = open.find((b) => b.payable)!;
  expect(bill, 'the demo driver has a bill to pay').toBeDefined();
  const card = page.getByTestId(`dp-bill-${bill.id}`);
  await card.getByRole('checkbox').check();
  const bar = page.getByTestId('dp-paybar');
  await expect(bar).toContainText('已选 1 笔');
  await bar.getByRole('button', { name: '支付' }).click();

  const sheet = page.getByRole('dialog');
  await expect(sheet.getByRole('img', { name: '支付二维码' })).toBeVisible();
  await expect(sheet.getByText('等待支付…')).toBeVisible();
  const [payer] = await Promise.all([
    page.waitForEvent('popup'),
    sheet.getByRole('link', { name: '在沙箱中支付' }).click(),
  ]);
  await payer.getByRole('button', { name: '确认付款' }).click();
  await expect(payer.getByText('支付成功')).toBeVisible();
  await payer.close();
  await expect(sheet.getByText('支付成功')).toBeVisible();
  await page.keyboard.press('Escape');
  // Paid: off the open bills, and paid in the whole schedule.
  await expect(page.getByTestId(`dp-bill-${bill.id}`)).toHaveCount(0);
  await page.getByRole('tab', { name: '全部' }).click();
  await expect(page.getByTestId(`dp-bill-${bill.id}`)).toContainText('已支付');
  await context.close();

  // The back office: the contract's bill is paid, and its history says the driver paid online.
  const office = await signedInPage(browser, baseURL!, 'admin', 'Admin@123');
  await office.goto(`/rentContract/detail/${bill.contractId}`);
  await expect(office.getByText(bill.contractNumber).first()).toBeVisible();
  await office.getByRole('tab', { name: '历史与日志' }).click();
  await expect(office.getByText(/（司机在线支付）/).first()).toBeVisible();
  await office.close();
});
