import { execFile, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { dataDirHolder, holdDataDir, lockFileOf, type DataDirHolder } from './data-dir-lock.js';
import { openPglite } from './db.js';
import type { PgliteClient } from './pglite-host.js';
import { createPglite } from './pglite-instance.js';
import { createStorage, type FileStorage } from './storage.js';
import { entryStream, hashStream, readTarIndex, TarError, TarSizeError, TarWriter, type TarEntry } from './tar.js';

/**
 * `npm run backup` and `npm run restore` (docs/operations.md, "Back up and restore"). A backup is one plain tar:
 *
 * - `database/postgres.pgdump` (`pg_dump -Fc` of the whole database, in one snapshot) or
 *   `database/pglite-datadir.tar.gz` (the embedded database's data directory, PGlite's `dumpDataDir`);
 * - `files/<key>`: every stored file, local or in the bucket;
 * - `manifest.json` last: the engine, each table's row count, and the size and SHA-256 of the dump and of every
 *   file. An archive without it is truncated.
 *
 * A restore checks the whole archive against its manifest before it changes anything, refuses a non-empty target
 * without `force`, and then replaces the target at once: the embedded database and local files are built beside
 * the old ones and swapped in by renames; PostgreSQL is emptied and restored in one transaction that ends with a
 * check of every table's row count, so a failure leaves the database as it was.
 */

export const MANIFEST = 'manifest.json';
const FORMAT = 'fleetdesk-backup';
const VERSION = 1;
const PG_ENTRY = 'database/postgres.pgdump';
const PGLITE_ENTRY = 'database/pglite-datadir.tar.gz';

export interface BackupManifest {
  format: typeof FORMAT;
  version: typeof VERSION;
  createdAt: string;
  engine: 'pglite' | 'postgres';
  database: {
    entry: string;
    size: number;
    sha256: string;
    /** `select version()` of the database. */
    server: string;
    /** What dumped it: `pg_dump (PostgreSQL) 15.x`, or PGlite's dumpDataDir. */
    tool: string;
    /** Rows of every table (`schema.table`; partitions each on their own), in the dump's snapshot. */
    tables: Record<string, number>;
    /** Migrations applied (drizzle.__drizzle_migrations). */
    migrations: number;
  };
  storage: 'local' | 's3';
  files: { key: string; size: number; sha256: string }[];
}

export interface BackupSummary {
  file: string;
  engine: 'pglite' | 'postgres';
  bytes: number;
  tables: number;
  rows: number;
  databaseBytes: number;
  files: number;
  fileBytes: number;
  /** Files listed but gone when they were read (deleted meanwhile): not in the backup. */
  skippedFiles: string[];
  ms: number;
}

export interface RestoreSummary {
  file: string;
  engine: 'pglite' | 'postgres';
  tables: number;
  rows: number;
  files: number;
  fileBytes: number;
  /** Objects of the bucket that the backup does not have (left in place). */
  otherObjects: number;
  createdAt: string;
  ms: number;
}

/** A refusal or failure to tell the operator, in English and Chinese. */
export class BackupError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly zh: string,
  ) {
    super(message);
    this.name = 'BackupError';
  }
}

/** What a restore target holds, in both languages. */
interface Present {
  en: string;
  zh: string;
}

