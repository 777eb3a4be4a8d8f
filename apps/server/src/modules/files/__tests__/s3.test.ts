import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeS3 } from '../../../test/fake-s3.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
let s3: FakeS3;
let t: TestApp;

beforeAll(async () => {
  s3 = new FakeS3('fleetdesk-files');
  await s3.start();
  t = await createTestApp({
    config: {
      S3_BUCKET: 'fleetdesk-files',
      S3_ENDPOINT: `http://127.0.0.1:${s3.port}`,
      S3_ACCESS_KEY_ID: 'test-key',
      S3_SECRET_ACCESS_KEY: 'test-secret',
      S3_FORCE_PATH_STYLE: 'true',
    },
  });
});
afterAll(async () => {
  await t.close();
  s3.stop();
});

describe('files in S3-compatible storage', () => {
  it('stores the upload in the bucket, redirects signed addresses to a presigned one, and deletes', async () => {
    const boundary = 'b';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.request('POST', '/api/tool/oss/upload/car', {
      as: 'admin',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(res.statusCode).toBe(200);
    const { url, signedUrl } = res.json().data;
    const key = url.replace('/api/tool/oss/file/', '');
    expect(s3.objects.get(key)).toEqual({ body: PNG, type: 'image/png' });

    const open = await t.app.inject({ method: 'GET', url: signedUrl });
    expect(open.statusCode).toBe(302);
    const presigned = new URL(open.headers.location as string);
    expect(presigned.host).toBe(`127.0.0.1:${s3.port}`);
    expect(presigned.pathname).toBe(`/fleetdesk-files/${key}`);
    expect(presigned.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(Number(presigned.searchParams.get('X-Amz-Expires'))).toBe(300);
    const fetched = await fetch(presigned);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(PNG)).toBe(true);

    expect((await t.request('DELETE', '/api/tool/oss/delete', { as: 'admin', query: { url } })).statusCode).toBe(200);
    expect(s3.objects.has(key)).toBe(false);
  });

  it('serves any other file through the API as a download, never by a presigned address', async () => {
    const boundary = 'b';
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n');
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="contract.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.request('POST', '/api/tool/oss/upload/document', {
      as: 'admin',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    const open = await t.app.inject({ method: 'GET', url: res.json().data.signedUrl });
    expect(open.statusCode).toBe(200);
    expect(open.headers['content-type']).toBe('application/pdf');
    expect(open.headers['content-disposition']).toMatch(/^attachment; filename="contract\.pdf"/);
    expect(open.rawPayload.equals(pdf)).toBe(true);
  });
});
