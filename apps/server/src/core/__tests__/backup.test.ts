import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmod, copyFile, mkdir, mkdtemp, open, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDeps, prepareDatabase } from '../../bootstrap.js';
import type { Config } from '../../config.js';
import { BackupError, createBackup, MANIFEST, restoreBackup, type BackupManifest } from '../backup.js';
import { ManualClock } from '../clock.js';
import { dataDirHolder, lockFileOf } from '../data-dir-lock.js';
import { openPglite, openPostgres, type Database } from '../db.js';
import { Jobs } from '../jobs.js';
import { LocalStorage } from '../storage.js';
import { readTarIndex, TarWriter } from '../tar.js';
import { seedDemo } from '../../seed/demo.js';
import { seedDemoDocuments } from '../../seed/handover.documents.js';
import { FakeS3 } from '../../test/fake-s3.js';
import { testStart } from '../../test/harness.js';
import { testConfig } from '../../test/test-config.js';

/**
 * `npm run backup` / `npm run restore` (core/backup.ts) on the seeded demo company with its stored contract PDFs:
 * backed up, wiped, restored, and every table's row count, a checksum of a few tables and every file's bytes found
 * again; refusals (a non-empty target without --force, a tampered or truncated file, a database in use) change
 * nothing. The embedded engine through PGlite (from the run's template); PostgreSQL in a scratch database
 * `fd_backup_<random>` on 127.0.0.1:5432 when that server answers.
 */

const log = pino({ level: 'silent' });
/** Tables whose whole content is compared, not only counted. */
const CHECKSUMMED = ['tenants', 'users', 'cars', 'rental_contracts', 'contract_documents'];

