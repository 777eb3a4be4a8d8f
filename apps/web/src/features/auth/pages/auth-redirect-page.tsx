import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { safeRedirect } from '../../../lib/redirect';
import { accessToken, clearSession, isSignedIn, saveBareTokens } from '../../../lib/session';
import type { TokenAccount } from '../api/get-token-account';
import { revokeToken } from '../api/revoke-token';
import { sameAccount, tokenRefused, useHandoverCheck } from '../hooks/use-handover-check';
import '../i18n';
import './auth-redirect-page.css';

/** What the link hands over: `#access_token=...&refresh_token=...&redirect=/path`. */
interface Handover {
  access: string;
  refresh: string | null;
  target: string;
}

function readHandover(): Handover | null {
  const hash = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const access = hash.get('access_token');
  return access ? { access, refresh: hash.get('refresh_token'), target: safeRedirect(hash.get('redirect')) } : null;
}

/**
 * `/authredirect#access_token=...&refresh_token=...&redirect=/path`: another Fleetdesk surface hands over a
 * session. The tokens leave the address bar at once and stay in memory until the user decides: the account
 * they belong to is loaded with them, and named (next to the account signed in now) before anything is stored,
 * so that a crafted link cannot silently put the visitor in someone else's company. The same person passes
 * through without a question; a token the server refuses is never stored.
 */
export default function AuthRedirectPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const client = useQueryClient();
  // Read once, before the address bar is cleaned (the effect below).
  const [handover] = useState(readHandover);
  // The link hands over the session this browser already holds: nothing to ask.
  const [alreadyHeld] = useState(() => !!handover && handover.access === accessToken());
  const check = useHandoverCheck(handover && !alreadyHeld ? handover.access : null);
  const signedIn = isSignedIn();

  useEffect(() => {
    if (window.location.hash) {
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
    }
    if (!handover) navigate('/login', { replace: true });
    else if (alreadyHeld) navigate(handover.target, { replace: true });
  }, [handover, alreadyHeld, navigate]);

  const accept = (sameUser: boolean) => {
    if (!handover) return;
    if (!sameUser) {
      // Another account: nothing of the current session may remain (cached answers included).
      client.clear();
      clearSession();
    }
    saveBareTokens(handover.access, handover.refresh);
    navigate(handover.target, { replace: true });
  };

  const passThrough = !!check.data && sameAccount(check.data);
  // accept reads the handover, fixed for the life of the screen: only passThrough starts it.
  const acceptSameUser = useEffectEvent(() => accept(true));
  useEffect(() => {
    if (passThrough) acceptSameUser();
  }, [passThrough]);

  const cancel = () => {
    if (handover && handover.access !== accessToken()) void revokeToken(handover.access);
    client.removeQueries({ queryKey: ['auth', 'handover'] });
    navigate(isSignedIn() ? '/' : '/login', { replace: true });
  };

  if (check.isError) {
    const refused = tokenRefused(check.error);
    return (
      <div className="fd-handover">
        <section className="fd-fallback" role="alert" aria-labelledby="fd-handover-title">
          <h2 id="fd-handover-title">{refused ? t('handover.invalid') : t('handover.failed')}</h2>
          <p>{refused ? t('handover.invalidText') : t('handover.failedText')}</p>
          <div className="fd-handover-actions">
            {refused ? (
              <Link className="fd-button fd-button-primary" to={signedIn ? '/' : '/login'} replace>
                {signedIn ? t('handover.home') : t('handover.signIn')}
              </Link>
            ) : (
              <>
                <button type="button" className="fd-button" onClick={cancel}>
                  {t('handover.cancel')}
                </button>
                <button type="button" className="fd-button fd-button-primary" onClick={() => void check.refetch()}>
                  {t('handover.retry')}
                </button>
              </>
            )}
          </div>
        </section>
      </div>
    );
  }

  if (!check.data || passThrough) {
    return (
      <div className="fd-loading fd-loading-now" role="status" aria-label={t('handover.checking')}>
        <span className="fd-spinner" />
      </div>
    );
  }

  const { next, current } = check.data;
  const named = (account: TokenAccount) => ({
    name: account.name,
    username: account.username,
    company: account.tenantName,
  });
  return (
    <div className="fd-handover">
      <section className="fd-fallback" aria-labelledby="fd-handover-title">
        <h2 id="fd-handover-title">
          {current ? t('handover.switchTo', named(next)) : t('handover.signInAs', named(next))}
        </h2>
        <p>{t('handover.lead')}</p>
        <dl className="fd-handover-accounts">
          <dt>{t('handover.linkAccount')}</dt>
          <dd data-testid="handover-next">
            <span>{t('handover.account', named(next))}</span>
            <span className="fd-muted">{next.tenantName}</span>
          </dd>
          {current && (
            <>
              <dt>{t('handover.currentAccount')}</dt>
              <dd data-testid="handover-current">
                {current === 'unknown' ? (
                  <span>{t('handover.currentUnknown')}</span>
                ) : (
                  <>
                    <span>{t('handover.account', named(current))}</span>
                    <span className="fd-muted">{current.tenantName}</span>
                  </>
                )}
              </dd>
            </>
          )}
        </dl>
        {current && <p>{t('handover.switchNote')}</p>}
        <p className="fd-handover-warn">{t('handover.warning')}</p>
        <div className="fd-handover-actions">
          <button type="button" className="fd-button" onClick={cancel}>
            {t('handover.cancel')}
          </button>
          <button type="button" className="fd-button fd-button-primary" onClick={() => accept(false)}>
            {t('handover.continue')}
          </button>
        </div>
      </section>
    </div>
  );
}
