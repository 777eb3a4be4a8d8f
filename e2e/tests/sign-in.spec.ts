import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, smsCode, STORAGE_KEYS } from '../support/server';
import { authFile } from '../support/global-setup';

async function signInWithPassword(page: Page, username: string, password: string) {
  await page.getByLabel('用户名', { exact: true }).fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

const storage = (page: Page) => page.evaluate(() => ({ ...localStorage }));

test('password sign-in: home with greeting, navigation and membership', async ({ page }) => {
  await page.goto('/login');
  await signInWithPassword(page, '  admin ', ACCOUNTS.admin.password);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: /张伟/ })).toBeVisible();
  const nav = page.getByRole('menu', { name: '主导航' });
  await expect(nav.getByText('首页')).toBeVisible();
  // The areas come in groups; a group opens on click and lists its screens.
  await expect(nav.getByText('车辆', { exact: true })).toBeVisible();
  await expect(nav.getByText('设置', { exact: true })).toBeVisible();
  await nav.getByText('办公', { exact: true }).click();
  await expect(page.getByRole('menuitem', { name: '操作日志' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('membership-tag')).toContainText('旗舰版');
  const keys = await storage(page);
  expect(keys.AccessToken).toBeTruthy();
  expect(keys.Authorization).toBe(`Bearer ${keys.AccessToken}`);
  expect(keys.RefreshToken).toBeTruthy();
  expect(keys.TenantId).toBeTruthy();
  expect(keys.RentId).toBeTruthy();
});

test('a wrong password shows the wrong-password warning and stays on /login', async ({ page }) => {
  await page.goto('/login');
  await signInWithPassword(page, 'admin', 'Wrong@999');
  await expect(page.getByText('用户名或密码错误')).toBeVisible();
  await expect(page).toHaveURL('/login');
  expect((await storage(page)).AccessToken).toBeUndefined();
});

test('code sign-in: the code from the sandbox SMS (server log), a 60-second countdown', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('tab', { name: '验证码登录' }).click();
  await page.getByLabel('用户名或手机号').fill('admin');
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeDisabled();
  const code = await smsCode(ACCOUNTS.admin.phone, since);
  await page.getByLabel('验证码', { exact: true }).fill(code);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: /张伟/ })).toBeVisible();
});

test('QR sign-in confirmed from a signed-in phone (a second browser context)', async ({ page, browser }) => {
  await page.goto('/login');
  const qrAnswer = page.waitForResponse((r) => r.url().endsWith('/api/admin/client/qr'));
  await page.getByRole('tab', { name: '扫码登录' }).click();
  const session = (await (await qrAnswer).json()).data as { id: string; url: string };
  await expect(page.getByRole('img', { name: '登录二维码' })).toBeVisible();
  await expect(page.getByText('请用已登录 Fleetdesk 的手机扫码')).toBeVisible();

  const phone = await browser.newContext({ storageState: authFile('admin'), viewport: { width: 390, height: 780 } });
  const phonePage = await phone.newPage();
  await phonePage.goto(new URL(session.url).pathname);
  await expect(phonePage.getByRole('heading', { name: '确认在电脑上登录 Fleetdesk？' })).toBeVisible();
  await expect(page.getByText('已扫码，请在手机上确认登录')).toBeVisible();
  await phonePage.getByRole('button', { name: '确认登录' }).click();
  await expect(phonePage.getByText('已确认登录')).toBeVisible();
  await phone.close();

  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: /张伟/ })).toBeVisible();
});

test('an unsigned deep link goes to /login and back after sign-in', async ({ page }) => {
  await page.goto('/oaLog?tab=logins');
  await expect(page).toHaveURL('/login?redirect=%2FoaLog%3Ftab%3Dlogins');
  await signInWithPassword(page, 'admin', ACCOUNTS.admin.password);
  await expect(page).toHaveURL('/oaLog?tab=logins');
  await expect(page.getByRole('tab', { name: '登录记录', selected: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'admin' }).first()).toBeVisible();
});

test('sign-out revokes the token and clears every storage key', async ({ page, request }) => {
  await page.goto('/login');
  await signInWithPassword(page, 'admin', ACCOUNTS.admin.password);
  await expect(page).toHaveURL('/');
  await page.evaluate(() => localStorage.setItem('Imei', '860000000000001'));
  const token = (await storage(page)).AccessToken!;
  await page.getByRole('button', { name: '账户菜单' }).click();
  // The menu asks for the balance when it opens: click once it has re-rendered with it (a CI run lost the click).
  await expect(page.getByTestId('menu-balance')).not.toContainText('…');
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL('/login');
  const after = await storage(page);
  for (const key of STORAGE_KEYS) expect(after[key], key).toBeUndefined();
  const refused = await request.get('/api/admin/client/user/front/info', {
    headers: { Authorization: `Bearer ${token}`, 'X-User-Type': 'manager' },
  });
  expect(refused.status()).toBe(401);
});

test('a new company registers on the trial plan and is signed in', async ({ page }) => {
  await page.goto('/register/e2e-partner');
  await page.getByLabel('企业名称').fill('西湖租车');
  await page.getByLabel('所在城市').fill('杭州');
  await page.getByLabel('联系人').fill('王强');
  const phone = `139${String(Date.now()).slice(-8)}`;
  await page.getByLabel('手机号').fill(phone);
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByLabel('验证码', { exact: true }).fill(await smsCode(phone, since));
  await page.getByLabel('管理员用户名').fill(`westlake${String(Date.now()).slice(-5)}`);
  await page.getByLabel('密码', { exact: true }).fill('Westlake2026');
  await page.getByLabel('确认密码').fill('Westlake2026');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '注册并开始试用' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('membership-tag')).toContainText('试用版');
  await expect(page.getByRole('heading', { name: /王强/ })).toBeVisible();
});

test('a forgotten password is reset with an SMS code, and the new one signs in', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: '忘记密码？' }).click();
  await page.getByLabel('手机号').fill(ACCOUNTS.other.phone);
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByLabel('验证码', { exact: true }).fill(await smsCode(ACCOUNTS.other.phone, since));
  await page.getByLabel('新密码').fill('Renewed2026');
  await page.getByLabel('确认密码').fill('Renewed2026');
  await page.getByRole('button', { name: '重置密码' }).click();
  await expect(page.getByText('密码已重置，请用新密码登录。')).toBeVisible();
  await signInWithPassword(page, 'other', 'Renewed2026');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: /王芳/ })).toBeVisible();
});
