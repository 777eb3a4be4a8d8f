import { expect, test, type Page } from '@playwright/test';
import { pickOption } from '../support/select';
import { signedInPage } from '../support/server';

/**
 * Fleet teams end to end (issue 34), through the screens, in Chinese:
 * (a) the fleet leader 刘建国 (`fleet1`, data scope team) sees only his fleet 网约车一队 and its teams, and moves a
 *     driver from one of his teams to the other with a reason; the move is in the team's history;
 * (b) the administrator opens 网约车一队's statement of last month (computed by the demo, as the monthly job does),
 *     computes it again and sends it for approval; the finance manager 孙丽 (`sunli`) approves it in the approval
 *     centre; the statement is then approved and its drivers' nets are lines of their contracts.
 */

const tree = (page: Page) => page.getByRole('complementary', { name: '各公司的车队与小组' });

async function openNode(page: Page, name: string) {
  await tree(page).getByText(name, { exact: true }).click();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
}

/** The names in the members table of the open node (its own drivers only). */
async function memberNames(page: Page): Promise<string[]> {
  const table = page.getByTestId('list-team-members');
  await expect(table.locator('.ant-table-row').or(table.locator('.ant-empty')).first()).toBeVisible();
  // each row's first link is the driver's name
  const rows = table.locator('.ant-table-row');
  const names: string[] = [];
  for (let i = 0; i < (await rows.count()); i++)
    names.push((await rows.nth(i).getByRole('link').first().innerText()).trim());
  return names;
}

test('a fleet leader sees only his fleet and moves a driver between its teams', async ({ browser, baseURL }) => {
  const page = await signedInPage(browser, baseURL!, 'fleet1', 'Admin@123');
  await page.goto('/teams');
  await expect(page.getByTestId('teams-page')).toBeVisible();
  await expect(tree(page).getByText('网约车一队', { exact: true })).toBeVisible();
  await expect(tree(page).getByText('早班组', { exact: true })).toBeVisible();
  await expect(tree(page).getByText('夜班组', { exact: true })).toBeVisible();
  // another fleet of the company, and the other company's, are not his
  await expect(tree(page).getByText('商务车队', { exact: true })).toHaveCount(0);
  await expect(tree(page).getByText('浦东车队', { exact: true })).toHaveCount(0);

  // from 夜班组 to 早班组 (a retry finds 夜班组 empty and moves one back)
  await openNode(page, '夜班组');
  let from = '夜班组';
  let to = '早班组';
  let names = await memberNames(page);
  if (!names.length) {
    [from, to] = [to, from];
    await openNode(page, from);
    names = await memberNames(page);
  }
  const driver = names[0]!;
  await openNode(page, to);
  await page.getByRole('button', { name: '加入司机' }).click();
  const dialog = page.getByRole('dialog', { name: `加入司机到“${to}”` });
  await expect(dialog).toBeVisible();
  const picker = dialog.getByRole('combobox', { name: '司机' });
  await picker.fill(driver);
  await pickOption(page, picker, driver);
  await dialog.getByLabel('原因').fill('e2e 调整班次');
  await dialog
    .getByRole('button', { name: '加 入', exact: true })
    .or(dialog.getByRole('button', { name: '加入', exact: true }))
    .click();
  await expect(page.getByText(`已将 1 名司机加入“${to}”`)).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await memberNames(page)).toContain(driver);

  await page.getByRole('tab', { name: '调动记录' }).click();
  const history = page.getByTestId('list-team-moves');
  await expect(
    history.locator('.ant-table-row', { hasText: driver }).filter({ hasText: 'e2e 调整班次' }).first(),
  ).toBeVisible();
  await page.context().close();
});

/** The tenant's (Shanghai) last month, as the demo's statement names it. */
function lastMonth(): string {
  const [y, m] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit' })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

test("a fleet's monthly statement is computed, approved by finance, and reaches the drivers' contracts", async ({
  browser,
  baseURL,
}) => {
  const month = lastMonth();
  const admin = await signedInPage(browser, baseURL!, 'admin', 'Admin@123');
  await admin.goto('/teams');
  await openNode(admin, '网约车一队');
  await admin.getByRole('tab', { name: '结算' }).click();
  const statements = admin.getByTestId('team-statements');
  await expect(statements.getByTestId('rule-text')).toContainText('流水超过 ¥6,000.00 的部分提成 8%');
  await statements.getByRole('button', { name: `打开 ${month} 的结算单` }).click();
  const drawer = admin.getByRole('dialog', { name: `网约车一队 ${month} 结算单` });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('statement-lines').locator('.ant-table-row').first()).toBeVisible();
  await admin.screenshot({ path: 'test-results/teams-statement-draft-zh-CN.png' });

  // a retry finds it sent already, or approved
  const send = drawer.getByRole('button', { name: '提交审批' });
  if (await send.isVisible()) {
    await drawer.getByRole('button', { name: '重新计算' }).click();
    await expect(admin.getByText(`${month} 的结算单已重新计算`)).toBeVisible();
    await send.click();
    const confirm = admin.getByRole('dialog', { name: `提交审批：网约车一队 ${month} 结算单` });
    await confirm.getByRole('button', { name: /提\s?交/ }).click();
    await expect(admin.getByText(`${month} 的结算单已提交审批`)).toBeVisible();
  }
  const url = admin.url();
  const approvedAlready = await drawer.getByText('已批准').first().isVisible();

  // 孙丽 (finance) approves it in the approval centre
  if (!approvedAlready) {
    const finance = await signedInPage(browser, baseURL!, 'sunli', 'Staff@123');
    await finance.goto('/oaApproval?box=waiting');
    await finance.getByText(`网约车一队 ${month} 月度结算`).first().click();
    const detail = finance.getByTestId('approval-detail');
    await detail.getByLabel('审批意见').fill('核对无误');
    await detail.getByRole('button', { name: /同\s?意/ }).click();
    await expect(finance.getByText('已同意')).toBeVisible();
    await finance.context().close();
  }

  // approved: the drivers' nets are lines of their contracts
  await admin.goto(url);
  await expect(drawer.getByText('已批准').first()).toBeVisible();
  await expect(drawer.getByTestId('statement-lines')).toContainText('已计入合同 ');
  await admin.screenshot({ path: 'test-results/teams-statement-approved-zh-CN.png' });
  await admin.context().close();
});
