import { queryOptions, useQuery } from '@tanstack/react-query';
import { AuthPaths, type QrPoll } from '@fleetdesk/contracts/auth';
import { fillPath } from '@fleetdesk/contracts/paths';
import { request } from '../../../lib/request';

export const QR_POLL_MS = 2000;

/** The state of a QR session; once confirmed it carries username and a one-time code (once). */
export function pollQr(id: string): Promise<QrPoll> {
  // Polled every 2 s: a failure must not toast every 2 s; the panel shows the QR as expired instead.
  return request<QrPoll>(fillPath(AuthPaths.qrLogin, { id }), { noToken: true, silent: true });
}

export const qrPollQuery = (id: string) =>
  queryOptions({ queryKey: ['auth', 'qr-poll', id], queryFn: () => pollQr(id), staleTime: 0, gcTime: 0 });

export function useQrPoll(id: string | undefined, active: boolean) {
  return useQuery({
    ...qrPollQuery(id ?? ''),
    enabled: !!id && active,
    refetchInterval: active ? QR_POLL_MS : false,
    refetchIntervalInBackground: true,
  });
}
