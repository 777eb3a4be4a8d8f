import { expect, type Page } from '@playwright/test';

/**
 * Opens a screen through the header: the group, then its entry. A click on an entry while the group's popup
 * is still opening can be lost (antd's animation), so the two clicks are tried again until the address
 * changes.
 */
export async function openFromNav(page: Page, group: string, entry: string, url: RegExp): Promise<void> {
  const nav = page.getByRole('menu', { name: /主导航|Main navigation/ });
  await expect(async () => {
    const item = page.getByRole('menuitem', { name: entry });
    if (!(await item.isVisible())) await nav.getByText(group, { exact: true }).click();
    await item.click({ timeout: 3000 });
    await expect(page).toHaveURL(url, { timeout: 3000 });
  }).toPass({ timeout: 30_000 });
}
