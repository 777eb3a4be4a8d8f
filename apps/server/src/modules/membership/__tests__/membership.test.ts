import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { daysLeft } from '../membership.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('membership info', () => {
  it('answers days, date, level, code and name for an active tenant', async () => {
    const res = await t.request('GET', '/api/ccwadmin/associatorTenant/info', { as: 'admin' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ associatorLevel: 3, associatorCode: 'ENTERPRISE', associatorName: '旗舰版' });
    expect(data.days).toBeGreaterThanOrEqual(299);
    expect(data.days).toBeLessThanOrEqual(300);
    expect(data.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const en = await t.request('GET', '/api/ccwadmin/associatorTenant/info', { as: 'admin', lang: 'en-US' });
    expect(en.json().data.associatorName).toBe('Enterprise');
  });

  it('answers days -1 once expired, and isEffective false', async () => {
    expect((await t.request('GET', '/api/ccwadmin/associatorTenant/info', { as: 'expired' })).json().data.days).toBe(
      -1,
    );
    expect((await t.request('GET', '/api/ccwadmin/associatorTenant/isEffective', { as: 'expired' })).json().data).toBe(
      false,
    );
    expect((await t.request('GET', '/api/ccwadmin/associatorTenant/isEffective', { as: 'other' })).json().data).toBe(
      true,
    );
  });

  it('turns an active tenant into an expired one when its time passes', async () => {
    t.clock.advance(201 * 86_400_000);
    const token = (await t.signIn('other')).json().access_token as string;
    const info = await t.request('GET', '/api/ccwadmin/associatorTenant/info', { token });
    const business = await t.request('GET', '/api/ccwadmin/operationLog/list', { token });
    t.clock.advance(-201 * 86_400_000);
    expect(info.json().data.days).toBe(-1);
    expect(business.statusCode).toBe(403);
    expect(business.json().status).toBe(40302);
  });
});

describe('daysLeft', () => {
  const now = new Date('2026-11-21T08:00:00Z');
  it('counts a part day as a day and is -1 from the expiry on', () => {
    expect(daysLeft(new Date('2026-11-21T09:00:00Z'), now)).toBe(1);
    expect(daysLeft(new Date('2026-11-23T08:00:00Z'), now)).toBe(2);
    expect(daysLeft(now, now)).toBe(-1);
    expect(daysLeft(new Date('2026-01-01T00:00:00Z'), now)).toBe(-1);
  });
});
