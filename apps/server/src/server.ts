import { stopTracing } from './tracing.js';
import cluster from 'node:cluster';
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import { buildApp } from './app.js';
import {
  createDeps,
  createLogger,
  survivesDatabaseOutages,
  maybeSeedDemo,
  openDatabase,
  prepareDatabase,
} from './bootstrap.js';
import { assertStartable, loadConfig, type Config } from './config.js';
import { startJobs } from './runtime.js';
import { startGpsGateway } from './modules/gps/gateway-process.js';

/** Set by the primary for each API process it forks (`WEB_CONCURRENCY`). */
const WORKER_INDEX = process.env.FLEETDESK_WORKER_INDEX;

/**
 * Starts the API, the web app and (in embedded mode) the worker in one process; with `WEB_CONCURRENCY=N` on
 * PostgreSQL, a primary that migrates and seeds, then N API processes sharing the port.
 */
async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  assertStartable(config);
  const log = createLogger(config);
  survivesDatabaseOutages(log);
  if (config.PAY_PROVIDER === 'sandbox' && config.NODE_ENV === 'production') {
    log.warn('payments run on the sandbox (PAY_PROVIDER=sandbox): no money moves, and anyone may approve a payment');
  }
  if (cluster.isPrimary && config.WEB_CONCURRENCY > 1) {
    if (config.databaseKind === 'postgres') return primary(config, log, started);
    log.warn(
      { WEB_CONCURRENCY: config.WEB_CONCURRENCY },
      'the embedded database serves one process: WEB_CONCURRENCY ignored',
    );
  }
  const forked = WORKER_INDEX !== undefined;
  const database = await openDatabase(config);
  log.info({ database: database.describe }, 'database opened');
  // The primary of a cluster has migrated and seeded already.
  if (!forked) await prepareDatabase(database);
  const runWorker = config.RUN_WORKER === 'true' && (!forked || WORKER_INDEX === '0');
  const deps = await createDeps(config, database, log, { worker: runWorker });
  if (!forked) await maybeSeedDemo(deps, log);
  const app = await buildApp(deps, { logger: log });
  await startJobs(deps);
  await app.listen({ port: config.PORT, host: config.HOST });
  if (config.GPS_GATEWAY === 'embedded' && (!forked || WORKER_INDEX === '0')) await startGpsGateway(deps);
  if (!forked) ready(config, log, started);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      await app.close();
      await deps.jobs.stop();
      await database.close();
      await stopTracing();
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

function ready(config: Config, log: Logger, started: number, processes = 1): void {
  const address = `http://localhost:${config.PORT}`;
  log.info(
    { ms: Math.round(performance.now() - started), rssMb: Math.round(process.memoryUsage().rss / 1048576), processes },
    `Fleetdesk is ready at ${address} (API docs: ${address}/api/docs)`,
  );
}

/**
 * The primary of `WEB_CONCURRENCY` API processes: migrates, syncs the catalogue and seeds once, forks the
 * processes (the kernel's connections are handed out round robin), replaces one that dies, and stops them all
 * on SIGTERM.
 */
async function primary(config: Config, log: Logger, started: number): Promise<void> {
  const database = await openDatabase(config);
  log.info({ database: database.describe, processes: config.WEB_CONCURRENCY }, 'database opened');
  await prepareDatabase(database);
  const deps = await createDeps(config, database, log, { worker: false });
  await maybeSeedDemo(deps, log);
  await database.close();

  let closing = false;
  const fork = (index: number) => {
    const worker = cluster.fork({ FLEETDESK_WORKER_INDEX: String(index) });
    worker.on('exit', (code, signal) => {
      if (closing) return;
      log.error({ index, code, signal }, 'an API process died; starting another');
      setTimeout(() => fork(index), 1000).unref();
    });
    return worker;
  };
  let listening = 0;
  cluster.on('listening', () => {
    if (++listening === config.WEB_CONCURRENCY) ready(config, log, started, config.WEB_CONCURRENCY);
  });
  for (let i = 0; i < config.WEB_CONCURRENCY; i++) fork(i);

  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down the API processes');
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    let left = workers.length;
    if (!left) process.exit(0);
    for (const w of workers) {
      w.once('exit', () => --left === 0 && process.exit(0));
      w.process.kill('SIGTERM');
    }
    setTimeout(() => process.exit(1), 20_000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
