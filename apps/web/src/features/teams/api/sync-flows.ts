import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TeamPerformancePaths, type FlowSync, type FlowSyncInput } from '@fleetdesk/contracts/team-performance';
import { request, type RequestError } from '../../../lib/request';
import { perfKey } from './keys';

/** A platform can take long to answer a month of days. */
const SYNC_TIMEOUT_MS = 180_000;

/**
 * The failures the sync dialog shows itself, in the server's words: a refusal (400, 409: no account, the range),
 * and the platform's failure the server passes on (502-504). A sign-in or permission failure, and a 500 without a
 * message of its own, stay with the request layer.
 */
export function isSyncFailure(error: RequestError): boolean {
  const status = error.httpStatus ?? 0;
  if (error.kind !== 'http' || !error.serverMessage) return false;
  return (status >= 400 && status < 500 && status !== 401 && status !== 403) || (status >= 502 && status <= 504);
}

/** Fetches a platform's days between two days (at most FLOW_SYNC_MAX_DAYS) and writes them (`teams:import`). */
export function syncFlows(input: FlowSyncInput): Promise<FlowSync> {
  return request<FlowSync>(TeamPerformancePaths.sync, {
    method: 'POST',
    json: input,
    silent: isSyncFailure,
    timeoutMs: SYNC_TIMEOUT_MS,
  });
}

export function useSyncFlows() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: syncFlows,
    // The ranking, the months, the days, the accounts' last sync and the history all follow.
    onSuccess: () => client.invalidateQueries({ queryKey: perfKey }),
  });
}
