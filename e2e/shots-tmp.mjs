import { chromium } from 'playwright-core';
const BASE = 'http://localhost:18170';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const lang of ['zh-CN', 'en-US']) {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 860 }, locale: lang });
  await ctx.addInitScript((l) => localStorage.setItem('fleetdesk.lang', l), lang);
  const page = await ctx.newPage();
  await page.goto(BASE + '/login');
  await page.locator('input').nth(0).fill('admin');
  await page.locator('input[type=password]').fill('Admin@123');
  await page.keyboard.press('Enter');
  await page.waitForURL(BASE + '/', { timeout: 60000 });
  const shot = async (name) => { await page.waitForTimeout(2500); await page.screenshot({ path: `/work/shots/me/${name}-${lang}.png` }); };
  await page.goto(BASE + '/oaLog');
  await shot('operation-log');
  await page.getByTestId('log-technical').click();
  await shot('operation-log-technical');
  // a contract's history
  await page.goto(BASE + '/rentContract');
  await page.waitForTimeout(3000);
  await page.locator('.ant-table-row a').first().click();
  await page.waitForTimeout(2000);
  const hist = lang === 'zh-CN' ? '历史与日志' : 'History';
  await page.getByRole('tab', { name: new RegExp(hist) }).click();
  await shot('contract-history');
  // driver form fill from ID
  await page.goto(BASE + '/rentDriver/new');
  await page.waitForTimeout(3000);
  await page.getByLabel(lang === 'zh-CN' ? '身份证号' : 'ID number').fill('330106198503074414'.slice(0, 17) + 'X');
  await page.waitForTimeout(500);
  await page.getByLabel(lang === 'zh-CN' ? '身份证号' : 'ID number').fill('');
  await page.getByLabel(lang === 'zh-CN' ? '身份证号' : 'ID number').fill(process.env.IDNO);
  await page.waitForTimeout(1500);
  await page.getByLabel(lang === 'zh-CN' ? '身份证号' : 'ID number').scrollIntoViewIfNeeded();
  await shot('driver-form-id');
  await page.getByRole('button', { name: lang === 'zh-CN' ? '保 存' : 'Save' }).or(page.getByRole('button', { name: lang === 'zh-CN' ? '保存' : 'Save' })).first().click();
  await shot('driver-form-choose');
  // debtors off-notice is on only when setting off; skip. SMS outbox link: employee invite
  await ctx.close();
}
await browser.close();
