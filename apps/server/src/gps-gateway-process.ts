import { stopTracing } from './tracing.js';
import { createDeps, createLogger, survivesDatabaseOutages, openDatabase, prepareDatabase } from './bootstrap.js';
import { loadConfig } from './config.js';
import { bindMetricsDatabase, serveMetrics } from './core/metrics.js';
import { startGpsGateway } from './modules/gps/gateway-process.js';
import { closeGpsRuntime } from './modules/gps/runtime.js';
import { registerSubscribers } from './modules/subscribers.js';

/**
 * `npm run gps-gateway`: the JT/T 808 gateway as a process of its own (the API processes then run with
 * `GPS_GATEWAY=off`). It writes positions to the same database; the API processes hear of them through
 * PostgreSQL LISTEN/NOTIFY and push them to the open maps.
 */
async function gateway(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config);
  survivesDatabaseOutages(log);
  const database = await openDatabase(config);
  await prepareDatabase(database);
  const deps = await createDeps(config, database, log, { worker: false });
  // It publishes the devices' alarms: the durable subscribers must be known to write their deliveries.
  registerSubscribers();
  await startGpsGateway(deps);
  bindMetricsDatabase(database);
  const metrics = await serveMetrics(
    { port: config.METRICS_PORT, host: config.HOST, token: config.METRICS_TOKEN },
    log,
  );
  const stop = async (signal: string) => {
    log.info({ signal }, 'gps gateway stopping');
    metrics?.close();
    await closeGpsRuntime(deps);
    await deps.jobs.stop();
    await database.close();
    await stopTracing();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

gateway().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
