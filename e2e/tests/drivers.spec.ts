import { deflateSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { authFile } from '../support/global-setup';

/**
 * The driver area against the real server: a driver added from photos of the ID card and the driving licence
 * (sandbox OCR), blacklisted and lifted from the driver's page, the list filtered by expiring licences, and the
 * filtered list exported.
 */
test.use({ storageState: authFile('admin') });

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
/** An 18-character ID number with its check character (ISO 7064 MOD 11-2). */
function idNumber(first17: string): string {
  const sum = [...first17].reduce((s, c, i) => s + Number(c) * WEIGHTS[i]!, 0);
  return first17 + '10X98765432'[sum % 11]!;
}

/** A real one-colour PNG (the server sniffs the bytes); the sandbox OCR reads the ID number in the file's name. */
function png(seed: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(32, 0);
  header.writeUInt32BE(20, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.from([0, ...Array.from({ length: 32 }, () => [seed % 256, 80, 160]).flat()]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: 20 }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const photo = (name: string, seed: number) => ({ name, mimeType: 'image/png', buffer: png(seed) });

async function upload(page: Page, key: string, name: string, seed: number) {
  await page
    .getByTestId(`ocr-${key}`)
    .locator('xpath=ancestor::*[contains(@class,"ant-upload")][1]')
    .locator('input[type=file]')
    .setInputFiles(photo(name, seed));
}

test('add a driver from ID card and licence photos, blacklist and lift, filter by expiring licence, export', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const stamp = String(Date.now()).slice(-6);
  // Born 1990-03-07, a serial of this run, male (odd 17th digit).
  const id = idNumber(`33010619900307${stamp.slice(-2)}1`);
  const phone = `139${stamp}${String(Date.now()).slice(-2)}`;

  await page.goto('/rentDriver/new');
  await expect(page.getByRole('heading', { name: '新增司机' })).toBeVisible();
  await upload(page, 'idFront', `${id}-身份证.png`, 1);
  await expect(page.getByText(/已填写 \d+ 项/)).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('#idNumber')).toHaveValue(id);
  await expect(page.getByText('按身份证号：1990-03-07，男')).toBeVisible();
  await upload(page, 'idBack', `${id}-反面.png`, 2);
  await upload(page, 'licenceFront', `${id}-驾驶证.png`, 3);
  await expect(page.locator('#licenceNumber')).toHaveValue(id, { timeout: 20_000 });
  await expect(page.locator('.ant-form-item').filter({ hasText: '准驾车型' })).toContainText(/[ABC][12]/);
  const name = await page.locator('#name').inputValue();
  expect(name.length).toBeGreaterThanOrEqual(2);
  await page.locator('#phone').fill(phone);
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/\/rentDriver\/\d+$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.getByRole('tab', { name: /证件照片/ }).click();
  await expect(page.getByRole('img', { name: '身份证人像面' })).toBeVisible();
  await expect(page.getByRole('img', { name: '驾驶证主页' })).toBeVisible();

  // Blacklist from the driver's page: the reason is required; then lift it.
  await page.getByRole('button', { name: '更多' }).click();
  await page.getByRole('menuitem', { name: '拉黑' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: '确认拉黑' }).click();
  await expect(dialog.getByText('必填')).toBeVisible();
  await dialog.getByRole('textbox').fill('多次违约，拒不还车');
  await dialog.getByRole('button', { name: '确认拉黑' }).click();
  await expect(page.getByText(/由 张伟 于 .* 拉黑：多次违约，拒不还车/)).toBeVisible();
  await page.getByRole('tab', { name: '状态记录' }).click();
  await expect(page.getByRole('cell', { name: '多次违约，拒不还车' })).toBeVisible();
  await page.getByRole('button', { name: '更多' }).click();
  await page.getByRole('menuitem', { name: '解除拉黑' }).click();
  await page.getByRole('dialog').getByRole('textbox').fill('已结清');
  await page.getByRole('dialog').getByRole('button', { name: '确认解除' }).click();
  await expect(page.locator('.fd-driver-head').getByText('已离职')).toBeVisible();

  // The list, filtered by licences expiring within the company's lead days.
  await page.goto('/rentDriver');
  await expect(page.getByRole('cell', { name: '徐涛', exact: true })).toBeVisible();
  const due = page.locator('.ant-form-item').filter({ hasText: '证件' }).locator('.ant-select');
  await due.click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText('即将到期').click();
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page).toHaveURL(/documentDue=soon/);
  await expect(page.getByRole('cell', { name: '李明', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: '徐涛', exact: true })).toHaveCount(0);

  // Export what is on screen.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^司机信息-\d{8}\.xlsx$/);
  const path = await file.path();
  expect(path).toBeTruthy();
});
