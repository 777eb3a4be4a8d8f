import { expect, test, type Page } from '@playwright/test';
import { authFile } from '../support/global-setup';
import { entryNamed, openFromNav } from '../support/nav';

/**
 * A clerk's way from an overdue contract to its car, through the screens only (clicks, no typed addresses): the
 * contract list, the contract's overdue strip, its risk case (the address of the car's position and a small map),
 * the car on the GPS map and its route replay; and the risk group of the navigation. In both languages.
 */
test.use({ storageState: authFile('admin') });
test.setTimeout(150_000);

/** HT202600006: the demo contract a month overdue, 浙AF20318 left its geofences and its tracker went silent. */
const CONTRACT = 'HT202600006';
const TRACKER = '644960770006';

const TEXTS = {
  'zh-CN': {
    nav: '主导航',
    contractsGroup: '合同与财务',
    contracts: '合同管理',
    keyword: '合同编号/司机/车牌',
    search: '查询',
    overdue: /逾期 \d+ 天 · 欠款 ¥[\d,]+\.\d{2}/,
    caseTitle: /风控案件 #\d+/,
    sandbox: '沙箱',
    onMap: '在地图上查看',
    offline: /离线 · 最后速度 \d+ km\/h/,
    replay: '轨迹回放',
    sevenDays: '最近 7 天',
    riskGroup: '风控',
    board: '风控看板',
    alarms: '报警',
    receipts: '设备交接单',
  },
  'en-US': {
    nav: 'Main navigation',
    contractsGroup: 'Contracts & finance',
    contracts: 'Contracts',
    keyword: 'Number, driver or plate',
    search: 'Search',
    overdue: /\d+ days overdue · ¥[\d,]+\.\d{2} owed/,
    caseTitle: /Risk case #\d+/,
    sandbox: 'sandbox',
    onMap: 'Show on the map',
    offline: /offline · last speed \d+ km\/h/,
    replay: 'Route replay',
    sevenDays: 'Last 7 days',
    riskGroup: 'Risk',
    board: 'Risk board',
    alarms: 'Alarms',
    receipts: 'Device receipts',
  },
} as const;

/**
 * A screen through the navigation: its group, then the entry (a group of one screen, such as the contracts with
 * their debtors' tab, is that screen's link).
 */
async function openEntry(page: Page, group: string, entry: string, url: RegExp) {
  await openFromNav(page, group, entryNamed(entry), url);
}

for (const lang of ['zh-CN', 'en-US'] as const) {
  test(`an overdue contract: its strip, its risk case with the car's address, the car on the map, the replay (${lang})`, async ({
    page,
  }) => {
    const T = TEXTS[lang];
    await page.addInitScript((l) => localStorage.setItem('fleetdesk.lang', l), lang);
    await page.goto('/');
    await openEntry(page, T.contractsGroup, T.contracts, /\/rentContract/);
    await page.getByPlaceholder(T.keyword).fill(CONTRACT);
    await page.getByRole('button', { name: T.search }).click();
    await page.getByRole('link', { name: CONTRACT }).first().click();

    const strip = page.getByTestId('overdue-strip');
    await expect(strip.getByTestId('overdue-strip-figures')).toHaveText(T.overdue);
    await expect(strip.getByTestId('overdue-strip-address')).not.toHaveText(/^\d/);
    await expect(strip.getByText(T.sandbox, { exact: true })).toBeVisible();
    await expect(strip).toContainText(T.offline);

    // The risk case: its drawer, the car's last position as an address, the small map.
    await strip.getByTestId('overdue-strip-case').click();
    const drawer = page.getByTestId('risk-case');
    await expect(drawer).toBeVisible();
    await expect(page.locator('.ant-drawer-title')).toContainText('浙AF20318');
    const last = drawer.getByTestId('risk-case-last-position');
    await expect(last.getByTestId('position-address')).toBeVisible();
    await expect(drawer.getByTestId('gps-map')).toBeVisible();

    // Back to the contract, then the car on the map: its drawer opens by itself, and its replay.
    await page.goBack();
    await page.getByTestId('overdue-strip-map').click();
    await expect(page).toHaveURL(new RegExp(`/riskGpsMap\\?imei=${TRACKER}$`));
    const car = page.getByTestId('gps-drawer');
    await expect(car).toBeVisible();
    await expect(car.getByTestId('gps-drawer-speed')).toHaveText(T.offline);
    await page.getByTestId('gps-replay').click();
    const replay = page.locator('.fd-gps-replay');
    await expect(replay).toBeVisible();
    // Opened on the day the car was last seen: its positions, not an empty last hour.
    await expect(replay.getByTestId('replay-now')).toBeVisible();
    await replay.getByText(T.sevenDays, { exact: true }).click();
    await expect(replay.getByTestId('replay-now')).toBeVisible();

    // The risk group reaches the board, the alarms and the receipts.
    await openEntry(page, T.riskGroup, T.alarms, /\/riskGpsMap\/alarms/);
    await openEntry(page, T.riskGroup, T.receipts, /\/riskGpsMap\/receipts/);
    await openEntry(page, T.riskGroup, T.board, /\/riskGpsMap\/risk/);
    await expect(page.getByTestId('risk-figures')).toBeVisible();
  });
}
