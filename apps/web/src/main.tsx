import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/base.css';
import './lib/i18n';
import { preloadFor } from './app/auth-gate';
import { Root } from './app/root';
import { installFailureReporting } from './lib/report-failure';

// The request layer only announces failures; the error catalogue shows them (and the shell listens) once
// subscribed here.
installFailureReporting();

const FIRST_SCREEN_WAIT_MS = 3000;

// The first screen's chunks are fetched before the first render (the sign-in screen's are preloaded by
// index.html), so it paints at once instead of showing the loading state first; a slow network does not
// hold the page blank for long.
void Promise.race([preloadFor(location.pathname), new Promise((r) => setTimeout(r, FIRST_SCREEN_WAIT_MS))]).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  ),
);
