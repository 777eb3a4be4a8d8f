import { AuthPaths, LOGIN_PLATFORM, LOGIN_VERSION } from '@fleetdesk/contracts/auth';
import { request } from '../../../lib/request';

/** Records this sign-in's client: headers platform Web and version 2.4. */
export function saveLoginInfo(): Promise<unknown> {
  return request(AuthPaths.saveLoginInfo, {
    method: 'POST',
    headers: { platform: LOGIN_PLATFORM, version: LOGIN_VERSION },
    silent: true,
  });
}
