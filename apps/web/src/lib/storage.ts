/**
 * Session data in localStorage, under exactly the keys of spec section 3. The language the user chose is a
 * preference, not session data: it survives sign-out.
 */
export const STORAGE_KEYS = [
  'Authorization',
  'AccessToken',
  'RefreshToken',
  'TenantId',
  'RentId',
  'RentCity',
  'Imei',
  'ShortRentName',
] as const;
export type StorageKey = (typeof STORAGE_KEYS)[number];

export const LANGUAGE_KEY = 'fleetdesk.lang';

function store(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage blocked (private mode, sandboxed frame): behave as signed out
  }
}

export function readKey(key: StorageKey | typeof LANGUAGE_KEY): string | null {
  return store()?.getItem(key) ?? null;
}

export function writeKey(key: StorageKey, value: string | number | null | undefined): void {
  const s = store();
  if (!s) return;
  if (value === null || value === undefined || value === '') s.removeItem(key);
  else s.setItem(key, String(value));
}

export function writeLanguage(lang: string): void {
  store()?.setItem(LANGUAGE_KEY, lang);
}

/** Clearing wipes everything (spec section 3); only the chosen language is put back. */
export function clearStorage(): void {
  const s = store();
  if (!s) return;
  const lang = s.getItem(LANGUAGE_KEY);
  s.clear();
  if (lang) s.setItem(LANGUAGE_KEY, lang);
}
