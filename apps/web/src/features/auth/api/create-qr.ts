import { queryOptions, useQuery } from '@tanstack/react-query';
import { AuthPaths, type QrSession } from '@fleetdesk/contracts/auth';
import { request } from '../../../lib/request';

/** A QR sign-in session for this desktop: id, the URL the QR encodes, the PNG, 120 s of life. */
export function createQr(): Promise<QrSession> {
  return request<QrSession>(AuthPaths.qr, { noToken: true });
}

export const qrSessionQuery = () =>
  queryOptions({ queryKey: ['auth', 'qr-session'], queryFn: createQr, staleTime: Infinity, gcTime: 0 });

export function useQrSession() {
  return useQuery(qrSessionQuery());
}
