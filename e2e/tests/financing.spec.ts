import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiData } from '../support/api';
import { authFile } from '../support/global-setup';
import { BASIC, sessionStorageEntries, type TokenAnswer } from '../support/server';

/**
 * Vehicle financing end to end (issue 30), through the screens of both sides: the rental company (admin of 演示租车)
 * applies for a car loan; its own approval flow (finance, then the manager) passes off-screen; the financier
 * (xinda of 鑫达融资租赁) returns it for a supplement; the company supplements and submits again; the financier
 * approves; the company requests the loan, the financier confirms and disburses it; the loan is dated back 40 days
 * (the test-only route, as the contracts' tests date a contract back), so the first instalment is some days late
 * with its late fee; the company pays it online (the sandbox payment page), the financier records the second,
 * and the company pays the car off early.
 */
test.use({ storageState: authFile('admin') });

async function tokenOf(browser: Browser, baseURL: string, username: string, password: string): Promise<TokenAnswer> {
  const api = await browser.newContext({ baseURL });
  const response = await api.request.post('/api/auth/oauth/token', {
    headers: { Authorization: BASIC },
    form: { username, password, grant_type: 'password', type: '1' },
  });
  expect(response.status(), await response.text()).toBe(200);
  const answer = (await response.json()) as TokenAnswer;
  await api.close();
  return answer;
}

async function pageOf(browser: Browser, baseURL: string, answer: TokenAnswer): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    storageState: { cookies: [], origins: [{ origin: baseURL, localStorage: sessionStorageEntries(answer) }] },
  });
  await context.addInitScript(() => localStorage.setItem('fleetdesk.lang', 'zh-CN'));
  return context.newPage();
}

/** Pays the QR dialog's order on the sandbox's own page (a new tab, as a phone would open the code). */
async function payInSandbox(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog');
  const [payer] = await Promise.all([
    page.waitForEvent('popup'),
    dialog.getByRole('link', { name: /打开沙箱支付页面/ }).click(),
  ]);
  await payer.getByRole('button', { name: '确认付款' }).click();
  await expect(payer.getByText('支付成功')).toBeVisible();
  await payer.close();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
}

/**
 * The company's own approval of a submitted application (its flow: finance, then the manager), decided off-screen
 * by whoever may decide its current step, until it is no longer pending.
 */
async function passInternalApproval(page: Page, tokens: string[], requestId: number | null): Promise<void> {
  if (!requestId) return;
  for (let round = 0; round < 4; round++) {
    const detail = await apiData<{ status: string; steps: { index: number; state: string }[] }>(
      page.request,
      tokens[0]!,
      'GET',
      `oa/approval/request/${requestId}`,
    );
    if (detail.status !== 'pending') return;
    const step = detail.steps.find((s) => s.state === 'current')!.index;
    for (const token of tokens) {
      const mine = await apiData<{ canDecide: boolean }>(
        page.request,
        token,
        'GET',
        `oa/approval/request/${requestId}`,
      );
      if (!mine.canDecide) continue;
      await apiData(page.request, token, 'POST', `oa/approval/request/decide/${requestId}`, {
        decision: 'approved',
        step,
      });
      break;
    }
  }
  throw new Error(`approval request ${requestId} still pending`);
}

const state = (page: Page) => page.getByTestId('fin-detail').locator('.fd-fin-detail-head .ant-tag').first();

