import { expect, test } from '@playwright/test';
import { authFile } from '../support/global-setup';
import { apiSignIn } from '../support/server';

/**
 * Renewal against the real server: a signed long-term contract of the demo company is renewed from its page (the
 * dialog fills in the old terms from the day after it ends); the new contract is pending in the same group and
 * the history tab lists both.
 */
test.use({ storageState: authFile('admin') });

interface Row {
  id: number;
  number: string;
  endDate: string;
}

test('renew a signed contract from its page; the group lists both', async ({ page, request }) => {
  test.setTimeout(90_000);
  const token = (await apiSignIn(request, 'admin')).access_token;
  const headers = { Authorization: `Bearer ${token}`, 'X-User-Type': 'manager' };
  const list = await request.post('/api/ccwadmin/rentContract/list', {
    headers,
    data: { state: ['signed'], type: ['longTerm'], pageSize: 100 },
  });
  expect(list.status(), await list.text()).toBe(200);
  const rows = ((await list.json()).data.rows as Row[]).sort((a, b) => b.endDate.localeCompare(a.endDate));
  // A contract nothing follows yet (the seed renews the one that ends first).
  let old: Row | undefined;
  for (const r of rows) {
    const group = await request.get(`/api/ccwadmin/rentContract/group/${r.id}`, { headers });
    if (((await group.json()).data as unknown[]).length === 1) {
      old = r;
      break;
    }
  }
  expect(old).toBeDefined();
  const start = new Date(Date.parse(`${old!.endDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

  await page.goto(`/rentContract/detail/${old!.id}`);
  await page.getByRole('button', { name: '续约' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(`从 ${start} 开始`)).toBeVisible();
  await dialog.getByRole('button', { name: '生成续约合同' }).click();
  await expect(page).not.toHaveURL(new RegExp(`/rentContract/detail/${old!.id}$`));
  await expect(page).toHaveURL(/\/rentContract\/detail\/\d+/);
  await expect(page.locator('.fd-contract-detail .ant-descriptions').getByText('待签约')).toBeVisible();
  await expect(page.locator('.fd-contract-detail .ant-descriptions').getByText('续约', { exact: true })).toBeVisible();

  await page.getByRole('tab', { name: '历史与日志' }).click();
  const group = page.locator('.fd-contract-group');
  await expect(group.getByRole('link', { name: old!.number })).toBeVisible();
  await expect(group.getByText('续约', { exact: true })).toBeVisible();
});
