import { useMutation } from '@tanstack/react-query';
import { REGISTER_PATH, type RegisterTenant, type TokenResponse } from '@fleetdesk/contracts/auth';
import { request } from '../../../lib/request';
import { requireAccessToken } from './sign-in';

/** Registers a new company on the trial plan; answers its tokens like a sign-in. */
export async function registerTenant(input: RegisterTenant): Promise<TokenResponse> {
  return requireAccessToken(
    await request<TokenResponse | null>(REGISTER_PATH, { method: 'POST', json: input, noToken: true, envelope: false }),
  );
}

export function useRegisterTenant() {
  return useMutation({ mutationFn: registerTenant });
}
