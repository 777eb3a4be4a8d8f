import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { request, type FullConfig } from '@playwright/test';
import { apiSignIn, sessionStorageEntries, type AccountName } from './server';

const here = path.dirname(fileURLToPath(import.meta.url));
/** In the run's output directory (per E2E_PORT), so that two runs on one machine keep their own sessions. */
const results = path.join(here, '..', 'test-results', ...(process.env.E2E_PORT ? [process.env.E2E_PORT] : []));
export const authFile = (account: AccountName) => path.join(results, '.auth', `${account}.json`);

/**
 * One session per demo account that tests only look through (sign-in flows sign in themselves). The server
 * limits sign-ins per address, so the suite signs in as few times as it can.
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]!.use.baseURL!;
  const api = await request.newContext({ baseURL });
  mkdirSync(path.dirname(authFile('admin')), { recursive: true });
  for (const account of ['admin', 'clerk', 'expired'] as const) {
    const answer = await apiSignIn(api, account);
    const state = { cookies: [], origins: [{ origin: baseURL, localStorage: sessionStorageEntries(answer) }] };
    writeFileSync(authFile(account), JSON.stringify(state));
  }
  await api.dispose();
}
