import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { reporters } from '../../vitest.reporters.js';
import { installTestNow } from './src/test/test-now.js';

// FLEETDESK_TEST_NOW moves the run's clock; installed here first, so that every process shares its origin.
installTestNow();

const contracts = fileURLToPath(new URL('../../packages/contracts/src/', import.meta.url));

export default defineConfig({
  // Tests run the contracts' TypeScript sources, not their build.
  resolve: { alias: [{ find: /^@fleetdesk\/contracts\/(.*)$/, replacement: `${contracts}$1.ts` }] },
  test: {
    include: ['src/**/*.test.ts'],
    reporters: reporters(
      process.env.FLEETDESK_TEST_NOW
        ? `server-at-${process.env.FLEETDESK_TEST_NOW.replace(/[^0-9]/g, '')}`
        : process.env.DATABASE_URL
          ? 'server-postgres'
          : 'server',
    ),
    globalSetup: ['./src/test/global-setup.ts'],
    setupFiles: ['./src/test/setup-now.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // One import of the server per worker, not per file: files share nothing but module code (each builds its
    // own app, database copy and clock in the harness; no test mocks modules or globals), and the run needs a
    // third less CPU (docs/architecture.md, "Tests").
    isolate: false,
    // Generous: the suite runs beside others on 2 shared cores (a 30 s bound timed out at load 12).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: 'test' },
  },
});
