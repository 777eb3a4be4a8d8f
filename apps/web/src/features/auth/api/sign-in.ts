import { useMutation } from '@tanstack/react-query';
import { AuthPaths, LOGIN_TYPE, type TokenResponse } from '@fleetdesk/contracts/auth';
import { reportUnusableAnswer } from '../../../lib/report-failure';
import { request } from '../../../lib/request';

export interface SignInInput {
  username: string;
  /** Empty when a one-time code (SMS or QR) is used. */
  password?: string;
  verify?: string;
}

/** Sign-in payload of spec section 3: username (trimmed), password, verify, grant_type password, type 1. */
export function signInForm(input: SignInInput): URLSearchParams {
  const form = new URLSearchParams({
    username: input.username.trim(),
    password: input.password ?? '',
    grant_type: 'password',
    type: LOGIN_TYPE,
  });
  if (input.verify) form.set('verify', input.verify.trim());
  return form;
}

/** A token answer without an access token is rejected as 'error' (spec section 5). */
export function requireAccessToken(answer: TokenResponse | null): TokenResponse {
  if (!answer?.access_token) {
    reportUnusableAnswer();
    throw new Error('error');
  }
  return answer;
}

/** The token endpoint with the password grant (a password, or an SMS or QR code). */
export async function signIn(input: SignInInput): Promise<TokenResponse> {
  return requireAccessToken(
    await request<TokenResponse | null>(AuthPaths.token, {
      method: 'POST',
      body: signInForm(input),
      noToken: true,
      envelope: false,
    }),
  );
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
