import { useCallback, useSyncExternalStore } from 'react';

/** The layout's widths (docs/web.md, Phone layout): the header is compact below 768 px, phone rules below 576 px. */
export const COMPACT_QUERY = '(max-width: 767.98px)';
export const PHONE_QUERY = '(max-width: 575.98px)';
/** The system's "reduce motion" accessibility setting. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** Whether a media query matches now; follows the window as it changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Below 768 px: the navigation is a drawer and the header's less used tools are in the account menu. */
export const useCompact = () => useMediaQuery(COMPACT_QUERY);
/** Below 576 px: lists as cards, dialogs full screen. */
export const usePhone = () => useMediaQuery(PHONE_QUERY);
/** The user asked the system for less motion: animations are left out. */
export const useReducedMotion = () => useMediaQuery(REDUCED_MOTION_QUERY);
