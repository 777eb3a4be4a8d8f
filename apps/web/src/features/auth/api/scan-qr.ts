import { useMutation } from '@tanstack/react-query';
import { AuthPaths } from '@fleetdesk/contracts/auth';
import { fillPath } from '@fleetdesk/contracts/paths';
import { request } from '../../../lib/request';

export interface QrScanAnswer {
  state: string;
  /** Address of the desktop that asked for the QR. */
  ip: string | null;
  createdAt: string;
}

/** The signed-in phone opened the QR: the desktop now shows "scanned". */
export function scanQr(id: string): Promise<QrScanAnswer> {
  return request<QrScanAnswer>(fillPath(AuthPaths.qrScan, { id }), { method: 'POST' });
}

export function useScanQr() {
  return useMutation({ mutationFn: scanQr });
}
