import { expect, test, type Browser, type Page } from '@playwright/test';
import { BASIC, sessionStorageEntries, type TokenAnswer } from '../support/server';

/**
 * An expense claim from start to cost: an employee of the Hangzhou group (郑凯) claims a car repair against
 * the group's cost centre, the group's head (刘洋) approves it, the finance role (孙丽) approves it, and the
 * claim is then a posting of that cost centre.
 */

// Unique per run, so that a retry on the same server does not meet the first try's claim.
const SUBJECT = `更换雨刮 ${String(Date.now()).slice(-5)}`;

/** A page signed in as a demo employee (Staff@123), through the API as the web client does. */
async function pageOf(browser: Browser, baseURL: string, username: string): Promise<Page> {
  const api = await browser.newContext({ baseURL });
  const response = await api.request.post('/api/auth/oauth/token', {
    headers: { Authorization: BASIC },
    form: { username, password: username === 'admin' ? 'Admin@123' : 'Staff@123', grant_type: 'password', type: '1' },
  });
  expect(response.status(), await response.text()).toBe(200);
  const answer = (await response.json()) as TokenAnswer;
  await api.close();
  const context = await browser.newContext({
    baseURL,
    storageState: { cookies: [], origins: [{ origin: baseURL, localStorage: sessionStorageEntries(answer) }] },
  });
  await context.addInitScript(() => localStorage.setItem('fleetdesk.lang', 'zh-CN'));
  return context.newPage();
}

async function approveFromWaitingBox(page: Page) {
  await page.goto('/oaApproval?box=waiting');
  await page.getByText(SUBJECT).click();
  const detail = page.getByTestId('approval-detail');
  await expect(page.locator('.ant-drawer-title')).toContainText(SUBJECT);
  await detail.getByLabel('审批意见').fill('同意');
  await detail.getByRole('button', { name: /同\s?意/ }).click();
  await expect(page.getByText('已同意')).toBeVisible();
}

test('an expense claim: the employee claims, the department head and finance approve, the cost centre shows it', async ({
  browser,
  baseURL,
}) => {
  // 1. 郑凯 claims 86.50 yuan against 杭州车管组.
  const employee = await pageOf(browser, baseURL!, 'zhengkai');
  await employee.goto('/oaApproval');
  await employee.getByRole('button', { name: '发起审批' }).click();
  const form = employee.getByRole('dialog', { name: '发起审批' });
  await form.getByRole('combobox', { name: '审批类型' }).click();
  await employee.locator('.ant-select-dropdown:visible').getByText('费用报销', { exact: true }).click();
  await form.getByLabel('事由').fill(SUBJECT);
  await form.getByRole('combobox', { name: '成本中心' }).click();
  await employee
    .locator('.ant-select-dropdown:visible')
    .getByText(/杭州车管组$/)
    .click();
  await form.getByRole('combobox', { name: '费用类别' }).click();
  await employee.locator('.ant-select-dropdown:visible').getByText('车辆维修', { exact: true }).click();
  await form.getByLabel('报销金额（元）').fill('86.5');
  await form.getByLabel('发生日期').fill(new Date().toISOString().slice(0, 10));
  await form.getByLabel('发生日期').press('Enter');
  // The flow the claim will take: the department head, then finance.
  await expect(form.getByText('部门负责人')).toBeVisible();
  await form.getByRole('button', { name: '提交审批' }).click();
  await expect(employee.getByText('已提交审批')).toBeVisible();
  await expect(employee.getByTestId('approval-detail')).toContainText('刘洋');

  // 2. The head of 杭州车管组 sees it waiting (the header counts it) and approves.
  const head = await pageOf(browser, baseURL!, 'liuyang');
  await head.goto('/');
  await expect(head.getByTestId('approval-badge')).toBeVisible();
  await approveFromWaitingBox(head);

  // 3. Finance approves: the claim is approved.
  const finance = await pageOf(browser, baseURL!, 'sunli');
  await approveFromWaitingBox(finance);
  await expect(finance.getByTestId('approval-detail')).toContainText('已通过');

  // 4. The claim is a posting of its cost centre.
  await finance.goto('/oa/costCenter');
  await finance.locator('.fd-cost-tree').getByText('杭州车管组', { exact: true }).click();
  const posting = finance.locator('.ant-table-row').filter({ hasText: SUBJECT });
  await expect(posting).toContainText('¥86.50');
  await expect(posting).toContainText('报销审批');
});
