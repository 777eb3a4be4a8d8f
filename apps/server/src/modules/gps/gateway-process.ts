import { readFileSync } from 'node:fs';
import type { AppDeps } from '../../core/deps.js';
import { readGauge } from '../../core/metrics.js';
import { maintainGpsPartitions } from './partitions.js';
import { gpsRuntime } from './runtime.js';

/** Descriptors kept for everything else of the process (HTTP clients, database pool, files, the LISTEN connection). */
export const FD_RESERVE = 1024;

/** The process's soft limit of open files (Linux: /proc/self/limits), or null where it cannot be read. */
export function openFileLimit(): number | null {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    return soft && /^\d+$/.test(soft) ? Number(soft) : null;
  } catch {
    return null;
  }
}

/**
 * The gateway's share of the file descriptors: `GPS_MAX_CONNECTIONS`, but never more than the open-file limit
 * less `FD_RESERVE`, so that trackers can never take the descriptors the API needs (docs/gps.md).
 */
export function gatewayConnectionBudget(configured: number, limit: number | null): number {
  if (limit === null) return configured;
  return Math.max(1, Math.min(configured, limit - FD_RESERVE));
}

/** Starts the JT/T 808 gateway of this process on `GPS_TCP_PORT` (after making sure this month's partition exists). */
export async function startGpsGateway(deps: AppDeps): Promise<number> {
  await maintainGpsPartitions(deps);
  const limit = openFileLimit();
  const budget = gatewayConnectionBudget(deps.config.GPS_MAX_CONNECTIONS, limit);
  if (budget < deps.config.GPS_MAX_CONNECTIONS)
    deps.log.warn(
      { configured: deps.config.GPS_MAX_CONNECTIONS, openFileLimit: limit, budget },
      'GPS_MAX_CONNECTIONS lowered to the open-file limit less the reserve; raise `ulimit -n` for more',
    );
  const { gateway } = gpsRuntime(deps);
  gateway.limitConnections(budget);
  readGauge('gps.connections', () => gateway.openConnections);
  readGauge('gps.devices', () => gateway.connectedDevices().length);
  const port = await gpsRuntime(deps).gateway.listen(deps.config.GPS_TCP_PORT, deps.config.HOST);
  deps.log.info({ port }, 'JT/T 808 gateway listening');
  return port;
}
