import { expect, test, type Page } from '@playwright/test';
import { apiCall, apiData, contractOnIdleCar } from '../support/api';
import { pickOption } from '../support/select';
import { signedInPage } from '../support/server';

/**
 * E-signature and online notarization end to end (issue 35), through the screens: the administrator sends a pending
 * contract for signing from its page; the driver signs through the sandbox link on a phone-sized screen; the
 * administrator seals for the company and sees the contract signed with its signed PDF; he applies for notarization,
 * submits it with its fee; the sandbox notary accepts and asks for a supplement, which he sends; the notary
 * notarizes; he downloads the certificate. Off-screen (the API): only the pending contract, and the driver's ID
 * number (the driver knows it).
 */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a3f1d6f60000000049454e44ae426082',
  'hex',
);

async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem('AccessToken') ?? localStorage.getItem('Authorization') ?? '');
}

test('a contract is signed electronically, notarized after a supplement, and its certificate downloaded', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const page = await signedInPage(browser, baseURL!, 'admin', 'Admin@123');
  await page.goto('/');
  const token = (await tokenOf(page)).replace(/^Bearer /, '');
  const contract = await contractOnIdleCar(
    page.request,
    token,
    async () => true,
    async (carId) => {
      const [r] = await apiData<{ rentable: boolean }[]>(page.request, token, 'POST', 'rentCar/rentability', {
        ids: [carId],
      });
      return !!r?.rentable;
    },
  );
  const driver = await apiData<{ idNumber: string }>(page.request, token, 'GET', `rentDriver/${contract.driverId}`);

  // 1. The administrator sends it from the contract page's tab 电子签约.
  await page.goto(`/rentContract/detail/${contract.id}?tab=esign`);
  await page.getByRole('button', { name: '发起电子签约' }).click();
  const send = page.getByRole('dialog');
  await pickOption(page, send.getByLabel('收款账户'));
  await send.getByRole('button', { name: '发起' }).click();
  await expect(send).toBeHidden();
  await expect(page.getByText('签署中').first()).toBeVisible();
  const link = await page.getByRole('link', { name: '打开' }).first().getAttribute('href');
  expect(link).toContain('/esign/sandbox/');

  // 2. The driver signs on his phone through the link.
  const phone = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await phone.addInitScript(() => localStorage.setItem('fleetdesk.lang', 'zh-CN'));
  const mobile = await phone.newPage();
  await mobile.goto(new URL(link!).pathname);
  await expect(mobile.getByText('电子签约沙箱')).toBeVisible();
  await mobile.getByLabel('身份证号后六位').fill('000000');
  await mobile.getByRole('button', { name: '签署', exact: true }).click();
  await expect(mobile.getByText('身份证号后六位不正确')).toBeVisible();
  await mobile.getByLabel('身份证号后六位').fill(driver.idNumber.slice(-6));
  await mobile.getByRole('button', { name: '签署', exact: true }).click();
  await expect(mobile.getByText(/已签署，签署时间/)).toBeVisible();
  await mobile.screenshot({ path: '../docs/screenshots/esign-sandbox-phone.png' });
  await phone.close();

  // 3. The company seals; the contract becomes signed with the signed PDF.
  const seal = page.getByRole('button', { name: '企业盖章' });
  await expect(seal).toBeVisible({ timeout: 15_000 });
  const [sealPage] = await Promise.all([page.waitForEvent('popup'), seal.click()]);
  await sealPage.getByRole('button', { name: '确认盖章' }).click();
  await expect(sealPage.getByText(/已签署，签署时间/)).toBeVisible();
  await sealPage.close();
  await expect(page.getByText('已完成').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/^EVI/).first()).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: '../docs/screenshots/esign-tab.png', fullPage: true });
  const state = await apiData<{ state: string }>(page.request, token, 'GET', `rentContract/${contract.id}`);
  expect(state.state).toBe('signed');

  // 4. He applies for notarization from the tab.
  await page
    .getByRole('link', { name: '申请公证' })
    .or(page.getByRole('button', { name: '申请公证' }))
    .first()
    .click();
  const form = page.getByRole('dialog');
  await expect(form.getByText('新建公证申请')).toBeVisible();
  await pickOption(page, form.getByLabel('公证类型'), /赋强公证/);
  await form.getByLabel('公证处').fill('杭州市互联网公证处');
  await form
    .locator('input[type=file]')
    .nth(0)
    .setInputFiles({ name: 'id-front.png', mimeType: 'image/png', buffer: PNG });
  await form
    .locator('input[type=file]')
    .nth(1)
    .setInputFiles({ name: 'id-back.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByText('id-back.png')).toBeVisible();
  await form.getByRole('button', { name: '创建' }).click();
  await expect(page).toHaveURL(/\/notarization\/\d+$/);
  const applicationId = Number(new URL(page.url()).pathname.split('/').pop());

  // 5. Submitted with its fee.
  await page.getByRole('button', { name: '提交公证' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('已提交').first()).toBeVisible();

  // 6. The sandbox notary accepts and asks for a supplement.
  const [notary] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: '打开沙箱公证处' }).click(),
  ]);
  await notary.getByRole('button', { name: '受理', exact: true }).click();
  await notary.getByRole('button', { name: '要求补充材料' }).click();
  await notary.getByRole('dialog').getByRole('textbox').fill('请补充车辆登记证书');
  await notary
    .getByRole('dialog')
    .getByRole('button', { name: /确定|要求补充材料|OK/ })
    .last()
    .click();
  await expect(notary.getByText('请补充车辆登记证书')).toBeVisible();

  // 7. He sends the supplement.
  await expect(page.getByText('待补充材料').first()).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: '补充材料' }).click();
  const sup = page.getByRole('dialog');
  await sup.getByLabel('补充说明').fill('已补充车辆登记证书');
  await sup
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'registration.png', mimeType: 'image/png', buffer: PNG });
  await expect(sup.getByText('registration.png')).toBeVisible();
  await sup.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('审查中').first()).toBeVisible();

  // 8. The notary notarizes; the certificate is there to download.
  await notary.reload();
  await notary.getByRole('button', { name: '出具公证书' }).click();
  const confirm = notary.getByRole('dialog');
  if (await confirm.isVisible().catch(() => false)) {
    await confirm
      .getByRole('button', { name: /确定|出具公证书|OK/ })
      .last()
      .click();
  }
  await expect(notary.getByText(/沙箱证经字/)).toBeVisible();
  await notary.close();
  await expect(page.getByText('已出证').first()).toBeVisible({ timeout: 15_000 });
  const row = page.locator('tr.ant-table-row', { hasText: '沙箱证经字' });
  await expect(row).toBeVisible({ timeout: 15_000 });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: '下载' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/公证书.*\.pdf$/);
  await page.screenshot({ path: '../docs/screenshots/notarization-application.png', fullPage: true });

  const detail = await apiCall<{ state: string; timeline: { step: string }[] }>(
    page.request,
    token,
    'GET',
    `notarization/${applicationId}`,
  );
  expect(detail.body.data.state).toBe('notarized');
  expect(detail.body.data.timeline.map((s) => s.step)).toContain('supplemented');
});
