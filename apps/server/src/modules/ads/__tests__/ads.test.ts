import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('index/ad', () => {
  it('lists the running ads of the platform, in the language asked', async () => {
    const zh = (await t.request('GET', '/api/ccwadmin/index/ad', { as: 'clerk', query: { platform: 'Web' } })).json()
      .data;
    expect(zh).toHaveLength(2);
    expect(zh[0]).toMatchObject({ platform: 'Web', imageUrl: '/ads/gps-risk.svg', linkUrl: '/riskGpsMap' });
    const en = (
      await t.request('GET', '/api/ccwadmin/index/ad', { as: 'clerk', query: { platform: 'Web' }, lang: 'en-US' })
    ).json().data;
    expect(en[1].title).toBe('Pay yearly and save 20% on your membership');
  });

  it('leaves out other platforms, inactive ads and ads outside their window', async () => {
    expect(
      (await t.request('GET', '/api/ccwadmin/index/ad', { as: 'admin', query: { platform: 'App' } })).json().data,
    ).toEqual([]);
    await t.deps.database.query(
      `update ads set ends_at = now() - interval '1 day' where image_url = '/ads/membership.svg'`,
    );
    const rows = (await t.request('GET', '/api/ccwadmin/index/ad', { as: 'admin' })).json().data;
    expect(rows.map((a: { imageUrl: string }) => a.imageUrl)).toEqual(['/ads/gps-risk.svg']);
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/ccwadmin/index/ad' })).statusCode).toBe(401);
  });
});
