import type { MenuItem, RentBrief, TokenResponse } from '@fleetdesk/contracts/auth';
import { createStore, useStore } from './store';
import { clearStorage, readKey, writeKey } from './storage';

/** The signed-in user of spec section 3. */
export interface SessionUser {
  id: number;
  name: string;
  username: string;
  phone: string;
  email: string | null;
  avatar: string | null;
  /** Role codes (the `type` of the current-user answer). */
  roles: string[];
  /** Menu codes the user holds. */
  menus: string[];
  elements: Record<string, true>;
  tenantId: number;
  tenantName: string;
  rentCode: string | null;
  rentId: number | null;
  rentName: string | null;
  rentCity: string | null;
  shortRentName: string | null;
  rents: RentBrief[];
  /** The company is the platform operator: its users who read the company settings work the feedback desk. */
  platformOperator?: boolean;
}

export interface Membership {
  /** Days left; -1 once expired. */
  days: number;
  date: string;
  level: number;
  code: string;
  name: string;
}

/** A screen the user may open, generated from the route table and the user's menus. */
export interface NavItem {
  path: string;
  code: string | null;
  /** Titles in both languages, from the permission-menu list (or the route table's title key). */
  titles: { 'zh-CN': string; 'en-US': string } | null;
  titleKey: string;
  icon: string | null;
  nav: boolean;
}

export interface SessionState {
  user: SessionUser | null;
  /** Tenant elements (the plan's codes), each a map of code to true; null until loaded. */
  tenantElements: Record<string, true> | null;
  /** The permission-menu list: code, titles, icon of every menu. */
  permissionMenus: MenuItem[];
  /** Loaded once per session. */
  menusLoaded: boolean;
  routes: NavItem[];
  membership: Membership | null;
  messageTotal: number;
  showAd: boolean;
  settingDebtorPaying: boolean;
  alarmNum: number;
}

const initialState = (): SessionState => ({
  user: null,
  tenantElements: null,
  permissionMenus: [],
  menusLoaded: false,
  routes: [],
  membership: null,
  messageTotal: 0,
  showAd: true,
  settingDebtorPaying: false,
  alarmNum: 0,
});

export const session = createStore<SessionState>(initialState());

export function useSession<S>(select: (state: SessionState) => S): S {
  return useStore(session, select);
}

export function accessToken(): string | null {
  return readKey('AccessToken');
}

export function refreshToken(): string | null {
  return readKey('RefreshToken');
}

export function isSignedIn(): boolean {
  return !!accessToken();
}

/** Milliseconds since epoch when the access token expires; known only in the tab that received it. */
let expiresAt: number | null = null;

export function tokenExpiresAt(): number | null {
  return expiresAt;
}

/** Stores a token answer (sign-in, registration, refresh): tokens, tenant and rent (a refresh keeps the rent chosen). */
export function saveTokens(answer: TokenResponse, options: { keepRent?: boolean; now?: number } = {}): void {
  const now = options.now ?? Date.now();
  writeKey('AccessToken', answer.access_token);
  writeKey('Authorization', `Bearer ${answer.access_token}`);
  writeKey('RefreshToken', answer.refresh_token);
  writeKey('TenantId', answer.tenantId);
  if (answer.rent && !(options.keepRent && readKey('RentId'))) {
    writeKey('RentId', answer.rent.id);
    writeKey('RentCity', answer.rent.city);
    writeKey('ShortRentName', answer.rent.shortName);
  }
  expiresAt = answer.expires_in > 0 ? now + answer.expires_in * 1000 : null;
}

/** Another tab renewed the pair: this tab no longer knows when the access token expires. */
export function forgetTokenExpiry(): void {
  expiresAt = null;
}

/** Tokens handed over in a URL (`/authredirect`): no expiry known. */
export function saveBareTokens(access: string, refresh: string | null): void {
  writeKey('AccessToken', access);
  writeKey('Authorization', `Bearer ${access}`);
  writeKey('RefreshToken', refresh);
  expiresAt = null;
}

export function setRent(rent: RentBrief): void {
  writeKey('RentId', rent.id);
  writeKey('RentCity', rent.city);
  writeKey('ShortRentName', rent.shortName);
  session.set((s) => ({
    user: s.user
      ? {
          ...s.user,
          rentId: rent.id,
          rentCode: rent.code,
          rentName: rent.name,
          rentCity: rent.city,
          shortRentName: rent.shortName,
        }
      : null,
  }));
}

/** Forgets everything of the session: storage (spec section 3) and memory (spec section 4). */
export function clearSession(): void {
  clearStorage();
  expiresAt = null;
  session.set(initialState());
}
