import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_TYPES, type UploadType } from '@fleetdesk/contracts/files';
import { isCatalogueCode } from '@fleetdesk/contracts/permissions';
import { ManualClock } from '../../../core/clock.js';
import { FileUrls } from '../../../core/file-urls.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { fetchLegacyImage } from '../files.service.js';
import { cleanFileName, sniffType } from '../sniff.js';
import { multipart } from '../../../test/multipart.js';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a3f1d6f60000000049454e44ae426082',
  'hex',
);
const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'latin1');
const XLSX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]), Buffer.alloc(40, 1)]);
const CSV = Buffer.from('车牌,经度,纬度,时间\r\n浙A12345,120.15,30.28,2024-05-01 08:00:00\r\n');
/** The start of a Windows executable: `MZ`, then NUL bytes. */
const EXE = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
  Buffer.alloc(200),
]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');

/** A sample of each content type an upload type may take, to upload it with. */
const SAMPLES: Record<string, { name: string; content: Buffer }> = {
  'image/png': { name: 'a.png', content: PNG },
  'application/pdf': { name: 'a.pdf', content: PDF },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { name: 'a.xlsx', content: XLSX },
  'text/csv': { name: 'a.csv', content: CSV },
};
function sampleOf(type: UploadType) {
  const mime = UPLOAD_TYPES[type].mime.find((m: string) => SAMPLES[m])!;
  return SAMPLES[mime]!;
}

/** One file part; `disposition` replaces the part's Content-Disposition parameters (names with any bytes). */

let t: TestApp;
let legacy: Server;
let legacyPort: number;
/** A second local server: the same host on another port, which the proxy must not reach. */
let otherService: Server;
let otherPort: number;
const LEGACY_CAP = 20 * 1024 * 1024;

async function listen(server: Server): Promise<number> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  legacy = createServer((req, res) => {
    if (req.url === '/old/car.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(PNG);
    } else if (req.url === '/old/logo.svg') {
      res.writeHead(200, { 'content-type': 'image/svg+xml' });
      res.end(SVG);
    } else if (req.url === '/old/disguised.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(SVG);
    } else if (req.url === '/old/endless.png') {
      // No Content-Length (chunked): a PNG head, then more bytes than the proxy relays.
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(PNG);
      const chunk = Buffer.alloc(1024 * 1024, 7);
      let sent = 0;
      const more = () => {
        while (sent <= LEGACY_CAP + 2 * chunk.length) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end();
      };
      res.on('error', () => undefined);
      more();
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  legacyPort = await listen(legacy);
  otherService = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(PNG);
  });
  otherPort = await listen(otherService);
  t = await createTestApp({ config: { LEGACY_IMAGE_HOST: `127.0.0.1:${legacyPort}` } });
});
afterAll(async () => {
  legacy.closeAllConnections();
  legacy.close();
  otherService.close();
  await t.close();
});

async function upload(as: string, type: string, filename: string, mime: string, content: Buffer, disposition?: string) {
  const { body, contentType } = multipart(filename, mime, content, disposition);
  return t.request('POST', `/api/tool/oss/upload/${type}`, { as, headers: { 'content-type': contentType }, body });
}

const TYPES = Object.keys(UPLOAD_TYPES) as UploadType[];

describe('who may upload (finding 1)', () => {
  it('refuses a read-only user every type but the avatar and feedback screenshots, with 403', async () => {
    for (const type of TYPES) {
      const { name, content } = sampleOf(type);
      const res = await upload('clerk', type, name, 'application/octet-stream', content);
      if (type === 'avatar' || type === 'feedback') {
        expect(res.statusCode, type).toBe(200);
      } else {
        expect(res.statusCode, type).toBe(403);
        expect(res.json().status, type).toBe(40301);
      }
    }
  });

  it('lets a user with the write elements upload every type', async () => {
    for (const type of TYPES) {
      const { name, content } = sampleOf(type);
      expect((await upload('admin', type, name, 'application/octet-stream', content)).statusCode, type).toBe(200);
    }
  });

  it('names only catalogue elements, and documents each type’s permission in the OpenAPI document', async () => {
    for (const type of TYPES) {
      const anyOf = UPLOAD_TYPES[type].anyOf;
      if (anyOf === 'signedIn') continue;
      expect(anyOf.length, type).toBeGreaterThan(0);
      for (const code of anyOf) expect(isCatalogueCode(code), `${type}: ${code}`).toBe(true);
    }
    expect(UPLOAD_TYPES.excel.anyOf).toContain('rentCar:import');
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const op = doc.paths['/api/tool/oss/upload/{type}'].post;
    expect(op.description).toContain('`car`: any of rentCar:add, rentCar:edit');
    expect(op.description).toContain('`avatar`: any signed-in user');
    expect(op.description).toContain('`gps`: any of riskGpsMap:edit, riskGpsMap:bind; image/jpeg, image/png, text/csv');
  });
});

