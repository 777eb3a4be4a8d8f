import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './app/base.css';
import './lib/i18n';
import { preloadFor } from './app/auth-gate';
import { Root } from './app/root';
import { isPrerendered } from './lib/prerendered';
import { installFailureReporting } from './lib/report-failure';

// The request layer only announces failures; the error catalogue shows them (and the shell listens) once
// subscribed here.
installFailureReporting();

const FIRST_SCREEN_WAIT_MS = 3000;

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <Root />
  </StrictMode>
);

if (isPrerendered(container)) {
  // /login comes prerendered (login.html, docs/web.md): React takes the markup over at once. Until the sign-in
  // chunk is there the screen stays as the server drew it (a suspended boundary keeps its markup while
  // hydrating), and React replays the clicks made meanwhile.
  hydrateRoot(container, app);
} else {
  // The first screen's chunks are fetched before the first render (the sign-in screen's are preloaded by
  // index.html), so it paints at once instead of showing the loading state first; a slow network does not
  // hold the page blank for long.
  void Promise.race([preloadFor(location.pathname), new Promise((r) => setTimeout(r, FIRST_SCREEN_WAIT_MS))]).then(() =>
    createRoot(container).render(app),
  );
}
