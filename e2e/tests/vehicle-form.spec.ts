import { deflateSync } from 'node:zlib';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { authFile } from '../support/global-setup';

/**
 * The car form, page and reports against the real server: a car added from a licence photo (sandbox OCR) with
 * photos uploaded, seen on its page, edited, sent to repair from its page, and the fleet reports drawn.
 */
test.use({ storageState: authFile('admin') });

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A real PNG (the server sniffs the bytes), 64x48 in one colour made from `seed`, so every file differs. */
function png(seed: number): Buffer {
  const [w, h] = [64, 48];
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rgb = [(seed * 97) % 256, (seed * 57) % 256, (seed * 31 + Date.now()) % 256];
  const row = Buffer.from([0, ...Array.from({ length: w }, () => rgb).flat()]);
  const pixels = Buffer.concat(Array.from({ length: h }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const file = (name: string, seed: number) => ({ name, mimeType: 'image/png', buffer: png(seed) });

const slot = (page: Page, kind: string) => page.getByRole('region', { name: kind, exact: true });
async function pickFirst(page: Page, select: Locator) {
  await select.click();
  // The first option is the active one when the list opens.
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toBeVisible();
  await select.press('Enter');
}

test('add a car from a licence photo with its photos, see it, edit it, send it to repair, and see the reports', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/rentCar/car/new');
  await expect(page.getByRole('heading', { name: '新增车辆' })).toBeVisible();

  // The licence photo: uploaded once, read by the sandbox OCR, the fields filled, the photo kept.
  await page.locator('.fd-car-ocr .ant-upload input[type=file]').first().setInputFiles(file('licence.png', 1));
  await expect(page.getByText(/已从行驶证填写 \d+ 项/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('演示识别')).toBeVisible();
  const ocrPlate = await page.locator('#plate').inputValue();
  expect(ocrPlate).toMatch(/^[\u4e00-\u9fff][A-Z]/);
  expect(await page.locator('#vin').inputValue()).toHaveLength(17);
  await expect(slot(page, '行驶证主页').locator('.ant-image-img')).toBeVisible();

  // A plate of our own (the demo fleet may hold the one the sandbox made up), an ordinary one.
  const plate = `浙F${String(Date.now()).slice(-5)}`;
  await page.locator('#plate').fill(plate);
  // The sandbox names a brand of the catalogue most of the time; otherwise one is chosen here.
  if (await page.locator('#seriesId').isDisabled()) await pickFirst(page, page.locator('#brandId'));
  await pickFirst(page, page.locator('#seriesId'));
  await page.locator('#mileageKm').fill('1200');

  // Photos: one front, two interior ones swapped.
  await slot(page, '车头').locator('input[type=file]').setInputFiles(file('front.png', 2));
  await expect(slot(page, '车头').locator('.ant-image-img')).toBeVisible();
  await slot(page, '内饰').locator('input[type=file]').setInputFiles(file('interior-a.png', 3));
  await expect(slot(page, '内饰').locator('.ant-image-img')).toHaveCount(1);
  await slot(page, '内饰').locator('input[type=file]').setInputFiles(file('interior-b.png', 4));
  await expect(slot(page, '内饰').locator('.ant-image-img')).toHaveCount(2);
  await slot(page, '内饰').getByRole('button', { name: '后移' }).first().click();
  await expect(page.getByText('共 4 张')).toBeVisible();

  await page.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/\/rentCar\/car\/\d+$/, { timeout: 20_000 });
  const shown = `${plate.slice(0, 2)}·${plate.slice(2)}`;
  await expect(page.getByRole('heading', { name: shown })).toBeVisible();
  await expect(page.locator('.fd-car-detail-head .ant-tag').first()).toHaveText('空闲');
  // The licence was bound with the photo read.
  await expect(page.getByText('行驶证', { exact: true })).toBeVisible();
  await expect(page.getByText('未绑定', { exact: true })).toHaveCount(0);
  await page.getByRole('tab', { name: '照片（4）' }).click();
  await expect(page.locator('.fd-car-gallery figure')).toHaveCount(4);
  await expect(page.locator('.fd-car-gallery figcaption')).toHaveText(['车头', '内饰', '内饰', '行驶证主页']);

  // Edit: the mileage, one interior photo less.
  await page.getByRole('button', { name: '编辑' }).click();
  await expect(page).toHaveURL(/\/edit$/);
  await expect(page.locator('#mileageKm')).toHaveValue('1200');
  await page.locator('#mileageKm').fill('23456');
  await slot(page, '内饰').getByRole('button', { name: '删除内饰照片' }).first().click();
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/\/rentCar\/car\/\d+$/);
  await expect(page.getByText('23,456', { exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: '照片（3）' })).toBeVisible();

  // Send it to repair from its page, with a remark; the history says so.
  await page.getByRole('group', { name: '状态操作' }).getByRole('button', { name: '送修' }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '送修' });
  await dialog.locator('textarea').fill('刹车异响');
  await dialog.getByRole('button', { name: '送修' }).click();
  await expect(page.locator('.fd-car-detail-head .ant-tag').first()).toHaveText('维修中');
  await expect(page.getByRole('group', { name: '状态操作' }).getByRole('button', { name: '维修完成' })).toBeVisible();
  await page.getByRole('tab', { name: '状态与调拨记录' }).click();
  await expect(page.locator('.fd-car-history').getByText('刹车异响')).toBeVisible();
  await expect(page.locator('.fd-car-history').getByText('新增车辆')).toBeVisible();
  await page.getByRole('tab', { name: '操作日志' }).click();
  await expect(page.locator('.ant-table-row').first()).toBeVisible();

  // The reports: charts drawn on canvases.
  await page.goto('/rentCar/reports');
  await expect(page.getByText('车辆总数')).toBeVisible();
  await expect(page.getByRole('img', { name: '按状态' }).locator('canvas')).toBeVisible();
  await expect(page.getByRole('img', { name: '每日出租率' }).locator('canvas')).toBeVisible();
  await expect(page.getByRole('img', { name: '按品牌（前 10）' }).locator('canvas')).toBeVisible();
});
