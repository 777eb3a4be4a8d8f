import { createDeps, createLogger, maybeSeedDemo, openDatabase, prepareDatabase } from '../bootstrap.js';
import { loadConfig } from '../config.js';

/** `npm run seed:demo`: seeds the demo tenants into the configured database (also DATABASE_URL). */
const config = loadConfig();
const log = createLogger(config);
const database = await openDatabase(config);
await prepareDatabase(database);
await maybeSeedDemo(await createDeps(config, database, log), log, true);
await database.close();
// The demo's documents are rendered in the PDF worker thread, which stays for the process: the seed is done.
process.exit(0);
