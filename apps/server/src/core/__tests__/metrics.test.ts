import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_BASIC, createTestApp, type TestApp } from '../../test/harness.js';
import { serveMetrics } from '../metrics.js';

const TOKEN = 'metrics-token-for-the-test-0123';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { METRICS_TOKEN: TOKEN, TRUST_PROXY: 'true' } });
});
afterAll(async () => t.close());

const scrape = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

/** The value of one series of the text format (labels in the order prom-client writes them), 0 when absent. */
async function value(series: string): Promise<number> {
  const text = (await scrape(`Bearer ${TOKEN}`)).body;
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('GET /metrics', () => {
  it('answers the bearer of METRICS_TOKEN only, and 404 when no token is configured', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('Bearer wrong-token-of-the-same-size')).statusCode).toBe(401);
    expect((await scrape(`Basic ${TOKEN}`)).statusCode).toBe(401);
    const ok = await scrape(`Bearer ${TOKEN}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('text/plain');
    expect(ok.body).toContain('fleetdesk_process_cpu_seconds_total');
    const config = t.deps.config as { METRICS_TOKEN?: string };
    config.METRICS_TOKEN = undefined;
    try {
      expect((await scrape(`Bearer ${TOKEN}`)).statusCode).toBe(404);
    } finally {
      config.METRICS_TOKEN = TOKEN;
    }
  });

  it('counts requests by route pattern and status, never by URL', async () => {
    const series =
      'fleetdesk_http_requests_total{method="POST",route="/api/admin/client/user/checkPhone/:phone",status="200"}';
    const before = await value(series);
    for (const phone of ['13800000001', '13800000002']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/client/user/checkPhone/${phone}`,
        headers: { authorization: CLIENT_BASIC },
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await value(series)).toBe(before + 2);
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(text).not.toContain('13800000001');
    expect(text).toMatch(/fleetdesk_http_request_duration_seconds_bucket\{le="0\.5",method="POST",route="\/api\/admin/);
    await t.app.inject({ method: 'GET', url: '/no/such/route' });
    expect(await value('fleetdesk_http_requests_total{method="GET",route="unmatched",status="404"}')).toBeGreaterThan(
      0,
    );
  });

  it("counts the SMS provider's outcomes", async () => {
    const sent = 'fleetdesk_provider_calls_total{area="sms",provider="sandbox",operation="send",outcome="ok"}';
    // The sandbox fails numbers ending in 0000 as unreachable: the provider's refusal.
    const refused = 'fleetdesk_provider_calls_total{area="sms",provider="sandbox",operation="send",outcome="refused"}';
    const [sentBefore, refusedBefore] = [await value(sent), await value(refused)];
    await t.deps.sms.send({ phone: '13912345678', content: 'metrics one' });
    await t.deps.sms.send({ phone: '13912340000', content: 'metrics two' });
    expect(await value(sent)).toBe(sentBefore + 1);
    expect(await value(refused)).toBe(refusedBefore + 1);
  });

  it('reads the job queues and the unfinished tasks from the database at each scrape', async () => {
    await t.deps.jobs.createQueue('metrics.probe');
    await t.deps.jobs.send('metrics.probe', {});
    await t.deps.jobs.send('metrics.probe', {});
    expect(await value('fleetdesk_job_queue_depth{queue="metrics.probe"}')).toBe(2);
    await t.deps.database.query(
      `insert into task_progress (tenant_id, target_id, kind, category, title, total, processed_num, state, created_by)
       select id, 'metrics-probe', 'metrics.probe', 1, 'probe', 10, 4, 'running', 1 from tenants order by id limit 1`,
    );
    expect(await value('fleetdesk_tasks{kind="metrics.probe",state="running"}')).toBe(1);
    expect(await value('fleetdesk_task_progress_ratio{kind="metrics.probe"}')).toBeCloseTo(0.4);
    expect(await value('fleetdesk_metrics_database_up')).toBe(1);
    await t.deps.database.query(`update task_progress set state = 'completed' where target_id = 'metrics-probe'`);
    expect(await value('fleetdesk_tasks{kind="metrics.probe",state="running"}')).toBe(0);
  });

  it('counts tracker frames', async () => {
    const series = 'fleetdesk_gps_frames_total{protocol="osmand"}';
    const before = await value(series);
    const res = await t.app.inject({ method: 'GET', url: '/api/gps/osmand?id=unknown-device&lat=31.2&lon=121.4' });
    expect(res.statusCode).toBe(400);
    expect(await value(series)).toBe(before + 1);
  });
});

describe('security headers', () => {
  it('sends a content security policy and no server banner; HSTS only over HTTPS', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(plain.headers['content-security-policy']).toContain("default-src 'self'");
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    expect(plain.headers.server).toBeUndefined();
    expect(plain.headers['x-powered-by']).toBeUndefined();
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Behind a proxy that ended TLS (TRUST_PROXY): the browser is told to stay on HTTPS.
    const https = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('metrics on a port of their own (worker, GPS gateway)', () => {
  it('serves /metrics to the bearer of the token and nothing else', async () => {
    const server = await serveMetrics({ port: 0, host: '127.0.0.1', token: TOKEN }, pino({ level: 'silent' }));
    try {
      const base = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
      expect((await fetch(`${base}/metrics`)).status).toBe(401);
      expect((await fetch(`${base}/other`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
      const ok = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('fleetdesk_job_queue_depth');
    } finally {
      server?.close();
    }
    expect(await serveMetrics({ port: undefined, host: '127.0.0.1', token: TOKEN }, pino())).toBeNull();
  });
});
