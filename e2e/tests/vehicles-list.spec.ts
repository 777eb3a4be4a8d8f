import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { withVinCheckDigit } from '@fleetdesk/contracts/identifiers';
import { timeShareCarIds } from '../support/api';
import { authFile } from '../support/global-setup';
import { pickOption } from '../support/select';

/**
 * The vehicles list (/rentCar) against the real server and its demo fleet: filters, status actions one by one
 * and in bulk, a transfer, an export read back, and an import whose errors are fixed before it goes in.
 */
test.use({ storageState: authFile('admin') });

interface CarRow {
  id: number;
  plate: string;
  status: string;
  rentId: number;
  rentName: string;
  brandName: string;
  seriesName: string;
}

function adminToken(): string {
  const state = JSON.parse(readFileSync(authFile('admin'), 'utf8')) as {
    origins: { localStorage: { name: string; value: string }[] }[];
  };
  return state.origins[0]!.localStorage.find((e) => e.name === 'AccessToken')!.value;
}

async function listCars(request: APIRequestContext, filter: Record<string, unknown>): Promise<CarRow[]> {
  const response = await request.post('/api/ccwadmin/rentCar/list', {
    headers: { Authorization: `Bearer ${adminToken()}`, 'X-User-Type': 'manager' },
    data: { pageSize: 50, ...filter },
  });
  expect(response.status()).toBe(200);
  const fleets = await timeShareCarIds(request, adminToken());
  return ((await response.json()) as { data: { rows: CarRow[] } }).data.rows.filter((c) => !fleets.has(c.id));
}

/** A plate as the screen shows it (浙A·D12345). */
const shown = (plate: string) => `${plate.slice(0, 2)}·${plate.slice(2)}`;
const row = (page: Page, plate: string) => page.locator('.ant-table-row').filter({ hasText: shown(plate) });
const modal = (page: Page, title: string | RegExp) =>
  page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });

async function moreAction(page: Page, plate: string, action: string) {
  await page.getByRole('button', { name: `${plate} 的更多操作` }).click();
  await page.locator('.ant-dropdown:visible').getByText(action, { exact: true }).click();
}

test('filter by plate and status, change a status, and change several in bulk', async ({ page, request }) => {
  const [idle] = await listCars(request, { status: ['idle'] });
  expect(idle, 'the demo fleet has an idle car').toBeTruthy();
  await page.goto('/rentCar');
  await expect(page.locator('.ant-table-row').first()).toBeVisible({ timeout: 30_000 });

  const form = page.getByRole('search');
  await form.getByLabel('车牌号').fill(idle!.plate.slice(0, 6));
  await pickOption(page, form.getByLabel('状态'), /^空闲$/);
  await page.keyboard.press('Escape');
  await form.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page).toHaveURL(/\/rentCar\?.*plate=.*status=idle/);
  await expect(row(page, idle!.plate)).toBeVisible();
  // The previous page stays on screen until the filtered one arrives: wait for it.
  const tags = page.locator('.ant-table-row .ant-tag');
  await expect.poll(async () => [...new Set(await tags.allTextContents())]).toEqual(['空闲']);

  // One car: send it to repair, with a remark; the row follows.
  await moreAction(page, idle!.plate, '送修');
  const dialog = modal(page, `送修：${shown(idle!.plate)}`);
  await dialog.getByRole('textbox').fill('刹车异响');
  await dialog.getByRole('button', { name: '送修' }).click();
  await expect(page.getByText(`${shown(idle!.plate)} 已送修`)).toBeVisible();
  await page.goto(`/rentCar?plate=${encodeURIComponent(idle!.plate)}`);
  await expect(row(page, idle!.plate).locator('.ant-tag')).toHaveText('维修中');

  // Several: an idle and a rented car asked to return: the rented one returns, the idle one is refused.
  // One page that holds both (other specs rent and dispatch cars meanwhile: the first 20 may all be rented).
  const page1 = await listCars(request, { status: ['idle', 'rented'], pageSize: 200 });
  const idleCar = page1.find((c) => c.status === 'idle');
  const rentedCar = page1.find((c) => c.status === 'rented');
  expect(idleCar && rentedCar, 'the demo fleet has an idle and a rented car').toBeTruthy();
  await page.goto('/rentCar?status=idle,rented&pageSize=200');
  for (const car of [idleCar!, rentedCar!]) await row(page, car.plate).getByRole('checkbox').check();
  await expect(page.getByText('已选 2 项')).toBeVisible();
  await page.getByRole('button', { name: /批量变更状态/ }).click();
  await page.locator('.ant-dropdown:visible').getByText(/^还车/).click();
  const bulk = modal(page, '批量还车：已选 2 辆车');
  await expect(bulk.getByText(/只有 1 辆可以执行此操作/)).toBeVisible();
  await bulk.getByRole('button', { name: '还车' }).click();
  const result = modal(page, '批量变更结果');
  await expect(result.getByText('成功 1 辆，拒绝 1 辆')).toBeVisible();
  await expect(result.locator('.ant-table-row')).toContainText(shown(idleCar!.plate));
  await result.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.getByText('已选 2 项')).toBeHidden();
  await page.goto(`/rentCar?plate=${encodeURIComponent(rentedCar!.plate)}`);
  // A returned car waits for its preparation before it is idle again.
  await expect(row(page, rentedCar!.plate).locator('.ant-tag')).toHaveText('待整备');
});

