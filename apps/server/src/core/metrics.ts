import { createServer, type Server } from 'node:http';
import { trace } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from './db.js';
import { safeEqual } from './secrets.js';

/**
 * The process's Prometheus metrics (prom-client), served at `GET /metrics` by the API and, with `METRICS_PORT`,
 * by the worker and the GPS gateway on a port of their own; both ask for `Authorization: Bearer METRICS_TOKEN`.
 * Every process keeps its own figures: Prometheus scrapes each one (docs/operations.md, "Metrics and traces").
 *
 * One registry per process, made on first use: the figures are the process's, whatever number of apps a test
 * builds in it. What is read from the database at scrape time (queue depth and age, tasks, the pool) comes from the
 * database of the last app or worker that bound it (`bindMetricsDatabase`): a process serves one.
 */
export const METRICS_PATH = '/metrics';

interface ProcessMetrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  providerCalls: Counter<'area' | 'provider' | 'operation' | 'outcome'>;
  providerDuration: Histogram<'area' | 'provider' | 'operation'>;
  gpsFrames: Counter<'protocol'>;
}

let metrics: ProcessMetrics | null = null;
let database: Database | null = null;
/** Gauges that modules keep (the GPS gateway's connections): read at scrape time. */
const readers = new Map<string, () => number>();

function processMetrics(): ProcessMetrics {
  if (metrics) return metrics;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'fleetdesk_' });
  const m: ProcessMetrics = {
    registry,
    httpRequests: new Counter({
      name: 'fleetdesk_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'fleetdesk_http_request_duration_seconds',
      help: 'Time from the request to the end of its answer, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    providerCalls: new Counter({
      name: 'fleetdesk_provider_calls_total',
      help: 'Calls of outside providers (SMS, payment, OCR) by outcome: ok, refused (the provider said no), timeout, error',
      labelNames: ['area', 'provider', 'operation', 'outcome'],
      registers: [registry],
    }),
    providerDuration: new Histogram({
      name: 'fleetdesk_provider_call_duration_seconds',
      help: 'Time an outside provider took to answer',
      labelNames: ['area', 'provider', 'operation'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20],
      registers: [registry],
    }),
    gpsFrames: new Counter({
      name: 'fleetdesk_gps_frames_total',
      help: 'Frames received from trackers (rate() of it is frames per second)',
      labelNames: ['protocol'],
      registers: [registry],
    }),
  };
  new Gauge({
    name: 'fleetdesk_gps_connections',
    help: 'Open tracker connections (authenticated or not) of this process',
    registers: [registry],
    collect() {
      this.set(readers.get('gps.connections')?.() ?? 0);
    },
  });
  new Gauge({
    name: 'fleetdesk_gps_connected_devices',
    help: 'Devices with an authenticated connection to this process',
    registers: [registry],
    collect() {
      this.set(readers.get('gps.devices')?.() ?? 0);
    },
  });
  new Gauge({
    name: 'fleetdesk_db_pool_connections',
    help: 'Database connections of this process: total, idle, and requests waiting for one (PostgreSQL)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = database?.pool;
      this.reset();
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'fleetdesk_db_pool_max',
    help: 'The most connections this process opens',
    registers: [registry],
    collect() {
      this.set(database?.pool?.options.max ?? (database ? 1 : 0));
    },
  });
  // The database figures are read once per scrape (prom-client collects every metric at once): the first gauge
  // to ask starts the read, the others wait for the same one.
  let reading: Promise<void> | null = null;
  const readDatabase = () => {
    reading ??= readDatabaseFigures(figures).finally(() => {
      reading = null;
    });
    return reading;
  };
  const fromDatabase = (name: string, help: string, labelNames: string[]) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        await readDatabase().catch(() => undefined);
      },
    });
  const figures = {
    queueDepth: fromDatabase(
      'fleetdesk_job_queue_depth',
      'Jobs waiting in a queue (due now or later, retries included), by queue',
      ['queue'],
    ),
    queueAge: fromDatabase(
      'fleetdesk_job_queue_oldest_seconds',
      'Age of the oldest job due and not started, by queue (0 when none)',
      ['queue'],
    ),
    queueActive: fromDatabase('fleetdesk_job_queue_active', 'Jobs being worked, by queue', ['queue']),
    tasks: fromDatabase('fleetdesk_tasks', 'Background tasks not finished, by kind and state (queued, running)', [
      'kind',
      'state',
    ]),
    progress: fromDatabase(
      'fleetdesk_task_progress_ratio',
      'Items processed of the running tasks of a kind, over their total (0-1)',
      ['kind'],
    ),
  };
  new Gauge({
    name: 'fleetdesk_metrics_database_up',
    help: '1 when the last scrape read its figures from the database, 0 when it could not',
    registers: [registry],
    async collect() {
      try {
        await readDatabase();
        this.set(database ? 1 : 0);
      } catch {
        this.set(0);
      }
    },
  });
  metrics = m;
  return m;
}

