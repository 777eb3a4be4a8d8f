import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { authFile } from '../support/global-setup';
import { ACCOUNTS } from '../support/server';

const DONE = '任务执行完毕, 请至相关页面查看结果！';
// The sandbox's failure as the reader reads it (core/providers/sms-failures.ts turns the provider's code into it).
const REASON = '手机号无效或无法接收短信';

async function signInAsAdmin(page: Page) {
  await page.goto('/login?redirect=%2Foa%2Fmessage');
  await page.getByLabel('用户名', { exact: true }).fill(ACCOUNTS.admin.username);
  await page.getByLabel('密码', { exact: true }).fill(ACCOUNTS.admin.password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL('/oa/message');
}

/** 50 recipients as "name phone" lines; the last number ends in 0000, which the sandbox gateway fails. */
const RECIPIENTS = Array.from({ length: 50 }, (_, i) => {
  const phone = i === 49 ? '13912340000' : `139123${String(41000 + i)}`;
  return `测试${i + 1} ${phone}`;
});

test('an SMS to 50 recipients: the notice follows the task to its end, then the status of each recipient', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  await expect(page.getByTestId('sandbox-badge')).toBeVisible();

  await page.locator('#sms-content').fill('{name}您好，本周末值班安排已更新，请登录系统查看。');
  await page.getByRole('tab', { name: '粘贴号码' }).click();
  await page.locator('#sms-paste').fill(RECIPIENTS.join('\n'));
  await page.getByRole('button', { name: '添加号码' }).click();
  await expect(page.getByText('收件人（50）')).toBeVisible();
  const preview = page.getByTestId('sms-preview');
  await expect(preview.getByTestId('preview-count')).toHaveText('50');
  await expect(preview.getByTestId('preview-segments')).toHaveText('50');
  // Inside the plan's monthly messages (5,000 on the demo's Enterprise plan), so nothing is charged (S20).
  await expect(preview.getByTestId('preview-cost')).toHaveText(/^¥0\.00本月套餐内短信剩余 [\d,]+ 条（共 5,000 条）。$/);

  await preview.getByRole('button', { name: '发送 50 条短信' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: '发送' }).click();

  // The bottom-right notice shows at once and follows the task (the sandbox answers in 0.5 s per batch).
  const notice = page.locator('.ant-notification-bottomRight').getByTestId('task-notice');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('请稍后查看结果');
  const seen = new Set<number>();
  await expect
    .poll(
      async () => {
        const shown = await notice
          .locator('.ant-progress-indicator')
          .textContent({ timeout: 500 })
          .catch(() => null);
        const m = /^(\d+)\/50$/.exec(shown ?? '');
        if (m) seen.add(Number(m[1]));
        return page.getByText(DONE).isVisible();
      },
      { message: 'the success notice', timeout: 60_000, intervals: [250] },
    )
    .toBe(true);
  test.info().annotations.push({ type: 'progress seen', description: [...seen].join(', ') });
  expect(
    [...seen].some((n) => n > 0 && n < 50),
    `progress seen: ${[...seen].join(', ')}`,
  ).toBe(true);
  await expect(notice).toHaveCount(0);
  await expect(page.locator('.ant-notification-notice-success')).toContainText('成功 49，失败 1');

  // Sending led to the new notice in the history, where each recipient's status is.
  await expect(page).toHaveURL(/\/oa\/message\?tab=history&batch=\d+$/);
  const drawer = page.getByRole('dialog');
  const counts = drawer.getByTestId('batch-counts');
  await expect(counts).toContainText('收件人50');
  await expect(counts).toContainText('成功49');
  await expect(counts).toContainText('失败1');
  await expect(counts).toContainText('待发送0');
  const filter = (label: string) => drawer.locator('.ant-segmented-item').filter({ hasText: new RegExp(`^${label}$`) });
  await expect(drawer.getByText('共 50 条')).toBeVisible();
  await filter('已发送').click();
  await expect(drawer.getByText('共 49 条')).toBeVisible();
  await filter('失败').click();
  await expect(drawer.getByText('共 1 条')).toBeVisible();
  const failed = drawer.locator('.ant-table-tbody tr.ant-table-row');
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText('13912340000');
  await expect(failed).toContainText('测试50');
  await expect(failed).toContainText(REASON);
  await filter('发送中').click();
  await expect(drawer.locator('.ant-table-tbody .ant-empty')).toBeVisible();
  await expect(drawer.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(0);

  // The history lists it, done.
  await page.keyboard.press('Escape');
  const row = page.locator('.ant-table-row').filter({ hasText: '本周末值班安排已更新' }).first();
  await expect(row).toContainText('成功 49');
  await expect(row).toContainText('失败 1');
  await expect(row).toContainText('已完成');
});

test('upload: the template built in the browser is read by the server; a filled file adds its recipients', async ({
  page,
}, testInfo) => {
  await signInAsAdmin(page);
  await page.getByRole('tab', { name: '上传文件' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '下载 Excel 模板' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('短信收件人模板.xlsx');
  const saved = testInfo.outputPath(file.suggestedFilename());
  await file.saveAs(saved);
  const input = page.locator('.fd-sms-upload input[type=file]');
  await input.setInputFiles(saved);
  await expect(page.getByText('文件“短信收件人模板.xlsx”中没有收件人')).toBeVisible();

  await input.setInputFiles({
    name: '到期提醒.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('\uFEFF手机号,姓名,车牌,金额,到期日\r\n13800138000,王磊,浙A·D12345,4800.00,2026-12-05\r\n'),
  });
  const list = page.getByTestId('recipient-list');
  await expect(list.getByText('收件人（1）')).toBeVisible();
  await expect(list).toContainText('王磊');
  await expect(list).toContainText('浙A·D12345');
  await expect(list).toContainText('文件：到期提醒.csv');
});

/** Every state of the SMS screen in both languages, to look at (SCREENSHOTS=1, like screens.spec.ts). */
test.describe('SMS screen states', () => {
  test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the screenshots');
  test.use({ storageState: authFile('admin') });
  const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screens');

  for (const lang of ['zh-CN', 'en-US'] as const) {
    test(`SMS notices, ${lang}`, async ({ page }) => {
      test.setTimeout(180_000);
      const zh = lang === 'zh-CN';
      const shoot = async (name: string, full = true) => {
        await page.waitForTimeout(500);
        await page.screenshot({ path: path.join(out, `${lang}-sms-${name}.png`), fullPage: full });
      };
      await page.addInitScript((l) => localStorage.setItem('fleetdesk.lang', l), lang);
      await page.goto('/oa/message');
      await expect(page.getByTestId('sandbox-badge')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await shoot('compose-empty');

      // Staff: the filter's options, then everyone of a department.
      await page.locator('.fd-sms-source .ant-select').first().click();
      await shoot('compose-staff-filter', false);
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: zh ? '添加收件人' : 'Add recipients' }).click();
      await page.locator('#sms-template').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: '员工值班通知' })
        .click();
      await page.waitForLoadState('networkidle');
      await shoot('compose-staff');

      // Pasted numbers with problems: a bad number, a duplicate, a line without a number.
      await page.getByRole('tab', { name: zh ? '粘贴号码' : 'Paste numbers' }).click();
      await page
        .locator('#sms-paste')
        .fill('王磊 13800138000\n李强,13900139000\n13700137000\n赵六 12345\n13700137000\n?');
      await page.getByRole('button', { name: zh ? '添加号码' : 'Add numbers' }).click();
      await page.waitForLoadState('networkidle');
      await expect(page.getByTestId('sms-preview').locator('.ant-alert-error')).toBeVisible();
      await shoot('compose-problems');
      await page.locator('#sms-template').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: '租金到期提醒' })
        .click();
      await page.waitForLoadState('networkidle');
      await shoot('compose-missing-variables');
      await page.getByRole('tab', { name: zh ? '上传文件' : 'Upload a file' }).click();
      await shoot('compose-upload', false);

      // Ready: 20 numbers pasted, the texts unfolded, the confirmation.
      await page
        .getByTestId('recipient-list')
        .getByRole('button', { name: zh ? '清空' : 'Clear' })
        .click();
      await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
      await page
        .locator('#sms-content')
        .fill(zh ? '{name}您好，本周末值班安排已更新，请登录系统查看。' : 'Dear {name}, the duty roster changed.');
      await page.getByRole('tab', { name: zh ? '粘贴号码' : 'Paste numbers' }).click();
      await page.locator('#sms-paste').fill(RECIPIENTS.slice(30).join('\n'));
      await page.getByRole('button', { name: zh ? '添加号码' : 'Add numbers' }).click();
      await expect(page.getByTestId('preview-count')).toHaveText('20');
      await page.locator('.fd-sms-texts summary').click();
      await shoot('compose-ready');
      await page.getByRole('button', { name: zh ? '发送 20 条短信' : 'Send 20 messages' }).click();
      await shoot('compose-confirm', false);
      await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
      await expect(page.getByTestId('task-notice')).toBeVisible();
      await page.waitForTimeout(2500);
      await shoot('sending', false);
      await expect(
        page.getByText(zh ? DONE : 'The task has finished; see the related page for the results!'),
      ).toBeVisible({
        timeout: 60_000,
      });
      await page.waitForTimeout(2500);
      await shoot('sent', false);
      await page.getByRole('dialog').locator('.ant-segmented-item').nth(2).click();
      await shoot('notice-failed', false);
      await page.keyboard.press('Escape');
      await shoot('history');

      await page.getByRole('tab', { name: zh ? '短信模板' : 'Templates' }).click();
      await page.waitForLoadState('networkidle');
      await shoot('templates');
      await page.getByRole('button', { name: zh ? '新建模板' : 'New template' }).click();
      await page.locator('.ant-modal:visible .ant-btn-primary').click();
      await page.locator('.ant-modal #content').fill('{driver}');
      await page.locator('.ant-modal:visible .ant-btn-primary').click();
      await shoot('template-errors', false);
      await page.keyboard.press('Escape');
      await page
        .locator('.ant-table-row')
        .first()
        .getByRole('button', { name: zh ? '编辑' : 'Edit' })
        .click();
      await shoot('template-edit', false);
      await page.keyboard.press('Escape');

      await page.getByRole('tab', { name: zh ? '发件箱' : 'Outbox' }).click();
      await page.waitForLoadState('networkidle');
      await shoot('outbox');

      await page.setViewportSize({ width: 768, height: 900 });
      await page.goto('/oa/message');
      await page.waitForLoadState('networkidle');
      await shoot('compose-narrow');
    });
  }
});
