import { useCallback, useState } from 'react';

/** A screen's on/off preference kept in this browser (`fleetdesk.*` keys; sign-out clears them with the rest). */
export function useStoredFlag(key: `fleetdesk.${string}`, initial = false): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => {
    try {
      const v = globalThis.localStorage?.getItem(key);
      return v === null || v === undefined ? initial : v === '1';
    } catch {
      return initial;
    }
  });
  const set = useCallback(
    (next: boolean) => {
      setOn(next);
      try {
        globalThis.localStorage?.setItem(key, next ? '1' : '0');
      } catch {
        // storage blocked: the choice lasts for this page
      }
    },
    [key],
  );
  return [on, set];
}
