import { act, StrictMode } from 'react';
import { hydrateRoot, type Root as ReactRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Root } from '../../app/root';
import { i18n, type Language } from '../../lib/i18n';
import { prerenderLogin } from '../login';

/**
 * The page the server sends for /login is the app's own tree rendered at build time (scripts/prerender-login.mjs);
 * the browser must take it over without a mismatch (React would then throw the markup away and draw it again,
 * losing what was typed) and keep what the user typed before the JavaScript arrived.
 */

// Testing Library's render sets this; here React's own act drives the hydration.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: ReactRoot | null = null;
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  await i18n.changeLanguage('zh-CN');
});

const typeInto = (input: HTMLInputElement, value: string) => {
  input.value = value; // as the browser does before any script: no event React could see
};

async function hydrateLogin(lang: Language) {
  const page = await prerenderLogin(lang);
  // The browser's side: the stored language (the inline script picked the matching markup), the address /login.
  await i18n.changeLanguage(lang);
  window.history.replaceState(null, '', '/login');
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = page.html;
  document.body.append(container);
  return { page, container };
}

describe('the prerendered sign-in page', () => {
  it('holds the sign-in form in both languages, with its title', async () => {
    const zh = await prerenderLogin('zh-CN');
    const en = await prerenderLogin('en-US');
    for (const page of [zh, en]) {
      expect(page.html).toContain('name="username"');
      expect(page.html).toContain('name="password"');
      expect(page.html).toContain('type="submit"');
    }
    expect(zh.html).toContain('登录 Fleetdesk');
    expect(zh.title).toBe('登录 · Fleetdesk');
    expect(en.html).toContain('Sign in to Fleetdesk');
    expect(en.title).toBe('Sign in · Fleetdesk');
  });

  it.each(['zh-CN', 'en-US'] as const)(
    'is hydrated (%s) without a mismatch, keeping the nodes and what was typed before',
    async (lang) => {
      const { container } = await hydrateLogin(lang);
      const username = container.querySelector<HTMLInputElement>('input[name="username"]')!;
      const password = container.querySelector<HTMLInputElement>('input[name="password"]')!;
      typeInto(username, 'admin');
      typeInto(password, 'secret');
      const before = [...container.querySelectorAll('*')];

      const recoverable = vi.fn();
      // React's server renderer leaves a development-only mark on the contexts it rendered; the browser's renderer
      // in the same process warns about it ("multiple renderers"). The build prerenders in a process of its own.
      const errors: unknown[][] = [];
      vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
        if (!/Detected multiple renderers concurrently/.test(String(args[0]))) errors.push(args);
      });
      await act(async () => {
        root = hydrateRoot(
          container,
          <StrictMode>
            <Root />
          </StrictMode>,
          { onRecoverableError: recoverable },
        );
      });
      await vi.waitFor(() => expect(performance.getEntriesByName('fd-form-live').length).toBeGreaterThan(0));
      await act(async () => {});

      expect(recoverable).not.toHaveBeenCalled();
      expect(errors).toEqual([]);
      // The same elements: nothing was drawn again.
      expect(before.every((node) => node.isConnected)).toBe(true);
      expect(container.querySelector('input[name="username"]')).toBe(username);
      expect(username.value).toBe('admin');
      expect(password.value).toBe('secret');
    },
  );
});
