import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrmPaths as P, type CrmForm, type PublicLeadForm } from '@fleetdesk/contracts/crm';
import { MessageCategory } from '@fleetdesk/contracts/messages';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { data, lead, nextPhone, path, q, seeded } from './open.fixtures.js';

let t: TestApp;
let ids: Awaited<ReturnType<typeof seeded>>;
let form: CrmForm;
let ipSeq = 0;
const nextIp = () => `10.30.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, o: Parameters<TestApp['request']>[2] = {}) =>
  t.request(method, url, { as: 'admin', ...o });

function open(method: 'GET' | 'POST', key: string, body?: unknown, ip = nextIp()) {
  return t.app.inject({
    method,
    url: path(P.openLeadForm, { key }),
    remoteAddress: ip,
    ...(body !== undefined ? { payload: body as never } : {}),
  });
}

const leadsOf = (phone: string) =>
  q<{
    id: number;
    source: string;
    intent: string;
    owner_id: number | null;
    rent_id: number;
    remark: string | null;
    form_ip: string | null;
    created_by: number | null;
    state: string;
  }>(
    t,
    `select id, source, intent, owner_id, rent_id, remark, form_ip, created_by, state from crm_leads
     where tenant_id = $1 and phone = $2`,
    [ids.demo, phone],
  );

beforeAll(async () => {
  t = await createTestApp();
  ids = await seeded(t);
  form = await data<CrmForm>(await call('GET', P.formGet));
});
afterAll(async () => t.close());

describe('the form settings', () => {
  it('reads the form (made once), saves it with the rent and owner, regenerates the key', async () => {
    expect(form.key).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(form.path).toBe(`/survey/lead/${form.key}`);
    expect((await data<CrmForm>(await call('GET', P.formGet))).key).toBe(form.key);
    const saved = await data<CrmForm>(
      await call('PUT', P.formSave, { body: { enabled: true, rentId: ids.hz, ownerId: null, version: form.version } }),
    );
    expect(saved).toMatchObject({ enabled: true, rentId: ids.hz, rentName: '演示租车杭州分公司', ownerId: null });
    expect(saved.key).toBe(form.key);
    const stale = await call('PUT', P.formSave, {
      body: { enabled: true, rentId: ids.hz, ownerId: null, version: form.version },
    });
    expect(stale.statusCode).toBe(409);
    const renewed = await data<CrmForm>(
      await call('PUT', P.formSave, { body: { enabled: true, rentId: ids.hz, ownerId: null, regenerate: true } }),
    );
    expect(renewed.key).not.toBe(form.key);
    expect((await open('GET', form.key)).statusCode).toBe(404);
    form = renewed;
  });

  it('refuses an owner who cannot own the rent’s leads (400), a rent out of scope (403), no permission (403)', async () => {
    const bad = await call('PUT', P.formSave, {
      body: { enabled: true, rentId: ids.hz, ownerId: ids.user('other') },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('ownerId');
    expect((await call('PUT', P.formSave, { body: { enabled: true, rentId: ids.bj, ownerId: null } })).statusCode).toBe(
      403,
    );
    expect((await call('GET', P.formGet, { as: 'clerk' })).statusCode).toBe(403);
    expect(
      (await call('PUT', P.formSave, { as: 'clerk', body: { enabled: true, rentId: ids.hz, ownerId: null } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', P.formSave, { body: { enabled: 'yes', rentId: ids.hz, ownerId: null } })).statusCode,
    ).toBe(400);
    // Another tenant has its own form.
    const other = await data<CrmForm>(await call('GET', P.formGet, { as: 'other' }));
    expect(other.key).not.toBe(form.key);
    expect(other.enabled).toBe(false);
    expect((await open('GET', other.key)).statusCode).toBe(404);
  });
});

describe('the public form', () => {
  it('answers the company and the choices; 404 for an unknown key', async () => {
    const page = (await open('GET', form.key)).json().data as PublicLeadForm;
    expect(page.tenantName).toBe('演示租车 Demo Rentals');
    expect(page.kinds.map((k) => k.value)).toEqual(['person', 'company']);
    expect(page.contractKinds.map((k) => k.value)).toEqual(['longTerm', 'rentToOwn', 'shortTerm']);
    expect((await open('GET', 'A'.repeat(24))).json().message).toBe('表单不存在或已停用');
    expect((await open('GET', 'short')).statusCode).toBe(400);
  });

  it('makes a pool lead from the online form (owner log create by nobody)', async () => {
    const phone = nextPhone();
    const res = await open(
      'POST',
      form.key,
      {
        name: '网上客户',
        phone,
        kind: 'person',
        wantedCar: '比亚迪秦 PLUS',
        contractKind: 'rentToOwn',
        message: '想了解以租代购',
      },
      '10.30.200.1',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ ok: true });
    const [l] = await leadsOf(phone);
    expect(l).toMatchObject({
      source: 'onlineForm',
      intent: 'medium',
      owner_id: null,
      rent_id: ids.hz,
      remark: '想了解以租代购',
      form_ip: '10.30.200.1',
      created_by: null,
      state: 'new',
    });
    const log = await q<{ action: string; by_user: number | null; to_user: number | null }>(
      t,
      `select action, by_user, to_user from crm_owner_log where lead_id = $1`,
      [l!.id],
    );
    expect(log).toEqual([{ action: 'create', by_user: null, to_user: null }]);
  });

  it('gives the form’s leads to its owner when it has one', async () => {
    const admin = ids.user('admin');
    form = await data<CrmForm>(
      await call('PUT', P.formSave, { body: { enabled: true, rentId: ids.sh, ownerId: admin } }),
    );
    expect(form.ownerName).toBe('张伟');
    const phone = nextPhone();
    expect(
      (await open('POST', form.key, { name: '企业客户', phone, kind: 'company', companyName: '杭州快车科技' }))
        .statusCode,
    ).toBe(200);
    const [l] = await leadsOf(phone);
    expect(Number(l!.owner_id)).toBe(admin);
    expect(Number(l!.rent_id)).toBe(ids.sh);
    const bad = await open('POST', form.key, { name: '企业客户', phone: nextPhone(), kind: 'company' });
    expect(bad.statusCode).toBe(400);
    expect((await open('POST', form.key, { name: '号码错', phone: '12345' })).statusCode).toBe(400);
  });

  it('keeps nothing when the honeypot is filled, and answers as a success', async () => {
    const phone = nextPhone();
    const res = await open('POST', form.key, { name: '机器人', phone, website: 'http://spam.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ ok: true });
    expect(await leadsOf(phone)).toEqual([]);
  });

  it('answers a known open phone as a success, keeps nothing new and tells the lead’s owner', async () => {
    const owner = ids.user('admin');
    const phone = nextPhone();
    const id = await lead(t, { tenantId: ids.demo, rentId: ids.hz, phone, ownerId: owner, name: '老客户' });
    const before = await q<{ n: number }>(
      t,
      `select count(*)::int as n from push_records where tenant_id = $1 and user_id = $2 and category = $3`,
      [ids.demo, owner, MessageCategory.customers],
    );
    const res = await open('POST', form.key, { name: '老客户', phone, message: '再问一下价格' });
    expect(res.statusCode).toBe(200);
    expect(await leadsOf(phone)).toHaveLength(1);
    await t.deps.events.settled();
    const msgs = await q<{ n: number; link: string; content: string }>(
      t,
      `select link, content from push_records where tenant_id = $1 and user_id = $2 and category = $3
       order by id desc limit 1`,
      [ids.demo, owner, MessageCategory.customers],
    );
    expect(msgs[0]!.link).toBe(`/crm/lead/${id}`);
    expect(msgs[0]!.content).toContain(phone);
    const after = await q<{ n: number }>(
      t,
      `select count(*)::int as n from push_records where tenant_id = $1 and user_id = $2 and category = $3`,
      [ids.demo, owner, MessageCategory.customers],
    );
    expect(after[0]!.n).toBe(before[0]!.n + 1);
    // A lost lead's phone is not open: a new lead.
    const lostPhone = nextPhone();
    await lead(t, { tenantId: ids.demo, rentId: ids.hz, phone: lostPhone, state: 'lost' });
    expect((await open('POST', form.key, { name: '回头客', phone: lostPhone })).statusCode).toBe(200);
    expect((await leadsOf(lostPhone)).map((l) => l.state).sort()).toEqual(['lost', 'new']);
  });

  it('takes 5 submissions of an IP in 10 minutes (429 with Retry-After), whatever they are', async () => {
    const ip = '10.31.0.1';
    for (let i = 0; i < 5; i++)
      expect((await open('POST', form.key, { name: 'x', phone: 'bad' }, ip)).statusCode).toBe(400);
    const refused = await open('POST', form.key, { name: '客户', phone: nextPhone() }, ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await open('POST', form.key, { name: '客户', phone: nextPhone() }, '10.31.0.2')).statusCode).toBe(200);
    t.clock.advance(600_000);
    expect((await open('POST', form.key, { name: '客户', phone: nextPhone() }, ip)).statusCode).toBe(200);
  });

  it('takes 200 submissions of a form an hour', async () => {
    const [row] = await q<{ tenant_id: number }>(t, `select tenant_id from crm_forms where key = $1`, [form.key]);
    const now = t.clock.now().getTime();
    const windowStart = new Date(Math.floor(now / 3_600_000) * 3_600_000);
    await q(
      t,
      `insert into rate_limit_counters (key, window_start, count, expires_at) values ($1, $2, 200, $3)
       on conflict (key, window_start) do update set count = 200`,
      [
        `crmForm:form:${row!.tenant_id}`,
        windowStart.toISOString(),
        new Date(windowStart.getTime() + 3_600_000).toISOString(),
      ],
    );
    const phone = nextPhone();
    expect((await open('POST', form.key, { name: '客户', phone })).statusCode).toBe(429);
    expect(await leadsOf(phone)).toEqual([]);
  });

  it('is closed when switched off', async () => {
    await data(await call('PUT', P.formSave, { body: { enabled: false, rentId: ids.hz, ownerId: null } }));
    expect((await open('GET', form.key)).statusCode).toBe(404);
    expect((await open('POST', form.key, { name: '客户', phone: nextPhone() })).statusCode).toBe(404);
  });
});
