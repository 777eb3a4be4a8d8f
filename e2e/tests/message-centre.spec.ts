import { expect, test, type Page } from '@playwright/test';
import { authFile } from '../support/global-setup';

/** The unread total the bell announces (its accessible name), in either language. */
async function bellCount(page: Page): Promise<number> {
  const bell = page.getByRole('button', { name: /消息中心，\d+ 条未读|Message centre, \d+ unread/ });
  // Just after start the server is busy with the schedules' first run (reminders): give the header time.
  await expect(bell).toBeVisible({ timeout: 30_000 });
  const name = (await bell.getAttribute('aria-label')) ?? '';
  return Number(/\d+/.exec(name)![0]);
}

const CASES = [
  {
    lang: 'zh-CN',
    category: '车辆提醒',
    openCategory: '查看车辆提醒消息',
    // A car's page, or its violations (the violation-limit reminders), or its services due (maintenance), or an
    // overdue short-term booking: which is newest depends on the day the demo was seeded.
    record: /\/rentCar\/(car\/\d+|violations\?carId=\d+)|\/maintenance\/due\?car=\d+|\/sevenShort\/booking\/\d+/,
    bell: (n: number) => `消息中心，${n} 条未读`,
    read: '已读',
  },
  {
    lang: 'en-US',
    category: 'Driver reminders',
    openCategory: 'Open Driver reminders messages',
    // A driver's page, or his violations (the violation-limit reminders).
    record: /\/rentDriver\/\d+|\/rentCar\/violations\?driverId=\d+/,
    bell: (n: number) => `Message centre, ${n} unread`,
    read: 'Read',
  },
] as const;

for (const c of CASES) {
  test(`a reminder is read in the message centre and the bell's count falls (${c.lang})`, async ({ browser }) => {
    // A cold server runs its schedules' first round (every reminder of the demo) while the screens are used.
    test.setTimeout(180_000);
    const context = await browser.newContext({ storageState: authFile('admin') });
    await context.addInitScript((l) => localStorage.setItem('fleetdesk.lang', l), c.lang);
    const page = await context.newPage();
    await page.goto('/');
    // The schedules' first round may still be writing the reminders: the bell asks every minute, a reload at once.
    let before = await bellCount(page);
    await expect
      .poll(
        async () => {
          if (before === 0) {
            await page.reload();
            before = await bellCount(page);
          }
          return before;
        },
        { timeout: 120_000, intervals: [3_000, 5_000, 10_000] },
      )
      .toBeGreaterThan(0);

    // The bell lists the categories with unread messages; a row opens the centre on its category.
    await page.getByRole('button', { name: c.bell(before) }).click();
    await page.getByRole('link', { name: c.openCategory }).click();
    await expect(page).toHaveURL(/\/messageCenter\?category=\d+/);
    const centre = page.getByTestId('message-centre');
    // An unread message (bold, marked), newest first.
    const unread = centre.locator('.fd-message:not(.fd-message-read) .fd-message-title').first();
    await expect(unread).toBeVisible({ timeout: 30_000 });
    const title = (await unread.innerText()).trim();

    // Opening the reminder marks it read and goes to what it is about.
    await unread.click();
    await expect(page).toHaveURL(c.record, { timeout: 20_000 });
    await expect(page.getByRole('button', { name: c.bell(before - 1) })).toBeVisible({ timeout: 20_000 });

    // Back in the centre (the bell's "view all"), it is among the read ones.
    await page.getByRole('button', { name: c.bell(before - 1) }).click();
    await page.getByTestId('message-bell-list').getByRole('link').last().click();
    await expect(page).toHaveURL(/\/messageCenter$/);
    await page.getByTestId('message-centre').getByRole('navigation').getByRole('button', { name: c.category }).click();
    await page.getByTestId('message-centre').getByText(c.read, { exact: true }).click();
    await expect(
      page.getByTestId('message-centre').locator('.fd-message-read', { hasText: title }).first(),
    ).toBeVisible();
    await context.close();
  });
}
