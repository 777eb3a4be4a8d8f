import { expect, type Page } from '@playwright/test';

/**
 * Opens a screen through the header: the group, then its entry (a group of one screen is that screen's link: its
 * click is enough). A click on an entry while the group's popup is still opening can be lost (antd's animation),
 * so the clicks are tried again until the address changes.
 */
export async function openFromNav(page: Page, group: string, entry: string | RegExp, url: RegExp): Promise<void> {
  const nav = page.getByRole('menu', { name: /主导航|Main navigation/ });
  await expect(async () => {
    const item = page.getByRole('menuitem', { name: entry });
    if (!(await item.isVisible())) {
      await nav.getByText(group, { exact: true }).click();
      if (
        await page.waitForURL(url, { timeout: 1000 }).then(
          () => true,
          () => false,
        )
      )
        return;
    }
    await item.click({ timeout: 3000 });
    await expect(page).toHaveURL(url, { timeout: 3000 });
  }).toPass({ timeout: 30_000 });
}
