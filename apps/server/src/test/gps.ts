import type { TestApp } from './harness.js';

/**
 * The auth code a registered JT/T 808 device keeps (the demo trackers are registered by the seed): a simulated
 * terminal authenticates with it instead of registering again, which the gateway refuses.
 */
export async function storedAuthCode(t: Pick<TestApp, 'deps'>, imei: string): Promise<string | undefined> {
  const { rows } = await t.deps.database.query<{ auth_code: string | null }>(
    'select auth_code from gps_devices where imei = $1',
    [imei],
  );
  return rows[0]?.auth_code ?? undefined;
}