async function readDatabaseFigures(g: {
  queueDepth: Gauge;
  queueAge: Gauge;
  queueActive: Gauge;
  tasks: Gauge;
  progress: Gauge;
}): Promise<void> {
  for (const gauge of Object.values(g)) gauge.reset();
  if (!database) return;
  // pg-boss 10 keeps every job in pgboss.job (partitioned by queue); its `state` tells where a job stands.
  const queues = await database.query<{ name: string; depth: number; active: number; oldest: number | null }>(
    `select name,
            count(*) filter (where state in ('created', 'retry'))::int as depth,
            count(*) filter (where state = 'active')::int as active,
            extract(epoch from now() - min(start_after) filter (where state in ('created', 'retry') and start_after <= now()))::float8 as oldest
       from pgboss.job
      where state in ('created', 'retry', 'active')
      group by name`,
  );
  for (const q of queues.rows) {
    g.queueDepth.set({ queue: q.name }, Number(q.depth));
    g.queueActive.set({ queue: q.name }, Number(q.active));
    g.queueAge.set({ queue: q.name }, Math.max(0, Number(q.oldest ?? 0)));
  }
  const rows = await database.query<{ kind: string; state: string; n: number; total: number; processed: number }>(
    `select kind, state, count(*)::int as n, coalesce(sum(total), 0)::int8 as total,
            coalesce(sum(processed_num), 0)::int8 as processed
       from task_progress
      where state in ('queued', 'running')
      group by kind, state`,
  );
  for (const r of rows.rows) {
    g.tasks.set({ kind: r.kind, state: r.state }, Number(r.n));
    if (r.state === 'running') {
      g.progress.set({ kind: r.kind }, Number(r.total) > 0 ? Number(r.processed) / Number(r.total) : 0);
    }
  }
}

/** The database whose queues, tasks and pool the metrics read (the process's own). */
export function bindMetricsDatabase(db: Database): void {
  processMetrics();
  database = db;
}

/** A gauge kept by a module, read at scrape time (`gps.connections`, `gps.devices`). */
export function readGauge(name: 'gps.connections' | 'gps.devices', read: () => number): void {
  readers.set(name, read);
}

export function countGpsFrames(protocol: 'jt808' | 'osmand', n = 1): void {
  processMetrics().gpsFrames.inc({ protocol }, n);
}

type Outcome = 'ok' | 'refused' | 'timeout' | 'error';

function outcomeOf(result: unknown): Outcome {
  return typeof result === 'object' && result !== null && (result as { ok?: unknown }).ok === false ? 'refused' : 'ok';
}

function failureOf(err: unknown): Outcome {
  const e = err as { name?: string; httpStatus?: number; code?: string };
  return e?.httpStatus === 504 || e?.name === 'TimeoutError' || e?.name === 'AbortError' || e?.code === 'ETIMEDOUT'
    ? 'timeout'
    : 'error';
}

/**
 * The same provider, each of whose calls (`operations`) is counted by outcome and timed: an answer `{ ok: false }`
 * is a refusal, a thrown 504 or an abort by timeout a timeout, any other throw an error. The calls run on the
 * provider itself (its private state intact).
 */
export function observeProvider<T extends object>(
  provider: T,
  area: 'sms' | 'payment' | 'ocr' | 'esign',
  name: string,
  operations: readonly (keyof T & string)[],
): T {
  const m = processMetrics();
  const watched = new Set<string>(operations);
  return new Proxy(provider, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof prop !== 'string' || !watched.has(prop) || typeof value !== 'function') {
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      }
      return async (...args: unknown[]) => {
        const labels = { area, provider: name, operation: prop };
        const end = m.providerDuration.startTimer(labels);
        try {
          const result = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          m.providerCalls.inc({ ...labels, outcome: outcomeOf(result) });
          return result;
        } catch (err) {
          m.providerCalls.inc({ ...labels, outcome: failureOf(err) });
          throw err;
        } finally {
          end();
        }
      };
    },
  });
}

/** Whether the request carries the metrics token (compared in constant time). */
export function metricsAuthorized(header: string | undefined, token: string | undefined): boolean {
  if (!token || !header?.startsWith('Bearer ')) return false;
  return safeEqual(header.slice(7), token);
}

export async function metricsText(): Promise<{ contentType: string; body: string }> {
  const { registry } = processMetrics();
  return { contentType: registry.contentType, body: await registry.metrics() };
}

/**
 * Counts and times every answer of the app by its route pattern (`/api/car/:id`, never the URL: a label per car
 * would grow without bound); an unmatched URL counts as `unmatched`.
 */
export function registerHttpMetrics(app: FastifyInstance): void {
  const m = processMetrics();
  bindMetricsDatabase(app.deps.database);
  // With tracing on (src/tracing.ts), the request's span is named after its route, as the counters are.
  app.addHook('onRequest', async (req) => {
    const span = trace.getActiveSpan();
    const route = req.routeOptions.url;
    if (!span || !route) return;
    span.updateName(`${req.method} ${route}`);
    span.setAttribute('http.route', route);
  });
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    if (route === METRICS_PATH) return;
    const labels = { method: req.method, route, status: String(reply.statusCode) };
    m.httpRequests.inc(labels);
    m.httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
}

/**
 * `/metrics` on a port of its own, for the processes without an HTTP app (the worker, the GPS gateway):
 * `METRICS_PORT`, the same token. Nothing else is served there.
 */
export async function serveMetrics(
  options: { port: number | undefined; host: string; token: string | undefined },
  log: Logger,
): Promise<Server | null> {
  if (options.port === undefined) return null;
  processMetrics();
  const server = createServer((req, res) => {
    if (req.url !== METRICS_PATH || req.method !== 'GET') {
      res.writeHead(404).end();
      return;
    }
    if (!metricsAuthorized(req.headers.authorization, options.token)) {
      res.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
      return;
    }
    metricsText().then(
      ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType }).end(body),
      (err: unknown) => {
        log.error({ err }, 'metrics failed');
        res.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  log.info({ port: (server.address() as { port: number }).port }, 'metrics listening');
  return server;
}
