import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertStartable, loadConfig } from '../../../config.js';
import { startServerProcess } from '../../../test/server-process.js';

/**
 * Issue "Hardening 2", item 11: the sandbox payment provider was the default everywhere, and a tenant approved
 * its own top-up on the sandbox page of a production server. In production the sandbox must be named.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleetdesk-sandbox-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('starting on the payment sandbox', () => {
  it('is refused in production unless PAY_PROVIDER=sandbox is set on purpose', () => {
    const production = loadConfig({ NODE_ENV: 'production' });
    expect(production.PAY_PROVIDER).toBe('sandbox');
    expect(() => assertStartable(production)).toThrow(/PAY_PROVIDER: required in production/);
    // An empty variable counts as unset.
    expect(() => assertStartable(loadConfig({ NODE_ENV: 'production', PAY_PROVIDER: '' }))).toThrow(/PAY_PROVIDER/);
    expect(() => assertStartable(loadConfig({ NODE_ENV: 'production', PAY_PROVIDER: 'sandbox' }))).not.toThrow();
    // Development and tests keep the sandbox by default.
    expect(() => assertStartable(loadConfig({ NODE_ENV: 'development' }))).not.toThrow();
    expect(() => assertStartable(loadConfig({ NODE_ENV: 'test' }))).not.toThrow();
  });

  it('a production server process exits with the reason instead of listening', async () => {
    const start = startServerProcess({ DATA_DIR: dataDir, PAY_PROVIDER: '', SEED_DEMO: 'false' });
    await expect(start).rejects.toThrow(/server exited \(1\)[\s\S]*PAY_PROVIDER: required in production/);
  }, 120_000);
});
