import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ChunkErrorBoundary } from '../chunk-error-boundary';
import { PageLoading } from '../page-loading';
import { AdBanner } from './ad-banner';
import { AppHeader } from './app-header';
import './layout.css';

/** The shared header, the ad, and the main area with a fade on each navigation. */
export function HeaderLayout() {
  const location = useLocation();
  return (
    <div className="fd-shell">
      <AppHeader />
      <AdBanner />
      <main className="fd-main">
        <div key={location.pathname} className="fd-fade">
          <ChunkErrorBoundary resetKey={location.pathname}>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </ChunkErrorBoundary>
        </div>
      </main>
    </div>
  );
}
