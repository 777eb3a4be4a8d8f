import { AuthPaths } from '@fleetdesk/contracts/auth';
import { request } from './request';
import { accessToken, clearSession } from './session';

/** Revokes the token on the server (best effort: it may be dead already) and forgets the whole session. */
export async function signOut(): Promise<void> {
  const token = accessToken();
  clearSession();
  if (!token) return;
  await request(AuthPaths.token, {
    method: 'DELETE',
    query: { access_token: token },
    noToken: true,
    silent: true,
    timeoutMs: 5000,
  }).catch(() => undefined);
}
