import { AuthPaths, type FrontInfo } from '@fleetdesk/contracts/auth';
import { request } from '../../../lib/request';

/** The account a token belongs to (id, name, username, company), as the server names it. */
export type TokenAccount = Pick<FrontInfo, 'id' | 'name' | 'username' | 'tenantId' | 'tenantName'>;

/**
 * Whose token is this: the current-user call (front info, the one call that needs no user id) asked with the
 * given access token, or with the session's when none is given. The caller handles failures (silent).
 */
export async function getTokenAccount(token?: string): Promise<TokenAccount> {
  const info = await request<FrontInfo>(AuthPaths.frontInfo, { token, silent: true });
  return {
    id: info.id,
    name: info.name,
    username: info.username,
    tenantId: info.tenantId,
    tenantName: info.tenantName,
  };
}
