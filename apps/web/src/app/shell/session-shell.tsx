import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Spin from 'antd/es/spin';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { membershipInfoQuery } from '../../features/session/api/get-membership-info';
import { tenantPermissionsQuery } from '../../features/session/api/get-tenant-permissions';
import { setMembershipReloader } from '../../lib/membership-reload';
import { onRequestFailure } from '../../lib/report-failure';
import { RequestError } from '../../lib/request';
import { isSignedIn, session, useSession } from '../../lib/session';
import { signOut } from '../../lib/sign-out';
import { blockedByMembership, findRoute, loginPath } from '../route-rules';
import { ROUTES } from '../routes';
import { loadSession } from './load-session';
import { TaskNotifier } from './task-notifier';

/**
 * The signed-in part of the router: loads the session when it is missing (signing out to /login if the user
 * cannot be loaded), reloads the tenant's permissions on every navigation, and sends an expired membership to
 * /gameover except for the membership and order screens.
 */
export function SessionShell() {
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { t, i18n } = useTranslation();
  const user = useSession((s) => s.user);
  const membership = useSession((s) => s.membership);
  const signedIn = isSignedIn();
  const [failed, setFailed] = useState(false);
  // The session could not be loaded because nothing answered (no connection, or the page was being left: a
  // navigation aborts the calls): the user stays signed in and may try again. Only a refusal signs out.
  const [offline, setOffline] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // Only a change of who is signed in starts a load; the location is read (when it fails) for the way back.
  const backToLogin = useEffectEvent(() => navigate(loginPath(location.pathname, location.search), { replace: true }));
  useEffect(() => {
    if (!signedIn || user) return;
    let live = true;
    loadSession(client).catch(async (error: unknown) => {
      if (!live) return;
      if (error instanceof RequestError && (error.kind === 'network' || error.kind === 'aborted')) {
        setOffline(true);
        return;
      }
      setFailed(true);
      await signOut();
      client.clear();
      backToLogin();
    });
    return () => {
      live = false;
    };
  }, [signedIn, user, client, attempt]);

  // Permissions on every navigation (menus once per session).
  useEffect(() => {
    if (!user) return;
    client
      .fetchQuery(tenantPermissionsQuery())
      .then((tenantElements) => session.set({ tenantElements }))
      .catch(() => undefined);
  }, [location.pathname, user, client]);

  // The membership is asked for again when it may have changed: a call refused because it expired
  // mid-session (the gate then acts), or another language (its plan name is the server's text).
  useEffect(() => {
    const load = () =>
      client.fetchQuery({ ...membershipInfoQuery(), staleTime: 0 }).then((m) => session.set({ membership: m }));
    const reload = () => void load().catch(() => undefined);
    // A plan just paid (the payment screens ask): the gate lifts at once.
    setMembershipReloader(load);
    const stop = onRequestFailure((error) => {
      if (error.status === 40302) reload();
    });
    const onLanguage = () => {
      if (session.get().user) reload();
    };
    i18n.on('languageChanged', onLanguage);
    return () => {
      stop();
      setMembershipReloader(null);
      i18n.off('languageChanged', onLanguage);
    };
  }, [client, i18n]);

  if (!signedIn) return <Outlet />;
  if (!user && offline) {
    return (
      // Plain markup, not antd's Result: this frame is on every signed-in screen's first load (bundle budget).
      <div className="fd-loading fd-loading-now fd-offline" role="alert">
        <p>{t('errors.network')}</p>
        <Button
          type="primary"
          onClick={() => {
            setOffline(false);
            setAttempt((n) => n + 1);
          }}
        >
          {t('actions.retry')}
        </Button>
      </div>
    );
  }
  if (!user) {
    return (
      <div className="fd-loading fd-loading-now">
        <Spin size="large" description={failed ? undefined : t('loading')} />
      </div>
    );
  }
  const blocked =
    location.pathname !== '/gameover' && blockedByMembership(findRoute(location.pathname, ROUTES), membership?.days);
  return (
    <>
      {/* Task notices live as long as the signed-in frame, across screens. */}
      <TaskNotifier key={user.id} />
      {blocked ? <Navigate to="/gameover" replace /> : <Outlet />}
    </>
  );
}
