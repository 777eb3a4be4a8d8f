import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { authFile } from '../support/global-setup';
import { BASIC, type AccountName } from '../support/server';

/**
 * Screenshots of every screen in both languages, to look at (SCREENSHOTS=1 npm run test -w @fleetdesk/e2e).
 * Not part of the regular run: it asserts little and writes many files.
 */
test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the screenshots');
test.setTimeout(300_000);

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screens');
const LANGS = ['zh-CN', 'en-US'] as const;

async function open(
  browser: Browser,
  lang: string,
  account: AccountName | null,
  viewport = { width: 1366, height: 820 },
) {
  const context = await browser.newContext({
    viewport,
    ...(account ? { storageState: authFile(account) } : {}),
  });
  await context.addInitScript((l) => localStorage.setItem('fleetdesk.lang', l), lang);
  return { context, page: await context.newPage() };
}

async function shoot(page: Page, lang: string, name: string, full = true) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(out, `${lang}-${name}.png`), fullPage: full });
}

for (const lang of LANGS) {
  test(`open screens, ${lang}`, async ({ browser }) => {
    const { context, page } = await open(browser, lang, null);
    await page.goto('/login');
    await shoot(page, lang, 'login-password');
    await page.getByRole('tab').nth(1).click();
    await shoot(page, lang, 'login-code');
    await page.getByRole('tab').nth(2).click();
    await expect(page.locator('img[data-qr-id]')).toBeVisible();
    await shoot(page, lang, 'login-qr');
    await page.getByRole('tab').nth(0).click();
    await page.locator('.fd-auth-row .fd-link-button').click();
    await shoot(page, lang, 'login-forgot');
    await page.goto('/register/demo');
    await page.getByRole('button', { name: /注册并开始试用|Register and start the trial/ }).click();
    await shoot(page, lang, 'register-errors');
    for (const doc of [
      'useragreement',
      'memberagreement',
      'privacyagreement',
      'rentprivacyagreement',
      'superDriverPersonal',
      'superDriverMembers',
    ]) {
      await page.goto(`/${doc}`);
      await shoot(page, lang, `agreement-${doc}`);
    }
    await page.goto('/annals');
    await shoot(page, lang, 'annals');
    await page.goto('/paySuccess');
    await shoot(page, lang, 'pay-success');
    await page.goto('/membership');
    await shoot(page, lang, 'membership-visitor');
    await context.close();
  });

  test(`signed-in screens, ${lang}`, async ({ browser, request }) => {
    const { context, page } = await open(browser, lang, 'admin');
    for (const [name, url] of [
      ['home', '/'],
      ['membership', '/membership'],
      ['orders', '/order/membership'],
      ['settings-profile', '/setting/profile'],
      ['settings-password', '/setting/password'],
      ['oa-log', '/oaLog'],
      ['oa-log-logins', '/oaLog?tab=logins'],
      ['gameover', '/gameover'],
      ['not-found', '/no/such/page'],
    ] as const) {
      await page.goto(url);
      await shoot(page, lang, name);
    }
    await page.goto('/');
    await page.locator('.fd-header button[aria-haspopup], .fd-header .fd-icon-button').first().waitFor();
    await page.getByRole('button', { name: /消息中心|Message centre/ }).click();
    await shoot(page, lang, 'header-messages', false);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /账户菜单|Account menu/ }).click();
    await shoot(page, lang, 'header-user-menu', false);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /切换公司|Switch company/ }).click();
    await shoot(page, lang, 'header-rents', false);
    await page.keyboard.press('Escape');
    await page.goto('/membership');
    await page.getByTestId('plan-ENTERPRISE').getByRole('button').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shoot(page, lang, 'membership-order-created', false);
    await context.close();

    const qr = (await (await request.get('/api/admin/client/qr', { headers: { Authorization: BASIC } })).json()).data;
    const phone = await open(browser, lang, 'admin', { width: 390, height: 780 });
    await phone.page.goto(new URL(qr.url).pathname);
    await shoot(phone.page, lang, 'qr-confirm-phone');
    await phone.context.close();

    const clerk = await open(browser, lang, 'clerk');
    await clerk.page.goto('/');
    await shoot(clerk.page, lang, 'clerk-home');
    await clerk.page.goto('/oaLog');
    await shoot(clerk.page, lang, 'clerk-forbidden');
    await clerk.context.close();

    const expired = await open(browser, lang, 'expired');
    await expired.page.goto('/');
    await shoot(expired.page, lang, 'expired-gameover');
    await expired.page.goto('/membership');
    await shoot(expired.page, lang, 'expired-membership');
    await expired.context.close();

    const narrow = await open(browser, lang, 'admin', { width: 768, height: 900 });
    await narrow.page.goto('/');
    await shoot(narrow.page, lang, 'home-narrow');
    await narrow.context.close();
  });
}

