import { useQueryClient } from '@tanstack/react-query';
import {
  DriverPortalPaths as P,
  type PortalCodeResult,
  type PortalSession,
  type PortalSignInInput,
} from '@fleetdesk/contracts/driver-portal';
import type { RequestError } from '../../../lib/request';
import { portalRequest, saveDriverToken } from './client';
import { portalKey, meKey } from './keys';

/** A refusal the sign-in form says itself: field errors, a wrong or used code (4xx), too many codes (429). */
const formFailure = (e: RequestError) => e.httpStatus !== undefined && e.httpStatus >= 400 && e.httpStatus < 500;

/** Sends the SMS code to a phone; `sandbox`: the code went to the server log. */
export function requestCode(phone: string): Promise<PortalCodeResult> {
  return portalRequest<PortalCodeResult>(P.code, { method: 'POST', json: { phone }, silent: formFailure });
}

export function signIn(input: PortalSignInInput): Promise<PortalSession> {
  return portalRequest<PortalSession>(P.signIn, { method: 'POST', json: input, silent: formFailure });
}

export function switchCompany(tenantId: number): Promise<PortalSession> {
  return portalRequest<PortalSession>(P.switchCompany, { method: 'POST', json: { tenantId } });
}

/** Ends the driver's token on the server (best effort: it may be dead already). */
export function signOutCall(): Promise<unknown> {
  return portalRequest(P.signOut, { method: 'POST', silent: true, timeoutMs: 5000 });
}

/** Keeps a new session: its token, and its driver as the portal's `me`; nothing of the one before stays cached. */
export function useStartSession() {
  const client = useQueryClient();
  return (session: PortalSession) => {
    client.removeQueries({ queryKey: portalKey });
    saveDriverToken(session.token);
    client.setQueryData(meKey, session.me);
  };
}

/** Signs the driver out: the server is told, the token and the cached answers forgotten. */
export function useSignOut() {
  const client = useQueryClient();
  return async () => {
    await signOutCall().catch(() => undefined);
    saveDriverToken(null);
    client.removeQueries({ queryKey: portalKey });
  };
}
