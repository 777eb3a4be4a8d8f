import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
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

export function Root() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <ChunkErrorBoundary>
          <Suspense fallback={<PageLoading />}>
            <AppRoutes />
          </Suspense>
        </ChunkErrorBoundary>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
