import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { AuthGate } from './auth-gate';
import { ChunkErrorBoundary } from './chunk-error-boundary';
import { PageLoading } from './page-loading';
import { flatten } from './route-rules';
import { ROUTES, type Frame, type RouteDef } from './routes';
import { AntdFrame, GroupRedirect, GuardedScreen, HeaderLayout, NotFoundPage, SessionShell } from './shell-parts';

export const queryClient = createQueryClient();

function screens(frame: Frame, filter: (r: RouteDef) => boolean = () => true) {
  return flatten(ROUTES)
    .filter((r) => r.frame === frame && filter(r))
    .map((r) => {
      if (!r.page) {
        return r.redirect || r.children ? (
          <Route key={r.path} path={r.path} element={<GroupRedirect route={r} />} />
        ) : null;
      }
      const Page = r.page;
      return <Route key={r.path} path={r.path} element={frame === 'plain' ? <Page /> : <GuardedScreen route={r} />} />;
    });
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AuthGate />}>
        {screens('plain')}
        <Route element={<AntdFrame />}>
          {screens('bare', (r) => !!r.open)}
          <Route element={<SessionShell />}>
            {screens('bare', (r) => !r.open)}
            <Route element={<HeaderLayout />}>
              {screens('header')}
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Route>
        </Route>
      </Route>
    </Routes>
  );
}

/**
 * The whole app. `Router` is the browser's history, or (when the sign-in screen is prerendered at build time,
 * `prerender/login.tsx`) a static location: the same tree on both sides, so that the browser hydrates it.
 */
export function Root({ Router = BrowserRouter }: { Router?: ComponentType<{ children?: ReactNode }> }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Router>
        <ChunkErrorBoundary>
          <Suspense fallback={<PageLoading />}>
            <AppRoutes />
          </Suspense>
        </ChunkErrorBoundary>
      </Router>
    </QueryClientProvider>
  );
}