test('a company finances a car: supplement, approval, loan, a late and an on-time instalment, early payoff', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const admin = await tokenOf(browser, baseURL!, 'admin', 'Admin@123');
  const financier = await pageOf(browser, baseURL!, await tokenOf(browser, baseURL!, 'xinda', 'Admin@123'));

  // 1. The company applies: a car not yet financed, the product, the terms, the quote, then it submits.
  await page.goto('/finance/new');
  await page.getByRole('combobox', { name: '未融资的车辆' }).click();
  await page.locator('.ant-select-item-option').first().click();
  await expect(page.getByTestId('fin-chosen-car')).toBeVisible();
  await page.getByRole('button', { name: /下一步/ }).click();
  await page.getByRole('combobox', { name: '融资产品' }).click();
  await page.locator('.ant-select-item-option', { hasText: '等额本息 36 期' }).click();
  await page.getByLabel('首付比例').fill('30');
  await page.getByRole('combobox', { name: '期数' }).click();
  await page.locator('.ant-select-item-option', { hasText: '12 期' }).click();
  await page.getByLabel('车价（元）').fill('100000');
  await page.getByLabel('车型').fill('比亚迪 秦PLUS DM-i');
  await expect(page.getByTestId('fin-apply-items')).toHaveText('A3 车辆贷款');
  await page.getByRole('button', { name: /计算报价/ }).click();
  const quote = page.getByTestId('fin-quote');
  await expect(quote).toContainText('¥70,000.00');
  await expect(quote.locator('.fd-fin-schedule tbody tr.ant-table-row')).toHaveCount(12);
  await page.getByRole('button', { name: /提交审核/ }).click();
  await expect(page).toHaveURL(/\/finance\/detail\/\d+$/);
  const id = Number(/detail\/(\d+)/.exec(page.url())![1]);
  await expect(state(page)).toHaveText('审核中');

  // 2. The company's own approval flow (finance, then the manager) passes, off-screen.
  const app = await apiData<{ approvalRequestId: number | null; code: string }>(
    page.request,
    admin.access_token,
    'GET',
    `rentFinancingCar/get/${id}`,
  );
  const finance = await tokenOf(browser, baseURL!, 'sunli', 'Staff@123');
  const approvers = [finance.access_token, admin.access_token];
  await passInternalApproval(page, approvers, app.approvalRequestId);

  // 3. The financier sees it in its work list and asks for a supplement.
  await financier.goto('/finance');
  await financier.getByText('待审核的申请').click();
  await financier.getByRole('link', { name: app.code }).first().click();
  await financier.getByRole('button', { name: /审\s*核/ }).click();
  let dialog = financier.getByRole('dialog');
  await dialog.getByText('退回补充').click();
  await dialog.getByLabel('原因').fill('请补充购车发票');
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(dialog).toBeHidden();
  await expect(state(financier)).toHaveText('待提交');

  // 4. The company reads the reason, supplements (an installation address) and submits again.
  await page.reload();
  await expect(page.getByText('需补充材料：请补充购车发票')).toBeVisible();
  await page.getByRole('button', { name: /修\s*改/ }).click();
  await expect(page.getByTestId('fin-wizard')).toBeVisible();
  await page.getByLabel('安装地址').fill('浙江省杭州市西湖区文三路 398 号');
  await page.getByRole('button', { name: /计算报价/ }).click();
  await page.getByRole('button', { name: /提交审核/ }).click();
  await expect(page).toHaveURL(new RegExp(`/finance/detail/${id}$`));
  await expect(state(page)).toHaveText('审核中');
  const again = await apiData<{ approvalRequestId: number | null }>(
    page.request,
    admin.access_token,
    'GET',
    `rentFinancingCar/get/${id}`,
  );
  await passInternalApproval(page, approvers, again.approvalRequestId);

  // 5. The financier approves.
  await financier.goto(`/finance/detail/${id}`);
  await financier.getByRole('button', { name: /审\s*核/ }).click();
  dialog = financier.getByRole('dialog');
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(dialog).toBeHidden();
  await expect(state(financier)).toHaveText('审核通过');

  // 6. The company requests the loan; the financier confirms it and records the disbursement.
  await page.reload();
  await page.getByRole('button', { name: '申请放款' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(state(page)).toHaveText('已申请放款');
  await financier.reload();
  await financier.getByRole('button', { name: '确认放款申请' }).click();
  await financier
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(state(financier)).toHaveText('待放款');
  await financier.getByRole('button', { name: '登记放款' }).click();
  await expect(financier.getByRole('dialog')).toContainText('¥70,000.00');
  await financier
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(state(financier)).toHaveText('还款中');

  // 7. Forty days on: the first instalment (due a month after the loan) is late, with its late fee.
  const back = await page.request.post(`/api/test/financing/back/${id}`, { data: { days: 40 } });
  expect(back.status(), await back.text()).toBe(200);
  await page.goto(`/finance/detail/${id}?tab=schedule`);
  await expect(state(page)).toHaveText('还款中');
  const first = page.getByRole('row', { name: /^1\/12 / });
  await expect(first).toContainText(/待还款\d+ 天/);
  await expect(first.locator('td').nth(7)).not.toHaveText('-');

  // 8. The company pays the late one online (its late fee with it).
  await first.getByRole('button', { name: /还\s*款/ }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(/逾期 \d+ 天/);
  await dialog.getByRole('button', { name: /还\s*款/ }).click();
  await payInSandbox(page);
  await expect(first).toContainText('已还款');

  // 9. The financier records the second instalment, paid on time.
  await financier.goto(`/finance/detail/${id}?tab=schedule`);
  const second = financier.getByRole('row', { name: /^2\/12 / });
  await second.getByRole('button', { name: '登记还款' }).click();
  await financier.getByRole('dialog').getByRole('button', { name: '登记还款' }).click();
  await expect(second).toContainText('已还款');

  // 10. The company pays the car off early: the quote, then online.
  await page.reload();
  await page.getByRole('button', { name: '提前结清' }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('fin-payoff-quote')).toContainText('违约金');
  await dialog.getByRole('button', { name: '确认结清' }).click();
  await payInSandbox(page);
  await page.reload();
  await expect(state(page)).toHaveText('已结清');
  await page.getByRole('tab', { name: '还款记录' }).click();
  await expect(page.locator('.ant-table-row')).toHaveCount(3);
  await page.getByRole('tab', { name: '操作记录' }).click();
  const history = page.locator('.fd-fin-history');
  await expect(history).toContainText('资方退回补充材料：请补充购车发票');
  await expect(history).toContainText('资方审核通过');
  await expect(history).toContainText('生成还款计划 12 期');
  await expect(history).toContainText('提前结清');
});
