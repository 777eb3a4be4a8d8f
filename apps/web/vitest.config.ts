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
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    reporters: reporters('web'),
    testTimeout: 40_000,
    css: false,
  },
});
