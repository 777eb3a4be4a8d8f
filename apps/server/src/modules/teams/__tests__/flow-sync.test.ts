import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FlowSync, PlatformSetup } from '@fleetdesk/contracts/team-performance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantDays } from '../../../core/tenant-time.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { seedIds } from '../../../test/users.js';
import { runFlowSync, setFlowProvider } from '../flow-sync.service.js';
import { HttpFlowProvider, partnerSignature } from '../platforms/http.js';
import { SandboxFlowProvider } from '../platforms/sandbox.js';

const P = '/api/ccwadmin/teamPerf';
let t: TestApp;
let r: Awaited<ReturnType<typeof seedIds>>;
let today: string;
let yesterday: string;
let tomorrow: string;
const q = async <R>(text: string, params: unknown[] = []) => (await t.deps.database.query<R>(text, params)).rows;

async function setAccounts(body: unknown, as = 'admin') {
  return t.request('PUT', `${P}/platforms`, { as, body });
}
const sync = (body: unknown, as = 'admin') => t.request('POST', `${P}/sync`, { as, body });

/**
 * A local stand-in of the partner flow API (docs/teams.md, "Platform API"): checks the key and the signature, and
 * answers the days it was given in pages of `pageSize`; `fail` makes it answer an error code, `malformed` an item
 * out of shape.
 */
function standIn(secret: string) {
  const state = { days: [] as object[], fail: false, malformed: false, calls: 0, badSignature: 0 };
  const server: Server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      state.calls += 1;
      const sig = partnerSignature(
        secret,
        req.url!,
        String(req.headers['x-timestamp']),
        String(req.headers['x-nonce']),
        body,
      );
      res.setHeader('content-type', 'application/json');
      if (req.headers['x-app-key'] !== 'fleetdesk' || req.headers['x-signature'] !== sig) {
        state.badSignature += 1;
        res.end(JSON.stringify({ code: 40101, message: 'signature mismatch' }));
        return;
      }
      if (state.fail) {
        res.end(JSON.stringify({ code: 50001, message: 'partner suspended' }));
        return;
      }
      const q = JSON.parse(body) as { page: number; pageSize: number };
      // The partner's whole fleet: the platform knows drivers the company does not.
      const mine = state.days;
      const items = mine.slice((q.page - 1) * q.pageSize, q.page * q.pageSize);
      if (state.malformed) items.push({ driverPhone: '13900000000', date: 'yesterday', gmv: 'a lot' });
      res.end(JSON.stringify({ code: 0, message: 'ok', data: { items, hasMore: q.page * q.pageSize < mine.length } }));
    });
  });
  return { server, state };
}

beforeAll(async () => {
  t = await createTestApp();
  r = await seedIds(t);
  const days = await tenantDays(t.deps.db, r.demo, t.clock.now());
  today = days.today;
  yesterday = days.plusDays(-1);
  tomorrow = days.plusDays(1);
});
afterAll(async () => t.close());

