import { performance } from 'node:perf_hooks';
import { buildApp } from './app.js';
import { createDeps, createLogger, maybeSeedDemo, openDatabase, prepareDatabase } from './bootstrap.js';
import { loadConfig } from './config.js';
import { startJobs } from './runtime.js';

/** Starts the API, the web app and (in embedded mode) the worker in one process. */
async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  const log = createLogger(config);
  const database = await openDatabase(config);
  log.info({ database: database.describe }, 'database opened');
  await prepareDatabase(database);
  const deps = await createDeps(config, database, log, { worker: config.RUN_WORKER === 'true' });
  await maybeSeedDemo(deps, log);
  const app = await buildApp(deps, { logger: log });
  await startJobs(deps);
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = `http://localhost:${config.PORT}`;
  log.info(
    { ms: Math.round(performance.now() - started), rssMb: Math.round(process.memoryUsage().rss / 1048576) },
    `Fleetdesk is ready at ${address} (API docs: ${address}/api/docs)`,
  );

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
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
