import { expect, type Page } from '@playwright/test';

/**
 * Opens a screen through the header: the group, then its entry in the group's popup (a group of one screen is that
 * screen's link: its click is enough). The entry is looked for in the popup only: in English a group and its entry
 * may share a name ("Vehicles"). A click on an entry while the popup is still opening can be lost (antd's
 * animation), so the clicks are tried again until the address changes.
 */
export async function openFromNav(page: Page, group: string, entry: string | RegExp, url: RegExp): Promise<void> {
  const nav = page.getByRole('menu', { name: /主导航|Main navigation/ });
  await expect(async () => {
    const item = page.locator('.ant-menu-submenu-popup').getByRole('menuitem', { name: entry });
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

/** An entry's name matched whole: its accessible name starts with its icon's ("car 车辆管理"). */
export function entryNamed(text: string): RegExp {
  return new RegExp(`(^|\\s)${text}$`);
}
