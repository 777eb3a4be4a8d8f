import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATE_PROVINCES } from '@fleetdesk/contracts/identifiers';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('provinces', () => {
  it('lists the 31 provinces with their plate characters, to any signed-in user', async () => {
    const res = await t.request('GET', '/api/ccwadmin/commonArea/province', { as: 'clerk' });
    expect(res.statusCode).toBe(200);
    const list = res.json().data;
    expect(list).toHaveLength(31);
    expect(list.find((p: { code: string }) => p.code === '33')).toEqual({
      code: '33',
      name: '浙江省',
      nameEn: 'Zhejiang',
      plate: '浙',
      capital: '杭州',
    });
    expect(new Set(list.map((p: { plate: string }) => p.plate))).toEqual(new Set(PLATE_PROVINCES.split('')));
    expect((await t.request('GET', '/api/ccwadmin/commonArea/province')).statusCode).toBe(401);
  });
});
