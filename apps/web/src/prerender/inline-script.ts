/**
 * The script inlined into the prerendered sign-in page (login.html) right after its root, so it runs before the
 * first paint. Written as a function so that it is type-checked; `prerender/login.tsx` inlines its source and
 * the server allows it by its hash (apps/server/src/core/web.ts). Plain browser code, no imports: it runs as is.
 *
 * - A signed-in visitor (an access token in storage) is sent on by the app: the sign-in form must not flash, so
 *   the root is emptied and main.tsx renders instead of hydrating.
 * - The page holds the form in both languages; an English choice (`fleetdesk.lang`) swaps the English markup in,
 *   with its title and `lang`, before anything is painted.
 * - A submit before React has the form is held, not sent, and so is a click on a tab or a language (React drops
 *   the clicks made before it has hydrated their part of the page); see lib/prerendered.ts.
 */
export function prerenderedLoginScript(): void {
  const root = document.getElementById('root');
  const english = document.getElementById('fd-prerender-en-US') as HTMLTemplateElement | null;
  let stored: Storage | null = null;
  try {
    stored = window.localStorage;
  } catch {
    stored = null;
  }
  if (!root) return;
  if (stored && stored.getItem('AccessToken')) {
    root.textContent = '';
    return;
  }
  if (english && stored && stored.getItem('fleetdesk.lang') === 'en-US') {
    root.replaceChildren(document.importNode(english.content, true));
    document.documentElement.lang = 'en-US';
    document.title = english.dataset.title ?? document.title;
    // The browser acts on `autofocus` while parsing; markup put in later needs the focus given.
    root.querySelector<HTMLElement>('[autofocus]')?.focus();
  }
  const live = new WeakSet<EventTarget>();
  let held: EventTarget | null = null;
  let clicked: HTMLElement | null = null;
  let hydrated = false;
  const hold = (event: Event) => {
    if (!event.target || live.has(event.target)) return;
    event.preventDefault();
    held = event.target;
  };
  // Only clicks that can be repeated without harm (choosing a tab or a language twice is choosing it once).
  const remember = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = target && target.closest<HTMLElement>('#root [role="tab"], #root .fd-lang-switch button');
    if (button && !hydrated) clicked = button;
  };
  window.addEventListener('submit', hold, true);
  window.addEventListener('click', remember, true);
  window.__fdHeldSubmit = {
    claim(form) {
      live.add(form);
      hydrated = true;
      const wasHeld = held === form;
      if (wasHeld) held = null;
      return wasHeld;
    },
    takeClick() {
      const button = clicked;
      clicked = null;
      return button;
    },
    release() {
      window.removeEventListener('submit', hold, true);
      window.removeEventListener('click', remember, true);
      held = null;
      clicked = null;
    },
  };
}
