import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { addUser, seedIds } from '../../../../test/users.js';
import { geocodingOf } from '../../geocode.service.js';

const SUMMARY = (id: number) => `/api/ccwgps/risk/contract/${id}`;
const REVERSE = '/api/ccwgps/geocode/reverse';
let t: TestApp;
let ids: Awaited<ReturnType<typeof seedIds>>;

beforeAll(async () => {
  t = await createTestApp();
  ids = await seedIds(t);
});
afterAll(async () => t.close());

const q = async <R>(text: string, params: unknown[] = []) => (await t.deps.database.query<R>(text, params)).rows;

/** The demo's overdue contract with an open case: 浙AF20318's (a month overdue, left its geofences). */
async function overdueContract() {
  const [r] = await q<{ contract_id: number; case_id: number; car_id: number; rule: string }>(
    `select rc.contract_id::int, rc.id::int as case_id, rc.car_id::int, rc.rule from gps_risk_cases rc
     join cars c on c.id = rc.car_id where c.plate = '浙AF20318' and rc.state <> 'closed'`,
  );
  return r!;
}

/** A role of the demo tenant with the given grants (data scope: assigned rents). */
async function role(code: string, grants: string[]) {
  const [r] = await q<{ id: number }>(
    `insert into roles (tenant_id, code, name, data_scope) values ($1, $2, $2, 'assigned') returning id::int`,
    [ids.demo, code],
  );
  await q(`insert into role_grants (tenant_id, role_id, code) select $1, $2, c from unnest($3::text[]) c`, [
    ids.demo,
    r!.id,
    grants,
  ]);
  return r!.id;
}

describe('a contract’s risk summary', () => {
  it('answers the overdue rent, the open case and the car’s last position with its address', async () => {
    const k = await overdueContract();
    const res = await t.request('GET', SUMMARY(k.contract_id), { as: 'admin' });
    expect(res.statusCode).toBe(200);
    const s = res.json().data;
    expect(s).toMatchObject({
      contractId: k.contract_id,
      carId: k.car_id,
      plate: '浙AF20318',
      gpsVisible: true,
      riskCase: { id: k.case_id, rule: k.rule, state: 'open' },
    });
    expect(s.contractNo).toMatch(/^HT/);
    // As the engine counts it: the case's own figures of its last evaluation are the same.
    const [ev] = await q<{ fen: string; days: number }>(
      `select evidence->>'overdueFen' as fen, (evidence->>'overdueDays')::int as days from gps_risk_cases where id = $1`,
      [k.case_id],
    );
    expect(s.overdueAmount).toBeCloseTo(Number(ev!.fen) / 100, 2);
    expect(s.overdueDays).toBe(ev!.days);
    expect(s.overdueDays).toBeGreaterThan(20);
    const [last] = await q<{ imei: string; lat: number; lon: number }>(
      `select d.imei, l.lat, l.lon from gps_devices d join gps_last_positions l on l.device_id = d.id
       where d.car_id = $1 and d.is_default`,
      [k.car_id],
    );
    expect(s.position).toMatchObject({ imei: last!.imei, lat: last!.lat, lon: last!.lon, addressSandbox: true });
    // Silent for a day: offline.
    expect(s.position.online).toBe(false);
    expect(s.position.address).toMatch(/^浙江省杭州市/);
    const en = await t.request('GET', SUMMARY(k.contract_id), { as: 'admin', lang: 'en-US' });
    expect(en.json().data.position.address).toMatch(/Hangzhou, Zhejiang/);
  });

  it('a contract that owes nothing: no overdue figures and no case', async () => {
    const [k] = await q<{ id: number }>(
      `select k.id::int from rental_contracts k join tenants t on t.id = k.tenant_id where t.code = 'DEMO'
         and not exists (select 1 from gps_risk_cases rc where rc.car_id = k.car_id and rc.state <> 'closed')
         and not exists (select 1 from rental_payment_lines l join rental_contracts g on g.id = l.contract_id
                           where g.group_no = k.group_no and l.state in ('unpaid', 'partial')
                             and l.due_date <= $1::date + 1)
       order by k.id limit 1`,
      [t.clock.now().toISOString().slice(0, 10)],
    );
    const s = (await t.request('GET', SUMMARY(k!.id), { as: 'admin' })).json().data;
    expect(s).toMatchObject({ overdueAmount: 0, overdueDays: 0, riskCase: null, gpsVisible: true });
  });

  it('without riskGpsMap:view: the figures only; without the contracts screen: refused', async () => {
    const k = await overdueContract();
    const contractsOnly = await addUser(t, 'contracts-only', {
      roleIds: [await role('contractsOnly', ['rentContract', 'rentContract:view'])],
      rentIds: [ids.hz],
    });
    const s = (await t.request('GET', SUMMARY(k.contract_id), { token: contractsOnly.token })).json().data;
    expect(s).toMatchObject({ gpsVisible: false, riskCase: null, position: null });
    expect(s.overdueDays).toBeGreaterThan(20);
    // The clerk sees cars and drivers only.
    expect((await t.request('GET', SUMMARY(k.contract_id), { as: 'clerk' })).statusCode).toBe(403);
    expect(
      (await t.request('POST', REVERSE, { as: 'clerk', body: { points: [{ lat: 30, lon: 120 }] } })).statusCode,
    ).toBe(403);
  });

  it('a contract outside the caller’s rents, of another tenant, or unknown: 404', async () => {
    const k = await overdueContract();
    const shanghai = await addUser(t, 'sh-risk', {
      roleIds: [await role('shRisk', ['rentContract', 'rentContract:view', 'riskGpsMap', 'riskGpsMap:view'])],
      rentIds: [ids.sh],
    });
    expect((await t.request('GET', SUMMARY(k.contract_id), { token: shanghai.token })).statusCode).toBe(404);
    expect((await t.request('GET', SUMMARY(k.contract_id), { as: 'other' })).statusCode).toBe(404);
    expect((await t.request('GET', SUMMARY(99_999_999), { as: 'admin' })).statusCode).toBe(404);
  });
});

