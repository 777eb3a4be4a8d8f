import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { multipart } from '../../../test/multipart.js';
import { caller } from '../../../test/office.js';
import { A, staff } from './fixtures.js';

const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'latin1');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
let t: TestApp;
let as: ReturnType<typeof staff>;

beforeAll(async () => {
  t = await createTestApp();
  as = staff(t);
});
afterAll(async () => t.close());

const call = caller(
  () => t,
  A,
  () => as,
);

async function upload(user: string, type: string, name: string, mime: string, content: Buffer) {
  const { body, contentType } = multipart(name, mime, content);
  const res = await t.request('POST', `/api/tool/oss/upload/${type}`, {
    ...(await as(user)),
    headers: { 'content-type': contentType },
    body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { url: string; signedUrl: string };
}

const purchase = (attachments: string[]) => ({
  businessType: 'purchase',
  summary: '采购打印机',
  form: {},
  attachments,
});

describe('attachments of a request', () => {
  it('keeps uploaded documents and lists them in the detail with their names and download links', async () => {
    const quote = await upload('zhengkai', 'document', '报价单.pdf', 'application/pdf', PDF);
    const photo = await upload('zhengkai', 'document', '样机照片.png', 'image/png', PNG);
    // A signed address is made stable; the same file twice is kept once.
    const saved = await call('POST', '/request/save', 'zhengkai', purchase([quote.signedUrl, photo.url, quote.url]));
    expect(saved.statusCode, saved.body).toBe(200);
    const detail = saved.json().data;
    expect(detail.attachments).toEqual([quote.url, photo.url]);
    expect(detail.files).toMatchObject([
      { url: quote.url, name: '报价单.pdf', contentType: 'application/pdf', size: PDF.length },
      { url: photo.url, name: '样机照片.png', contentType: 'image/png' },
    ]);
    const file = await t.app.inject({ method: 'GET', url: detail.files[0].signedUrl });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    // Another reader of the request (its approver) gets the links too, once it is submitted.
    await call('POST', `/request/submit/${detail.id}`, 'zhengkai');
    const seen = (await call('GET', `/request/${detail.id}`, 'zhengkai')).json().data;
    expect(seen.files.map((f: { name: string }) => f.name)).toEqual(['报价单.pdf', '样机照片.png']);
  });

  it('refuses an unknown file, one of another upload type, and another tenant’s file, naming the attachment', async () => {
    const avatar = await upload('zhengkai', 'avatar', 'me.png', 'image/png', PNG);
    const foreign = await upload('other', 'document', 'x.pdf', 'application/pdf', PDF);
    const ok = await upload('zhengkai', 'document', 'a.pdf', 'application/pdf', PDF);
    for (const [attachments, path] of [
      [[ok.url, '/api/tool/oss/file/t1/document/2026/01/nothing.pdf'], 'attachments.1'],
      [[avatar.url], 'attachments.0'],
      [[ok.url, ok.url, foreign.url], 'attachments.2'],
    ] as const) {
      const res = await call('POST', '/request/save', 'zhengkai', purchase([...attachments]));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].path).toBe(path);
    }
    const tooMany = await call('POST', '/request/save', 'zhengkai', purchase(Array(11).fill(ok.url)));
    expect(tooMany.statusCode).toBe(400);
    // Changing a draft checks them the same way.
    const saved = (await call('POST', '/request/save', 'zhengkai', purchase([]))).json().data;
    const changed = await call('PUT', `/request/update/${saved.id}`, 'zhengkai', purchase([avatar.url]));
    expect(changed.statusCode).toBe(400);
    const fine = await call('PUT', `/request/update/${saved.id}`, 'zhengkai', purchase([ok.url]));
    expect(fine.json().data.files[0].name).toBe('a.pdf');
  });
});
