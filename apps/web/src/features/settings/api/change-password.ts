import { useMutation } from '@tanstack/react-query';
import { AuthPaths } from '@fleetdesk/contracts/auth';
import { request } from '../../../lib/request';

/** Changes the signed-in user's password; the server signs out the user's other sessions. */
export function changePassword(input: { oldPassword: string; newPassword: string }): Promise<boolean> {
  return request<boolean>(AuthPaths.changePassword, { method: 'POST', json: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
