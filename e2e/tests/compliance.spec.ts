import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { idleCars } from '../support/api';
import { authFile } from '../support/global-setup';
import { pickOption } from '../support/select';

/**
 * Vehicle compliance against the real server and its demo fleet: a policy added to a car that runs out within
 * the month shows as expiring with a renewal offered, the renewal becomes the current policy, the daily job's
 * vehicle reminders reach the message centre; an accident is reported and moved through its states to closed.
 */
test.use({ storageState: authFile('admin') });

function adminToken(): string {
  const state = JSON.parse(readFileSync(authFile('admin'), 'utf8')) as {
    origins: { localStorage: { name: string; value: string }[] }[];
  };
  return state.origins[0]!.localStorage.find((e) => e.name === 'AccessToken')!.value;
}
const headers = () => ({ Authorization: `Bearer ${adminToken()}`, 'X-User-Type': 'manager' });

async function api<T>(request: APIRequestContext, method: 'GET' | 'POST' | 'DELETE', url: string, data?: unknown) {
  const response = await request.fetch(`/api/ccwadmin/${url}`, { method, headers: headers(), data });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** A YYYY-MM-DD day `n` days from today in Shanghai. */
function day(n: number): string {
  return new Date(Date.now() + 8 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);
}

const modal = (page: Page, title: string) =>
  page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });

async function fillDate(page: Page, input: Locator, value: string) {
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

test('a policy running out soon offers its renewal; vehicle reminders reach the message centre', async ({
  page,
  request,
}) => {
  const [car] = await idleCars<{ id: number; plate: string }>(request, adminToken());
  // Start from a car without compulsory insurance.
  const policies = await api<{ rows: { id: number; kind: string }[] }>(
    request,
    'GET',
    `rentCar/insurance/policy/list?carId=${car!.id}&kind=compulsory&pageSize=50`,
  );
  for (const p of policies.rows) await api(request, 'DELETE', `rentCar/insurance/policy/delete/${p.id}`);

  await page.goto(`/rentCar/car/${car!.id}?tab=insurance`);
  await page.getByRole('button', { name: '新增保单' }).click();
  const form = modal(page, '新增保单');
  await pickOption(page, form.getByRole('combobox').nth(1), /^人保财险$/);
  const policyNo = `PDZA${Date.now()}`;
  await form.getByLabel('保单号').fill(policyNo);
  await fillDate(page, form.getByLabel('起保日期'), day(-345));
  await fillDate(page, form.getByLabel('终保日期'), day(19));
  await form.getByLabel('保费（元）').fill('950');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form).toBeHidden();

  const row = page.locator('.ant-table-row').filter({ hasText: policyNo });
  await expect(row).toContainText('即将到期');
  await expect(row).toContainText('当前保单');
  await row.getByRole('button', { name: '续保' }).click();
  const renewal = modal(page, '续保');
  await expect(renewal.getByLabel('起保日期')).toHaveValue(day(20));
  const renewedNo = `PDZA${Date.now()}`;
  await renewal.getByLabel('保单号').fill(renewedNo);
  await renewal.getByRole('button', { name: '保存' }).click();
  await expect(renewal).toBeHidden();
  const renewed = page.locator('.ant-table-row').filter({ hasText: renewedNo });
  await expect(renewed).toContainText('当前保单');
  await expect(renewed).toContainText('有效');
  await expect(row).not.toContainText('当前保单');

  // The car's own insurance date follows the current policy.
  const detail = await api<{ compulsoryExpiry: string }>(request, 'GET', `rentCar/${car!.id}`);
  expect(detail.compulsoryExpiry > day(300)).toBe(true);

  // The daily vehicle reminders (the hourly schedule, also run once when the worker starts) are in the message centre.
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/ccwmc/pushRecord/count?channel=rent_m', { headers: headers() });
        const counts = ((await response.json()) as { data: { category: number; num: number }[] }).data;
        return counts.find((c) => c.category === 3)?.num ?? 0;
      },
      { timeout: 90_000, intervals: [2000] },
    )
    .toBeGreaterThan(0);
});

test('an accident is reported and moved through its states to closed', async ({ page, request }) => {
  const [, car] = await idleCars<{ id: number; plate: string }>(request, adminToken());
  await page.goto(`/rentCar/car/${car!.id}?tab=accidents`);
  await page.getByRole('button', { name: '登记事故' }).click();
  const form = modal(page, '登记事故');
  await form.getByLabel('事故地点').fill('杭州市上城区解放路与建国路口');
  await form.getByLabel('事故经过').fill('右转时与非机动车轻微碰撞，无人受伤');
  await pickOption(page, form.getByLabel('责任'), /^次责$/);
  await form.getByLabel('损失部位').fill('右前门');
  await form.getByLabel('维修费用（元）').fill('3200');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form).toBeHidden();

  const drawer = page.locator('.ant-drawer');
  const move = async (state: string) => {
    await drawer.getByRole('button', { name: `改为“${state}”` }).click();
    await expect(drawer.locator('.fd-compliance-actions .ant-tag')).toHaveText(state);
  };
  await expect(drawer.locator('.fd-compliance-actions .ant-tag')).toHaveText('已报案');
  await move('定损中');
  await move('维修中');
  // A claim needs its claim number: the server refuses until it is entered.
  await drawer.getByRole('button', { name: '改为“已索赔”' }).click();
  await expect(page.getByText('请先填写保险报案号再索赔')).toBeVisible();
  await drawer.getByRole('button', { name: '编辑' }).click();
  const edit = modal(page, '修改事故');
  await edit.getByLabel('保险报案号').fill('RDAA202611260099');
  await edit.getByLabel('理赔到账（元）').fill('3000');
  await edit.getByRole('button', { name: '保存' }).click();
  await expect(edit).toBeHidden();
  await move('已索赔');
  await move('已理赔');
  await move('已结案');
  await expect(drawer).toContainText('已结束，不能再修改');
  await expect(drawer.locator('.ant-timeline-item')).toHaveCount(6);
  await drawer.locator('.ant-drawer-close').click();
  await expect(page.locator('.ant-table-row').first()).toContainText('已结案');
});
