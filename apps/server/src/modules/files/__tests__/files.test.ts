import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { multipart } from '../../../test/multipart.js';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(
    '0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a3f1d6f60000000049454e44ae426082',
    'hex',
  ),
]);

let t: TestApp;
let legacy: Server;
let legacyPort: number;

beforeAll(async () => {
  legacy = createServer((req, res) => {
    if (req.url === '/old/car.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(PNG);
    } else if (req.url === '/old/page.html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html></html>');
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((r) => legacy.listen(0, '127.0.0.1', () => r()));
  legacyPort = (legacy.address() as AddressInfo).port;
  // The stand-in's port is part of the configured host: the proxy reaches no other port of it.
  t = await createTestApp({ config: { LEGACY_IMAGE_HOST: `127.0.0.1:${legacyPort}` } });
});
afterAll(async () => {
  legacy.close();
  await t.close();
});

async function upload(as: string, type: string, filename: string, mime: string, content: Buffer, gzip = false) {
  const { body, contentType } = multipart(filename, mime, content);
  return t.request('POST', `/api/tool/oss/upload/${type}`, {
    as,
    headers: { 'content-type': contentType, ...(gzip ? { 'content-encoding': 'gzip' } : {}) },
    body: gzip ? gzipSync(body) : body,
  });
}

describe('upload', () => {
  it('stores an image and answers its stable and signed addresses', async () => {
    const res = await upload('admin', 'car', '车头.png', 'image/png', PNG);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ name: '车头.png', size: PNG.length, contentType: 'image/png' });
    expect(data.url).toMatch(/^\/api\/tool\/oss\/file\/t\d+\/car\/\d{4}\/\d{2}\/[\w-]+\.png$/);
    expect(data.signedUrl).toMatch(/\?exp=\d+&sig=[\w-]+$/);
    const file = await t.app.inject({ method: 'GET', url: data.signedUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect(file.headers['content-disposition']).toContain("filename*=UTF-8''%E8%BD%A6%E5%A4%B4.png");
  });

  it('accepts a gzip-encoded body', async () => {
    const res = await upload('admin', 'image', 'a.png', 'image/png', PNG, true);
    expect(res.statusCode).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: res.json().data.signedUrl });
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });

  it('stops a gzip bomb at the cap instead of inflating it all (413)', async () => {
    // 300 MB of zeros after a PNG header: about 300 KB gzipped.
    // Compressed before the clock starts: only the server's part is timed.
    const { body, contentType } = multipart(
      'big.png',
      'image/png',
      Buffer.concat([PNG, Buffer.alloc(300 * 1024 * 1024)]),
    );
    const gzipped = gzipSync(body);
    const started = Date.now();
    const res = await t.request('POST', '/api/tool/oss/upload/image', {
      as: 'admin',
      headers: { 'content-type': contentType, 'content-encoding': 'gzip' },
      body: gzipped,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toContain('10 MB');
    // Inflating 300 MB takes seconds (and more on a loaded machine); stopping at the 10 MB cap a fraction of that.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('refuses a content type the upload type does not take, whatever the name and declared type say', async () => {
    const pdf = await upload('admin', 'avatar', 'a.pdf', 'application/pdf', Buffer.from('%PDF-1.4 test document'));
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().message).toBe('不支持该文件类型：application/pdf');
    // The content decides: this is text, which a car photo may not be.
    const fake = await upload('admin', 'car', 'evil.png', 'image/png', Buffer.from('MZ this is not an image at all'));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe('不支持该文件类型：text/csv');
  });

  it('refuses a file over the size limit with 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const res = await upload('admin', 'avatar', 'big.png', 'image/png', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().status).toBe(413);
  });

  it('refuses a request without a file, an unknown type, and no token', async () => {
    const empty = await t.request('POST', '/api/tool/oss/upload/car', {
      as: 'admin',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: '--x--\r\n',
    });
    expect(empty.statusCode).toBe(400);
    expect((await upload('admin', 'movie', 'a.png', 'image/png', PNG)).statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/tool/oss/upload/car', payload: 'x' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses an expired tenant (403 40302)', async () => {
    const res = await upload('expired', 'car', 'a.png', 'image/png', PNG);
    expect(res.statusCode).toBe(403);
    expect(res.json().status).toBe(40302);
  });
});

describe('signed addresses', () => {
  it('stop working after their time, and with a changed signature or key', async () => {
    const { url, signedUrl } = (await upload('admin', 'car', 'a.png', 'image/png', PNG)).json().data;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(400);
    const tampered = signedUrl.replace(/sig=.{4}/, 'sig=AAAA');
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    t.clock.advance(3601_000);
    const late = await t.app.inject({ method: 'GET', url: signedUrl });
    t.clock.advance(-3601_000);
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe('文件链接已失效');
  });

  it("are signed only for the file's own tenant", async () => {
    const { url } = (await upload('admin', 'car', 'a.png', 'image/png', PNG)).json().data;
    const demoTenant = Number(/\/t(\d+)\//.exec(url)![1]);
    expect(t.deps.fileUrls.sign(demoTenant, url)).toContain('sig=');
    expect(t.deps.fileUrls.sign(demoTenant + 1, url)).toBeNull();
  });
});

describe('delete', () => {
  it("deletes the caller's own upload; afterwards it is gone", async () => {
    const { url, signedUrl } = (await upload('admin', 'car', 'a.png', 'image/png', PNG)).json().data;
    const res = await t.request('DELETE', '/api/tool/oss/delete', { as: 'admin', query: { url } });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: signedUrl })).statusCode).toBe(404);
    expect((await t.request('DELETE', '/api/tool/oss/delete', { as: 'admin', query: { url } })).statusCode).toBe(404);
  });

  it("answers 404 for another tenant's file and 403 for a colleague's", async () => {
    const { url } = (await upload('admin', 'car', 'a.png', 'image/png', PNG)).json().data;
    const foreign = await t.request('DELETE', '/api/tool/oss/delete', { as: 'other', query: { url } });
    expect(foreign.statusCode).toBe(404);
    const colleague = await t.request('DELETE', '/api/tool/oss/delete', { as: 'clerk', query: { url } });
    expect(colleague.statusCode).toBe(403);
  });
});

describe('legacy image proxy', () => {
  it('serves images of the configured legacy host', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/tool/oss/proxy',
      query: { url: `http://127.0.0.1:${legacyPort}/old/car.png` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses any other host, non-images and missing files', async () => {
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/tool/oss/proxy',
      query: { url: 'http://169.254.169.254/latest/meta-data' },
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('不允许代理该地址');
    const html = await t.app.inject({
      method: 'GET',
      url: '/api/tool/oss/proxy',
      query: { url: `http://127.0.0.1:${legacyPort}/old/page.html` },
    });
    expect(html.statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/tool/oss/proxy',
      query: { url: `http://127.0.0.1:${legacyPort}/old/none.png` },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('turns legacy addresses into the proxy path when signing', () => {
    const legacyUrl = `http://127.0.0.1:${legacyPort}/old/car.png`;
    expect(t.deps.fileUrls.sign(1, legacyUrl)).toBe(`/api/tool/oss/proxy?url=${encodeURIComponent(legacyUrl)}`);
    expect(t.deps.fileUrls.sign(1, 'https://example.com/a.png')).toBe('https://example.com/a.png');
  });
});