describe('the geocode call', () => {
  it('names a page of positions in one call, asking the provider once per spot', async () => {
    const g = geocodingOf(t.deps);
    const before = g.cache.calls;
    const points = [
      { lat: 31.23951, lon: 121.49981 },
      { lat: 31.23952, lon: 121.49979 },
      { lat: 39.9087, lon: 116.3975 },
    ];
    const res = await t.request('POST', REVERSE, { as: 'admin', body: { points } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      provider: 'sandbox',
      sandbox: true,
      addresses: ['上海市浦东新区陆家嘴环路附近', '上海市浦东新区陆家嘴环路附近', '北京市东城区东长安街附近'],
    });
    expect(g.cache.calls - before).toBe(2);
    await t.request('POST', REVERSE, { as: 'admin', body: { points } });
    expect(g.cache.calls - before).toBe(2);
  });

  it('validates the points', async () => {
    const many = Array.from({ length: 101 }, () => ({ lat: 30, lon: 120 }));
    expect((await t.request('POST', REVERSE, { as: 'admin', body: { points: many } })).statusCode).toBe(400);
    expect((await t.request('POST', REVERSE, { as: 'admin', body: { points: [] } })).statusCode).toBe(400);
    expect(
      (await t.request('POST', REVERSE, { as: 'admin', body: { points: [{ lat: 91, lon: 0 }] } })).statusCode,
    ).toBe(400);
  });
});

describe('GEOCODE_PROVIDER=tenant: the tenant’s map provider', () => {
  let server: Server;
  let endpoint = '';
  const seen: string[] = [];
  let live: TestApp;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url!, 'http://x');
      seen.push(url.pathname);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          url.pathname === '/v3/geocode/regeo'
            ? {
                status: '1',
                info: 'OK',
                infocode: '10000',
                regeocode: { formatted_address: '浙江省杭州市西湖区文三路' },
              }
            : { display_name: 'Wensan Road, Xihu District, Hangzhou' },
        ),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    live = await createTestApp({
      config: {
        GEOCODE_PROVIDER: 'tenant',
        GEOCODE_AMAP_KEY: 'k',
        GEOCODE_AMAP_ENDPOINT: endpoint,
        GEOCODE_NOMINATIM_ENDPOINT: endpoint,
      },
    });
  });
  afterAll(async () => {
    await live.close();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('AutoNavi for a tenant on AutoNavi tiles, Nominatim after it switches to OpenStreetMap', async () => {
    const body = { points: [{ lat: 30.2791, lon: 120.1392 }] };
    const amap = (await live.request('POST', REVERSE, { as: 'admin', body })).json().data;
    expect(amap).toEqual({ provider: 'amap', sandbox: false, addresses: ['浙江省杭州市西湖区文三路'] });
    const [demo] = (await live.deps.database.query<{ id: number }>(`select id::int from tenants where code = 'DEMO'`))
      .rows;
    await live.deps.database.query(
      `insert into tenant_settings (tenant_id, rules) values ($1, '{"mapTiles": "osm"}'::jsonb)
       on conflict (tenant_id) do update set rules = tenant_settings.rules || excluded.rules`,
      [demo!.id],
    );
    const osm = (await live.request('POST', REVERSE, { as: 'admin', body, lang: 'en-US' })).json().data;
    expect(osm).toEqual({ provider: 'nominatim', sandbox: false, addresses: ['Wensan Road, Xihu District, Hangzhou'] });
    expect(seen).toEqual(['/v3/geocode/regeo', '/reverse']);
  });
});
