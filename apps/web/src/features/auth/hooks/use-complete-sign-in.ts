import { useQueryClient } from '@tanstack/react-query';
import type { TokenResponse } from '@fleetdesk/contracts/auth';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../../../lib/redirect';
import { clearSession, saveTokens } from '../../../lib/session';
import { saveLoginInfo } from '../api/save-login-info';

/**
 * After any sign-in (password, code, QR, registration): a fresh session with the new tokens, the client
 * recorded (saveLoginInfo), then the page first asked for, else `/`. The shell loads the user and routes there.
 */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params] = useSearchParams();
  return async (answer: TokenResponse) => {
    client.clear();
    clearSession();
    saveTokens(answer);
    await saveLoginInfo().catch(() => undefined);
    navigate(safeRedirect(params.get('redirect')), { replace: true });
  };
}
