import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Clock } from './clock.js';
import type { Database, Db } from './db.js';
import type { EventBus } from './events.js';
import type { FileUrls } from './file-urls.js';
import type { Jobs } from './jobs.js';
import type { SessionRow } from './auth.js';
import type { SessionCache } from './session-cache.js';
import type { SmsService } from './sms.js';
import type { FileStorage } from './storage.js';
import type { TaskEngine } from './tasks.js';

/** What the app is built from; tests build it with their own database, clock and providers. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  sms: SmsService;
  storage: FileStorage;
  fileUrls: FileUrls;
  jobs: Jobs;
  tasks: TaskEngine;
  /** Domain events: the after-commit delivery to subscribers (core/events.ts). */
  events: EventBus;
  /** Signed-in sessions of this process (`SESSION_CACHE_SECONDS`); started by buildApp. */
  sessions: SessionCache<SessionRow>;
  log: FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

// Domain-event handlers receive these deps (core/events.ts declares the interface without importing this file).
declare module './events.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EventHandlerDeps extends AppDeps {}
}
