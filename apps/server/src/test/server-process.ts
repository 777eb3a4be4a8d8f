import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { TEST_NOW_ENV } from './test-now.js';

const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  base: string;
}

/**
 * A real server process from the TypeScript sources (`src/main.ts` through tsx) on a free port of 127.0.0.1,
 * for tests that need processes of their own (a crash, two processes on one database). `env` adds to and
 * overrides the defaults: production mode, fast password hashing, no rate limit, info log (the test waits for
 * its "Server listening" line).
 */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  // A moved test clock (FLEETDESK_TEST_NOW) moves the spawned server's too.
  const now = process.env[TEST_NOW_ENV] ? ['--import', './src/test/setup-now.ts'] : [];
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', ...now, 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      PASSWORD_SCRYPT_LOG_N: '12',
      RATE_LIMIT_PER_MINUTE: '0',
      // Each process its own JT/T 808 port: two processes on one machine would both take the default 5015.
      GPS_TCP_PORT: '0',
      // Production refuses to start on the sandbox unless it is named.
      PAY_PROVIDER: 'sandbox',
      // The embedded database reads its now() from its thread's Date: a moved clock is moved in the server's
      // thread only, so such a run keeps PGlite there (otherwise the server runs it in its worker, the default).
      ...(process.env[TEST_NOW_ENV] ? { PGLITE_WORKER: 'false' } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 240_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        // From here on its output is drained, not kept.
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        resolve({ child, base: m[1]! });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${out}`)));
  });
}
