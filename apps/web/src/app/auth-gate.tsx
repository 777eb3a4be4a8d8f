import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { currentLanguage } from '../lib/i18n';
import { leftPrerenderedPage } from '../lib/prerendered';
import { isSignedIn, useSession } from '../lib/session';
import { findRoute, isOpenPath, loginPath } from './route-rules';
import { ROUTES } from './routes';
import { AntdFrame, GuardedScreen, HeaderLayout, NotFoundPage, SessionShell } from './shell-parts';

/** Fetches, all at once, the chunks a path will show (its frame and its screen, or the sign-in screen). */
export function preloadFor(pathname: string): Promise<unknown> {
  const route = findRoute(pathname, ROUTES);
  if (!isSignedIn() && !isOpenPath(pathname, ROUTES)) return findRoute('/login', ROUTES)!.page!.preload();
  const parts: Promise<unknown>[] = [route?.page?.preload() ?? Promise.resolve()];
  if (route?.frame !== 'plain') {
    parts.push(AntdFrame.preload(), SessionShell.preload(), GuardedScreen.preload());
    if (route?.frame !== 'bare') parts.push(HeaderLayout.preload());
    if (!route) parts.push(NotFoundPage.preload());
  }
  return Promise.all(parts);
}

/**
 * The first guard, in the entry chunk: an unsigned visitor of a closed path goes to /login (and comes back
 * after signing in); a signed-in user at /login goes to /. Also: scroll to top, the document title, and
 * fetching the chunks a screen needs all at once instead of one after another.
 */
export function AuthGate() {
  const location = useLocation();
  const { t } = useTranslation();
  // Re-render when the session is cleared (sign-out, relogin) or its menus arrive (titles).
  const routes = useSession((s) => s.routes);
  const signedIn = isSignedIn();
  const route = findRoute(location.pathname, ROUTES);

  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  // Submits are held only on the prerendered sign-in page, until its form is hydrated (lib/prerendered.ts).
  useEffect(() => {
    if (location.pathname !== '/login') leftPrerenderedPage();
  }, [location.pathname]);

  useEffect(() => {
    const generated = routes.find((r) => r.path === route?.path);
    const title = generated?.titles?.[currentLanguage()] ?? t(route?.titleKey ?? 'routes.notFound');
    document.title = `${title} · ${t('appName')}`;
  }, [route, routes, t]);

  useEffect(() => {
    void preloadFor(location.pathname);
  }, [location.pathname]);

  if (!signedIn && !isOpenPath(location.pathname, ROUTES)) {
    return <Navigate to={loginPath(location.pathname, location.search)} replace />;
  }
  if (signedIn && location.pathname === '/login') return <Navigate to="/" replace />;
  return <Outlet />;
}
