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
