import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ManualClock } from '../core/clock.js';
import { migrateDatabase, openPglite, openPostgres, type Database } from '../core/db.js';
import { syncCatalogue } from '../modules/access/access.service.js';
import { seedDemo } from '../seed/demo.js';
import { Jobs } from '../core/jobs.js';
import { pino } from 'pino';
import { testConfig } from './test-config.js';
import { installTestNow } from './test-now.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
    /** The moment the template was seeded: every test's clock starts here (the test's "today"). */
    seededAt: string;
  }
}

/**
 * Migrates and seeds one template database for the whole run (DESIGN.md section 11): a PGlite data directory
 * dumped to a file, or a PostgreSQL template database when DATABASE_URL is set. Each test file opens a copy.
 */
export default async function setup(project: TestProject) {
  installTestNow();
  const config = testConfig();
  // One moment for the seed and for every test clock: a seed's "20 days ago" stays 20 days ago for the tests,
  // even when the run crosses midnight.
  const seededAt = seedMoment();
  const clock = new ManualClock(seededAt);
  project.provide('seededAt', seededAt.toISOString());
  if (config.DATABASE_URL) {
    const name = `fd_tpl_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: config.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(config.DATABASE_URL);
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString(), { max: 2 });
    await migrateDatabase(database);
    await syncCatalogue(database.db);
    await seedDemo(database.db, clock, { passwordLogN: config.PASSWORD_SCRYPT_LOG_N });
    await installJobQueues(database);
    await database.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const database = await openPglite();
  await migrateDatabase(database);
  await syncCatalogue(database.db);
  await seedDemo(database.db, clock, { passwordLogN: config.PASSWORD_SCRYPT_LOG_N });
  await installJobQueues(database);
  await database.query('checkpoint', []);
  const { rows } = await database.query('select pg_walfile_name(pg_current_wal_lsn()) as current', []);
  const current = (rows as { current: string }[])[0]!.current;
  const dump = withoutSpareWal(Buffer.from(await (await database.pglite!.dumpDataDir('none')).arrayBuffer()), current);
  const file = path.join(os.tmpdir(), `fleetdesk-template-${process.pid}.tar`);
  await writeFile(file, dump);
  await database.close();
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return async () => {
    await rm(file, { force: true });
  };
}

/**
 * Now, unless a day ends (in UTC or in Shanghai, the demo's zone) within the next few minutes: then a moment
 * three minutes before that day's end, so that the seed and the tests' clocks, which start one second after it
 * (`createTestApp`), share one day. The seed looks ahead of its moment (the risk engine's sweep runs a minute
 * later), and at 23:59 a minute later was already tomorrow (test:dates' New Year's Eve run). No waiting: the
 * tests' clocks are manual, and a moment a little in the past is still the day the run was asked for.
 */
function seedMoment(): Date {
  const now = new Date();
  const day = (d: Date, zone: string) => d.toLocaleDateString('en-CA', { timeZone: zone });
  const margin = 3 * 60_000;
  let moment = now;
  // Step back a minute at a time until the day it is at holds for the margin, in both zones.
  while (['UTC', 'Asia/Shanghai'].some((z) => day(moment, z) !== day(new Date(moment.getTime() + margin), z))) {
    moment = new Date(moment.getTime() - 60_000);
  }
  return moment;
}

/** pg-boss creates its schema on first start; doing it in the template saves each test file that second. */
async function installJobQueues(database: Database): Promise<void> {
  const jobs = new Jobs(database, pino({ level: 'silent' }), { worker: false });
  await jobs.start();
  await jobs.stop();
}

/**
 * The dump without the WAL segments after the current one: PostgreSQL keeps 16 MB segments it recycled for later
 * writes (min_wal_size), which a copy does not need (it makes new ones when it writes that far). Each test file
 * unpacks the dump into a new PGlite; the spare segment was 16 of its 75 MB. Entries of a plain (ustar) tar: a
 * 512-byte header (name at 0, octal size at 124), the content padded to 512 bytes, two empty blocks at the end.
 */
export function withoutSpareWal(tar: Buffer, current: string): Buffer {
  const kept: Buffer[] = [];
  let at = 0;
  while (at + 512 <= tar.length) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const text = (from: number, length: number) => header.toString('latin1', from, from + length).replace(/\0.*$/s, '');
    const name = `${text(345, 155)}${text(0, 100)}`;
    const size = Number.parseInt(text(124, 12).trim() || '0', 8);
    const end = at + 512 + Math.ceil(size / 512) * 512;
    const segment = /pg_wal\/([0-9A-F]{24})$/.exec(name)?.[1];
    if (!segment || segment <= current) kept.push(tar.subarray(at, end));
    at = end;
  }
  kept.push(Buffer.alloc(1024));
  return Buffer.concat(kept);
}
