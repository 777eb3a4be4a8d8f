import { expect, test } from '@playwright/test';
import { authFile } from '../support/global-setup';

/**
 * Violations against the real server (sandbox provider, 300 ms a car): a batch query of the first 200 cars from
 * the violations tab, its bottom-right progress notice followed to the end, then the finished order with what
 * it found, the new records in the list, and the header's reminder count.
 */
test.use({ storageState: authFile('admin') });

const DONE = '任务执行完毕, 请至相关页面查看结果！';

test('a batch violation query from the UI: progress notice, the order, new records and the reminder count', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/rentCar/violations');
  await expect(page.getByRole('tab', { name: '违章', selected: true })).toBeVisible();
  const table = page.getByTestId('list-violations');
  await expect(table.locator('.ant-table-row').first()).toBeVisible();
  const totalBefore = Number(/\d+/.exec((await page.locator('.ant-pagination-total-text').textContent()) ?? '0')![0]);

  // The seed puts a car and a driver over the limits: the header counts them.
  const badge = page.getByTestId('violation-badge');
  await expect(badge).toBeVisible();
  await expect(badge.locator('.ant-badge-count')).toHaveText(/[1-9]/);

  await page.getByTestId('violation-query').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('violation-query-all').click();
  await dialog.getByTestId('violation-query-check').click();
  await expect(dialog.getByText('沙箱')).toBeVisible();
  await expect(dialog.getByText(/^可查询 \d+ 辆$/)).toBeVisible();
  await expect(dialog.getByText(/单价 .* × \d+ 辆 = /)).toBeVisible();
  await dialog.getByTestId('violation-query-confirm').click();
  await expect(dialog).toHaveCount(0);

  // The notice shows at once and follows the task to its end.
  const notice = page.locator('.ant-notification-bottomRight').getByTestId('task-notice');
  await expect(notice).toBeVisible();
  const seen = new Set<string>();
  await expect
    .poll(
      async () => {
        const shown = await notice
          .locator('.ant-progress-indicator')
          .textContent({ timeout: 500 })
          .catch(() => null);
        if (shown) seen.add(shown);
        return page.getByText(DONE).isVisible();
      },
      { message: 'the completion notice', timeout: 120_000, intervals: [250] },
    )
    .toBe(true);
  test.info().annotations.push({ type: 'progress seen', description: [...seen].join(', ') });
  expect(seen.size, `progress seen: ${[...seen].join(', ')}`).toBeGreaterThan(0);

  // The order, finished, with what it found.
  await page.goto('/rentCar/violations?view=orders');
  const orders = page.getByTestId('violation-orders');
  const first = orders.locator('.ant-table-row').first();
  await expect(first).toContainText('已完成');
  await first.locator('.ant-table-row-expand-icon').click();
  await expect(orders.getByText('成功').first()).toBeVisible();

  // New records in the list, and the count in the header.
  await page.goto('/rentCar/violations');
  await expect(table.locator('.ant-table-row').first()).toBeVisible();
  await expect
    .poll(async () => Number(/\d+/.exec((await page.locator('.ant-pagination-total-text').textContent()) ?? '0')![0]))
    .toBeGreaterThan(totalBefore);
  await expect(badge.locator('.ant-badge-count')).toHaveText(/[1-9]/);

  // A car's tab shows its records.
  await table.locator('.ant-table-row').first().locator('a.fd-plate').click();
  await expect(page).toHaveURL(/\/rentCar\/car\/\d+\?tab=violations/);
  await expect(page.getByTestId('car-violations')).toContainText('违章总数');
});
