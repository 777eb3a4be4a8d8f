import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { wgs84ToGcj02 } from '@fleetdesk/contracts/gcj02';
import { GeocodeCache, type GeocodeProvider, type GeoPoint } from '../geocode.js';
import { AmapGeocodeProvider } from '../geocode-amap.js';
import { NominatimGeocodeProvider } from '../geocode-nominatim.js';
import { SandboxGeocodeProvider } from '../geocode-sandbox.js';

const WENSAN = { lat: 30.2791, lon: 120.1392 }; // on 文三路, Hangzhou
const LUJIAZUI = { lat: 31.2395, lon: 121.4998 };

describe('sandbox geocoder', () => {
  const sandbox = new SandboxGeocodeProvider(0);

  it('names the nearest real road of the demo cities, in both languages, the same every time', async () => {
    expect(sandbox.sandbox).toBe(true);
    expect(await sandbox.reverse(WENSAN, 'zh-CN')).toBe('浙江省杭州市西湖区文三路附近');
    expect(await sandbox.reverse(WENSAN, 'en-US')).toBe('Near Wensan Road, Xihu District, Hangzhou, Zhejiang');
    expect(await sandbox.reverse(LUJIAZUI, 'zh-CN')).toBe('上海市浦东新区陆家嘴环路附近');
    expect(await sandbox.reverse(WENSAN, 'zh-CN')).toBe(await sandbox.reverse(WENSAN, 'zh-CN'));
  });

  it('says the distance beyond 1.5 km, knows nothing far from every city, fails on request', async () => {
    // The far test point of the risk tests, north-east of Hangzhou, some 25 km from the nearest road of the table.
    const far = await sandbox.reverse({ lat: 30.52, lon: 120.61 }, 'zh-CN');
    expect(far).toMatch(/^浙江省杭州市.+（距.+约 \d+\.\d 公里）$/);
    expect(await sandbox.reverse({ lat: 30.52, lon: 120.61 }, 'en-US')).toMatch(/ \(\d+\.\d km from .+\)$/);
    expect(await sandbox.reverse({ lat: 45.0, lon: 90.0 }, 'zh-CN')).toBeNull();
    await expect(sandbox.reverse({ lat: 0, lon: 0 }, 'zh-CN')).rejects.toThrow(/failure on request/);
  });

  it('takes its time like a real service', async () => {
    const slow = new SandboxGeocodeProvider(80);
    const started = Date.now();
    await slow.reverse(WENSAN, 'zh-CN');
    expect(Date.now() - started).toBeGreaterThanOrEqual(70);
  });
});

/** A provider that counts its calls and answers from a function. */
function counting(answer: (p: GeoPoint) => Promise<string | null>): GeocodeProvider & { seen: GeoPoint[] } {
  const seen: GeoPoint[] = [];
  return {
    name: 'sandbox',
    sandbox: true,
    seen,
    reverse: (p) => {
      seen.push(p);
      return answer(p);
    },
  };
}

