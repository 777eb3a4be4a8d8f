import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Picks an option of an antd Select: opens it through its combobox, then clicks the option inside the
 * dropdown that this combobox controls (`aria-controls`), never "whichever dropdown is visible": the
 * previous select's dropdown is still visible while it fades out, and a click there is lost. Waits until the
 * dropdown has closed (a multiple select stays open after a pick: it is closed with Escape), so the next pick
 * cannot find it. Without `option`, the first option is picked; a function chooses among the options' locator.
 */
export async function pickOption(
  page: Page,
  combobox: Locator,
  option?: string | RegExp | ((options: Locator) => Locator),
): Promise<void> {
  let listId: string | null = null;
  await expect(async () => {
    await combobox.click();
    listId = await combobox.getAttribute('aria-controls', { timeout: 3000 });
    expect(listId, 'the combobox names its list once open').toBeTruthy();
    const dropdown = page.locator('.ant-select-dropdown', { has: page.locator(`[id="${listId}"]`) });
    const options = dropdown.locator('.ant-select-item-option');
    const target =
      option === undefined
        ? options.first()
        : typeof option === 'function'
          ? option(options)
          : options.filter({ hasText: option }).first();
    await target.click({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  if (await combobox.evaluate((el) => el.closest('.ant-select-multiple') !== null)) await combobox.press('Escape');
  await expect(page.locator('.ant-select-dropdown', { has: page.locator(`[id="${listId}"]`) })).toBeHidden();
}
