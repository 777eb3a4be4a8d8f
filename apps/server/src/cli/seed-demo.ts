import { createDeps, createLogger, maybeSeedDemo, openDatabase, prepareDatabase } from '../bootstrap.js';
import { loadConfig } from '../config.js';

/** `npm run seed:demo`: seeds the demo tenants into the configured database (also DATABASE_URL). */
const config = loadConfig();
const log = createLogger(config);
const database = await openDatabase(config);
await prepareDatabase(database);
await maybeSeedDemo(await createDeps(config, database, log), log, true);
await database.close();