const fail = {
  outExists: (file: string) =>
    new BackupError(
      'outExists',
      `${file} exists: choose another name with --out`,
      `${file} 已存在：请用 --out 指定其他文件名`,
    ),
  noEmbeddedDatabase: (dir: string) =>
    new BackupError(
      'noEmbeddedDatabase',
      `No embedded database at ${dir} (DATA_DIR): nothing to back up`,
      `${dir}（DATA_DIR）下没有内置数据库，无可备份的内容`,
    ),
  inUse: (dir: string, h: DataDirHolder, what: 'backup' | 'restore') =>
    new BackupError(
      'inUse',
      `The embedded database ${dir} is open in process ${h.pid} (${h.command || 'unknown command'}, since ${h.since}). ` +
        `It serves one process: stop the server (and any worker or command on DATA_DIR), then run the ${what} again.`,
      `内置数据库 ${dir} 正由进程 ${h.pid}（${h.command || '未知命令'}，自 ${h.since} 起）使用。内置数据库只服务一个进程：` +
        `请先停止服务器（以及使用该 DATA_DIR 的其他进程），再执行${what === 'backup' ? '备份' : '恢复'}。`,
    ),
  inUseElsewhere: (dir: string, h: DataDirHolder, lock: string) =>
    new BackupError(
      'inUseElsewhere',
      `The embedded database ${dir} was opened by process ${h.pid} on host ${h.host} (${h.command || 'unknown command'}, ` +
        `since ${h.since}), which cannot be checked from here. Stop that server first; if it no longer runs, delete ${lock}.`,
      `内置数据库 ${dir} 由主机 ${h.host} 上的进程 ${h.pid}（${h.command || '未知命令'}，自 ${h.since} 起）打开，本机无法确认其是否仍在运行。` +
        `请先停止该服务器；若它已不再运行，请删除 ${lock}。`,
    ),
  toolMissing: (tool: string, where: string) =>
    new BackupError(
      'toolMissing',
      `${tool} was not found (${where}): install PostgreSQL's client programs (Debian: postgresql-client-<server major>), ` +
        `or give their directory with --pg-bin`,
      `未找到 ${tool}（${where}）：请安装 PostgreSQL 客户端程序（Debian：postgresql-client-<服务器主版本>），或用 --pg-bin 指定其目录`,
    ),
  toolTooOld: (tool: string, toolMajor: number, what: string, major: number) =>
    new BackupError(
      'toolTooOld',
      `${tool} is version ${toolMajor}, older than the ${what} (${major}): install postgresql-client-${major} (or newer) ` +
        `and point --pg-bin at its bin directory (Debian: /usr/lib/postgresql/${major}/bin)`,
      `${tool} 的版本为 ${toolMajor}，低于${what === 'server' ? '数据库服务器' : '备份'}的版本（${major}）：请安装 ` +
        `postgresql-client-${major}（或更新版本），并用 --pg-bin 指向其 bin 目录（Debian：/usr/lib/postgresql/${major}/bin）`,
    ),
  toolFailed: (tool: string, code: number | null, stderr: string) =>
    new BackupError(
      'toolFailed',
      `${tool} failed (exit ${code}): ${stderr.trim().split('\n').slice(-8).join('\n')}`,
      `${tool} 执行失败（退出码 ${code}）：${stderr.trim().split('\n').slice(-8).join('\n')}`,
    ),
  archiveMissing: (file: string) =>
    new BackupError('archiveMissing', `No backup file at ${file}`, `找不到备份文件 ${file}`),
  truncated: (file: string, detail: string) =>
    new BackupError(
      'truncated',
      `${file} is incomplete (truncated: ${detail}); nothing was restored`,
      `${file} 不完整（文件被截断：${detail}），未恢复任何内容`,
    ),
  corrupt: (file: string, detail: string) =>
    new BackupError(
      'corrupt',
      `${file} is damaged (${detail}); nothing was restored`,
      `${file} 已损坏（${detail}），未恢复任何内容`,
    ),
  notABackup: (file: string) =>
    new BackupError(
      'notABackup',
      `${file} is not a Fleetdesk backup (no valid manifest.json at its end: it may be truncated); nothing was restored`,
      `${file} 不是 Fleetdesk 备份（末尾没有有效的 manifest.json，文件可能被截断），未恢复任何内容`,
    ),
  tampered: (file: string, entry: string, detail: string) =>
    new BackupError(
      'tampered',
      `${file} does not match its manifest: ${entry} ${detail}. The file was altered or damaged; nothing was restored`,
      `${file} 与其清单不符：${entry} ${detail}。备份文件已被改动或损坏，未恢复任何内容`,
    ),
  engineMismatch: (backup: string, target: string) =>
    new BackupError(
      'engineMismatch',
      `This backup is of the ${backup === 'pglite' ? 'embedded database' : 'PostgreSQL'} engine, the configuration ` +
        `uses ${target === 'pglite' ? 'the embedded database (no DATABASE_URL)' : 'PostgreSQL (DATABASE_URL)'}: ` +
        `restore it with the same engine`,
      `该备份来自${backup === 'pglite' ? '内置数据库' : 'PostgreSQL'}，当前配置使用` +
        `${target === 'pglite' ? '内置数据库（未设置 DATABASE_URL）' : 'PostgreSQL（DATABASE_URL）'}：请用相同的数据库引擎恢复`,
    ),
  notEmpty: (what: Present[]) =>
    new BackupError(
      'notEmpty',
      `The target is not empty (${what.map((w) => w.en).join('; ')}): restore with --force to replace it`,
      `恢复目标不为空（${what.map((w) => w.zh).join('；')}）：如需覆盖，请加 --force 重新执行`,
    ),
  otherSessions: (db: string, n: number, who: string) =>
    new BackupError(
      'otherSessions',
      `${n} other session(s) are connected to the database ${db} (${who}): stop the API processes and workers first`,
      `另有 ${n} 个会话连接着数据库 ${db}（${who}）：请先停止 API 进程和后台任务进程`,
    ),
  countMismatch: (detail: string) =>
    new BackupError(
      'countMismatch',
      `The restored database does not hold the backup's rows (${detail}); nothing was restored`,
      `恢复出的数据库与备份的行数不符（${detail}），未恢复任何内容`,
    ),
};

// ---------------------------------------------------------------------------------------------------------------
// Backup

export interface BackupOptions {
  /** The archive to write; default `fleetdesk-<engine>-<UTC timestamp>.tar` in the current directory. */
  out?: string;
  /** Directory of pg_dump (default: PATH). */
  pgBin?: string;
  log: Logger;
  now?: Date;
}

/**
 * Writes one backup file: the database, then every stored file, then the manifest. The archive is written as
 * `<file>.partial` and renamed when complete, so a backup that failed or was interrupted leaves no file that
 * looks like one.
 */
