import { useMutation } from '@tanstack/react-query';
import { AuthPaths } from '@fleetdesk/contracts/auth';
import { fillPath } from '@fleetdesk/contracts/paths';
import { request } from '../../../lib/request';

/** The phone approves (or refuses) the desktop's sign-in as its own user. */
export function confirmQr(input: { id: string; approve: boolean }): Promise<{ state: 'confirmed' | 'cancelled' }> {
  return request(fillPath(AuthPaths.qrConfirm, { id: input.id }), {
    method: 'POST',
    json: { approve: input.approve },
  });
}

export function useConfirmQr() {
  return useMutation({ mutationFn: confirmQr });
}
