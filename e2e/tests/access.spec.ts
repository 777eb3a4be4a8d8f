import { expect, test } from '@playwright/test';
import { authFile } from '../support/global-setup';
import { openFromNav } from '../support/nav';
import { apiSignIn, sessionStorageEntries } from '../support/server';

test.describe('clerk (vehicles and drivers, read-only)', () => {
  test.use({ storageState: authFile('clerk') });

  test('sees only the car and driver areas, and /oaLog is refused', async ({ page }) => {
    await page.goto('/');
    const access = page.getByTestId('home-access');
    await expect(access.getByText('车辆管理')).toBeVisible();
    await expect(access.getByText('司机管理')).toBeVisible();
    await expect(access.locator('.ant-tag')).toHaveCount(2);
    const nav = page.getByRole('menu', { name: '主导航' });
    // Home, the vehicles and the drivers groups, each of one screen: the group is that screen's link (no one-item
    // dropdown); no other group.
    await expect(nav.getByText('首页')).toBeVisible();
    await expect(nav.getByText('办公', { exact: true })).toHaveCount(0);
    await expect(nav.getByText('设置', { exact: true })).toHaveCount(0);
    await nav.getByText('车辆', { exact: true }).click();
    await expect(page).toHaveURL(/\/rentCar$/);
    await expect(page.locator('.fd-nav-popup:visible')).toHaveCount(0);
    await page.getByRole('button', { name: '账户菜单' }).click();
    await expect(page.getByRole('menuitem', { name: '个人资料' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: '我的订单' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.goto('/oaLog');
    await expect(page.getByText('你没有相应权限，请联系管理员开通权限！')).toBeVisible();
  });

  test('gets the forbidden notification when the server refuses a write (ordering a plan)', async ({ page }) => {
    await page.goto('/membership');
    // The demo company is on Enterprise: renewing it is the order its staff are offered.
    const plan = page.getByTestId('plan-ENTERPRISE');
    await plan.getByRole('button', { name: '续费' }).click();
    const notice = page.locator('.ant-notification-notice');
    await expect(notice.getByText('禁止访问')).toBeVisible();
    await expect(notice.getByText('你没有相应权限，请联系管理员开通权限！')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('expired membership', () => {
  test.use({ storageState: authFile('expired') });

  test('lands on /gameover, yet /membership and the orders open', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL('/gameover');
    await expect(page.getByText('服务已到期')).toBeVisible();
    await page.goto('/oaLog');
    await expect(page).toHaveURL('/gameover');
    await page.getByRole('button', { name: '续费会员' }).click();
    await expect(page).toHaveURL('/membership');
    await expect(page.getByTestId('current-membership')).toContainText('会员已到期');
    await expect(page.getByTestId('plan-STANDARD')).toBeVisible();
    await page.goto('/order/membership');
    await expect(page).toHaveURL('/order/membership');
    await expect(page.getByRole('heading', { name: '会员订单' })).toBeVisible();
  });
});

test('the relogin box after the token is revoked on the server; its button signs out', async ({
  page,
  request,
  baseURL,
}) => {
  const answer = await apiSignIn(request, 'admin');
  await page.context().addInitScript(
    ({ entries }) => {
      if (!sessionStorage.getItem('seeded')) {
        for (const { name, value } of entries) localStorage.setItem(name, value);
        sessionStorage.setItem('seeded', '1');
      }
    },
    { entries: sessionStorageEntries(answer) },
  );
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /张伟/ })).toBeVisible();
  // The home's figures, risk board and trends have all been asked before the token is revoked.
  await expect(page.getByTestId('home-trends').locator('canvas').first()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const revoked = await request.delete(`${baseURL}/api/auth/oauth/token`, {
    params: { access_token: answer.access_token },
  });
  expect(revoked.ok()).toBe(true);

  // The next call (permissions are reloaded on every navigation) meets the revoked token.
  await openFromNav(page, '办公', '操作日志', /\/oaLog/);
  const box = page.locator('.ant-modal-confirm');
  await expect(box.locator('.ant-modal-confirm-title')).toHaveText('超时提醒');
  await expect(box.getByText('登录超时，请重新登录')).toBeVisible();
  await expect(box).toHaveCount(1);
  await box.getByRole('button', { name: '重新登录' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2FoaLog/);
  // The sign-in page may still be loading (a navigation destroys the context of an evaluate): ask again until it answers.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('AccessToken')).catch(() => 'navigating'))
    .toBeNull();
});
