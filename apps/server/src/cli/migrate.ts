import { createLogger, openDatabase, prepareDatabase } from '../bootstrap.js';
import { loadConfig } from '../config.js';

/** `npm run db:migrate`: applies the migrations and syncs the permission catalogue, then exits. */
const config = loadConfig();
const log = createLogger(config);
const database = await openDatabase(config);
await prepareDatabase(database);
log.info({ database: database.describe }, 'migrations applied');
await database.close();
