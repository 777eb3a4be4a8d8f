import { expect, test, type Locator, type Page } from '@playwright/test';
import { authFile } from '../support/global-setup';
import { openFromNav } from '../support/nav';
import { smsCode } from '../support/server';

/**
 * A company hands the work over from the UI alone: the administrator makes a role that may only read cars,
 * adds an employee with it, the employee signs in with the code of the SMS invitation and sees only the car
 * list without write buttons, and is disabled while signed in (his next call ends on the sign-in page).
 */
test.use({ storageState: authFile('admin') });

// Unique per run, so that a retry on the same server does not meet the first try's records.
const RUN = String(Date.now()).slice(-4);
const PHONE = `1365555${RUN}`;
const ROLE = `车辆只读${RUN}`;
const USERNAME = `wang.xm${RUN}`;

/**
 * Picks an option of a multiple select and checks that it shows as chosen: the form may still be taking its
 * first data (rents, roles) when the test reaches it, so a pick that did not hold is made again.
 */
async function pickOption(page: Page, select: Locator, label: string) {
  const field = select.locator(
    `xpath=ancestor::*[contains(concat(' ', normalize-space(@class), ' '), ' ant-select ')][1]`,
  );
  await expect(async () => {
    if (!(await field.getByText(label, { exact: true }).isVisible())) {
      await select.click();
      await page.locator('.ant-select-dropdown:visible').getByText(label, { exact: true }).click({ timeout: 3000 });
      await page.keyboard.press('Escape');
    }
    await expect(field.getByText(label, { exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
}

test('a role that only reads cars, an employee with it, his first sign-in by code, and his disabling', async ({
  page,
  browser,
}) => {
  // 1. The role: only "view" of the vehicles menu, in the company's own companies.
  await page.goto('/oaSetting?tab=roles');
  await page.getByRole('button', { name: '新建角色' }).click();
  const drawer = page.getByRole('dialog', { name: '新建角色' });
  await drawer.getByLabel('角色名称').fill(ROLE);
  await drawer.getByText('仅所属公司').click();
  // The tree lists each menu followed by its actions: tick the vehicles menu's first action, "view".
  const vehicles = drawer.locator('.ant-tree-treenode').filter({ hasText: /^车辆管理$/ });
  await vehicles.locator('xpath=following-sibling::*[1]').locator('.ant-tree-checkbox').click();
  await drawer.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText(`角色 ${ROLE} 已创建`)).toBeVisible();
  const roleRow = page.locator('.ant-table-row').filter({ hasText: ROLE });
  await expect(roleRow).toContainText('仅所属公司');

  // 2. The employee, in the Hangzhou company, with that role: an SMS invitation goes out.
  await page.goto('/oa/depart');
  await page.getByRole('button', { name: '添加员工' }).click();
  const form = page.getByRole('dialog', { name: '添加员工' });
  await form.getByLabel('姓名').fill('王小明');
  await form.getByLabel('用户名').fill(USERNAME);
  await form.getByLabel('手机号').fill(PHONE);
  await pickOption(page, form.getByLabel('可操作公司'), '演示租车杭州分公司');
  await pickOption(page, form.getByLabel('角色'), ROLE);
  const since = Date.now() - 1000;
  await form.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText(`含首次登录验证码的短信邀请已发送至 ${PHONE}。`).first()).toBeVisible();
  const code = await smsCode(PHONE, since);
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-table-row').filter({ hasText: USERNAME })).toBeVisible();

  // 3. The employee signs in with the code of the invitation, in a browser of his own.
  const mine = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const employee = await mine.newPage();
  await employee.goto('/login');
  await employee.getByRole('tab', { name: '验证码登录' }).click();
  await employee.getByLabel('用户名或手机号').fill(PHONE);
  await employee.getByLabel('验证码', { exact: true }).fill(code);
  await employee.getByRole('button', { name: '登录', exact: true }).click();
  await expect(employee).toHaveURL('/');
  await expect(employee.getByRole('heading', { name: /王小明/ })).toBeVisible();
  const nav = employee.getByRole('menu', { name: '主导航' });
  await expect(nav.getByText('办公', { exact: true })).toHaveCount(0);
  await expect(nav.getByText('设置', { exact: true })).toHaveCount(0);
  await openFromNav(employee, '车辆', '车辆管理', /\/rentCar/);
  await expect(employee.locator('.ant-table-row').first()).toBeVisible();
  await expect(employee.getByRole('button', { name: '新增车辆' })).toHaveCount(0);
  await expect(employee.getByRole('button', { name: '导入车辆' })).toHaveCount(0);
  await expect(employee.getByRole('button', { name: '导出' })).toHaveCount(0);
  // Only his company's cars: every row is Hangzhou's.
  const rents = await employee.locator('.ant-table-row').allInnerTexts();
  expect(rents.some((r) => r.includes('上海'))).toBe(false);

  // 4. The administrator disables him; his next call meets the revoked session and ends on the sign-in page.
  await page.locator('.ant-table-row').filter({ hasText: USERNAME }).getByText('更多').click();
  await page.locator('.ant-dropdown:visible').getByText('停用', { exact: true }).click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('确定停用 王小明 吗？');
  await confirm.getByRole('button', { name: /停\s*用|确\s*定|OK/ }).click();
  await expect(page.getByText('已停用 王小明')).toBeVisible();

  await employee.reload();
  const box = employee.locator('.ant-modal-confirm');
  const signIn = employee.getByRole('heading', { name: '登录 Fleetdesk' });
  await expect(box.or(signIn)).toBeVisible();
  if (await box.isVisible()) await box.getByRole('button', { name: '重新登录' }).click();
  await expect(employee).toHaveURL(/\/login/);
  expect(await employee.evaluate(() => localStorage.getItem('AccessToken'))).toBeNull();
  await mine.close();
});
