import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { reporters } from '../../vitest.reporters.js';

const contracts = fileURLToPath(new URL('../../packages/contracts/src/', import.meta.url));

export default defineConfig({
  plugins: [react()],
  // Tests run the contracts' TypeScript sources, like the Vite build.
  resolve: { alias: [{ find: /^@fleetdesk\/contracts\/(.*)$/, replacement: `${contracts}$1.ts` }] },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    // happy-dom, not jsdom: the same suite in about a third of the time (tests, environment start-up and imports
    // each take less); src/test/setup.ts adds the one browser behaviour the screens' tests need that it lacks.
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    reporters: reporters('web'),
    testTimeout: 40_000,
    // Two files at a time: Vitest's default on a 2-core machine is one worker, which left the second core idle for
    // the whole web suite in CI (the steps run one after another).
    maxWorkers: 2,
    css: false,
    // React flushes a commit's passive effects from its scheduler (setImmediate). A commit of a root the file did not
    // render through Testing Library (antd's static dialogs, after their closing animation) can schedule that flush
    // after the file's environment is gone, where it meets no `window`: an error of the teardown, not of a test
    // (setup.ts drains what it can first). Only that error is left out; every other unhandled error fails the run.
    onUnhandledError(error) {
      const text = `${error.message}\n${'stack' in error ? (error.stack ?? '') : ''}`;
      if (/window is not defined/.test(text) && /scheduler|performWorkUntilDeadline/.test(text)) return false;
    },
    // Tried and left out (whole suite, back to back on the shared 2-core machine): `isolate: false` (one module graph
    // per worker) was slower, 245 s against 200 s, and 17 tests failed on what earlier files left behind (antd's
    // dialogs and messages outside React's roots, the language); `deps.optimizer.client` saved no import time, 380 s
    // against 337 s.
  },
});