describe('platform accounts', () => {
  it('are saved one per platform, by teams:edit only, and shown with the adapter', async () => {
    const twice = await setAccounts([
      { platform: 'didi', partnerId: 'HZ-001', enabled: true },
      { platform: 'didi', partnerId: 'HZ-002', enabled: true },
    ]);
    expect(twice.statusCode).toBe(400);
    expect((await setAccounts([{ platform: 'didi', partnerId: 'bad id!' }])).statusCode).toBe(400);
    expect((await setAccounts([{ platform: 'didi', partnerId: 'HZ-001' }], 'clerk')).statusCode).toBe(403);
    const res = await setAccounts([
      { platform: 'didi', partnerId: 'HZ-001', enabled: true },
      { platform: 'gaode', partnerId: 'AMAP-77', enabled: false },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const setup = res.json().data as PlatformSetup;
    expect(setup).toMatchObject({ provider: 'sandbox', sandbox: true });
    expect(setup.accounts.map((a) => [a.platform, a.enabled, a.lastSync])).toEqual([
      ['didi', true, null],
      ['gaode', false, null],
    ]);
    // Another company has none.
    const other = (await t.request('GET', `${P}/platforms`, { as: 'other' })).json().data as PlatformSetup;
    expect(other.accounts).toEqual([]);
  });
});

describe('a sync through the sandbox', () => {
  it("writes the fleet's active drivers' days once, however often it runs", async () => {
    const from = (await tenantDays(t.deps.db, r.demo, t.clock.now())).plusDays(-3);
    const first = await sync({ platform: 'didi', from, to: yesterday });
    expect(first.statusCode, first.body).toBe(200);
    const done = first.json().data as FlowSync;
    expect(done).toMatchObject({ state: 'done', platform: 'didi', from, to: yesterday, error: null });
    expect(done.written).toBeGreaterThan(0);
    const [{ n }] = (await q<{ n: number }>(
      `select count(*)::int as n from driver_flow_days where tenant_id = $1 and platform = 'didi' and source = 'api'
        and day between $2 and $3`,
      [r.demo, from, yesterday],
    )) as [{ n: number }];
    expect(n).toBe(done.written);
    const again = (await sync({ platform: 'didi', from, to: yesterday })).json().data as FlowSync;
    expect(again.written).toBe(done.written);
    const [{ n: after }] = (await q<{ n: number }>(
      `select count(*)::int as n from driver_flow_days where tenant_id = $1 and platform = 'didi' and source = 'api'
        and day between $2 and $3`,
      [r.demo, from, yesterday],
    )) as [{ n: number }];
    expect(after).toBe(n);
    // Only active drivers of the company are written.
    const stray = await q(
      `select 1 from driver_flow_days f join drivers d on d.tenant_id = f.tenant_id and d.id = f.driver_id
        where f.tenant_id = $1 and f.source = 'api' and d.state <> 'active'`,
      [r.demo],
    );
    expect(stray).toHaveLength(0);
    const history = (await t.request('GET', `${P}/syncs`, { as: 'admin', query: { platform: 'didi' } })).json().data;
    expect(history.total).toBe(2);
    expect(history.records[0].byName).not.toBeNull();
  });

  it('refuses a disabled account, future days and a range over 31 days', async () => {
    expect((await sync({ platform: 'gaode', from: yesterday, to: yesterday })).statusCode).toBe(400);
    expect((await sync({ platform: 'didi', from: today, to: tomorrow })).statusCode).toBe(400);
    expect((await sync({ platform: 'didi', from: '2026-01-01', to: '2026-03-01' })).statusCode).toBe(400);
    expect((await sync({ platform: 'didi', from: yesterday, to: yesterday }, 'clerk')).statusCode).toBe(403);
  });

  it('runs daily for yesterday of each enabled account', async () => {
    const before = (
      await q<{ n: number }>(`select count(*)::int as n from team_flow_syncs where tenant_id = $1`, [r.demo])
    )[0]!.n;
    expect(await runFlowSync(t.deps)).toBe(1);
    const [last] = await q<{ from_day: string; created_by: number | null; state: string }>(
      `select from_day::text, created_by, state from team_flow_syncs where tenant_id = $1 order by id desc limit 1`,
      [r.demo],
    );
    expect(last).toEqual({ from_day: yesterday, created_by: null, state: 'done' });
    expect(
      (await q<{ n: number }>(`select count(*)::int as n from team_flow_syncs where tenant_id = $1`, [r.demo]))[0]!.n,
    ).toBe(before + 1);
  });
});

describe('the partner API adapter', () => {
  const secret = 's3cret';
  let stand: ReturnType<typeof standIn>;
  let driver: { id: number; phone: string };

  beforeAll(async () => {
    stand = standIn(secret);
    await new Promise<void>((resolve) => stand.server.listen(0, '127.0.0.1', resolve));
    const { port } = stand.server.address() as AddressInfo;
    setFlowProvider(
      t.deps,
      new HttpFlowProvider({
        url: `http://127.0.0.1:${port}/flow`,
        key: 'fleetdesk',
        secret,
        now: () => t.clock.now(),
      }),
    );
    const [d] = await q<{ id: number; phone: string }>(
      `select id, phone from drivers where tenant_id = $1 and state = 'active' and deleted_at is null order by id limit 1`,
      [r.demo],
    );
    driver = { id: Number(d!.id), phone: d!.phone };
  });
  afterAll(async () => {
    setFlowProvider(t.deps, new SandboxFlowProvider());
    await new Promise((resolve) => stand.server.close(resolve));
  });

  it('reads every page of signed answers and writes yuan as fen, minutes from seconds', async () => {
    stand.state.days = Array.from({ length: 450 }, (_, i) => ({
      driverPhone: i === 0 ? driver.phone : `1390000${String(i).padStart(4, '0')}`,
      date: yesterday,
      onlineSeconds: 36_000,
      orderCount: 20,
      gmv: '812.5',
    }));
    const res = await sync({ platform: 'didi', from: yesterday, to: yesterday });
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json().data as FlowSync;
    expect(stand.state.badSignature).toBe(0);
    expect(stand.state.calls).toBe(3); // 200 + 200 + 50
    expect(done).toMatchObject({ fetched: 450, written: 1, unknown: 449, state: 'done' });
    expect(done.unknownPhones).toHaveLength(10);
    expect(done.unknownPhones[0]).toContain('****');
    const [day] = await q<{ online_minutes: number; orders: number; flow_fen: number; source: string }>(
      `select online_minutes, orders, flow_fen::int, source from driver_flow_days
        where tenant_id = $1 and driver_id = $2 and day = $3 and platform = 'didi'`,
      [r.demo, driver.id, yesterday],
    );
    expect(day).toEqual({ online_minutes: 600, orders: 20, flow_fen: 81_250, source: 'api' });
  });

  it('records a refusal or a malformed answer as a failed sync and writes nothing of it', async () => {
    stand.state.days = [{ driverPhone: driver.phone, date: yesterday, onlineSeconds: 60, orderCount: 1, gmv: '1.00' }];
    stand.state.fail = true;
    const refused = await sync({ platform: 'didi', from: yesterday, to: yesterday });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('partner suspended');
    stand.state.fail = false;
    stand.state.malformed = true;
    const bad = await sync({ platform: 'didi', from: yesterday, to: yesterday });
    expect(bad.statusCode).toBe(409);
    stand.state.malformed = false;
    const [day] = await q<{ orders: number }>(
      `select orders from driver_flow_days where tenant_id = $1 and driver_id = $2 and day = $3 and platform = 'didi'`,
      [r.demo, driver.id, yesterday],
    );
    expect(day!.orders).toBe(20);
    const setup = (await t.request('GET', `${P}/platforms`, { as: 'admin' })).json().data as PlatformSetup;
    const didi = setup.accounts.find((a) => a.platform === 'didi')!;
    expect(didi.lastSync).toMatchObject({ state: 'failed', written: 0 });
    expect(didi.lastSync!.error).toContain('out of shape');
  });
});
