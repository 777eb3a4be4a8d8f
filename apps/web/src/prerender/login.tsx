/**
 * The sign-in screen rendered at build time (scripts/prerender-login.mjs builds this file for Node and writes
 * dist/login.html with it; docs/web.md). It renders the app's own tree (`Root`) at /login, so the browser can
 * hydrate it: same components, same Suspense boundaries, same ids. Both languages are rendered; the page's
 * inline script picks the stored one before the first paint.
 */
import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { Root } from '../app/root';
import { i18n, LANGUAGES, type Language } from '../lib/i18n';
import { prerenderedLoginScript } from './inline-script';

export interface PrerenderedLogin {
  lang: Language;
  /** The markup that goes inside `<div id="root">`. */
  html: string;
  /** The document title the app would set (AuthGate). */
  title: string;
}

function LoginLocation({ children }: { children?: ReactNode }) {
  return <StaticRouter location="/login">{children}</StaticRouter>;
}

/** Renders /login in one language, waiting for the lazy sign-in screen (prerender, unlike renderToString, does). */
export async function prerenderLogin(lang: Language): Promise<PrerenderedLogin> {
  await i18n.changeLanguage(lang);
  const { prelude } = await prerender(
    <StrictMode>
      <Root Router={LoginLocation} />
    </StrictMode>,
  );
  const html = await new Response(prelude).text();
  // React's server renderer leaves the context values of its last task set on the shared context objects (a
  // server process runs no other renderer). A test hydrates in the same process: an empty render pops them.
  await new Response((await prerender(<></>)).prelude).text();
  return { lang, html, title: `${i18n.t('routes.login')} · ${i18n.t('appName')}` };
}

export async function prerenderLoginAll(): Promise<PrerenderedLogin[]> {
  const pages: PrerenderedLogin[] = [];
  // One after another: the language is the i18n instance's, shared.
  for (const lang of LANGUAGES) pages.push(await prerenderLogin(lang));
  return pages;
}

/** The inline script's source, an expression statement that runs it. */
export const INLINE_SCRIPT = `(${prerenderedLoginScript.toString()})();`;
