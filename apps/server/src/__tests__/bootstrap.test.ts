import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { securePrivateDir } from '../bootstrap.js';

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
