import { describe, expect, it } from 'vitest';
import { actionOf, redact } from '../audit.js';
import { ManualClock } from '../clock.js';
import { literalOf, openPglite } from '../db.js';
import { FileUrls, tenantOfKey } from '../file-urls.js';
import { resolveLang, translate } from '../i18n.js';
import { hashPassword, verifyPassword } from '../password.js';
import { effectivePermissions } from '../permissions.js';
import { percentEncode, signRpc } from '../providers/sms-aliyun.js';
import { localiseIssue } from '../validation.js';
import { z } from 'zod';

describe('effectivePermissions', () => {
  it('grants what roles grant within the plan; elements need their menu, child menus their parent', () => {
    const p = effectivePermissions({
      grants: ['rentCar', 'rentCar:view', 'rentCar:add', 'crm:view', 'oaDepart', 'finance', 'finance:view'],
      allPermissions: false,
      planMenus: ['rentCar', 'crm', 'oa', 'oaDepart'],
    });
    expect([...p.menus]).toEqual(['rentCar']);
    expect([...p.elements].sort()).toEqual(['rentCar:add', 'rentCar:view']);
  });

  it('gives an all-permissions role everything of the plan', () => {
    const p = effectivePermissions({ grants: [], allPermissions: true, planMenus: ['rentCar', 'oa', 'oaDepart'] });
    expect([...p.menus]).toEqual(['rentCar', 'oa', 'oaDepart']);
    expect(p.elements.has('oaDepart:import')).toBe(true);
    expect(p.elements.has('crm:view')).toBe(false);
  });
});

describe('passwords', () => {
  it('verifies the right password only, with the cost stored in the hash', async () => {
    const hash = await hashPassword('Secret123', 12);
    expect(hash).toMatch(/^scrypt\$12\$8\$1\$/);
    expect(await verifyPassword('Secret123', hash)).toBe(true);
    expect(await verifyPassword('Secret124', hash)).toBe(false);
    expect(await verifyPassword('Secret123', 'garbage')).toBe(false);
  });
});

