import { describe, expect, it } from 'vitest';
import { clearSession, saveTokens, session, setRent } from '../session';
import { clearStorage, LANGUAGE_KEY, STORAGE_KEYS } from '../storage';

const answer = {
  access_token: 'a1',
  refresh_token: 'r1',
  token_type: 'bearer' as const,
  expires_in: 7200,
  refresh_expires_in: 100,
  scope: 'server',
  rent: { id: 7, name: 'Hangzhou branch', shortName: 'Hangzhou', code: 'HZ', city: 'Hangzhou' },
  tenant: 'Demo',
  tenantId: 3,
  userId: 1,
  username: 'admin',
};

describe('session storage', () => {
  it('uses exactly the keys of spec section 3', () => {
    expect([...STORAGE_KEYS]).toEqual([
      'Authorization',
      'AccessToken',
      'RefreshToken',
      'TenantId',
      'RentId',
      'RentCity',
      'Imei',
      'ShortRentName',
    ]);
  });

  it('a sign-in stores tokens, tenant and rent', () => {
    saveTokens(answer);
    expect(localStorage.getItem('AccessToken')).toBe('a1');
    expect(localStorage.getItem('Authorization')).toBe('Bearer a1');
    expect(localStorage.getItem('RefreshToken')).toBe('r1');
    expect(localStorage.getItem('TenantId')).toBe('3');
    expect(localStorage.getItem('RentId')).toBe('7');
    expect(localStorage.getItem('RentCity')).toBe('Hangzhou');
    expect(localStorage.getItem('ShortRentName')).toBe('Hangzhou');
  });

  it('switching the rent updates RentId, RentCity and ShortRentName', () => {
    saveTokens(answer);
    setRent({ id: 8, name: 'Shanghai branch', shortName: 'Shanghai', code: 'SH', city: 'Shanghai' });
    expect(localStorage.getItem('RentId')).toBe('8');
    expect(localStorage.getItem('RentCity')).toBe('Shanghai');
    expect(localStorage.getItem('ShortRentName')).toBe('Shanghai');
  });

  it('clearing wipes everything but the chosen language, in storage and in memory', () => {
    saveTokens(answer);
    localStorage.setItem('Imei', '8612');
    localStorage.setItem('anything', 'else');
    localStorage.setItem(LANGUAGE_KEY, 'en-US');
    session.set({ showAd: false, alarmNum: 3, messageTotal: 5 });
    clearSession();
    for (const key of STORAGE_KEYS) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem('anything')).toBeNull();
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('en-US');
    expect(session.get()).toMatchObject({
      user: null,
      membership: null,
      showAd: true,
      settingDebtorPaying: false,
      alarmNum: 0,
      messageTotal: 0,
      routes: [],
    });
    clearStorage();
  });
});
