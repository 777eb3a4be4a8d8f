import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredRoutes } from '../../../core/routes.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { specEndpoints } from '../../../test/spec.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('route declarations', () => {
  it('every registered route declares its access (public, client or user with a permission)', () => {
    const routes = declaredRoutes(t.app);
    expect(routes.length).toBeGreaterThan(25);
    const undeclared = routes.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('lists the public routes, so that a new one is a visible decision', () => {
    const publicApi = declaredRoutes(t.app)
      .filter((r) => r.access?.kind === 'public' && !r.url.startsWith('/api/docs') && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(publicApi).toEqual([
      'DELETE /api/auth/oauth/token',
      // E-signature and notarization: the sandbox pages (each link's token, limited per token) and the providers'
      // signed callbacks.
      'GET /api/esign/sandbox/:token',
      'GET /api/esign/sandbox/:token/pdf',
      'GET /api/gps/osmand',
      'GET /api/notary/sandbox/:caseNo',
      // CRM: the public lead form (its key) and a survey invitation (its signed token), limited per IP.
      'GET /api/open/crmLeadForm/:key',
      'GET /api/open/survey/:id/:token',
      'GET /api/openapi.json',
      // Payments: the sandbox provider's payment page (token-checked) and the providers' signed notifications.
      'GET /api/pay/sandbox/trade/:orderNo',
      'GET /api/tool/oss/file/*',
      'GET /api/tool/oss/proxy',
      'GET /healthz',
      // Prometheus's scrape: the bearer of METRICS_TOKEN (404 when none is configured).
      'GET /metrics',
      'GET /readyz',
      // The driver portal's sign-in: a code to a phone and its check, limited per phone and per IP.
      'POST /api/driver/auth/code',
      'POST /api/driver/auth/signIn',
      'POST /api/esign/callback/:provider',
      'POST /api/esign/sandbox/:token/sign',
      'POST /api/gps/osmand',
      'POST /api/notary/callback/:provider',
      'POST /api/notary/sandbox/:caseNo/act',
      'POST /api/open/crmLeadForm/:key',
      'POST /api/open/survey/:id/:token',
      'POST /api/pay/notify/:provider',
      'POST /api/pay/sandbox/trade/:orderNo/decide',
    ]);
  });
});

describe('OpenAPI', () => {
  it('documents every call of spec section 7 "Auth and session"', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const auth = specEndpoints().filter((c) => c.area === 'auth');
    expect(auth.length).toBe(14);
    for (const { method, path } of auth) {
      const pathItem = doc.paths[path];
      expect(pathItem, `${method} ${path}`).toBeDefined();
      expect(pathItem[method.toLowerCase()], `${method} ${path}`).toBeDefined();
    }
    expect(doc.paths['/api/ccwadmin/associatorTenant/info']).toBeDefined();
    expect(doc.paths['/api/ccwmc/pushRecord/count']).toBeDefined();
    expect(doc.paths['/api/ccwadmin/operationLog/list'].get['x-permission']).toBe('oaLog:view');
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('serves the browsable docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});

describe('health', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ok');
  });
});

describe('answers', () => {
  it('answers unknown API paths with the JSON 404', async () => {
    const res = await t.request('GET', '/api/ccwadmin/nope', { as: 'admin', lang: 'en-US' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, message: 'No such API' });
  });

  it('answers malformed JSON with 400 and the request id header', async () => {
    const res = await t.request('PUT', '/api/admin/client/user/profile', {
      as: 'admin',
      headers: { 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(400);
    expect(res.headers['x-request-id']).toMatch(/^[\w-]{36}$/);
  });

  it('strips unknown body fields: a client cannot set what the schema does not name', async () => {
    const res = await t.request('PUT', '/api/admin/client/user/profile', {
      as: 'admin',
      body: { name: '张伟', tenantId: 999 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.tenantId).not.toBe(999);
  });
});