describe('what a file is, by its content (finding 2)', () => {
  it('refuses an executable under gps, whatever its name or declared type', async () => {
    for (const [name, mime] of [
      ['tracker.exe', 'application/octet-stream'],
      ['track.csv', 'text/csv'],
      ['photo.png', 'image/png'],
    ]) {
      const res = await upload('admin', 'gps', name!, mime!, EXE);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message, name).toBe('不支持该文件类型：application/octet-stream');
    }
  });

  it('decides the type from the bytes: a PDF sent as a PNG is a PDF, a PNG sent as anything is a PNG', async () => {
    const pdf = await upload('admin', 'car', 'photo.png', 'image/png', PDF);
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().message).toBe('不支持该文件类型：application/pdf');
    const svg = await upload('admin', 'image', 'logo.png', 'image/png', SVG);
    expect(svg.statusCode).toBe(400);
    const png = await upload('admin', 'car', 'front.jpg', 'image/jpeg', PNG);
    expect(png.json().data).toMatchObject({ contentType: 'image/png', name: 'front.png' });
    expect(png.json().data.url).toMatch(/\.png$/);
  });

  it('takes CSV only as UTF-8 text without NUL or control characters, anywhere in the file', async () => {
    const ok = await upload('admin', 'gps', 'track.txt', 'text/plain', CSV);
    expect(ok.json().data).toMatchObject({ contentType: 'text/csv', name: 'track.csv' });
    const long = Buffer.from('a,b\r\n'.repeat(2000));
    const bad = {
      nul: Buffer.concat([long, Buffer.from([0x00]), Buffer.from('x\r\n')]),
      escape: Buffer.concat([long, Buffer.from('\x1b[31mred\r\n')]),
      gbk: Buffer.concat([long, Buffer.from([0xd5, 0xe3, 0xbd, 0xad, 0x0d, 0x0a])]),
      cut: Buffer.concat([long, Buffer.from([0xe6, 0xb5])]),
    };
    for (const [what, content] of Object.entries(bad)) {
      const res = await upload('admin', 'excel', 'rows.csv', 'text/csv', content);
      expect(res.statusCode, what).toBe(400);
      expect(res.json().message, what).toBe('文本文件须为 UTF-8 编码，且不能包含控制字符');
    }
    const ctrl = await upload('admin', 'gps', 'a.csv', 'text/csv', Buffer.from('a,b\x07\r\n'));
    expect(ctrl.statusCode).toBe(400);
  });

  it('refuses an empty file', async () => {
    const res = await upload('admin', 'gps', 'empty.csv', 'text/csv', Buffer.alloc(0));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('文件为空');
  });

  it('sniffs by signature, then text, else unknown', () => {
    expect(sniffType(PNG)).toBe('image/png');
    expect(sniffType(PDF)).toBe('application/pdf');
    expect(sniffType(EXE)).toBe('application/octet-stream');
    expect(sniffType(Buffer.from('\ufeffa,b\r\n'))).toBe('text/csv');
    expect(sniffType(Buffer.from([0x42, 0x4d, 1, 2, 3]))).toBe('application/octet-stream');
  });
});

