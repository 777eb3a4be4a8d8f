import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { securePrivateDir, survivesDatabaseOutages } from '../bootstrap.js';

const made: string[] = [];
afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true });
});

describe('DATA_DIR', () => {
  it('is made, or made private again, for the server user alone (0700)', async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'fleetdesk-datadir-'));
    made.push(parent);
    const dir = path.join(parent, 'data', 'nested');
    securePrivateDir(dir);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    // A directory an operator made world-readable is closed again at the next start.
    const { chmod } = await import('node:fs/promises');
    await chmod(dir, 0o755);
    securePrivateDir(dir);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
  });
});

describe('an unhandled rejection', () => {
  /** Installs the process's handler, hands it `reason` as Node would, and says what it did. */
  function handle(reason: unknown) {
    const logged: string[] = [];
    const log = {
      warn: (_: unknown, msg: string) => logged.push(`warn ${msg}`),
      fatal: (_: unknown, msg: string) => logged.push(`fatal ${msg}`),
    };
    const before = process.listeners('unhandledRejection');
    survivesDatabaseOutages(log as unknown as Logger);
    const added = process.listeners('unhandledRejection').filter((l) => !before.includes(l));
    expect(added).toHaveLength(1);
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      added[0]!(reason, Promise.resolve());
      return { logged, exitCodes: exit.mock.calls.map((c) => c[0]) };
    } finally {
      exit.mockRestore();
      printed.mockRestore();
      process.off('unhandledRejection', added[0]!);
    }
  }

  it('that says the database went away (a job completed during a restart) is logged and the process goes on', () => {
    const restart = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    expect(handle(restart)).toEqual({
      logged: ['warn a background statement failed while the database was away'],
      exitCodes: [],
    });
    expect(handle(new Error('Connection terminated unexpectedly')).exitCodes).toEqual([]);
  });

  it('of any other kind ends the process with code 1, as Node does', () => {
    expect(handle(new TypeError('x is not a function'))).toEqual({
      logged: ['fatal unhandled rejection'],
      exitCodes: [1],
    });
    expect(handle(Object.assign(new Error('duplicate key'), { code: '23505' })).exitCodes).toEqual([1]);
  });
});
