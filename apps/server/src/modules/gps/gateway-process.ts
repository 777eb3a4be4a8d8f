import type { AppDeps } from '../../core/deps.js';
import { maintainGpsPartitions } from './partitions.js';
import { gpsRuntime } from './runtime.js';

/** Starts the JT/T 808 gateway of this process on `GPS_TCP_PORT` (after making sure this month's partition exists). */
export async function startGpsGateway(deps: AppDeps): Promise<number> {
  await maintainGpsPartitions(deps, { force: true });
  const port = await gpsRuntime(deps).gateway.listen(deps.config.GPS_TCP_PORT, deps.config.HOST);
  deps.log.info({ port }, 'JT/T 808 gateway listening');
  return port;
}
