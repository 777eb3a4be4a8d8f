import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiData, idleCars } from '../support/api';
import { authFile } from '../support/global-setup';
import { pickOption } from '../support/select';
import { BASIC, sessionStorageEntries, type TokenAnswer } from '../support/server';

/**
 * Maintenance end to end (issue 31), through the screens: a car becomes due (set up off-screen: a plan of its own,
 * 500 km, which its odometer passed long ago, so it is overdue); the clerk (admin of 演示租车) finds it on the due
 * list, creates the service work order from there, submits it (no approval: no estimate) and sends the car into the
 * workshop whose sign-in is `xiuli`; the workshop signs in as itself, sees the order and completes it with a part
 * and labour; the clerk settles it (the company pays) and sees the cost in the reports.
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

interface Workshop {
  id: number;
  name: string;
}

/** The demo workshop whose sign-in is `xiuli`. */
async function xiuliWorkshop(page: Page, token: string): Promise<Workshop> {
  const list = await apiData<{ rows: Workshop[] }>(page.request, token, 'GET', 'maintainWorkshop/list?pageSize=50');
  for (const w of list.rows) {
    const accounts = await apiData<{ username: string }[]>(
      page.request,
      token,
      'GET',
      `maintainWorkshop/accounts/${w.id}`,
    );
    if (accounts.some((a) => a.username === 'xiuli')) return w;
  }
  throw new Error('no demo workshop signs in as xiuli');
}

const orderState = (page: Page) => page.getByTestId('maint-order').locator('h1 .ant-tag');