test('transfer a car to the other company through the dialog', async ({ page, request }) => {
  const [car] = await listCars(request, { status: ['idle'] });
  await page.goto(`/rentCar?plate=${encodeURIComponent(car!.plate)}`);
  const r = row(page, car!.plate);
  await expect(r).toContainText(car!.rentName);
  await moreAction(page, car!.plate, '调拨');
  const dialog = modal(page, /调拨车辆/);
  await pickOption(page, dialog.getByRole('combobox'));
  await dialog.getByRole('button', { name: /调\s*拨/ }).click();
  await expect(dialog).toBeHidden();
  await expect(r).not.toContainText(car!.rentName);
  const [moved] = await listCars(request, { plate: car!.plate });
  expect(moved!.rentId).not.toBe(car!.rentId);
});

test('export the filtered cars and read the plate in the downloaded file', async ({ page, request }) => {
  const [car] = await listCars(request, {});
  await page.goto(`/rentCar?plate=${encodeURIComponent(car!.plate)}`);
  await expect(row(page, car!.plate)).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /导\s*出/ }).click();
  await page.locator('.ant-dropdown:visible').getByText('车辆信息', { exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^车辆信息-\d{8}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await file.path());
  const cells: string[] = [];
  book.worksheets[0]!.eachRow((r) => r.eachCell((c) => cells.push(String(c.value ?? ''))));
  expect(cells.some((c) => c.replace('·', '') === car!.plate)).toBe(true);
  expect(cells).toContain('车牌号');
});

/** A sheet with the import's Chinese headers. */
async function carSheet(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('车辆');
  sheet.addRow(['车牌号', '车架号', '品牌', '车系', '能源类型', '状态']);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const digits = () => String(Math.floor(10000 + Math.random() * 89999));
const vin = () => withVinCheckDigit(`LFV2A21K${'0'}P${digits()}${digits().slice(0, 2)}`.slice(0, 17));

test('import a file with errors, see them, fix them, import again, and the cars are listed', async ({
  page,
  request,
}) => {
  const [model] = await listCars(request, { energy: ['petrol'] });
  const plates = [`浙A${digits()}`, `浙A${digits()}`];
  const good = (plate: string) => [plate, vin(), model!.brandName, model!.seriesName, '汽油', '空闲'];
  await page.goto('/rentCar');
  await page.getByRole('button', { name: '导入车辆' }).click();
  const wizard = modal(page, '导入车辆');
  await expect(wizard.getByText('车牌号').first()).toBeVisible();

  await wizard.locator('input[type=file]').setInputFiles({
    name: 'cars.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await carSheet([['XX123', vin(), model!.brandName, model!.seriesName, '汽油', '空闲'], good(plates[1]!)]),
  });
  await wizard.getByRole('button', { name: '校验文件' }).click();
  const errors = wizard.locator('.ant-table-row').filter({ hasText: 'XX123' });
  await expect(errors).toBeVisible();
  await expect(errors).toContainText('车牌号');
  await expect(wizard.locator('.ant-statistic').filter({ hasText: '有错误' })).toContainText('1');

  await wizard.getByRole('button', { name: '重新选择文件' }).click();
  await wizard.locator('input[type=file]').setInputFiles({
    name: 'cars-fixed.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await carSheet([good(plates[0]!), good(plates[1]!)]),
  });
  await wizard.getByRole('button', { name: '校验文件' }).click();
  await expect(wizard.getByText('全部 2 行数据校验通过')).toBeVisible();
  await wizard.getByRole('button', { name: '导入 2 行有效数据' }).click();
  await expect(wizard.getByText('已导入 2 辆车')).toBeVisible();
  await wizard.getByRole('button', { name: /完\s*成/ }).click();

  for (const plate of plates) {
    await page.goto(`/rentCar?plate=${encodeURIComponent(plate)}`);
    await expect(row(page, plate).locator('.ant-tag')).toHaveText('空闲');
  }
});
