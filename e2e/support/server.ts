import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';

export const BASIC = `Basic ${Buffer.from('fleetdesk-web:fleetdesk-web').toString('base64')}`;

export const ACCOUNTS = {
  admin: { username: 'admin', password: 'Admin@123', phone: '13800000001' },
  clerk: { username: 'clerk', password: 'Clerk@123', phone: '13800000002' },
  other: { username: 'other', password: 'Other@123', phone: '13900000001' },
  expired: { username: 'expired', password: 'Expired@123', phone: '13700000001' },
} as const;
export type AccountName = keyof typeof ACCOUNTS;

/** The keys of spec section 3. */
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

export interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  tenantId: number;
  rent: { id: number; city: string; shortName: string } | null;
}

/** Signs in through the API, as the web client does (client credential, password grant). */
export async function apiSignIn(request: APIRequestContext, account: AccountName): Promise<TokenAnswer> {
  const { username, password } = ACCOUNTS[account];
  const response = await request.post('/api/auth/oauth/token', {
    headers: { Authorization: BASIC },
    form: { username, password, grant_type: 'password', type: '1' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as TokenAnswer;
}

/** What the web app keeps in localStorage after a sign-in. */
export function sessionStorageEntries(answer: TokenAnswer): { name: string; value: string }[] {
  const entries: Record<string, string> = {
    Authorization: `Bearer ${answer.access_token}`,
    AccessToken: answer.access_token,
    RefreshToken: answer.refresh_token,
    TenantId: String(answer.tenantId),
  };
  if (answer.rent) {
    entries.RentId = String(answer.rent.id);
    entries.RentCity = answer.rent.city;
    entries.ShortRentName = answer.rent.shortName;
  }
  return Object.entries(entries).map(([name, value]) => ({ name, value }));
}

interface LogLine {
  msg?: string;
  phone?: string;
  code?: string;
  time?: number;
}

/**
 * The newest sandbox SMS code the server logged for a phone after `since` (ms since epoch): a sign-in or reset
 * code, or an employee's invitation code.
 */
export async function smsCode(phone: string, since: number): Promise<string> {
  const file = process.env.FLEETDESK_E2E_LOG!;
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const lines = readFileSync(file, 'utf8').split('\n');
        found = lines
          .filter((l) => /sandbox SMS (invitation )?code/.test(l))
          .map((l) => JSON.parse(l) as LogLine)
          .filter((l) => l.phone === phone && (l.time ?? 0) >= since)
          .at(-1)?.code;
        return found;
      },
      { message: `an SMS code for ${phone} in the server log`, timeout: 10_000 },
    )
    .toBeTruthy();
  return found!;
}

/**
 * A page of a new browser context signed in as `username` through the API, as the web client does after its
 * sign-in (the tokens in localStorage), in Chinese unless told otherwise.
 */
export async function signedInPage(
  browser: Browser,
  baseURL: string,
  username: string,
  password: string,
  lang: 'zh-CN' | 'en-US' = 'zh-CN',
): Promise<Page> {
  const api = await browser.newContext({ baseURL });
  const response = await api.request.post('/api/auth/oauth/token', {
    headers: { Authorization: BASIC },
    form: { username, password, grant_type: 'password', type: '1' },
  });
  expect(response.status(), await response.text()).toBe(200);
  const answer = (await response.json()) as TokenAnswer;
  await api.close();
  const context = await browser.newContext({
    baseURL,
    storageState: { cookies: [], origins: [{ origin: baseURL, localStorage: sessionStorageEntries(answer) }] },
  });
  await context.addInitScript((l) => localStorage.setItem('fleetdesk.lang', l), lang);
  return context.newPage();
}
