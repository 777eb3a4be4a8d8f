import { stopTracing } from './tracing.js';
import { createLogger, survivesDatabaseOutages, openDatabase, prepareDatabase } from './bootstrap.js';
import { assertStartable, loadConfig } from './config.js';
import { bindMetricsDatabase, serveMetrics } from './core/metrics.js';
import { startWorker } from './runtime.js';

/**
 * `npm run worker`: a process that only works the job queues (production runs API processes with
 * RUN_WORKER=false and one or more of these). It builds no Fastify app: `startWorker` registers every area
 * (`modules/register.ts`) exactly as `buildApp` does, then starts the jobs.
 */
async function worker(): Promise<void> {
  const config = loadConfig();
  assertStartable(config);
  const log = createLogger(config);
  survivesDatabaseOutages(log);
  const database = await openDatabase(config);
  await prepareDatabase(database);
  const started = await startWorker(config, database, log);
  bindMetricsDatabase(database);
  const metrics = await serveMetrics(
    { port: config.METRICS_PORT, host: config.HOST, token: config.METRICS_TOKEN },
    log,
  );
  log.info({ owner: started.deps.tasks.owner }, 'worker started');
  const stop = async (signal: string) => {
    log.info({ signal }, 'worker stopping');
    metrics?.close();
    await started.stop();
    await database.close();
    await stopTracing();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

worker().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
