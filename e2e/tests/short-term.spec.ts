import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { apiData } from '../support/api';
import { pickOption } from '../support/select';
import { authFile } from '../support/global-setup';
import { apiSignIn } from '../support/server';

/**
 * Short-term rental (短租, issue 33) against the real server and its demo: a clerk books a car at 西湖店 for the
 * first holiday weekend of the demo's holiday calendar within the store's days ahead (the quote shows the weekday
 * and the holiday prices), the renter pays on the sandbox's page, the board shows the booking on its pick-up day,
 * and the booking is cancelled free of charge (its pick-up is weeks away: it cannot be picked up today). Then, on
 * today's board, the demo's booking waiting past its pick-up time is picked up with the inspection wizard, and the
 * demo's booking in use past its planned return is returned (late) with less fuel: the late and fuel charges are
 * shown, and the settlement refunds the rest of the damage deposit. The server's clock is not moved: the late
 * return is the demo's overdue booking (seeded in use, its return a day ago).
 */
test.use({ storageState: authFile('admin') });

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'screenshots');
const ZONE = 'Asia/Shanghai';
const DAY = 86_400_000;

interface StoreRow {
  id: number;
  name: string;
  rentId: number;
  maxDaysAhead: number;
}
interface BookingRow {
  id: number;
  code: string;
  state: string;
  storeId: number;
  pickUpAt: string;
  returnAt: string;
  plate: string;
}
interface BookingDetail extends BookingRow {
  damageDeposit: number;
  payNow?: number;
  charges: {
    late: number;
    earlyRefund: number;
    fuel: number;
    overKm: number;
    damage: number;
    other: number;
  } | null;
  quote: { days: { date: string; price: number; kind: string }[]; payNow: number };
}

