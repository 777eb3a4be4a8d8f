import { useEffect, useState, type RefObject } from 'react';

/**
 * The page the server sends for /login is prerendered at build time (`prerender/login.tsx`, docs/web.md): the
 * sign-in form is on screen, and can be typed into, before the JavaScript arrives. Its small inline script
 * (`prerender/inline-script.ts`) holds back a submit (Enter in a field) made before React took the form over:
 * the browser would otherwise send the form as a GET to /login, password in the address. These helpers are the
 * app's side of that script.
 */

/** What the inline script leaves on `window`. */
export interface HeldSubmit {
  /** The form is React's from now on (its submits pass); true when a submit of it was held. */
  claim(form: HTMLFormElement): boolean;
  /** The tab or language button clicked before hydration, if any (once). */
  takeClick(): HTMLElement | null;
  /** Stops holding submits (the app left /login). */
  release(): void;
}

declare global {
  interface Window {
    __fdHeldSubmit?: HeldSubmit;
  }
}

/** True when the page came with prerendered markup (hydrate it) rather than an empty root (render). */
export function isPrerendered(container: HTMLElement): boolean {
  return container.firstChild !== null;
}

/** The app left the prerendered page's path: no submit is held any more. */
export function leftPrerenderedPage(): void {
  window.__fdHeldSubmit?.release();
  delete window.__fdHeldSubmit;
}

/**
 * For a form of the prerendered page: once React has hydrated it, claims it from the inline script, clicks again
 * the tab or language chosen before hydration (React drops those clicks) and, when a submit was held, submits it
 * again. The replay goes through a state change, so that it runs after the render
 * that took in what was typed before hydration (text-field.tsx, same commit), not with the empty values of the
 * prerender. Also marks `fd-form-live` for bench/web-login.bench.mjs (when the form answers).
 */
export function useHeldSubmit(form: RefObject<HTMLFormElement | null>): void {
  const [replay, setReplay] = useState(false);
  useEffect(() => {
    if (!performance.getEntriesByName?.('fd-form-live').length) performance.mark?.('fd-form-live');
    const held = window.__fdHeldSubmit;
    if (!form.current || !held) return;
    if (held.claim(form.current)) setReplay(true);
    const button = held.takeClick();
    if (button?.isConnected) button.click();
  }, [form]);
  useEffect(() => {
    if (!replay) return;
    setReplay(false);
    form.current?.requestSubmit();
  }, [replay, form]);
}
