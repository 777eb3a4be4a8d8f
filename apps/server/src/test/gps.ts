import type { PositionIn } from '../modules/gps/ingest.js';
import { gpsRuntime } from '../modules/gps/runtime.js';
import type { TestApp } from './harness.js';

export type { PositionIn };

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

/**
 * Positions of a tracker stored through the ingest path (the process's position writer, as the gateways hand
 * them over: the sanity checks, `gps_positions` and the live position), then flushed. `imei` names the device.
 */
export async function writePositions(
  t: Pick<TestApp, 'deps'>,
  imei: string,
  positions: PositionIn[],
): Promise<{ refused: number }> {
  const { rows } = await t.deps.database.query<{ id: number; tenant_id: number }>(
    'select id, tenant_id from gps_devices where imei = $1',
    [imei],
  );
  const d = rows[0];
  if (!d) throw new Error(`no device ${imei}`);
  const writer = gpsRuntime(t.deps).writer;
  const refused = writer.add({ tenantId: Number(d.tenant_id), id: Number(d.id) }, positions);
  await writer.flush();
  return { refused };
}
