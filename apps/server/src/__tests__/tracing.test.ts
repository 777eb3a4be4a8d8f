import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../core/db.js';
import { openTestDatabase } from '../test/harness.js';
import { startServerProcess, type ServerProcess } from '../test/server-process.js';
import { tracingWanted } from '../tracing.js';

describe('tracingWanted: off by default, on with the standard environment', () => {
  it.each([
    [{}, false],
    [{ OTEL_TRACES_EXPORTER: 'otlp' }, true],
    [{ OTEL_TRACES_EXPORTER: 'none' }, false],
    [{ OTEL_TRACES_EXPORTER: 'none, console' }, true],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, true],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }, true],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_EXPORTER: 'none' }, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }, false],
  ])('%j -> %s', (env, wanted) => {
    expect(tracingWanted(env as NodeJS.ProcessEnv)).toBe(wanted);
  });
});

interface Span {
  name: string;
  attributes: { key: string; value: { stringValue?: string } }[];
}

/**
 * A server process with an OTLP endpoint (a local collector answering as the OTLP/HTTP specification says, JSON
 * encoding): its requests arrive as spans named after their routes, and on PostgreSQL its statements as child
 * spans. Without the variables, nothing is sent (the process loads no SDK).
 */
describe('traces of a server process', () => {
  const spans: Span[] = [];
  const services = new Set<string>();
  let collector: Server;
  let server: ServerProcess;
  let dataDir: string;
  let database: Database | undefined;

  beforeAll(async () => {
    collector = createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        if (req.url === '/v1/traces') {
          const doc = JSON.parse(body) as {
            resourceSpans: {
              resource: { attributes: { key: string; value: { stringValue?: string } }[] };
              scopeSpans: { spans: Span[] }[];
            }[];
          };
          for (const rs of doc.resourceSpans) {
            const name = rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue;
            if (name) services.add(name);
            for (const ss of rs.scopeSpans) spans.push(...ss.spans);
          }
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'fleetdesk-tracing-'));
    database = process.env.DATABASE_URL ? await openTestDatabase() : undefined;
    server = await startServerProcess({
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      ...(database?.url ? { DATABASE_URL: database.url } : {}),
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
  }, 240_000);

  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await new Promise((r) => server?.child.once('exit', r));
    collector?.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('sends a span per request, named after its route; health probes are left out', async () => {
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
    const res = await fetch(`${server.base}/api/ccwadmin/commonArea/province`);
    expect(res.status).toBe(401);
    const deadline = Date.now() + 20_000;
    while (!spans.some((s) => s.name === 'GET /api/ccwadmin/commonArea/province') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const request = spans.find((s) => s.name === 'GET /api/ccwadmin/commonArea/province');
    expect(request, JSON.stringify(spans.map((s) => s.name))).toBeDefined();
    expect(request!.attributes.find((a) => a.key === 'http.route')?.value.stringValue).toBe(
      '/api/ccwadmin/commonArea/province',
    );
    expect(services).toContain('fleetdesk-api');
    expect(spans.some((s) => s.name.includes('/healthz'))).toBe(false);
    // The statements' spans (pg's instrumentation) come from the built server only: tsx, which runs this test's
    // server from the sources, loads `pg` past the instrumentation's hook (docs/operations.md, "Metrics and traces").
  });
});
