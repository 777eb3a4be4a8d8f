import { useMutation } from '@tanstack/react-query';
import { AuthPaths } from '@fleetdesk/contracts/auth';
import { request } from '../../../lib/request';

export interface ForgetPasswordInput {
  phone: string;
  verify: string;
  password: string;
}

/** Resets a forgotten password with an SMS code (scene reset); the server signs the user out everywhere. */
export function forgetPassword(input: ForgetPasswordInput): Promise<boolean> {
  return request<boolean>(AuthPaths.forgetPassword, { method: 'POST', query: { ...input }, noToken: true });
}

export function useForgetPassword() {
  return useMutation({ mutationFn: forgetPassword });
}
