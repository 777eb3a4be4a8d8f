import { expect, test } from '@playwright/test';
import { authFile } from '../support/global-setup';

test('the language switch: sign-in screen, then the header and server texts, kept across a reload', async ({
  browser,
}) => {
  const visitor = await browser.newContext();
  const login = await visitor.newPage();
  await login.goto('/login');
  await expect(login.getByRole('heading', { name: '登录 Fleetdesk' })).toBeVisible();
  await login.getByRole('button', { name: 'English' }).click();
  await expect(login.getByRole('heading', { name: 'Sign in to Fleetdesk' })).toBeVisible();
  await expect(login).toHaveTitle(/Sign in/);
  await visitor.close();

  const context = await browser.newContext({ storageState: authFile('admin') });
  const page = await context.newPage();
  await page.goto('/');
  const nav = page.getByRole('menu', { name: '主导航' });
  await expect(nav.getByText('办公', { exact: true })).toBeVisible();
  // The language menu may still be opening when it is clicked (a loaded CI machine): try again until it holds.
  await expect(async () => {
    const english = page.getByRole('menuitem', { name: 'English' });
    if (!(await english.isVisible())) await page.getByRole('button', { name: '切换语言' }).click();
    await english.click({ timeout: 3000 });
    const enNav = page.getByRole('menu', { name: 'Main navigation' });
    await expect(enNav.getByText('Office', { exact: true })).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('membership-tag')).toContainText('Enterprise');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await page.reload();
  await expect(page.getByRole('menu', { name: 'Main navigation' }).getByText('Home')).toBeVisible();
  // The language menu may still be opening when it is clicked: try again until the header speaks Chinese.
  await expect(async () => {
    const chinese = page.getByRole('menuitem', { name: '中文' });
    if (!(await chinese.isVisible())) await page.getByRole('button', { name: 'Change language' }).click();
    await chinese.click({ timeout: 3000 });
    await expect(page.getByRole('menu', { name: '主导航' }).getByText('首页')).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await context.close();
});
