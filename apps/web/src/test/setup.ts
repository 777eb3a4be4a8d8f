import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { clearSession } from '../lib/session';
import './no-antd-styles';

// The suites run in parallel on two cores: a screen may take more than the default second to appear.
configure({ asyncUtilTimeout: 10_000 });

// The test DOM lacks (jsdom) or answers differently (happy-dom) these browser APIs that antd uses.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.scrollTo = () => undefined;

/**
 * happy-dom submits a form only when the click's target is the submit button itself; a browser (and jsdom) also
 * submits when the click lands on something inside it, as tests do with `getByText('Search')` finding the button's
 * `<span>`. This adds that activation: after a click on an element inside a submit button that nobody cancelled,
 * the button's form is submitted, as the button's own click would.
 */
if (navigator.userAgent.includes('HappyDOM')) {
  const dispatchEvent = HTMLElement.prototype.dispatchEvent;
  HTMLElement.prototype.dispatchEvent = function (this: HTMLElement, event: Event) {
    const result = dispatchEvent.call(this, event);
    // `eventPhase` is back at NONE only for the outermost dispatch (happy-dom calls each ancestor's dispatchEvent
    // while the event bubbles).
    if (event.type !== 'click' || !(event instanceof MouseEvent) || event.eventPhase !== Event.NONE) return result;
    const button = this.closest('button');
    if (event.defaultPrevented || !button || button === this || button.type !== 'submit' || button.disabled) {
      return result;
    }
    if (button.form && button.isConnected) button.form.requestSubmit(button);
    return result;
  };
}

beforeEach(() => {
  localStorage.clear();
  clearSession();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

// React flushes the passive effects of a file's last commits (the unmount in `cleanup`, an antd dialog closing after
// its animation) from its scheduler, in later macrotasks; let them run before the file's environment is torn down,
// or they meet no `window` ("window is not defined", an unhandled error; vitest.config.ts leaves out the ones that
// still come later). Ten rounds of an immediate and a 10 ms timer (about 100 ms): what is queued, and what a closing
// animation queues.
afterAll(async () => {
  for (let round = 0; round < 10; round++) {
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
});
