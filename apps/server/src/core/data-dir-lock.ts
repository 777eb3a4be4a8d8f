import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Who has the embedded database open. PGlite serves one process and keeps no lock of its own (a second PGlite opens
 * the same directory and both write), so every process that opens `DATA_DIR/pgdata` (`openPglite` with a data
 * directory: the server, `npm run worker`, `db:migrate`, `seed:demo`, a backup or a restore) writes
 * `DATA_DIR/pgdata.lock` beside it and removes it when it closes the database. A process that died keeps its file:
 * the file is only believed while its process lives (same host, same process id and, on Linux, the same start time).
 */
export interface DataDirHolder {
  pid: number;
  host: string;
  /** The process's start time in clock ticks since boot (Linux `/proc/<pid>/stat`), when known. */
  started?: string;
  since: string;
  command: string;
  token: string;
}

/** The tokens of the locks this process holds: a second open in the same process is a holder too. */
const held = new Set<string>();

export function lockFileOf(dataDir: string): string {
  return `${dataDir.replace(/[/\\]+$/, '')}.lock`;
}

function processStart(pid: number): string | undefined {
  try {
    // Field 22 of /proc/<pid>/stat; the command name (field 2) may hold spaces and parentheses.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock file's content, or null when there is none (or it cannot be read as one). */
export function readDataDirLock(dataDir: string): DataDirHolder | null {
  try {
    const h = JSON.parse(readFileSync(lockFileOf(dataDir), 'utf8')) as DataDirHolder;
    return typeof h.pid === 'number' && typeof h.host === 'string' ? h : null;
  } catch {
    return null;
  }
}

/**
 * The holder of the data directory when it is certainly alive: on this host, a running process with its id (and
 * start time), other than this one unless this process holds the lock itself. `unknown` when the lock was written
 * on another host (another container on a shared volume): nothing here can tell whether it still runs.
 */
export function dataDirHolder(dataDir: string): { holder: DataDirHolder; state: 'alive' | 'unknown' } | null {
  const h = readDataDirLock(dataDir);
  if (!h) return null;
  if (h.host !== os.hostname()) return { holder: h, state: 'unknown' };
  if (h.pid === process.pid) return held.has(h.token) ? { holder: h, state: 'alive' } : null;
  if (!alive(h.pid)) return null;
  const started = processStart(h.pid);
  if (h.started && started && h.started !== started) return null;
  return { holder: h, state: 'alive' };
}

/**
 * Writes this process's lock beside the data directory; `release` removes it (unless another process has written
 * its own since). Fails when a live process on this host holds it.
 */
export function holdDataDir(dataDir: string, command = process.argv.slice(1).join(' ')): { release(): void } {
  const current = dataDirHolder(dataDir);
  if (current?.state === 'alive') {
    const h = current.holder;
    throw new Error(
      `The embedded database ${dataDir} is in use by process ${h.pid} (${h.command || 'unknown command'}, since ` +
        `${h.since}): stop it first. If no such process runs, delete ${lockFileOf(dataDir)}.`,
    );
  }
  const token = randomBytes(8).toString('hex');
  const started = processStart(process.pid);
  const holder: DataDirHolder = {
    pid: process.pid,
    host: os.hostname(),
    ...(started ? { started } : {}),
    since: new Date().toISOString(),
    command: command.slice(0, 300),
    token,
  };
  mkdirSync(path.dirname(lockFileOf(dataDir)), { recursive: true });
  writeFileSync(lockFileOf(dataDir), `${JSON.stringify(holder)}\n`);
  held.add(token);
  return {
    release() {
      if (!held.delete(token)) return;
      if (readDataDirLock(dataDir)?.token === token) rmSync(lockFileOf(dataDir), { force: true });
    },
  };
}