/** The vehicles list screen (/rentCar): its tabs, filters, menus and dialogs. */
for (const lang of LANGS) {
  test(`vehicles list screens, ${lang}`, async ({ browser }) => {
    const zh = lang === 'zh-CN';
    const { context, page } = await open(browser, lang, 'admin');
    const ant = (selector: string) => page.locator(`${selector}:visible`);
    await page.goto('/rentCar');
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    await shoot(page, lang, 'vehicles-cars');
    await page.getByRole('button', { name: zh ? '更多筛选' : 'More filters' }).click();
    await shoot(page, lang, 'vehicles-cars-filters', false);
    await page.getByRole('button', { name: zh ? /常用筛选/ : /Saved filters/ }).click();
    await shoot(page, lang, 'vehicles-saved-filters', false);
    await page.keyboard.press('Escape');
    await page.locator('.ant-table-row').nth(0).getByRole('checkbox').check();
    await page.locator('.ant-table-row').nth(1).getByRole('checkbox').check();
    await page.getByRole('button', { name: zh ? /批量变更状态/ : /Change status/ }).click();
    await shoot(page, lang, 'vehicles-bulk-menu', false);
    await ant('.ant-dropdown').getByRole('menuitem').nth(4).click();
    await shoot(page, lang, 'vehicles-bulk-dialog', false);
    await page.keyboard.press('Escape');
    await page.goto('/rentCar');
    await page
      .locator('.ant-table-row')
      .first()
      .getByRole('button', { name: zh ? /更多/ : /More/ })
      .click();
    await shoot(page, lang, 'vehicles-row-menu', false);
    await ant('.ant-dropdown').getByRole('menuitem').first().click();
    await shoot(page, lang, 'vehicles-status-dialog', false);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: zh ? /导\s*出/ : /Export/ }).click();
    await shoot(page, lang, 'vehicles-export-menu', false);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: zh ? '导入车辆' : 'Import cars' }).click();
    await expect(ant('.ant-modal .ant-table-row').first()).toBeVisible();
    await shoot(page, lang, 'vehicles-import', false);
    await page.locator('.ant-modal input[type=file]').setInputFiles({
      name: 'cars.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        zh
          ? '车牌号,车架号,品牌,车系,能源类型\nXX123,LSVAU2180N2183294,比亚迪,秦PLUS,汽油\n浙A12345,LSVAU2180N218329,无此品牌,,'
          : 'Plate,VIN,Brand,Series,Energy\nXX123,LSVAU2180N2183294,BYD,Qin PLUS,Petrol\n浙A12345,LSVAU2180N218329,Nope,,',
      ),
    });
    await page.getByRole('button', { name: zh ? '校验文件' : 'Check the file' }).click();
    await expect(ant('.ant-statistic').first()).toBeVisible();
    await shoot(page, lang, 'vehicles-import-check', false);
    await page.goto('/rentCar/carTypes');
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    await shoot(page, lang, 'vehicles-car-types');
    await page.getByRole('button', { name: zh ? '新增类型' : 'New car type' }).click();
    await ant('.ant-modal')
      .getByRole('button', { name: zh ? /保\s*存/ : 'Save' })
      .click();
    await shoot(page, lang, 'vehicles-car-type-errors', false);
    await context.close();

    const clerk = await open(browser, lang, 'clerk');
    await clerk.page.goto('/rentCar');
    await expect(clerk.page.locator('.ant-table-row').first()).toBeVisible();
    await shoot(clerk.page, lang, 'vehicles-clerk');
    await clerk.context.close();
  });
}
