#!/usr/bin/env node
// `npm start`: Fleetdesk on one machine, as the README's first command promises. Builds what changed, then runs
// the server with payments on the sandbox provider unless PAY_PROVIDER names another: the demo names it on
// purpose. A deployment runs `node apps/server/dist/main.js` itself, where a production server without
// PAY_PROVIDER refuses to start (docs/payments.md).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-if-needed.mjs')], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const env = { ...process.env, PAY_PROVIDER: process.env.PAY_PROVIDER || 'sandbox' };
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
