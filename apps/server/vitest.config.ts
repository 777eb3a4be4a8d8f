import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { reporters } from '../../vitest.reporters.js';

const contracts = fileURLToPath(new URL('../../packages/contracts/src/', import.meta.url));

export default defineConfig({
  // Tests run the contracts' TypeScript sources, not their build.
  resolve: { alias: [{ find: /^@fleetdesk\/contracts\/(.*)$/, replacement: `${contracts}$1.ts` }] },
  test: {
    include: ['src/**/*.test.ts'],
    reporters: reporters(process.env.DATABASE_URL ? 'server-postgres' : 'server'),
    globalSetup: ['./src/test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: 'test' },
  },
});