describe('address cache', () => {
  it('asks once per rounded spot: a list of rows at the same place costs one call', async () => {
    const p = counting(async (x) => `at ${x.lat},${x.lon}`);
    const cache = new GeocodeCache();
    const rows = [
      { lat: 30.27911, lon: 120.13921 },
      { lat: 30.27912, lon: 120.13919 }, // the same 11 m cell
      { lat: 30.2791, lon: 120.1392 },
      { lat: 31.2395, lon: 121.4998 },
    ];
    const first = await cache.lookup(p, 'zh-CN', rows);
    expect(first).toEqual(['at 30.2791,120.1392', 'at 30.2791,120.1392', 'at 30.2791,120.1392', 'at 31.2395,121.4998']);
    expect(p.seen).toEqual([
      { lat: 30.2791, lon: 120.1392 },
      { lat: 31.2395, lon: 121.4998 },
    ]);
    await cache.lookup(p, 'zh-CN', rows);
    expect(p.seen).toHaveLength(2);
    // Another language is another address.
    await cache.lookup(p, 'en-US', rows.slice(0, 1));
    expect(p.seen).toHaveLength(3);
    expect(cache.calls).toBe(3);
  });

  it('keeps "no address" but not a failure, and forgets the least recently used past its size', async () => {
    let fail = true;
    const p = counting(async (x) => {
      if (x.lat === 1 && fail) throw new Error('down');
      return x.lat === 2 ? null : `p${x.lat}`;
    });
    const errors: unknown[] = [];
    const cache = new GeocodeCache(2, (e) => errors.push(e));
    expect(await cache.lookup(p, 'zh-CN', [{ lat: 1, lon: 1 }])).toEqual([null]);
    expect(errors).toHaveLength(1);
    fail = false;
    expect(await cache.lookup(p, 'zh-CN', [{ lat: 1, lon: 1 }])).toEqual(['p1']);
    expect(await cache.lookup(p, 'zh-CN', [{ lat: 2, lon: 2 }])).toEqual([null]);
    expect(await cache.lookup(p, 'zh-CN', [{ lat: 2, lon: 2 }])).toEqual([null]);
    expect(p.seen).toHaveLength(3);
    await cache.lookup(p, 'zh-CN', [{ lat: 1, lon: 1 }]); // 1 used last: 2 is the oldest
    await cache.lookup(p, 'zh-CN', [{ lat: 3, lon: 3 }]);
    expect(cache.size).toBe(2);
    await cache.lookup(p, 'zh-CN', [{ lat: 1, lon: 1 }]);
    expect(p.seen).toHaveLength(4);
    await cache.lookup(p, 'zh-CN', [{ lat: 2, lon: 2 }]);
    expect(p.seen).toHaveLength(5);
  });

  it('shares one call between lookups of the same spot at once', async () => {
    const p = counting((x) => new Promise((r) => setTimeout(() => r(`p${x.lat}`), 30)));
    const cache = new GeocodeCache();
    const [a, b] = await Promise.all([cache.lookup(p, 'zh-CN', [WENSAN]), cache.lookup(p, 'zh-CN', [WENSAN, WENSAN])]);
    expect(a).toEqual(['p30.2791']);
    expect(b).toEqual(['p30.2791', 'p30.2791']);
    expect(p.seen).toHaveLength(1);
  });
});

/** A stand-in for AutoNavi and Nominatim: records what it gets, answers what the test says. */
let server: Server;
let endpoint: string;
let seen: {
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  at: number;
}[] = [];
let answer: (path: string, q: URLSearchParams) => { status?: number; body: unknown } = () => ({
  status: 404,
  body: {},
});

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    seen.push({ path: url.pathname, query: url.searchParams, headers: req.headers, at: Date.now() });
    const a = answer(url.pathname, url.searchParams);
    res.writeHead(a.status ?? 200, { 'content-type': 'application/json;charset=UTF-8' });
    res.end(JSON.stringify(a.body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  seen = [];
});

