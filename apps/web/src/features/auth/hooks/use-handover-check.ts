import { queryOptions, useQuery } from '@tanstack/react-query';
import { RequestError } from '../../../lib/request';
import { isSignedIn, session } from '../../../lib/session';
import { getTokenAccount, type TokenAccount } from '../api/get-token-account';

/** Who is signed in on this browser now: nobody, an account, or someone whose account could not be loaded. */
export type CurrentAccount = TokenAccount | 'unknown' | null;

export interface HandoverCheck {
  /** The account the handed-over token belongs to. */
  next: TokenAccount;
  current: CurrentAccount;
}

async function currentAccount(): Promise<CurrentAccount> {
  if (!isSignedIn()) return null;
  const user = session.get().user;
  if (user) {
    return {
      id: user.id,
      name: user.name,
      username: user.username,
      tenantId: user.tenantId,
      tenantName: user.tenantName,
    };
  }
  try {
    return await getTokenAccount();
  } catch (error) {
    // A dead session (not even renewable) is nobody; anything else is someone we cannot name.
    return error instanceof RequestError && error.status === 40101 ? null : 'unknown';
  }
}

/** The handed-over token's account (with the token itself) and the current one, side by side. */
export const handoverCheckQuery = (access: string) =>
  queryOptions({
    queryKey: ['auth', 'handover', access],
    queryFn: async (): Promise<HandoverCheck> => {
      const [next, current] = await Promise.all([getTokenAccount(access), currentAccount()]);
      return { next, current };
    },
    staleTime: Infinity,
    // The token is not kept in the cache once the screen is gone.
    gcTime: 0,
  });

export function useHandoverCheck(access: string | null) {
  return useQuery({ ...handoverCheckQuery(access ?? ''), enabled: !!access });
}

/** The same person: the current account is the link's (then the link switches without asking). */
export function sameAccount(check: HandoverCheck): boolean {
  const { next, current } = check;
  return !!current && current !== 'unknown' && current.id === next.id && current.tenantId === next.tenantId;
}

/** The server refused the token (invalid, expired, revoked), as opposed to not answering. */
export function tokenRefused(error: unknown): boolean {
  return error instanceof RequestError && error.kind === 'http' && (error.httpStatus ?? 500) < 500;
}
