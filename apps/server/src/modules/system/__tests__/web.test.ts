import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes, registerWebApp } from '../../../core/web.js';

let dir: string;
let app: FastifyInstance;
const JS = `export const hello = ${JSON.stringify('x'.repeat(4000))};\n`;
const INLINE = 'document.title = "x";';
const LOGIN = `<!doctype html><div id="root"><form><input name="username"></form></div><script>${INLINE}</script>`;
/** What helmet sends (app.ts): scripts from the app's origin only. */
const POLICY = "default-src 'self';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline'";

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'fleetdesk-web-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(dir, 'login.html'), LOGIN);
  await writeFile(path.join(dir, 'assets/app-1a2b.js'), JS);
  await writeFile(path.join(dir, 'assets/app-1a2b.js.gz'), gzipSync(JS));
  await writeFile(path.join(dir, 'assets/app-1a2b.js.br'), brotliCompressSync(JS));
  app = Fastify();
  app.decorateRequest('lang', 'zh-CN');
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('Content-Security-Policy', POLICY);
  });
  await registerWebApp(app, dir);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the web app', () => {
  it('serves hashed assets for a year, pre-compressed when the browser accepts it', async () => {
    const plain = await app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body).toBe(JS);
    const br = await app.inject({
      method: 'GET',
      url: '/assets/app-1a2b.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(JS.length / 10);
  });

  it('answers client-side routes with index.html, never cached, and unknown API paths with JSON 404', async () => {
    const page = await app.inject({ method: 'GET', url: '/rentCar/cars?status=idle' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('id="root"');
    const api = await app.inject({ method: 'GET', url: '/api/ccwadmin/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json().status).toBe(404);
  });

  it('answers a missing file with 404, not the app page (a stale chunk fails as a chunk)', async () => {
    for (const url of ['/assets/app-0000.js', '/assets/nothing', '/favicon-missing.png', '/assets/app-1a2b.js.map']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('id="root"');
    }
  });

  it('answers /login (only) with the prerendered sign-in page, its inline script allowed by hash', async () => {
    const [hash] = inlineScriptHashes(LOGIN);
    expect(hash).toBe(`'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`);
    for (const url of ['/login', '/login?redirect=%2FoaLog']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(LOGIN);
      expect(res.headers['content-security-policy'], url).toBe(
        POLICY.replace("script-src 'self'", `script-src 'self' ${hash}`),
      );
    }
    // A signed-in visitor of another path must not see the form: those get the empty page, and no inline script.
    for (const url of ['/', '/oaLog', '/login/x', '/register/fleetdesk']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('name="username"');
      expect(res.headers['content-security-policy'], url).toBe(POLICY);
    }
  });
});