describe('AutoNavi adapter (v3/geocode/regeo)', () => {
  let amap: AmapGeocodeProvider;
  beforeEach(() => {
    amap = new AmapGeocodeProvider({ key: 'test-key', endpoint });
  });

  it('asks with the key and the GCJ-02 location, answers formatted_address', async () => {
    answer = () => ({
      body: {
        status: '1',
        info: 'OK',
        infocode: '10000',
        regeocode: {
          formatted_address: '浙江省杭州市西湖区西溪街道文三路',
          addressComponent: { province: '浙江省', city: '杭州市', district: '西湖区', township: '西溪街道' },
        },
      },
    });
    expect(await amap.reverse(WENSAN, 'en-US')).toBe('浙江省杭州市西湖区西溪街道文三路');
    expect(seen).toHaveLength(1);
    const s = seen[0]!;
    expect(s.path).toBe('/v3/geocode/regeo');
    expect(s.query.get('key')).toBe('test-key');
    expect(s.query.get('output')).toBe('JSON');
    const [lon, lat] = wgs84ToGcj02(WENSAN.lon, WENSAN.lat);
    expect(s.query.get('location')).toBe(`${lon.toFixed(6)},${lat.toFixed(6)}`);
    // GCJ-02 is offset from the stored WGS-84 by a few hundred metres.
    expect(Math.abs(lon - WENSAN.lon)).toBeGreaterThan(0.002);
  });

  it('no address at sea (an empty array), an error answer and an HTTP failure throw', async () => {
    answer = () => ({ body: { status: '1', info: 'OK', infocode: '10000', regeocode: { formatted_address: [] } } });
    expect(await amap.reverse({ lat: 29.5, lon: 123.5 }, 'zh-CN')).toBeNull();
    answer = () => ({ body: { status: '0', info: 'INVALID_USER_KEY', infocode: '10001' } });
    await expect(amap.reverse(WENSAN, 'zh-CN')).rejects.toThrow(/INVALID_USER_KEY \(10001\)/);
    answer = () => ({ status: 500, body: {} });
    await expect(amap.reverse(WENSAN, 'zh-CN')).rejects.toThrow(/HTTP 500/);
  });

  it('behind the cache: a failure shows as no address and is asked again', async () => {
    const cache = new GeocodeCache(100);
    answer = () => ({ body: { status: '0', info: 'DAILY_QUERY_OVER_LIMIT', infocode: '10003' } });
    expect(await cache.lookup(amap, 'zh-CN', [WENSAN])).toEqual([null]);
    answer = () => ({
      body: { status: '1', info: 'OK', regeocode: { formatted_address: '浙江省杭州市西湖区文三路' } },
    });
    expect(await cache.lookup(amap, 'zh-CN', [WENSAN, WENSAN])).toEqual([
      '浙江省杭州市西湖区文三路',
      '浙江省杭州市西湖区文三路',
    ]);
    expect(await cache.lookup(amap, 'zh-CN', [WENSAN])).toEqual(['浙江省杭州市西湖区文三路']);
    expect(seen).toHaveLength(2);
  });
});

describe('Nominatim adapter (/reverse)', () => {
  it('identifies itself, asks in the reader’s language, in WGS-84, one request a second', async () => {
    const osm = new NominatimGeocodeProvider({ endpoint, userAgent: 'Fleetdesk-test (ops@example.com)' });
    answer = (_p, q) => ({
      body: {
        place_id: 1,
        lat: q.get('lat'),
        lon: q.get('lon'),
        display_name:
          q.get('accept-language') === 'en' ? 'Wensan Road, Xihu District, Hangzhou' : '文三路, 西湖区, 杭州市, 浙江省',
      },
    });
    const [a, b] = await Promise.all([osm.reverse(WENSAN, 'en-US'), osm.reverse(LUJIAZUI, 'zh-CN')]);
    expect(a).toBe('Wensan Road, Xihu District, Hangzhou');
    expect(b).toBe('文三路, 西湖区, 杭州市, 浙江省');
    expect(seen.map((s) => s.path)).toEqual(['/reverse', '/reverse']);
    expect(seen[0]!.headers['user-agent']).toBe('Fleetdesk-test (ops@example.com)');
    expect(seen[0]!.query.get('format')).toBe('jsonv2');
    expect(seen[0]!.query.get('lat')).toBe(String(WENSAN.lat));
    expect(seen[0]!.query.get('lon')).toBe(String(WENSAN.lon));
    expect(seen[1]!.query.get('accept-language')).toBe('zh-CN,zh');
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('"Unable to geocode" is no address; an HTTP refusal throws', async () => {
    const osm = new NominatimGeocodeProvider({ endpoint, userAgent: 'Fleetdesk-test', minIntervalMs: 0 });
    answer = () => ({ body: { error: 'Unable to geocode' } });
    expect(await osm.reverse({ lat: 0.5, lon: -160 }, 'en-US')).toBeNull();
    answer = () => ({ status: 403, body: {} });
    await expect(osm.reverse(WENSAN, 'en-US')).rejects.toThrow(/HTTP 403/);
  });
});