export async function createBackup(config: Config, options: BackupOptions): Promise<BackupSummary> {
  const started = performance.now();
  const { log } = options;
  const now = options.now ?? new Date();
  const engine = config.databaseKind;
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const file = path.resolve(options.out ?? `fleetdesk-${engine}-${stamp}.tar`);
  if (await exists(file)) throw fail.outExists(file);
  const partial = `${file}.partial`;
  const storage = createStorage(config);
  // Readable by this user only: the dump holds password hashes and the generated file-URL key.
  const handle = await open(partial, 'w', 0o600);
  try {
    const tar = new TarWriter(handle);
    const database =
      engine === 'pglite'
        ? await dumpPglite(config, tar)
        : await dumpPostgres(config.DATABASE_URL!, tar, partial, options.pgBin);
    const rows = sum(Object.values(database.tables));
    log.info(
      { engine, tables: Object.keys(database.tables).length, rows, bytes: database.size, ms: since(started) },
      'database dumped',
    );
    const { files, skipped } = await copyFiles(storage, tar, log);
    const manifest: BackupManifest = {
      format: FORMAT,
      version: VERSION,
      createdAt: now.toISOString(),
      engine,
      database,
      storage: storage.kind,
      files,
    };
    const text = Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`);
    await tar.add(MANIFEST, text.length, text, now);
    await tar.end();
    await handle.sync();
    await handle.close();
    await rename(partial, file);
    const summary: BackupSummary = {
      file,
      engine,
      bytes: tar.bytes,
      tables: Object.keys(database.tables).length,
      rows,
      databaseBytes: database.size,
      files: files.length,
      fileBytes: sum(files.map((f) => f.size)),
      skippedFiles: skipped,
      ms: since(started),
    };
    log.info(summary, `backup written to ${file}`);
    return summary;
  } catch (err) {
    await handle.close().catch(() => undefined);
    await rm(partial, { force: true });
    throw err;
  }
}

/** The embedded database: refused while another process has it open, else opened here and dumped whole. */
async function dumpPglite(config: Config, tar: TarWriter): Promise<BackupManifest['database']> {
  const dir = path.resolve(config.DATA_DIR, 'pgdata');
  if (!(await exists(path.join(dir, 'PG_VERSION')))) throw fail.noEmbeddedDatabase(dir);
  assertFree(dir, 'backup');
  const database = await openPglite({ dataDir: dir });
  try {
    const query = pgliteQuery(database.pglite!);
    const tables = await countRows(query);
    const migrations = await migrationCount(query);
    const [v] = await query('select version() as version');
    // Everything written to the data files, so that the dump holds it without replaying WAL.
    await database.pglite!.exec('checkpoint');
    const dump = Buffer.from(await (await database.pglite!.dumpDataDir('gzip')).arrayBuffer());
    const written = await tar.add(PGLITE_ENTRY, dump.length, dump);
    return {
      entry: PGLITE_ENTRY,
      size: written.size,
      sha256: written.sha256,
      server: String(v!.version),
      tool: 'PGlite dumpDataDir (gzip)',
      tables,
      migrations,
    };
  } finally {
    await database.close();
  }
}

/**
 * PostgreSQL: pg_dump in custom format, of the snapshot that the row counts were read in (`pg_export_snapshot`),
 * so that the manifest's counts are the dump's. pg_dump must be at least the server's major version.
 */
async function dumpPostgres(
  url: string,
  tar: TarWriter,
  partial: string,
  pgBin: string | undefined,
): Promise<BackupManifest['database']> {
  const pgDump = await pgTool('pg_dump', pgBin);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const dumpFile = `${partial}.pgdump`;
  try {
    const { rows } = await client.query<{ num: string; version: string }>(
      `select current_setting('server_version_num') as num, version() as version`,
    );
    const major = Math.floor(Number(rows[0]!.num) / 10000);
    if (pgDump.major < major) throw fail.toolTooOld('pg_dump', pgDump.major, 'server', major);
    await client.query('begin isolation level repeatable read, read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
    const query = async (text: string) => (await client.query(text)).rows as Record<string, unknown>[];
    const tables = await countRows(query);
    const migrations = await migrationCount(query);
    const conn = libpq(url);
    await run(
      pgDump.path,
      ['--format=custom', `--snapshot=${snapshot}`, `--file=${dumpFile}`, `--dbname=${conn.dbname}`],
      conn.env,
    );
    await client.query('commit');
    const { size } = await stat(dumpFile);
    const written = await tar.add(PG_ENTRY, size, createReadStream(dumpFile));
    return {
      entry: PG_ENTRY,
      size: written.size,
      sha256: written.sha256,
      server: rows[0]!.version,
      tool: pgDump.version,
      tables,
      migrations,
    };
  } finally {
    await client.end().catch(() => undefined);
    await rm(dumpFile, { force: true });
  }
}

/**
 * Every stored file, by key. On PostgreSQL the backup runs beside the servers: a file deleted after it was listed,
 * or one still being written (its size changed while it was read), is left out and named in the log.
 */
async function copyFiles(
  storage: FileStorage,
  tar: TarWriter,
  log: Logger,
): Promise<{ files: BackupManifest['files']; skipped: string[] }> {
  const started = performance.now();
  const files: BackupManifest['files'] = [];
  const skipped: string[] = [];
  for (const key of await storage.list('')) {
    const got = await storage.get(key);
    if (!got) {
      skipped.push(key);
      log.warn({ key }, 'file deleted while the backup ran: left out');
      continue;
    }
    try {
      const w = await tar.add(`files/${key}`, got.size, got.stream);
      files.push({ key, size: w.size, sha256: w.sha256 });
    } catch (err) {
      if (!(err instanceof TarSizeError)) throw err;
      skipped.push(key);
      log.warn({ key, err: err.message }, 'file changed while the backup read it: left out');
    }
  }
  log.info(
    { storage: storage.kind, files: files.length, bytes: sum(files.map((f) => f.size)), ms: since(started) },
    'files copied',
  );
  return { files, skipped };
}

// ---------------------------------------------------------------------------------------------------------------
// Restore

export interface RestoreOptions {
  /** Replace a target that holds a database or files. */
  force?: boolean;
  /** Directory of pg_restore and psql (default: PATH). */
  pgBin?: string;
  log: Logger;
}

/** A backup file read and checked: its manifest, and its entries by name. */
export interface VerifiedBackup {
  file: string;
  manifest: BackupManifest;
  entries: Map<string, TarEntry>;
}

/**
 * Reads a backup and checks every entry against the manifest (presence, size, SHA-256) and that it holds nothing
 * else. Changes nothing; throws a `BackupError` for a missing, truncated, damaged or altered file.
 */
export async function verifyBackup(archive: string): Promise<VerifiedBackup> {
  const file = path.resolve(archive);
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw fail.archiveMissing(file);
    throw err;
  }
  let index: TarEntry[];
  let manifest: BackupManifest;
  try {
    try {
      index = await readTarIndex(handle);
    } catch (err) {
      if (err instanceof TarError) {
        throw err.kind === 'truncated' ? fail.truncated(file, err.message) : fail.corrupt(file, err.message);
      }
      throw err;
    }
    const last = index.at(-1);
    if (!last || last.name !== MANIFEST || last.size > 256 << 20) throw fail.notABackup(file);
    const text = Buffer.alloc(last.size);
    await handle.read(text, 0, last.size, last.offset);
    manifest = parseManifest(text, file);
  } finally {
    await handle.close();
  }
  const entries = new Map<string, TarEntry>();
  for (const e of index.slice(0, -1)) {
    if (entries.has(e.name)) throw fail.tampered(file, e.name, 'appears twice');
    entries.set(e.name, e);
  }
  const expected = new Map<string, { size: number; sha256: string }>([
    [manifest.database.entry, manifest.database],
    ...manifest.files.map((f) => [`files/${f.key}`, f] as [string, { size: number; sha256: string }]),
  ]);
  for (const name of entries.keys()) {
    if (!expected.has(name)) throw fail.tampered(file, name, 'is not in the manifest');
  }
  for (const [name, want] of expected) {
    const entry = entries.get(name);
    if (!entry) throw fail.tampered(file, name, 'is missing');
    if (entry.size !== want.size)
      throw fail.tampered(file, name, `has ${entry.size} bytes, the manifest says ${want.size}`);
    const got = await hashStream(entryStream(file, entry));
    if (got.sha256 !== want.sha256) {
      throw fail.tampered(
        file,
        name,
        `has SHA-256 ${got.sha256.slice(0, 16)}…, the manifest says ${want.sha256.slice(0, 16)}…`,
      );
    }
  }
  return { file, manifest, entries };
}

function parseManifest(text: Buffer, file: string): BackupManifest {
  let m: BackupManifest;
  try {
    m = JSON.parse(text.toString('utf8')) as BackupManifest;
  } catch {
    throw fail.notABackup(file);
  }
  const hash = /^[0-9a-f]{64}$/;
  const valid =
    m?.format === FORMAT &&
    m.version === VERSION &&
    (m.engine === 'pglite' || m.engine === 'postgres') &&
    m.database?.entry === (m.engine === 'pglite' ? PGLITE_ENTRY : PG_ENTRY) &&
    Number.isSafeInteger(m.database.size) &&
    hash.test(m.database.sha256) &&
    typeof m.database.tables === 'object' &&
    Object.entries(m.database.tables ?? {}).every(([t, n]) => t.includes('.') && Number.isSafeInteger(n)) &&
    Array.isArray(m.files) &&
    m.files.every(
      (f) =>
        typeof f.key === 'string' &&
        f.key.length > 0 &&
        // A key names a file under the storage root: no absolute path, no step out of it.
        !f.key.startsWith('/') &&
        !f.key.split('/').some((part) => part === '..' || part === '' || part === '.') &&
        Number.isSafeInteger(f.size) &&
        hash.test(f.sha256),
    );
  if (!valid) throw fail.notABackup(file);
  return m;
}

/**
 * Restores a backup into the configured database and file storage. Checks the archive whole first, then the
 * target (empty, or `force`; never while a process has the embedded database open or other sessions use the
 * PostgreSQL database), then replaces the target at once.
 */
export async function restoreBackup(config: Config, archive: string, options: RestoreOptions): Promise<RestoreSummary> {
  const started = performance.now();
  const { log } = options;
  const verified = await verifyBackup(archive);
  const { manifest } = verified;
  log.info(
    {
      file: verified.file,
      engine: manifest.engine,
      createdAt: manifest.createdAt,
      files: manifest.files.length,
      ms: since(started),
    },
    'backup checked against its manifest',
  );
  if (manifest.engine !== config.databaseKind) throw fail.engineMismatch(manifest.engine, config.databaseKind);
  const storage = createStorage(config);
  const otherObjects =
    manifest.engine === 'pglite'
      ? await restorePglite(config, verified, storage, options)
      : await restorePostgres(config, verified, storage, options);
  const summary: RestoreSummary = {
    file: verified.file,
    engine: manifest.engine,
    tables: Object.keys(manifest.database.tables).length,
    rows: sum(Object.values(manifest.database.tables)),
    files: manifest.files.length,
    fileBytes: sum(manifest.files.map((f) => f.size)),
    otherObjects,
    createdAt: manifest.createdAt,
    ms: since(started),
  };
  log.info(summary, `backup of ${manifest.createdAt} restored`);
  return summary;
}

/**
 * The embedded engine: the database is loaded into a new data directory beside the old one and its row counts
 * checked, local files are written beside the old ones, then both are swapped in by renames (the old ones
 * deleted). The data directory's lock is held from the check to the swap.
 */
async function restorePglite(
  config: Config,
  verified: VerifiedBackup,
  storage: FileStorage,
  options: RestoreOptions,
): Promise<number> {
  const { manifest, file } = verified;
  const root = path.resolve(config.DATA_DIR);
  const dataDir = path.join(root, 'pgdata');
  assertFree(dataDir, 'restore');
  const present: Present[] = [];
  if (await nonEmptyDir(dataDir))
    present.push({ en: `an embedded database at ${dataDir}`, zh: `${dataDir} 下已有内置数据库` });
  const stored = await storage.list('');
  if (stored.length) present.push(storedFiles(stored.length, config));
  if (present.length && !options.force) throw fail.notEmpty(present);
  await mkdir(root, { recursive: true });
  const staging = path.join(root, `.restore-${randomBytes(4).toString('hex')}`);
  await mkdir(staging);
  try {
    const entry = verified.entries.get(manifest.database.entry)!;
    const dump = await readVerified(file, entry, manifest.database, manifest.database.entry);
    const client = await createPglite({
      dataDir: path.join(staging, 'pgdata'),
      loadDataDir: new Blob([dump], { type: 'application/x-gzip' }),
    });
    try {
      const counts = await countRows(pgliteQuery(client));
      const diff = countDifference(manifest.database.tables, counts);
      if (diff) throw fail.countMismatch(diff);
    } finally {
      await client.close();
    }
    const swapped = ['pgdata'];
    if (storage.kind === 'local') {
      await extractFiles(verified, path.join(staging, 'files'));
      swapped.push('files');
    }
    const lock = holdDataDir(dataDir, 'fleetdesk restore');
    try {
      if (storage.kind === 's3') await uploadFiles(verified, storage);
      await swap(root, staging, swapped);
    } finally {
      lock.release();
    }
    const kept = new Set(manifest.files.map((f) => f.key));
    return storage.kind === 's3' ? stored.filter((k) => !kept.has(k)).length : 0;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * PostgreSQL: pg_restore turns the dump into SQL (`--clean --if-exists --no-owner --no-privileges`) that psql runs
 * in one transaction, after a preamble that empties the schemas the backup has (so that tables of a newer
 * migration go too) and before a check of every table's row count: any error rolls the whole restore back.
 */
async function restorePostgres(
  config: Config,
  verified: VerifiedBackup,
  storage: FileStorage,
  options: RestoreOptions,
): Promise<number> {
  const { manifest } = verified;
  const url = config.DATABASE_URL!;
  const [pgRestore, psql] = await Promise.all([pgTool('pg_restore', options.pgBin), pgTool('psql', options.pgBin)]);
  const dumpMajor = Number(/\)\s*(\d+)/.exec(manifest.database.tool)?.[1] ?? 0);
  if (pgRestore.major < dumpMajor) throw fail.toolTooOld('pg_restore', pgRestore.major, 'backup', dumpMajor);
  const client = await connectOrCreate(url, options.log);
  const present: Present[] = [];
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm', 'S')
          and s.nspname not in ('pg_catalog', 'information_schema') and s.nspname not like 'pg\\_%'`,
    );
    if (rows[0]!.n > 0) {
      present.push({
        en: `${rows[0]!.n} tables and other relations in ${describeUrl(url)}`,
        zh: `${describeUrl(url)} 中已有 ${rows[0]!.n} 个表及其他对象`,
      });
    }
    const others = await client.query<{ n: number; who: string | null }>(
      `select count(*)::int as n,
              string_agg(distinct coalesce(nullif(application_name, ''), host(client_addr), 'local'), ', ') as who
         from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
    if (others.rows[0]!.n > 0) {
      throw fail.otherSessions(describeUrl(url), others.rows[0]!.n, others.rows[0]!.who ?? '');
    }
  } finally {
    await client.end().catch(() => undefined);
  }
  const stored = await storage.list('');
  if (stored.length) present.push(storedFiles(stored.length, config));
  if (present.length && !options.force) throw fail.notEmpty(present);

  // Files first: on PostgreSQL they are not part of the transaction, and a restored row must find its file.
  if (storage.kind === 'local') {
    const root = path.resolve(config.DATA_DIR, 'files');
    const parent = path.dirname(root);
    await mkdir(parent, { recursive: true });
    const staging = path.join(parent, `.restore-${randomBytes(4).toString('hex')}`);
    await mkdir(staging);
    try {
      await extractFiles(verified, path.join(staging, path.basename(root)));
      await restorePostgresDatabase(url, verified, pgRestore.path, psql.path);
      await swap(parent, staging, [path.basename(root)]);
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
    return 0;
  }
  await uploadFiles(verified, storage);
  await restorePostgresDatabase(url, verified, pgRestore.path, psql.path);
  const kept = new Set(manifest.files.map((f) => f.key));
  return stored.filter((k) => !kept.has(k)).length;
}

async function restorePostgresDatabase(url: string, verified: VerifiedBackup, pgRestore: string, psql: string) {
  const { manifest, file, entries } = verified;
  const conn = libpq(url);
  // The backup's schemas other than public (never a system schema, whatever a manifest says).
  const schemas = new Set(['drizzle', 'pgboss', ...Object.keys(manifest.database.tables).map((t) => t.split('.')[0]!)]);
  for (const s of schemas) if (s === 'public' || s === 'information_schema' || s.startsWith('pg_')) schemas.delete(s);
  const restore = spawn(
    pgRestore,
    ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--format=custom', '--file=-'],
    { env: conn.env, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const db = spawn(psql, ['-X', '-q', '-v', 'ON_ERROR_STOP=1', `--dbname=${conn.dbname}`, '-f', '-'], {
    env: conn.env,
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  const restoreErr = tail(restore.stderr);
  const dbErr = tail(db.stderr);
  const restoreExit = exitOf(restore);
  const dbExit = exitOf(db);
  // psql gone (an error): pg_restore stops too, rather than wait on a pipe nobody reads.
  void dbExit.then(() => restore.exitCode === null && restore.kill());
  db.stdin.on('error', () => undefined);
  restore.stdin.on('error', () => undefined);
  const entry = entries.get(manifest.database.entry)!;
  const hash = hashingPass();
  const fed = pipeline(entryStream(file, entry), hash.stream, restore.stdin).catch(() => undefined);
  async function* script(): AsyncGenerator<string | Buffer> {
    yield preamble([...schemas]);
    for await (const chunk of restore.stdout) yield chunk as Buffer;
    await fed;
    const code = await restoreExit;
    const digest = hash.result();
    if (code !== 0 || digest.sha256 !== manifest.database.sha256 || digest.size !== manifest.database.size) {
      // No COMMIT: psql stops here and the server rolls the transaction back.
      yield `do $fleetdesk$ begin raise exception 'fleetdesk restore: pg_restore failed'; end $fleetdesk$;\n`;
      return;
    }
    yield countCheck(manifest.database.tables);
    yield 'commit;\n';
  }
  await pipeline(Readable.from(script()), db.stdin).catch(() => undefined);
  const [restoreCode, dbCode] = await Promise.all([restoreExit, dbExit]);
  // psql's error first: pg_restore is stopped when psql fails.
  if (dbCode !== 0) {
    const text = dbErr();
    const mismatch = /fleetdesk restore: (.*rows.*)/.exec(text);
    if (mismatch) throw fail.countMismatch(mismatch[1]!);
    if (restoreCode !== 0 && restoreCode !== null) throw fail.toolFailed('pg_restore', restoreCode, restoreErr());
    throw fail.toolFailed('psql', dbCode, text);
  }
  if (restoreCode !== 0) throw fail.toolFailed('pg_restore', restoreCode, restoreErr());
}

/**
 * Before the dump's SQL, in its transaction: the backup's schemas other than public dropped, and public emptied of
 * everything that is not an extension's (relations, functions, types), so that what a newer migration added goes
 * too; the schema itself, its owner and grants stay. A lock held by another session fails the restore after 60 s.
 */
function preamble(schemas: string[]): string {
  const drop = schemas.length ? `drop schema if exists ${schemas.map(ident).join(', ')} cascade;\n` : '';
  return `begin;
set lock_timeout = '60s';
set statement_timeout = 0;
set search_path = pg_catalog;
set client_min_messages = warning;
create schema if not exists public;
${drop}do $fleetdesk$
declare r record;
begin
  for r in
    select c.oid::regclass::text as name, c.relkind from pg_class c
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('v', 'm', 'r', 'p', 'S', 'f')
       and not c.relispartition
       and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
     order by case c.relkind when 'v' then 0 when 'm' then 1 when 'S' then 3 else 2 end
  loop
    execute format('drop %s if exists %s cascade',
      case r.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'S' then 'sequence'
        when 'f' then 'foreign table' else 'table' end, r.name);
  end loop;
  for r in
    select p.oid::regprocedure::text as name, p.prokind from pg_proc p
     where p.pronamespace = 'public'::regnamespace
       and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
  loop
    execute format('drop %s if exists %s cascade',
      case r.prokind when 'a' then 'aggregate' when 'p' then 'procedure' else 'function' end, r.name);
  end loop;
  for r in
    select t.oid::regtype::text as name, t.typtype from pg_type t
     where t.typnamespace = 'public'::regnamespace and t.typtype in ('e', 'd', 'c', 'r')
       and (t.typrelid = 0 or (select c.relkind from pg_class c where c.oid = t.typrelid) = 'c')
       and not exists (select 1 from pg_depend d where d.classid = 'pg_type'::regclass and d.objid = t.oid and d.deptype = 'e')
  loop
    execute format('drop %s if exists %s cascade', case r.typtype when 'd' then 'domain' else 'type' end, r.name);
  end loop;
end $fleetdesk$;
`;
}

/** After the dump's SQL: every table must hold the backup's rows, or the transaction fails. */
function countCheck(tables: Record<string, number>): string {
  const lines = Object.entries(tables).map(([name, n]) => {
    const [schema, table] = name.split(/\.(.*)/s) as [string, string];
    return (
      `  select count(*) into n from ${ident(schema)}.${ident(table)};\n` +
      `  if n <> ${Number(n)} then raise exception 'fleetdesk restore: % has % rows, the backup %', ${literal(name)}, n, ${Number(n)}; end if;`
    );
  });
  return `do $fleetdesk$\ndeclare n bigint;\nbegin\n${lines.join('\n')}\nend $fleetdesk$;\n`;
}

// ---------------------------------------------------------------------------------------------------------------
// Shared steps

type Query = (text: string) => Promise<Record<string, unknown>[]>;

function pgliteQuery(client: PgliteClient): Query {
  return async (text) => (await client.query<Record<string, unknown>>(text)).rows;
}

/** Rows of every table of every schema but the system's (partitions on their own, partitioned parents not). */
async function countRows(query: Query): Promise<Record<string, number>> {
  const tables = (
    await query(
      `select s.nspname as schema, c.relname as name from pg_class c join pg_namespace s on s.oid = c.relnamespace
        where c.relkind = 'r' and s.nspname not in ('pg_catalog', 'information_schema') and s.nspname not like 'pg\\_%'
        order by 1, 2`,
    )
  ).map((r) => `${String(r.schema)}.${String(r.name)}`);
  const counts: Record<string, number> = {};
  if (!tables.length) return counts;
  const union = tables
    .map((t) => {
      const [schema, name] = t.split(/\.(.*)/s) as [string, string];
      return `select ${literal(t)} as t, count(*) as n from ${ident(schema)}.${ident(name)}`;
    })
    .join(' union all ');
  for (const r of await query(union)) counts[String(r.t)] = Number(r.n);
  return Object.fromEntries(tables.map((t) => [t, counts[t] ?? 0]));
}

async function migrationCount(query: Query): Promise<number> {
  const [r] = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!r?.present) return 0;
  const [c] = await query('select count(*) as n from drizzle.__drizzle_migrations');
  return Number(c?.n ?? 0);
}

function countDifference(want: Record<string, number>, got: Record<string, number>): string | null {
  const diffs: string[] = [];
  for (const [t, n] of Object.entries(want)) {
    if (got[t] !== n) diffs.push(`${t}: ${got[t] ?? 'missing'} rows, the backup ${n}`);
  }
  return diffs.length ? diffs.slice(0, 5).join('; ') : null;
}

/** Refuses when a process has the embedded database open (or may have: a lock written on another host). */
function assertFree(dataDir: string, what: 'backup' | 'restore'): void {
  const current = dataDirHolder(dataDir);
  if (!current) return;
  if (current.state === 'alive') throw fail.inUse(dataDir, current.holder, what);
  throw fail.inUseElsewhere(dataDir, current.holder, lockFileOf(dataDir));
}

/** An entry read whole into memory, checked against the manifest on the way. */
async function readVerified(
  file: string,
  entry: TarEntry,
  want: { size: number; sha256: string },
  name: string,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const got = await hashStream(entryStream(file, entry), (c) => void chunks.push(c));
  if (got.sha256 !== want.sha256 || got.size !== want.size)
    throw fail.tampered(file, name, 'changed while it was read');
  return Buffer.concat(chunks);
}

/** The backup's files written under `dir` (which must not exist yet), each checked again on the way. */
async function extractFiles(verified: VerifiedBackup, dir: string): Promise<void> {
  const { manifest, file, entries } = verified;
  await mkdir(dir, { recursive: true });
  for (const f of manifest.files) {
    const target = path.join(dir, ...f.key.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    const hash = hashingPass();
    await pipeline(
      entryStream(file, entries.get(`files/${f.key}`)!),
      hash.stream,
      createWriteStream(target, { flags: 'wx' }),
    );
    const got = hash.result();
    if (got.sha256 !== f.sha256 || got.size !== f.size)
      throw fail.tampered(file, `files/${f.key}`, 'changed while it was read');
  }
}

/** The backup's files put into the bucket (same keys: an object already there is replaced). */
async function uploadFiles(verified: VerifiedBackup, storage: FileStorage): Promise<void> {
  const { manifest, file, entries } = verified;
  for (const f of manifest.files) {
    const hash = hashingPass();
    const stream = entryStream(file, entries.get(`files/${f.key}`)!).pipe(hash.stream);
    await storage.put(f.key, stream, contentTypeOf(f.key));
    const got = hash.result();
    if (got.sha256 !== f.sha256 || got.size !== f.size)
      throw fail.tampered(file, `files/${f.key}`, 'changed while it was read');
  }
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
};

function contentTypeOf(key: string): string {
  return CONTENT_TYPES[/\.([A-Za-z0-9]+)$/.exec(key)?.[1]?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}

/**
 * `staging/<name>` becomes `root/<name>` for each name, the old one moved into staging (deleted with it). A failed
 * rename puts back what was moved before it.
 */
async function swap(root: string, staging: string, names: string[]): Promise<void> {
  const moved: { from: string; to: string }[] = [];
  try {
    for (const name of names) {
      const target = path.join(root, name);
      if (await exists(target)) {
        const old = path.join(staging, `old-${name}`);
        await rename(target, old);
        moved.push({ from: target, to: old });
      }
      await rename(path.join(staging, name), target);
      moved.push({ from: path.join(staging, name), to: target });
    }
  } catch (err) {
    for (const m of moved.reverse()) await rename(m.to, m.from).catch(() => undefined);
    throw err;
  }
}

/** A pass-through stream that hashes what goes through it. */
function hashingPass() {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  let digest: string | undefined;
  return {
    stream,
    result: () => ({ sha256: (digest ??= hash.digest('hex')), size }),
  };
}

async function connectOrCreate(url: string, log: Logger): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return client;
  } catch (err) {
    if ((err as { code?: string }).code !== '3D000') throw err;
  }
  // The database does not exist: made on the same server (through its maintenance database).
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  u.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
  try {
    await admin.query(`create database ${ident(name)}`);
  } finally {
    await admin.end();
  }
  log.info({ database: name }, 'database created');
  const fresh = new pg.Client({ connectionString: url });
  await fresh.connect();
  return fresh;
}

interface PgTool {
  path: string;
  version: string;
  major: number;
}

async function pgTool(name: 'pg_dump' | 'pg_restore' | 'psql', pgBin: string | undefined): Promise<PgTool> {
  const bin = pgBin ? path.join(pgBin, name) : name;
  try {
    const { stdout } = await promisify(execFile)(bin, ['--version']);
    const version = stdout.trim();
    const major = Number(/\)\s*(\d+)/.exec(version)?.[1] ?? 0);
    return { path: bin, version, major };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw fail.toolMissing(name, pgBin ? bin : 'PATH');
    throw err;
  }
}

/** The URL for libpq without its password, which goes in PGPASSWORD (not on a command line others can read). */
function libpq(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

async function run(bin: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const child = spawn(bin, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  const stderr = tail(child.stderr);
  const code = await exitOf(child);
  if (code !== 0) throw fail.toolFailed(path.basename(bin), code, stderr());
}

function exitOf(child: ReturnType<typeof spawn>): Promise<number | null> {
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve(code));
  });
}

/** The last 16 KB a stream printed. */
function tail(stream: Readable | null): () => string {
  let text = '';
  stream?.on('data', (d: Buffer) => {
    text = (text + d.toString()).slice(-16_384);
  });
  return () => text;
}

function describeUrl(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 5432}${u.pathname}`;
}

function storedFiles(n: number, config: Config): Present {
  return config.S3_BUCKET
    ? { en: `${n} objects in the bucket ${config.S3_BUCKET}`, zh: `存储桶 ${config.S3_BUCKET} 中已有 ${n} 个对象` }
    : {
        en: `${n} stored files under ${path.resolve(config.DATA_DIR, 'files')}`,
        zh: `${path.resolve(config.DATA_DIR, 'files')} 下已有 ${n} 个文件`,
      };
}

async function nonEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length > 0;
  } catch {
    return false;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

function since(started: number): number {
  return Math.round(performance.now() - started);
}
