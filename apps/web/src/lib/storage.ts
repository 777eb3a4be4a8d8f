/**
 * Session data in localStorage, under exactly the keys of spec section 3. The language the user chose and the
 * announcements a user closed are preferences, not session data: they survive sign-out (keys `fleetdesk.*`).
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

const CLOSED_ADS_PREFIX = 'fleetdesk.closedAds.';
const closedAdsKey = (tenantId: number, userId: number) => `${CLOSED_ADS_PREFIX}${tenantId}.${userId}`;

/** The announcements (ids) this user has closed: they stay closed on the next page load and sign-in. */
export function readClosedAds(tenantId: number, userId: number): number[] {
  try {
    const list: unknown = JSON.parse(store()?.getItem(closedAdsKey(tenantId, userId)) ?? '[]');
    return Array.isArray(list) ? list.filter((id): id is number => Number.isSafeInteger(id)) : [];
  } catch {
    return [];
  }
}

export function writeClosedAd(tenantId: number, userId: number, adId: number): void {
  const closed = readClosedAds(tenantId, userId);
  if (!closed.includes(adId)) store()?.setItem(closedAdsKey(tenantId, userId), JSON.stringify([...closed, adId]));
}

/** Clearing wipes everything (spec section 3); only the preferences (language, closed announcements) are put back. */
export function clearStorage(): void {
  const s = store();
  if (!s) return;
  const kept: [string, string][] = [];
  for (let i = 0; i < s.length; i++) {
    const key = s.key(i);
    if (key && (key === LANGUAGE_KEY || key.startsWith(CLOSED_ADS_PREFIX))) kept.push([key, s.getItem(key)!]);
  }
  s.clear();
  for (const [key, value] of kept) s.setItem(key, value);
}
