import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidVin } from '@fleetdesk/contracts/identifiers';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { multipart } from '../../../test/multipart.js';

const OCR = '/api/ccwadmin/ocr/recognition';
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d4948445200000001000000010806000000', 'hex'),
]);

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function upload(as: string, name: string, content = Buffer.concat([PNG, Buffer.from(name)]), mime = 'image/png') {
  const { body, contentType } = multipart(name, mime, content);
  const res = await t.request('POST', '/api/tool/oss/upload/license', {
    as,
    headers: { 'content-type': contentType },
    body,
  });
  return res.json().data.url as string;
}

describe('vehicle licence OCR', () => {
  it('reads an uploaded licence through the sandbox, checks what it read and names the catalogue brand', async () => {
    const url = await upload('admin', '行驶证主页.png');
    const res = await t.request('POST', OCR, { as: 'admin', body: { type: 'vehicleLicense', url } });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      type: 'vehicleLicense',
      side: 'front',
      provider: 'sandbox',
      sandbox: true,
      plateValid: true,
      vinValid: true,
    });
    expect(isValidVin(data.fields.vin)).toBe(true);
    expect(data.fields.plate).not.toContain('·');
    expect(data.brandId).toEqual(expect.any(Number));
    expect(data.fields.model.startsWith(data.brandName.slice(0, 2)) || data.fields.model.includes(data.brandName)).toBe(
      true,
    );
    const again = (await t.request('POST', OCR, { as: 'admin', body: { type: 'vehicleLicense', url } })).json().data;
    expect(again.fields).toEqual(data.fields);
    const back = (
      await t.request('POST', OCR, { as: 'admin', body: { type: 'vehicleLicense', side: 'back', url } })
    ).json().data;
    expect(back.fields.fileNo).toMatch(/^\d{12}$/);
  });

  it('answers 409 when the licence cannot be read and 504 when the service times out', async () => {
    const blurred = await upload('admin', 'fail-模糊.png');
    const res = await t.request('POST', OCR, { as: 'admin', body: { type: 'vehicleLicense', url: blurred } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 30101, message: '未能识别行驶证，请上传清晰、完整的行驶证照片' });
    const slow = await upload('admin', 'timeout.png');
    const timeout = await t.request('POST', OCR, { as: 'admin', body: { type: 'vehicleLicense', url: slow } });
    expect(timeout.statusCode).toBe(504);
    expect(timeout.json().status).toBe(504);
  });

  it('needs a car form permission, a file of the caller tenant and an image', async () => {
    const url = await upload('admin', 'a.png');
    expect((await t.request('POST', OCR, { as: 'clerk', body: { type: 'vehicleLicense', url } })).statusCode).toBe(403);
    expect((await t.request('POST', OCR, { as: 'expired', body: { type: 'vehicleLicense', url } })).json().status).toBe(
      40302,
    );
    const foreign = await t.request('POST', OCR, { as: 'other', body: { type: 'vehicleLicense', url } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0].path).toBe('url');
    const pdf = await upload(
      'admin',
      'scan.pdf',
      Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'),
      'application/pdf',
    );
    const notImage = await t.request('POST', OCR, { as: 'admin', body: { type: 'vehicleLicense', url: pdf } });
    expect(notImage.json().errors[0]).toMatchObject({ path: 'url', message: '只能识别图片' });
    const bad = await t.request('POST', OCR, { as: 'admin', body: { type: 'passport', url } });
    expect(bad.json().errors[0].path).toBe('type');
  });
});

describe('OpenAPI', () => {
  it('documents ocr/recognition', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/ccwadmin/ocr/recognition'].post).toBeDefined();
  });
});
