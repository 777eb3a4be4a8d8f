import { chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { pino, type Logger, type LoggerOptions } from 'pino';
import { redactUrl } from './core/audit.js';
import type { Config } from './config.js';
import { systemClock, type Clock } from './core/clock.js';
import { isDatabaseUnreachable } from './core/errors.js';
import { migrateDatabase, openPglite, openPostgres, type Database } from './core/db.js';
import type { AppDeps } from './core/deps.js';
import { FileUrls, fileUrlSecret } from './core/file-urls.js';
import { createSmsProvider, SmsService } from './core/sms.js';
import { Jobs } from './core/jobs.js';
import { EventBus } from './core/events.js';
import { createStorage } from './core/storage.js';
import { observeProvider } from './core/metrics.js';
import type { SmsProvider } from './core/providers/sms.js';
import { TaskEngine } from './core/tasks.js';
import { SessionCache } from './core/session-cache.js';
import { users } from './db/schema/identity.js';
import { syncCatalogue } from './modules/access/access.service.js';
import { DEMO_ACCOUNTS } from './seed/demo-accounts.js';
import { seedDemo } from './seed/demo.js';
import { seedDemoDocuments } from './seed/handover.documents.js';

/**
 * The process log's options. Requests are logged by method, URL with its secrets masked (`redactUrl`: the
 * spec puts tokens, passwords and codes in query strings), host and address; headers never, and an
 * `Authorization` or cookie that a log line carries anyway is censored.
 */
export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>): LoggerOptions {
  return {
    level: config.LOG_LEVEL,
    serializers: {
      req: (req: { method?: string; url?: string; host?: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url ?? ''),
        host: req.host,
        remoteAddress: req.ip,
      }),
    },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'],
      censor: '***',
    },
  };
}

export function createLogger(config: Config): Logger {
  return pino({
    ...loggerOptions(config),
    ...(config.NODE_ENV === 'development' ? { transport: { target: 'pino-pretty' } } : {}),
  });
}

/**
 * A promise no one waited for that failed because the database went away (a restart, a failover) is logged, not
 * fatal: pg-boss 10 completes or fails a job without awaiting it (`manager.work` calls `this.complete(...)`,
 * timgit/pg-boss#577), so a job that ends while PostgreSQL restarts would otherwise end the worker. The job stays
 * active until pg-boss expires it; the state that matters is in our own tables (task leases). Any other unhandled
 * rejection still ends the process with code 1, as Node does by default.
 */
export function survivesDatabaseOutages(log: Logger): void {
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnreachable(reason)) {
      log.warn({ err: reason }, 'a background statement failed while the database was away');
      return;
    }
    log.fatal({ err: reason }, 'unhandled rejection');
    console.error(reason);
    process.exit(1);
  });
}

/**
 * DATA_DIR holds the embedded database (with the secrets a server generates on its first start: the file-URL key in
 * `app_settings`) and the local files: only the server's own user may enter it (0700), whatever the umask.
 */
export function securePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

export async function openDatabase(config: Config): Promise<Database> {
  if (!config.DATABASE_URL || !config.S3_BUCKET) securePrivateDir(path.resolve(config.DATA_DIR));
  return config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL)
    : openPglite({ dataDir: path.resolve(config.DATA_DIR, 'pgdata'), worker: config.PGLITE_WORKER === 'true' });
}

/** Migrates and syncs the permission catalogue: what every process does before it serves. */
export async function prepareDatabase(database: Database): Promise<void> {
  await migrateDatabase(database);
  await syncCatalogue(database.db);
}

export interface DepsOptions {
  clock?: Clock;
  /** This process works the job queues (the embedded process, or `npm run worker`). */
  worker?: boolean;
  pollingIntervalSeconds?: number;
}

export async function createDeps(
  config: Config,
  database: Database,
  log: Logger,
  options: DepsOptions = {},
): Promise<AppDeps> {
  const clock = options.clock ?? systemClock;
  const secret = await fileUrlSecret(database.db, config.FILE_URL_SECRET);
  const jobs = new Jobs(database, log, {
    worker: options.worker ?? false,
    ...(options.pollingIntervalSeconds ? { pollingIntervalSeconds: options.pollingIntervalSeconds } : {}),
  });
  const deps: Omit<AppDeps, 'events'> & { events?: EventBus } = {
    config,
    database,
    db: database.db,
    clock,
    log,
    jobs,
    tasks: new TaskEngine(database.db, clock, jobs, log),
    sessions: new SessionCache({ ttlMs: config.SESSION_CACHE_SECONDS * 1000, maxEntries: 50_000 }, log),
    sms: new SmsService(database.db, observeSms(createSmsProvider(config)), log),
    storage: createStorage(config),
    fileUrls: new FileUrls(secret, clock, config.FILE_URL_TTL_SECONDS, config.LEGACY_IMAGE_HOST),
  };
  // The bus reads the deps when it delivers (tests replace some of them after this).
  deps.events = new EventBus(deps as AppDeps);
  return deps as AppDeps;
}

/** The SMS provider, each send and after-crash lookup counted by outcome (`fleetdesk_provider_calls_total`). */
function observeSms(provider: SmsProvider): SmsProvider {
  return observeProvider(provider, 'sms', provider.name, ['send', 'findSent']);
}

/** Seeds the demo tenants when asked, or by default on the embedded database; prints the accounts. */
export async function maybeSeedDemo(deps: AppDeps, log: Logger, force = false): Promise<void> {
  const wanted =
    force || deps.config.SEED_DEMO === 'true' || (deps.config.SEED_DEMO === 'auto' && deps.database.kind === 'pglite');
  if (!wanted) return;
  const result = await seedDemo(deps.db, deps.clock, { passwordLogN: deps.config.PASSWORD_SCRYPT_LOG_N });
  log.info({ seeded: result.seeded }, result.seeded ? 'demo data seeded' : 'demo data present');
  if (result.seeded) {
    const [admin] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, result.demoTenantId), eq(users.username, 'admin')));
    const stored = await seedDemoDocuments(deps, result.demoTenantId, admin?.id ?? 0);
    log.info({ stored }, 'demo contract documents stored');
  }
  for (const a of DEMO_ACCOUNTS) {
    log.info(
      { username: a.username, password: a.password },
      `demo account: ${a.username} / ${a.password} (${a.tenant}: ${a.note})`,
    );
  }
}