describe('languages', () => {
  it('picks en-US only when English comes first', () => {
    expect(resolveLang('en-US,en;q=0.9')).toBe('en-US');
    expect(resolveLang('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh-CN');
    // q-weights decide, not the order; among equal weights the first wins; q=0 means "not this".
    expect(resolveLang('zh-CN;q=0.5,en-GB;q=0.9')).toBe('en-US');
    expect(resolveLang('fr, en;q=0.7, zh;q=0.8')).toBe('zh-CN');
    expect(resolveLang('en;q=0, zh-TW')).toBe('zh-CN');
    expect(resolveLang('de, fr;q=0.9')).toBe('zh-CN');
    expect(resolveLang('en-US;q=1.0, zh-CN;q=1.0')).toBe('en-US');
    expect(resolveLang('en;q=abc, zh;q=0.1')).toBe('zh-CN');
    expect(resolveLang(undefined)).toBe('zh-CN');
    expect(translate('en-US', 'error.tooManyRequests', { seconds: 5 })).toBe('Too many attempts; try again in 5 s');
  });

  it("localises zod's own messages and our v.* keys", () => {
    const r = z
      .object({ n: z.string().min(2), p: z.string().regex(/^1/, { message: 'v.mobile' }) })
      .safeParse({ n: 'a', p: '2' }, { reportInput: true });
    const [min, mobile] = r.error!.issues;
    expect(localiseIssue(min!, 'zh-CN')).toMatch(/[\u4e00-\u9fff]/);
    expect(localiseIssue(min!, 'en-US')).toMatch(/Too small/);
    expect(localiseIssue(mobile!, 'en-US')).toBe('Enter a valid mobile number');
  });
});

describe('operation log helpers', () => {
  it('masks secrets at any depth', () => {
    expect(
      redact({ name: 'a', password: 'x', nested: { verify: '1', token: 't', keep: 1 }, list: [{ secret: 's' }] }),
    ).toEqual({
      name: 'a',
      password: '***',
      nested: { verify: '***', token: '***', keep: 1 },
      list: [{ secret: '***' }],
    });
  });

  it('names actions after the route', () => {
    expect(actionOf('PUT', '/api/ccwadmin/rentCar/update/:id', { id: 1 })).toBe('rentCar.update');
    expect(actionOf('PUT', '/api/ccwadmin/rentCar/:action/:id', { action: 'idle', id: 1 })).toBe('rentCar.idle');
    expect(actionOf('DELETE', '/api/ccwgps/geofence/:id', { id: 1 })).toBe('geofence.delete');
    expect(actionOf('DELETE', '/api/ccwadmin/rentCarType/delete/:id', { id: 1 })).toBe('rentCarType.delete');
  });
});

describe('file URLs', () => {
  const clock = new ManualClock(new Date('2026-11-21T00:00:00Z'));
  const urls = new FileUrls('k'.repeat(32), clock, 60, 'old.example.com');

  it('reads keys only from our own paths', () => {
    expect(urls.keyOf('/api/tool/oss/file/t3/car/2026/11/a.png?exp=1&sig=x')).toBe('t3/car/2026/11/a.png');
    expect(urls.keyOf('https://fleetdesk.example/api/tool/oss/file/t3/a.png')).toBe('t3/a.png');
    // Dot segments are resolved as a browser would; encoded ones never leave the tenant's folder.
    expect(urls.keyOf('/api/tool/oss/file/t3/../t4/a.png')).toBe('t4/a.png');
    expect(urls.keyOf('/api/tool/oss/file/t3/..%2f..%2fetc/passwd')).toBeNull();
    expect(urls.keyOf('/elsewhere/t3/a.png')).toBeNull();
    expect(tenantOfKey('t42/x')).toBe(42);
  });

  it('signs for a while', () => {
    const signed = urls.sign(3, '/api/tool/oss/file/t3/a.png')!;
    const q = new URL(signed, 'http://x').searchParams;
    expect(urls.verify('t3/a.png', Number(q.get('exp')), q.get('sig')!)).toBe(true);
    expect(urls.verify('t4/a.png', Number(q.get('exp')), q.get('sig')!)).toBe(false);
    clock.advance(61_000);
    expect(urls.verify('t3/a.png', Number(q.get('exp')), q.get('sig')!)).toBe(false);
  });
});

describe('Aliyun SMS signature', () => {
  it("matches the signature of Alibaba Cloud's documented SendSms example", () => {
    const params = {
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'XML',
      OutId: '123',
      PhoneNumbers: '15300000001',
      RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"customer":"test"}',
      Timestamp: '2017-07-12T02:42:19Z',
      Version: '2017-05-25',
    };
    expect(signRpc(params, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
    expect(percentEncode("a b*c~d'(e)!")).toBe('a%20b%2Ac~d%27%28e%29%21');
  });
});

describe('prepared statement literals (PGlite EXECUTE)', () => {
  it('quotes text, numbers and arrays so that PostgreSQL reads back the same values', async () => {
    expect(literalOf("O'Brien")).toBe("'O''Brien'");
    expect(literalOf(42)).toBe("'42'");
    expect(literalOf([1, 2, 3])).toBe(`'{"1","2","3"}'`);
    expect(literalOf(['a"b', 'c\\d', "e'f"])).toBe(`'{"a\\"b","c\\\\d","e''f"}'`);
    const db = await openPglite();
    try {
      const { rows } = await db.query<{ t: string; n: string; a: number[]; s: string[] }>(
        `select ${literalOf("O'Brien")}::text as t, ${literalOf(42)}::int8 as n, ${literalOf([1, 2, 3])}::int8[] as a,
          ${literalOf(['a"b', 'c\\d', "e'f"])}::text[] as s`,
      );
      expect(rows[0]).toEqual({ t: "O'Brien", n: 42, a: [1, 2, 3], s: ['a"b', 'c\\d', "e'f"] });
    } finally {
      await db.close();
    }
  });
});
