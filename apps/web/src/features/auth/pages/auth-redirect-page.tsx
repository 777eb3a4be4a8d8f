import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { safeRedirect } from '../../../lib/redirect';
import { clearSession, saveBareTokens } from '../../../lib/session';

/**
 * `/authredirect#access_token=...&refresh_token=...&redirect=/path`: another Fleetdesk surface hands over a
 * session. The tokens go to storage (and out of the address bar); the shell then loads the user.
 */
export default function AuthRedirectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const hash = new URLSearchParams(window.location.hash.replace(/^#/, ''));
    const access = hash.get('access_token');
    const target = safeRedirect(hash.get('redirect'));
    window.history.replaceState(null, '', window.location.pathname);
    if (!access) {
      navigate('/login', { replace: true });
      return;
    }
    clearSession();
    saveBareTokens(access, hash.get('refresh_token'));
    navigate(target, { replace: true });
  }, [navigate]);

  return (
    <div className="fd-loading fd-loading-now" role="status" aria-label={t('routes.authredirect')}>
      <span className="fd-spinner" />
    </div>
  );
}