test('a due car gets its service: work order from the due list, the workshop completes it, the company settles', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const admin = await tokenOf(browser, baseURL!, 'admin', 'Admin@123');
  const token = admin.access_token;

  // 1. Off-screen: an idle car with no open work order gets a plan of its own, 500 km, which it passed long ago.
  const cars = {
    rows: await idleCars<{ id: number; plate: string; mileageKm: number | null }>(page.request, token, {
      pageSize: 50,
    }),
  };
  let car: { id: number; plate: string } | null = null;
  for (const c of cars.rows) {
    const open = await apiData<{ total: number }>(
      page.request,
      token,
      'GET',
      `maintainOrder/list?carId=${c.id}&state=reported,approving,approved,in_workshop,done&pageSize=1`,
    );
    const plans = await apiData<{ total: number }>(
      page.request,
      token,
      'GET',
      `maintainPlan/list?carId=${c.id}&target=car`,
    );
    if (open.total === 0 && plans.total === 0 && (c.mileageKm ?? 0) >= 600) {
      car = c;
      break;
    }
  }
  expect(car, 'an idle demo car without an open work order').toBeTruthy();
  await apiData(page.request, token, 'POST', 'maintainPlan/save', {
    name: 'E2E 500 公里保养',
    carId: car!.id,
    intervalKm: 500,
    items: [
      { name: '机油', quantity: 4 },
      { name: '机油滤清器', quantity: 1 },
    ],
  });
  const workshop = await xiuliWorkshop(page, token);

  // What the report says of the last 12 months before this order (the report screen's default range;
  // the report counts the orders finished in it).
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
  const to = today.slice(0, 7);
  const start = new Date(Date.UTC(Number(to.slice(0, 4)), Number(to.slice(5, 7)) - 12, 1));
  const from = `${start.getUTCFullYear()}-${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
  const before = await apiData<{ totals: { company: number } }>(
    page.request,
    token,
    'GET',
    `maintainReport/summary?from=${from}&to=${to}`,
  );
  const money = (yuan: number) =>
    `¥${yuan.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

  // 2. The clerk finds the car on the due list (the reminder's link) and creates the work order from there.
  await page.goto(`/maintenance/due?car=${car!.id}`);
  const row = page.locator('.ant-table-row').first();
  await expect(row).toContainText('已超期', { timeout: 60_000 });
  await row.getByRole('button', { name: '创建工单' }).click();
  const form = page.getByRole('dialog');
  await expect(form.getByLabel('故障描述')).toHaveValue(/机油 × 4、机油滤清器 × 1/);
  await pickOption(page, form.getByRole('combobox', { name: '维修厂' }), workshop.name);
  await form.getByRole('button', { name: '报修' }).click();
  await expect(page).toHaveURL(/\/maintenance\/order\/\d+$/);
  const orderId = Number(/order\/(\d+)/.exec(page.url())![1]);
  await expect(orderState(page)).toHaveText('已报修');

  // 3. Submitted (no estimate: approved at once) and sent into the workshop.
  const actions = page.getByRole('group', { name: '工单操作' });
  await actions.getByRole('button', { name: '提交' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '提交' }).click();
  await expect(orderState(page)).toHaveText('待进厂');
  await actions.getByRole('button', { name: '进厂' }).click();
  const enter = page.getByRole('dialog');
  await enter.getByRole('button', { name: '进厂' }).click();
  await expect(orderState(page)).toHaveText('维修中');
  await expect(page.getByTestId('maint-timeline')).toContainText(workshop.name);

  // 4. The workshop signs in as itself: its orders only, and it completes this one with a part and labour.
  const xiuli = await pageOf(browser, baseURL!, await tokenOf(browser, baseURL!, 'xiuli', 'Admin@123'));
  await xiuli.goto('/maintenance');
  await expect(xiuli.getByRole('tab')).toHaveText(['维修工单'], { timeout: 60_000 });
  await xiuli
    .getByRole('link', { name: /^WX\d{12}$/ })
    .first()
    .waitFor();
  await xiuli.goto(`/maintenance/order/${orderId}`);
  const workshopActions = xiuli.getByRole('group', { name: '工单操作' });
  await expect(workshopActions.getByRole('button')).toHaveText(['完工', '配件与工时']);
  await workshopActions.getByRole('button', { name: '完工' }).click();
  const complete = xiuli.getByRole('dialog');
  await complete.getByRole('button', { name: /添加配件/ }).click();
  await complete.getByLabel('第 1 行项目', { exact: true }).fill('机油');
  await complete.getByLabel('第 1 行数量').fill('4');
  await complete.getByLabel('第 1 行单价').fill('45.5');
  await complete.getByRole('button', { name: /添加工时/ }).click();
  await complete.getByLabel('第 2 行项目', { exact: true }).fill('保养工时');
  await complete.getByLabel('第 2 行工时', { exact: true }).fill('1');
  await complete.getByLabel('第 2 行工时费').fill('100');
  await complete.getByLabel('第 2 行工时费').blur();
  await expect(complete.getByTestId('maint-lines-total')).toHaveText('¥282.00');
  const mileageIn = Number((await complete.getByLabel('出厂里程').inputValue()).replace(/\D/g, '')) || 0;
  await complete.getByLabel('出厂里程').fill(String(mileageIn + 12));
  await complete.getByRole('button', { name: '完工' }).click();
  await expect(orderState(xiuli)).toHaveText('已修好');
  await xiuli.context().close();

  // 5. The clerk settles it: the company pays the whole ¥282.00.
  await page.reload();
  await expect(orderState(page)).toHaveText('已修好');
  await actions.getByRole('button', { name: '结算' }).click();
  const settle = page.getByRole('dialog');
  await expect(settle.getByRole('radio', { name: '公司承担' })).toBeChecked();
  await expect(settle.getByTestId('maint-settle-split')).toContainText('¥282.00');
  await settle.getByRole('button', { name: '结算' }).click();
  await expect(orderState(page)).toHaveText('已结算');
  await expect(page.getByTestId('maint-order-totals')).toContainText('公司承担 ¥282.00');

  // 6. The cost is in the report: the company's cost of the last 12 months grew by ¥282.00.
  await page.goto('/maintenance/reports');
  const totals = page.getByTestId('maint-report-totals');
  await expect(totals.locator('.ant-statistic', { hasText: '公司承担' })).toContainText(
    money(Math.round((before.totals.company + 282) * 100) / 100),
    { timeout: 60_000 },
  );
  await expect(page.locator('.fd-maint-report-card', { hasText: '每月费用' }).locator('canvas')).toBeVisible();
});
