import { defineConfig } from 'vitest/config';
import { reporters } from '../../vitest.reporters.js';

export default defineConfig({ test: { include: ['src/**/*.test.ts'], reporters: reporters('contracts') } });
