import { buildApp } from './app.js';
import { createDeps, createLogger, openDatabase, prepareDatabase } from './bootstrap.js';
import { assertStartable, loadConfig } from './config.js';
import { startJobs } from './runtime.js';

/**
 * `npm run worker`: a process that only works the job queues (production runs API processes with
 * RUN_WORKER=false and one or more of these). The app is built, not served, so that every module registers
 * its task kinds exactly as in the API.
 */
async function worker(): Promise<void> {
  const config = loadConfig();
  assertStartable(config);
  const log = createLogger(config);
  const database = await openDatabase(config);
  await prepareDatabase(database);
  const deps = await createDeps(config, database, log, { worker: true });
  const app = await buildApp(deps, { logger: log, web: false });
  await app.ready();
  await startJobs(deps);
  log.info({ owner: deps.tasks.owner }, 'worker started');
  const stop = async (signal: string) => {
    log.info({ signal }, 'worker stopping');
    await deps.jobs.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

worker().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
