import { AuthPaths } from '@fleetdesk/contracts/auth';
import { request } from '../../../lib/request';

/** Revokes an access token that is not the session's (a handed-over one the user refused); best effort. */
export function revokeToken(token: string): Promise<void> {
  return request(AuthPaths.token, {
    method: 'DELETE',
    query: { access_token: token },
    noToken: true,
    silent: true,
    timeoutMs: 5000,
  }).then(
    () => undefined,
    () => undefined,
  );
}