interface Snapshot {
  counts: Record<string, number>;
  sums: Record<string, string>;
  files: Record<string, { size: number; sha256: string }>;
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

async function snapshot(query: Query, filesRoot: string): Promise<Snapshot> {
  const tables = (
    await query(`select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r'
      order by 1`)
  ).map((r) => String(r.name));
  const counts: Record<string, number> = {};
  const rows = await query(
    tables.map((t) => `select '${t}' as t, count(*) as n from public."${t}"`).join(' union all '),
  );
  for (const r of rows) counts[String(r.t)] = Number(r.n);
  const sums: Record<string, string> = {};
  for (const t of CHECKSUMMED) {
    const [r] = await query(
      `select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from public.${t} x`,
    );
    sums[t] = String(r!.h);
  }
  const storage = new LocalStorage(filesRoot);
  const files: Snapshot['files'] = {};
  for (const key of await storage.list('')) {
    const bytes = await readFile(path.join(filesRoot, key));
    files[key] = { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
  }
  return { counts, sums, files };
}

const queryOf =
  (database: Database): Query =>
  async (text) =>
    (await database.query(text)).rows;

/** The demo company's documents (PDFs in the file storage), as `maybeSeedDemo` stores them after the seed. */
async function storeDemoDocuments(config: Config, database: Database): Promise<number> {
  const deps = await createDeps(config, database, log, { clock: new ManualClock(testStart()) });
  const {
    rows: [tenant],
  } = await database.query<{ id: number }>(`select id from tenants where code = 'DEMO'`);
  const {
    rows: [admin],
  } = await database.query<{ id: number }>(`select id from users where tenant_id = $1 and username = 'admin'`, [
    tenant!.id,
  ]);
  return seedDemoDocuments(deps, Number(tenant!.id), Number(admin!.id));
}

/** What a refused call threw: its code (the test fails when it did not throw a BackupError). */
async function refusal(call: Promise<unknown>): Promise<BackupError> {
  const err = await call.then(
    () => new Error('expected a refusal'),
    (e: unknown) => e,
  );
  if (!(err instanceof BackupError)) throw err;
  return err;
}

/** A copy of a backup whose manifest is changed (entries copied as they are). */
async function withManifest(archive: string, out: string, change: (m: BackupManifest) => void): Promise<void> {
  const src = await open(archive, 'r');
  const dst = await open(out, 'w');
  try {
    const writer = new TarWriter(dst);
    for (const e of await readTarIndex(src)) {
      const bytes = Buffer.alloc(e.size);
      await src.read(bytes, 0, e.size, e.offset);
      if (e.name !== MANIFEST) {
        await writer.add(e.name, e.size, bytes);
        continue;
      }
      const m = JSON.parse(bytes.toString()) as BackupManifest;
      change(m);
      const text = Buffer.from(JSON.stringify(m));
      await writer.add(MANIFEST, text.length, text);
    }
    await writer.end();
  } finally {
    await src.close();
    await dst.close();
  }
}

/** A copy of a backup with one byte of a stored file's content changed. */
async function withFileByteChanged(archive: string, out: string): Promise<string> {
  await copyFile(archive, out);
  const handle = await open(out, 'r+');
  try {
    const entry = (await readTarIndex(handle)).find((e) => e.name.startsWith('files/'))!;
    const at = entry.offset + Math.floor(entry.size / 2);
    const byte = Buffer.alloc(1);
    await handle.read(byte, 0, 1, at);
    byte[0] = byte[0]! ^ 0xff;
    await handle.write(byte, 0, 1, at);
    return entry.name;
  } finally {
    await handle.close();
  }
}

async function pgAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function installJobQueues(database: Database): Promise<void> {
  const jobs = new Jobs(database, log, { worker: false });
  await jobs.start();
  await jobs.stop();
}

// ---------------------------------------------------------------------------------------------------------------

describe('the backup file format (tar)', () => {
  it('keeps long and non-ASCII names and every byte, and finds a damaged header', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'fleetdesk-tar-'));
    try {
      const file = path.join(dir, 'a.tar');
      const long = `files/t1/${'x'.repeat(120)}/合同.pdf`;
      const bodies: [string, Buffer][] = [
        ['files/short.bin', randomBytes(1000)],
        [long, randomBytes(513)],
        ['empty', Buffer.alloc(0)],
      ];
      const handle = await open(file, 'w');
      const writer = new TarWriter(handle);
      for (const [name, body] of bodies) {
        const w = await writer.add(name, body.length, body);
        expect(w.sha256).toBe(createHash('sha256').update(body).digest('hex'));
      }
      // A source shorter than announced is taken back whole.
      await expect(writer.add('short', 10, Buffer.alloc(5))).rejects.toThrow(/5 bytes instead of the 10/);
      await writer.end();
      await handle.close();

      const read = await open(file, 'r');
      const index = await readTarIndex(read);
      expect(index.map((e) => [e.name, e.size])).toEqual(bodies.map(([n, b]) => [n, b.length]));
      for (const [i, e] of index.entries()) {
        const bytes = Buffer.alloc(e.size);
        await read.read(bytes, 0, e.size, e.offset);
        expect(bytes.equals(bodies[i]![1])).toBe(true);
      }
      await read.close();

      // One byte of the second header (the pax record's) changed.
      const damaged = await open(file, 'r+');
      await damaged.write(Buffer.from('y'), 0, 1, 1536 + 10);
      await expect(readTarIndex(damaged)).rejects.toMatchObject({ kind: 'corrupt' });
      await damaged.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------

const pgliteTemplate = inject('pgliteTemplate');

describe.skipIf(!pgliteTemplate)(
  pgliteTemplate
    ? 'backup and restore of the embedded database'
    : 'backup and restore of the embedded database (skipped: this run is on PostgreSQL; the default run covers it)',
  () => {
    let root: string;
    let config: Config;
    let dataDir: string;
    let pgdata: string;
    let archive: string;
    let before: Snapshot;
    let backedUp: Awaited<ReturnType<typeof createBackup>>;

    const restoredSnapshot = async () => {
      const database = await openPglite({ dataDir: pgdata });
      try {
        return await snapshot(queryOf(database), path.join(dataDir, 'files'));
      } finally {
        await database.close();
      }
    };

    beforeAll(async () => {
      root = await mkdtemp(path.join(os.tmpdir(), 'fleetdesk-backup-'));
      dataDir = path.join(root, 'data');
      pgdata = path.join(dataDir, 'pgdata');
      config = testConfig({ DATA_DIR: dataDir, DATABASE_URL: '' });
      // The embedded server's data directory: the run's seeded template, then the demo's documents.
      const database = await openPglite({ dataDir: pgdata, loadDataDir: new Blob([await readFile(pgliteTemplate)]) });
      try {
        expect(await storeDemoDocuments(config, database)).toBe(6);
        before = await snapshot(queryOf(database), path.join(dataDir, 'files'));
      } finally {
        await database.close();
      }
      archive = path.join(root, 'demo.tar');
      backedUp = await createBackup(config, { out: archive, log });
    }, 240_000);

    afterAll(async () => {
      await rm(root, { recursive: true, force: true });
    });

    it('backs up the demo company and restores it into a wiped data directory: every row and every file', async () => {
      expect(Object.keys(before.counts).length).toBeGreaterThan(150);
      expect(before.counts.rental_contracts).toBeGreaterThan(0);
      expect(Object.keys(before.files)).toHaveLength(6);
      expect(backedUp).toMatchObject({ engine: 'pglite', files: 6, skippedFiles: [] });
      expect(backedUp.rows).toBeGreaterThan(1000);
      expect(await readdir(root)).toEqual(['data', 'demo.tar']);

      await rm(dataDir, { recursive: true });
      const restored = await restoreBackup(config, archive, { log });
      expect(restored).toMatchObject({ engine: 'pglite', files: 6, rows: backedUp.rows });
      expect(await restoredSnapshot()).toEqual(before);
      expect((await readdir(dataDir)).sort()).toEqual(['files', 'pgdata']);
    });

    it('replaces a non-empty target only with --force, and leaves it as it was when the restore fails', async () => {
      const changed = await openPglite({ dataDir: pgdata });
      await changed.query(`delete from contract_documents`);
      await changed.query(`create table after_backup (id int)`);
      await changed.close();
      const changedState = await restoredSnapshot();
      expect(changedState.counts.contract_documents).toBe(0);

      const refused = await refusal(restoreBackup(config, archive, { log }));
      expect(refused.code).toBe('notEmpty');
      expect(refused.message).toContain('--force');
      expect(refused.zh).toContain('--force');

      // A manifest whose counts the dump does not hold: the restore fails after loading, before the swap.
      const wrong = path.join(root, 'wrong-counts.tar');
      await withManifest(archive, wrong, (m) => {
        m.database.tables['public.cars'] = m.database.tables['public.cars']! + 1;
      });
      expect((await refusal(restoreBackup(config, wrong, { log, force: true }))).code).toBe('countMismatch');
      expect(await restoredSnapshot()).toEqual(changedState);
      expect((await readdir(dataDir)).sort()).toEqual(['files', 'pgdata']);

      await restoreBackup(config, archive, { log, force: true });
      const after = await restoredSnapshot();
      expect(after).toEqual(before);
      expect(after.counts.after_backup).toBeUndefined();
    });

    it('refuses a tampered, truncated or missing backup file and changes nothing', async () => {
      const target = testConfig({ DATA_DIR: path.join(root, 'fresh'), DATABASE_URL: '' });
      const tampered = path.join(root, 'tampered.tar');
      const entry = await withFileByteChanged(archive, tampered);
      const err = await refusal(restoreBackup(target, tampered, { log }));
      expect(err.code).toBe('tampered');
      expect(err.message).toContain(entry);

      const cut = path.join(root, 'cut.tar');
      await copyFile(archive, cut);
      await truncate(cut, Math.floor(backedUp.bytes / 2));
      expect((await refusal(restoreBackup(target, cut, { log }))).code).toBe('truncated');
      // Cut after the manifest, before the end of the archive: still incomplete.
      await copyFile(archive, cut);
      await truncate(cut, backedUp.bytes - 1024);
      expect((await refusal(restoreBackup(target, cut, { log }))).code).toBe('truncated');

      expect((await refusal(restoreBackup(target, path.join(root, 'none.tar'), { log }))).code).toBe('archiveMissing');
      // A backup of the embedded database is not restored into PostgreSQL (refused before connecting).
      const onPostgres = testConfig({
        DATA_DIR: path.join(root, 'fresh'),
        DATABASE_URL: 'postgres://x@127.0.0.1:1/none',
      });
      const other = await refusal(restoreBackup(onPostgres, archive, { log }));
      expect(other.code).toBe('engineMismatch');
      await expect(readdir(path.join(root, 'fresh'))).rejects.toThrow(/ENOENT/);
    });

    it('refuses to back up or restore while a process has the embedded database open', async () => {
      const out = path.join(root, 'while-open.tar');
      // This process (as the server would): the lock is its own.
      const open1 = await openPglite({ dataDir: pgdata });
      try {
        const err = await refusal(createBackup(config, { out, log }));
        expect(err.code).toBe('inUse');
        expect(err.message).toContain(String(process.pid));
        expect((await refusal(restoreBackup(config, archive, { log, force: true }))).code).toBe('inUse');
      } finally {
        await open1.close();
      }
      expect(dataDirHolder(pgdata)).toBeNull();

      // Another live process on this host holds it (a server started from another shell).
      const child: ChildProcess = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
      try {
        await writeFile(
          lockFileOf(pgdata),
          JSON.stringify({
            pid: child.pid,
            host: os.hostname(),
            since: 'now',
            command: 'node dist/main.js',
            token: 'x',
          }),
        );
        const err = await refusal(createBackup(config, { out, log }));
        expect(err.code).toBe('inUse');
        expect(err.message).toContain(`process ${child.pid} (node dist/main.js`);
        expect(err.zh).toContain(`进程 ${child.pid}`);
        // A second server on the same directory does not start either.
        await expect(openPglite({ dataDir: pgdata })).rejects.toThrow(/in use by process/);
      } finally {
        child.kill('SIGKILL');
        await new Promise((r) => child.once('exit', r));
      }
      // Its process is gone: the lock is stale, and nothing holds the directory.
      expect(dataDirHolder(pgdata)).toBeNull();

      // Written on another host (another container on a shared volume): cannot be checked, so refused.
      await writeFile(
        lockFileOf(pgdata),
        JSON.stringify({ pid: 1, host: 'another-host', since: 'now', command: 'node dist/main.js', token: 'y' }),
      );
      const elsewhere = await refusal(createBackup(config, { out, log }));
      expect(elsewhere.code).toBe('inUseElsewhere');
      expect(elsewhere.message).toContain(lockFileOf(pgdata));
      await rm(lockFileOf(pgdata));
      await expect(readdir(root)).resolves.not.toContain('while-open.tar');
    });

    it('copies the files of an S3 bucket and puts them back under their keys', async () => {
      const s3 = new FakeS3('fleetdesk-files');
      await s3.start();
      try {
        const s3Config = testConfig({
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          S3_BUCKET: s3.bucket,
          S3_ENDPOINT: `http://127.0.0.1:${s3.port}`,
          S3_ACCESS_KEY_ID: 'test-key',
          S3_SECRET_ACCESS_KEY: 'test-secret',
          S3_FORCE_PATH_STYLE: 'true',
        });
        for (const key of Object.keys(before.files)) {
          s3.objects.set(key, { body: await readFile(path.join(dataDir, 'files', key)), type: 'application/pdf' });
        }
        const saved = new Map(s3.objects);
        const out = path.join(root, 's3.tar');
        const summary = await createBackup(s3Config, { out, log });
        expect(summary).toMatchObject({ files: 6, fileBytes: backedUp.fileBytes });
        // Six keys in pages of four: the second page asked with the first one's token.
        expect(s3.lists).toEqual(['', expect.stringMatching(/\.pdf$/)]);

        s3.objects.clear();
        await rm(dataDir, { recursive: true });
        const restored = await restoreBackup(s3Config, out, { log });
        expect(restored).toMatchObject({ files: 6, otherObjects: 0 });
        expect([...s3.objects.keys()].sort()).toEqual([...saved.keys()].sort());
        for (const [key, o] of saved) {
          expect(s3.objects.get(key)!.body.equals(o.body), key).toBe(true);
          expect(s3.objects.get(key)!.type).toBe('application/pdf');
        }
        // No local files: the database alone in DATA_DIR.
        expect(await readdir(dataDir)).toEqual(['pgdata']);

        // A bucket that holds files is a target that is not empty.
        await rm(pgdata, { recursive: true });
        const refused = await refusal(restoreBackup(s3Config, out, { log }));
        expect(refused.code).toBe('notEmpty');
        expect(refused.message).toContain(`6 objects in the bucket ${s3.bucket}`);
      } finally {
        s3.stop();
      }
    });
  },
);

// ---------------------------------------------------------------------------------------------------------------

const PG_BASE = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const pgUp = await pgAnswers(PG_BASE);
const pgDumpInstalled = await new Promise<boolean>((resolve) => {
  const p = spawn('pg_dump', ['--version'], { stdio: 'ignore' });
  p.once('error', () => resolve(false));
  p.once('exit', (code) => resolve(code === 0));
});
const pgSkip = !pgUp
  ? `skipped: no PostgreSQL answers at ${new URL(PG_BASE).host} (user ${new URL(PG_BASE).username || 'default'})`
  : !pgDumpInstalled
    ? 'skipped: pg_dump is not installed (postgresql-client)'
    : '';

describe.skipIf(!!pgSkip)(`backup and restore on PostgreSQL${pgSkip ? ` (${pgSkip})` : ''}`, () => {
  const name = `fd_backup_${randomBytes(4).toString('hex')}`;
  let url: string;
  let root: string;
  let dataDir: string;
  let config: Config;
  let archive: string;
  let before: Snapshot;
  let backedUp: Awaited<ReturnType<typeof createBackup>>;

  const admin = async <T>(fn: (c: pg.Client) => Promise<T>): Promise<T> => {
    const c = new pg.Client({ connectionString: PG_BASE });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  };
  const restoredSnapshot = async () => {
    const database = await openPostgres(url, { max: 2 });
    try {
      return await snapshot(queryOf(database), path.join(dataDir, 'files'));
    } finally {
      await database.close();
    }
  };

  beforeAll(async () => {
    const u = new URL(PG_BASE);
    u.pathname = `/${name}`;
    url = u.toString();
    root = await mkdtemp(path.join(os.tmpdir(), 'fleetdesk-backup-pg-'));
    dataDir = path.join(root, 'data');
    config = testConfig({ DATA_DIR: dataDir, DATABASE_URL: url });
    // The run's seeded template when it is on PostgreSQL; else the demo seeded here.
    const template = inject('postgresTemplate');
    await admin((c) => c.query(`create database ${name}${template ? ` template ${template}` : ''}`));
    const database = await openPostgres(url, { max: 2 });
    try {
      if (!template) {
        await prepareDatabase(database);
        await seedDemo(database.db, new ManualClock(testStart()), { passwordLogN: config.PASSWORD_SCRYPT_LOG_N });
        await installJobQueues(database);
      }
      expect(await storeDemoDocuments(config, database)).toBe(6);
      before = await snapshot(queryOf(database), path.join(dataDir, 'files'));
    } finally {
      await database.close();
    }
    archive = path.join(root, 'demo.tar');
    backedUp = await createBackup(config, { out: archive, log });
  }, 300_000);

  afterAll(async () => {
    await admin((c) => c.query(`drop database if exists ${name} with (force)`));
    await rm(root, { recursive: true, force: true });
  });

  it('backs up the demo company and restores it into a dropped database: every row and every file', async () => {
    expect(Object.keys(before.counts).length).toBeGreaterThan(150);
    expect(Object.keys(before.files)).toHaveLength(6);
    expect(backedUp).toMatchObject({ engine: 'postgres', files: 6, skippedFiles: [] });

    await admin((c) => c.query(`drop database ${name} with (force)`));
    await rm(dataDir, { recursive: true });
    const restored = await restoreBackup(config, archive, { log });
    expect(restored).toMatchObject({ engine: 'postgres', files: 6, rows: backedUp.rows });
    expect(await restoredSnapshot()).toEqual(before);
    // pg-boss's schema and the migrations' came back too.
    const database = await openPostgres(url, { max: 1 });
    const { rows } = await database.query<{ n: string }>(
      `select nspname as n from pg_namespace where nspname in ('drizzle', 'pgboss') order by 1`,
    );
    await database.close();
    expect(rows.map((r) => r.n)).toEqual(['drizzle', 'pgboss']);
  });

  it('replaces a non-empty database only with --force, in one transaction', async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    // What a newer migration would have added, and a change to the data.
    await c.query(`create table public.after_backup (id int)`);
    await c.query(`delete from contract_documents`);
    await c.end();
    const changedState = await restoredSnapshot();

    const refused = await refusal(restoreBackup(config, archive, { log }));
    expect(refused.code).toBe('notEmpty');

    // Counts that the dump does not hold: the check at the end of the transaction rolls everything back.
    const wrong = path.join(root, 'wrong-counts.tar');
    await withManifest(archive, wrong, (m) => {
      m.database.tables['public.cars'] = m.database.tables['public.cars']! + 1;
    });
    const mismatch = await refusal(restoreBackup(config, wrong, { log, force: true }));
    expect(mismatch.code).toBe('countMismatch');
    expect(mismatch.message).toContain('public.cars');
    expect(await restoredSnapshot()).toEqual(changedState);

    // A session of a running server: refused even with --force.
    const server = await openPostgres(url, { max: 1 });
    await server.query('select 1');
    try {
      expect((await refusal(restoreBackup(config, archive, { log, force: true }))).code).toBe('otherSessions');
    } finally {
      await server.close();
    }

    await restoreBackup(config, archive, { log, force: true });
    const after = await restoredSnapshot();
    expect(after).toEqual(before);
    expect(after.counts.after_backup).toBeUndefined();
  });

  it('asks for a pg_dump at least as new as the server, and says where it looked', async () => {
    const bin = path.join(root, 'old-bin');
    await mkdir(bin);
    await writeFile(path.join(bin, 'pg_dump'), '#!/bin/sh\necho "pg_dump (PostgreSQL) 9.6.24"\n');
    await chmod(path.join(bin, 'pg_dump'), 0o755);
    const old = await refusal(createBackup(config, { out: path.join(root, 'old.tar'), log, pgBin: bin }));
    expect(old.code).toBe('toolTooOld');
    expect(old.message).toMatch(/pg_dump is version 9, older than the server \(\d+\)/);

    const missing = await refusal(
      createBackup(config, { out: path.join(root, 'old.tar'), log, pgBin: path.join(root, 'nowhere') }),
    );
    expect(missing.code).toBe('toolMissing');
    await expect(readdir(root)).resolves.not.toContain('old.tar');
  });
});