/** A calendar day (tenant zone) `n` days after `day`. */
function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
}
const todayInZone = () => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
const yuan = (n: number) => `¥${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Types a date and time into an antd DatePicker (with time) and confirms it. */
async function pickDateTime(field: Locator, value: string): Promise<void> {
  await field.click();
  await field.fill(value);
  await field.press('Enter');
  await expect(field).toHaveValue(value);
}

/** The innermost card titled `title`. */
function card(page: Page, title: string): Locator {
  return page
    .locator('.ant-card')
    .filter({ has: page.locator('.ant-card-head-title', { hasText: title }) })
    .last();
}

/** A screenshot for docs/short-term.md: the whole page, or the window only (a drawer or dialog is fixed to it). */
async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(shots, `short-term-${name}.png`), fullPage });
}

/** Opens the sandbox's page from the pay dialog (as the renter's phone would), approves, and closes it. */
async function renterPays(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog').filter({ has: page.getByRole('link', { name: /打开沙箱支付页面/ }) });
  await expect(dialog.getByRole('img', { name: /的支付二维码/ })).toBeVisible({ timeout: 20_000 });
  const [payer] = await Promise.all([
    page.waitForEvent('popup'),
    dialog.getByRole('link', { name: /打开沙箱支付页面/ }).click(),
  ]);
  await expect(payer.getByTestId('sandbox-state')).toHaveText('已扫码');
  await payer.getByRole('button', { name: '确认付款' }).click();
  await expect(payer.getByText('支付成功')).toBeVisible({ timeout: 20_000 });
  await payer.close();
}

/** The inspection wizard with its defaults (time now, documents present, oneself as inspector). */
async function inspect(page: Page, energy: number, extraKm: number): Promise<void> {
  const wizard = page.getByRole('dialog');
  const floor = await wizard.getByText(/不低于车辆上次记录的 \d+ 公里/).innerText();
  const last = Number(/(\d+) 公里/.exec(floor)![1]);
  await wizard.getByLabel('里程（公里）').fill(String(last + extraKm));
  await wizard.getByLabel('油量/电量（%）').fill(String(energy));
  await wizard.getByRole('button', { name: '下一步' }).click();
  await wizard.getByRole('button', { name: '下一步' }).click();
  await wizard.getByRole('button', { name: /^提\s?交$/ }).click();
  await expect(wizard).toBeHidden({ timeout: 20_000 });
}

async function englishPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    storageState: authFile('admin'),
    locale: 'en-US',
    timezoneId: ZONE,
    viewport: { width: 1366, height: 820 },
  });
  await context.addInitScript(() => localStorage.setItem('fleetdesk.lang', 'en-US'));
  return context.newPage();
}

test('holiday-weekend booking paid in the sandbox and cancelled; overdue pick-up, late return, settlement, board', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(300_000);
  const token = (await apiSignIn(request, 'admin')).access_token;
  const options = await apiData<StoreRow[]>(request, token, 'GET', 'shortStore/options');
  const hzOption = options.find((s) => s.name === '西湖店')!;
  const hz = await apiData<StoreRow>(request, token, 'GET', `shortStore/get/${hzOption.id}`);
  const today = todayInZone();
  const lastPickUpDay = addDays(today, hz.maxDaysAhead - 1);

  // The first holiday run with a Saturday or Sunday in it: pick up the day before at 10:00, return the day after.
  const holidays = (
    await apiData<{ rows: { day: string; name: string }[] }>(request, token, 'GET', 'shortSetting/holiday/list')
  ).rows
    .map((h) => h.day)
    .sort();
  const runs: string[][] = [];
  for (const day of holidays) {
    const run = runs.at(-1);
    if (run && addDays(run.at(-1)!, 1) === day) run.push(day);
    else runs.push([day]);
  }
  const run = runs.find(
    (r) =>
      r.some((d) => [0, 6].includes(weekday(d))) &&
      addDays(r[0]!, -1) > addDays(today, 3) &&
      addDays(r[0]!, -1) <= lastPickUpDay,
  );
  expect(run, `a holiday weekend within ${hz.maxDaysAhead} days of ${today}`).toBeTruthy();
  const pickUpDay = addDays(run![0]!, -1);
  const returnDay = addDays(run!.at(-1)!, 1);

  // A car type of the store with a price, and a renter of its rent.
  const prices = await apiData<{
    rows: { carTypeId: number; carTypeName: string; weekdayPrice: number; weekendPrice: number }[];
  }>(request, token, 'GET', `shortPrice/list?storeId=${hz.id}&pageSize=50`);
  const cars = await apiData<{ rows: { carTypeId: number | null }[] }>(
    request,
    token,
    'GET',
    `shortStore/cars?storeId=${hz.id}&pageSize=100`,
  );
  const count = (typeId: number) => cars.rows.filter((c) => c.carTypeId === typeId).length;
  const price = [...prices.rows].sort((a, b) => count(b.carTypeId) - count(a.carTypeId))[0]!;
  const dateDays = await apiData<{ days: { day: string; price: number }[] }>(
    request,
    token,
    'GET',
    `shortPrice/days?storeId=${hz.id}&carTypeId=${price.carTypeId}&from=${pickUpDay}&to=${returnDay}`,
  );
  const special = new Map(dateDays.days.map((d) => [d.day, d.price] as const));
  const drivers = await apiData<{ rows: { id: number; name: string; phone: string }[] }>(
    request,
    token,
    'POST',
    'rentDriver/list',
    { rentId: hz.rentId, state: ['active'], pageSize: 5 },
  );
  const renter = drivers.rows[0]!;

  // ---------------------------------------------------------------- the holiday-weekend booking, through the board
  await page.goto(`/sevenShort?storeId=${hz.id}`);
  const board = page.getByTestId('board');
  await expect(board).toBeVisible({ timeout: 20_000 });
  await board.getByRole('button', { name: '新建订单' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: '新建短租订单' });
  await expect(drawer.getByRole('combobox', { name: '门店' })).toBeVisible();
  await pickOption(page, drawer.getByRole('combobox', { name: '车型' }), price.carTypeName);
  await pickDateTime(drawer.getByLabel('取车时间'), `${pickUpDay} 10:00`);
  await pickDateTime(drawer.getByLabel('还车时间'), `${returnDay} 10:00`);
  const quote = drawer.getByTestId('quote');
  await expect(drawer.getByText(/该车型可租 \d+ 辆/)).toBeVisible({ timeout: 20_000 });
  // Each day of the stay with its kind and price: the holidays at the weekend price (or their date price).
  const days: string[] = [];
  for (let d = pickUpDay; d < returnDay; d = addDays(d, 1)) days.push(d);
  await expect(quote.locator('.ant-table-tbody .ant-table-row')).toHaveCount(days.length);
  for (const d of days) {
    const row = quote.locator('.ant-table-row', { hasText: d });
    const [kind, amount] = special.has(d)
      ? ['特殊日期', special.get(d)!]
      : holidays.includes(d)
        ? ['节假日', price.weekendPrice]
        : [0, 6].includes(weekday(d))
          ? ['周末', price.weekendPrice]
          : ['平日', price.weekdayPrice];
    await expect(row).toContainText(kind as string);
    await expect(row).toContainText(yuan(amount as number));
  }
  await expect(quote.getByText('节假日').or(quote.getByText('特殊日期')).first()).toBeVisible();
  // The renter's select searches as one types.
  const renterBox = drawer.getByRole('combobox', { name: '查找租客' });
  await renterBox.click();
  await renterBox.fill(renter.phone);
  const renterList = page.locator('.ant-select-dropdown', {
    has: page.locator(`[id="${await renterBox.getAttribute('aria-controls')}"]`),
  });
  await renterList.locator('.ant-select-item-option', { hasText: renter.phone }).click({ timeout: 20_000 });
  await expect(renterList).toBeHidden();
  await shoot(page, 'booking-quote', false);
  const payNowText = (await drawer.getByTestId('pay-now').innerText()).trim();
  await drawer.getByRole('button', { name: '创建并支付' }).click();
  await renterPays(page);
  await expect(drawer.getByText('已支付，订单待取车')).toBeVisible({ timeout: 30_000 });
  await drawer.getByRole('button', { name: '查看订单' }).click();
  await expect(page).toHaveURL(/\/sevenShort\/booking\/\d+/);
  const bookingPage = page.getByTestId('booking-page');
  await expect(bookingPage.locator('h1')).toContainText('待取车');
  const holidayCode = (await bookingPage.locator('h1').innerText()).split(/\s/)[0]!;

  // The board of its pick-up day lists it.
  await page.goto(`/sevenShort?storeId=${hz.id}&date=${pickUpDay}`);
  const dayPickUps = card(page, '今日取车');
  await expect(dayPickUps.getByRole('link', { name: holidayCode })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('car-calendar').locator(`a[title^="${holidayCode} "]`)).toBeVisible();
  await dayPickUps.getByRole('link', { name: holidayCode }).click();

  // Weeks before the pick-up the cancellation is free: all that was paid goes back.
  await page.getByRole('button', { name: '取消订单' }).click();
  const cancel = page.getByRole('dialog').filter({ hasText: `取消订单 ${holidayCode}` });
  await expect(cancel.getByTestId('cancel-preview')).toHaveText(`现在取消免费，全额退还 ${payNowText}`);
  await cancel.getByLabel('取消原因').fill('客户改期');
  await cancel.getByRole('button', { name: '确认取消' }).click();
  await expect(page.getByText(`订单已取消：违约金 ¥0.00，退款 ${payNowText}`)).toBeVisible({ timeout: 20_000 });
  await expect(bookingPage.locator('h1')).toContainText('已取消');

  // ---------------------------------------------------------------- today's board: the overdue pick-up and return
  const list = await apiData<{ rows: BookingRow[] }>(
    request,
    token,
    'GET',
    `shortBooking/list?storeId=${hz.id}&pageSize=100`,
  );
  const now = Date.now();
  const toPickUp = list.rows.find((b) => b.state === 'toPickUp' && Date.parse(b.pickUpAt) < now)!;
  const overdue = list.rows.find((b) => b.state === 'inUse' && Date.parse(b.returnAt) < now - 2 * 3_600_000)!;
  expect(toPickUp, 'the demo booking waiting past its pick-up time').toBeTruthy();
  expect(overdue, 'the demo booking in use past its planned return').toBeTruthy();

  await page.goto(`/sevenShort?storeId=${hz.id}`);
  const pickUps = card(page, '今日取车');
  const returns = card(page, '今日还车');
  await expect(pickUps.locator('.ant-list-item', { hasText: toPickUp.code })).toContainText('已超时', {
    timeout: 20_000,
  });
  await expect(returns.locator('.ant-list-item', { hasText: overdue.code })).toContainText('已超时');
  await expect(page.getByTestId('car-calendar').locator(`a[title^="${toPickUp.code} "]`)).toBeVisible();
  await shoot(page, 'board');

  // Pick-up with the inspection wizard.
  await pickUps.getByRole('link', { name: toPickUp.code }).click();
  await expect(bookingPage.locator('h1')).toContainText('待取车');
  await page.getByRole('button', { name: /^取\s?车$/ }).click();
  await inspect(page, 100, 5);
  await expect(bookingPage.locator('h1')).toContainText('用车中', { timeout: 20_000 });
  await expect(page.getByTestId('state-steps')).toContainText('用车中');

  // The late return: a day and more past its planned return, with 30 % less fuel.
  await page.goto(`/sevenShort?storeId=${hz.id}`);
  await card(page, '今日还车').getByRole('link', { name: overdue.code }).click();
  await expect(bookingPage.locator('h1')).toContainText('用车中');
  await expect(bookingPage.locator('h1')).toContainText('已超时');
  await page.getByRole('button', { name: /^还\s?车$/ }).click();
  await inspect(page, 60, 240);
  await expect(bookingPage.locator('h1')).toContainText('已还车', { timeout: 20_000 });
  const returned = await apiData<BookingDetail>(request, token, 'GET', `shortBooking/get/${overdue.id}`);
  const c = returned.charges!;
  // More than a day late: at least the last day's price, at most two.
  const lastDay = returned.quote.days.at(-1)!.price;
  expect(c.late).toBeGreaterThanOrEqual(lastDay);
  expect(c.late).toBeLessThanOrEqual(2 * lastDay);
  expect(c.fuel).toBeGreaterThan(0);
  const money = card(page, '费用与押金');
  await expect(money).toContainText(`超时费${yuan(c.late)}`);
  await expect(money).toContainText(`油电费${yuan(c.fuel)}`);
  await shoot(page, 'late-return');

  // Settle: the charges against the damage deposit, the rest refunded.
  const owed = c.late + c.fuel + c.overKm + c.damage + c.other - c.earlyRefund;
  const refund = Math.round((returned.damageDeposit - owed) * 100) / 100;
  expect(refund).toBeGreaterThan(0);
  await page.getByRole('button', { name: /^结\s?算$/ }).click();
  const settle = page.getByRole('dialog').filter({ hasText: `结算订单 ${overdue.code}` });
  await expect(settle).toContainText(yuan(c.late));
  await expect(settle.getByTestId('settle-result')).toContainText(`车辆押金退还 ${yuan(refund)}`);
  // Once the dialog has faded in.
  await expect(settle).toHaveCSS('opacity', '1');
  await shoot(page, 'settle', false);
  await settle.getByRole('button', { name: '确认结算' }).click();
  await expect(page.getByText(`已结算，退还押金 ${yuan(refund)}`)).toBeVisible({ timeout: 20_000 });
  await expect(bookingPage.locator('h1')).toContainText('已完成');
  await expect(page.getByTestId('violation-hold')).toBeVisible();

  // The same screens in English.
  const en = await englishPage(browser);
  await en.goto(`/sevenShort?storeId=${hz.id}`);
  await expect(en.getByTestId('board')).toContainText('Pick-ups', { timeout: 20_000 });
  await shoot(en, 'board-en');
  await en.goto(`/sevenShort/booking/${overdue.id}`);
  await expect(en.getByTestId('booking-page').locator('h1')).toContainText('Completed', { timeout: 20_000 });
  await expect(en.getByTestId('booking-page')).toContainText(yuan(c.late));
  await shoot(en, 'booking-en');
  await en.context().close();
});