describe('stored names and how files are served (finding 3)', () => {
  it('strips invisible characters, takes the extension of the content and caps the length', async () => {
    const disguised = await upload(
      'admin',
      'car',
      'x',
      'image/png',
      PNG,
      `filename*=UTF-8''${encodeURIComponent('invoice\u202egnp\u200b\u2066.exe')}`,
    );
    expect(disguised.json().data.name).toBe('invoicegnp.png');
    const controls = await upload(
      'admin',
      'car',
      'x',
      'image/png',
      PNG,
      `filename*=UTF-8''${encodeURIComponent('a\u0007b\u001b\ufeffc.png')}`,
    );
    expect(controls.json().data.name).toBe('abc.png');
    const long = await upload('admin', 'car', `${'长'.repeat(300)}.png`, 'image/png', PNG);
    expect(long.json().data.name).toBe(`${'长'.repeat(116)}.png`);
    expect(cleanFileName('C:\\Users\\me\\photo.exe', 'image/png')).toBe('photo.png');
    expect(cleanFileName('scan.JPEG', 'image/jpeg')).toBe('scan.jpeg');
    expect(cleanFileName('...', 'application/pdf')).toBe('file.pdf');
  });

  it('serves images inline and every other file as a download, with nosniff', async () => {
    const image = (await upload('admin', 'car', 'photo.exe', 'application/octet-stream', PNG)).json().data;
    expect(image.name).toBe('photo.png');
    const shown = await t.app.inject({ method: 'GET', url: image.signedUrl });
    expect(shown.headers['content-disposition']).toMatch(/^inline; filename="photo\.png"/);
    expect(shown.headers['x-content-type-options']).toBe('nosniff');
    const pdf = (await upload('admin', 'document', 'contract.pdf', 'application/pdf', PDF)).json().data;
    const doc = await t.app.inject({ method: 'GET', url: pdf.signedUrl });
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect(doc.headers['content-disposition']).toMatch(/^attachment; filename="contract\.pdf"/);
    expect(doc.headers['x-content-type-options']).toBe('nosniff');
    const csv = (await upload('admin', 'gps', 'track.csv', 'text/csv', CSV)).json().data;
    const text = await t.app.inject({ method: 'GET', url: csv.signedUrl });
    expect(text.headers['content-disposition']).toMatch(/^attachment;/);
  });
});

describe('legacy image proxy (finding 6)', () => {
  const proxy = (url: string) => t.app.inject({ method: 'GET', url: '/api/tool/oss/proxy', query: { url } });

  it('serves a raster image of the configured host, typed by its bytes', async () => {
    const res = await proxy(`http://127.0.0.1:${legacyPort}/old/car.png`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(PNG)).toBe(true);
  });

  it('reaches only the standard ports of the legacy host', async () => {
    const other = await proxy(`http://127.0.0.1:${otherPort}/old/car.png`);
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('不允许代理该地址');
    const urls = new FileUrls('secret', new ManualClock(new Date()), 60, 'img.example.com');
    expect(urls.isLegacy('https://img.example.com/a.png')).toBe(true);
    expect(urls.isLegacy('http://img.example.com/a.png')).toBe(true);
    expect(urls.isLegacy('https://img.example.com:443/a.png')).toBe(true);
    expect(urls.isLegacy('http://img.example.com:8080/a.png')).toBe(false);
    expect(urls.isLegacy('https://img.example.com:80/a.png')).toBe(false);
    expect(urls.isLegacy('http://img.example.com:22/a.png')).toBe(false);
    expect(urls.isLegacy('http://user:pw@img.example.com/a.png')).toBe(false);
    expect(urls.sign(1, 'http://img.example.com:6379/a.png')).toBe('http://img.example.com:6379/a.png');
  });

  it('refuses SVG, by its declared type and by its bytes', async () => {
    const declared = await proxy(`http://127.0.0.1:${legacyPort}/old/logo.svg`);
    expect(declared.statusCode).toBe(400);
    expect(declared.json().message).toBe('不支持该文件类型：image/svg+xml');
    const disguised = await proxy(`http://127.0.0.1:${legacyPort}/old/disguised.png`);
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().message).toBe('不支持该文件类型：text/csv');
  });

  it('cuts an image that streams past the cap without announcing its length', async () => {
    const url = `http://127.0.0.1:${legacyPort}/old/endless.png`;
    const small = await fetchLegacyImage(t.deps, url, 64 * 1024);
    let relayed = 0;
    await expect(
      (async () => {
        for await (const chunk of small.stream) relayed += (chunk as Buffer).length;
      })(),
    ).rejects.toThrow();
    expect(relayed).toBeLessThanOrEqual(64 * 1024);
    // Through the route: the answer has begun (200, image/png) when the cap is passed, so the client sees it cut.
    await expect(proxy(url)).rejects.toThrow(/destroyed before completion/);
  });
});
