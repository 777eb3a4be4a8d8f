import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CrmPaths,
  LEAD_SOURCES,
  LEAD_STATES,
  type CrmForm,
  type Funnel,
  type PublicLeadForm,
} from '@fleetdesk/contracts/crm';
import { MessageCategory } from '@fleetdesk/contracts/messages';
import { SurveyPaths, type SurveyResults, type SurveyRow } from '@fleetdesk/contracts/surveys';
import { localDate } from '../../../core/tenant-time.js';
import { DEMO_FORM_KEY } from '../../../seed/crm.seed.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { data, path, q, seeded } from './open.fixtures.js';

let t: TestApp;
let ids: Awaited<ReturnType<typeof seeded>>;

beforeAll(async () => {
  t = await createTestApp();
  ids = await seeded(t);
});
afterAll(async () => t.close());

const count = async (text: string, params: unknown[]) => Number((await q<{ n: number }>(t, text, params))[0]!.n);

describe('the CRM demo', () => {
  it('has the sales role (data scope own) and its two sign-ins', async () => {
    const [role] = await q<{ name: string; data_scope: string }>(
      t,
      `select name, data_scope from roles where tenant_id = $1 and code = 'sales'`,
      [ids.demo],
    );
    expect(role).toEqual({ name: '销售顾问', data_scope: 'own' });
    for (const username of ['sales1', 'sales2']) {
      const res = await t.signIn(username, 'Admin@123');
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('has 60 leads of the last six months in every state and source, 10 in the pool, 6 won into drivers', async () => {
    const leads = await q<{
      state: string;
      source: string;
      owner_id: number | null;
      driver_id: number | null;
      created_at: Date;
    }>(t, `select state, source, owner_id, driver_id, created_at from crm_leads where tenant_id = $1`, [ids.demo]);
    expect(leads).toHaveLength(60);
    expect(new Set(leads.map((l) => l.state))).toEqual(new Set(LEAD_STATES));
    expect(new Set(leads.map((l) => l.source))).toEqual(new Set(LEAD_SOURCES));
    expect(leads.filter((l) => l.owner_id === null)).toHaveLength(10);
    expect(leads.filter((l) => l.state === 'won').every((l) => l.driver_id !== null)).toBe(true);
    expect(leads.filter((l) => l.state === 'won')).toHaveLength(6);
    expect(leads.filter((l) => l.state === 'lost')).toHaveLength(8);
    expect(leads.filter((l) => l.state === 'paused')).toHaveLength(4);
    const now = t.clock.now().getTime();
    expect(leads.every((l) => new Date(l.created_at).getTime() <= now)).toBe(true);
    expect(leads.every((l) => now - new Date(l.created_at).getTime() < 183 * 86_400_000)).toBe(true);
    expect(
      await count(`select count(*)::int as n from crm_owner_log where tenant_id = $1 and action = 'return'`, [
        ids.demo,
      ]),
    ).toBe(4);
    // Every worked open lead has 1-4 follow-ups, and its figures agree with them.
    const off = await q(
      t,
      `select l.id from crm_leads l
       left join lateral (select count(*) as n, max(at) as last from crm_follow_ups f
         where f.tenant_id = l.tenant_id and f.lead_id = l.id) f on true
       where l.tenant_id = $1 and (l.follow_up_count <> f.n or l.last_follow_up_at is distinct from f.last
         or (l.state = 'following' and f.n not between 1 and 4))`,
      [ids.demo],
    );
    expect(off).toEqual([]);
  });

  it('gives no owned open lead to the pool job yet, and sales1 three overdue follow-ups with their messages', async () => {
    const stale = await count(
      `select count(*)::int as n from crm_leads where tenant_id = $1 and owner_id is not null
         and state in ('new', 'following') and greatest(owner_since, coalesce(last_follow_up_at, owner_since))
           < $2::timestamptz - interval '15 days'`,
      [ids.demo, t.clock.now().toISOString()],
    );
    expect(stale).toBe(0);
    const sales1 = ids.user('sales1');
    const overdue = await q<{ id: number }>(
      t,
      `select id from crm_leads where tenant_id = $1 and owner_id = $2 and state in ('new', 'following')
         and next_follow_up_at < $3 and follow_up_reminded_at = next_follow_up_at`,
      [ids.demo, sales1, t.clock.now().toISOString()],
    );
    expect(overdue).toHaveLength(3);
    const messages = await q<{ link: string; title: string }>(
      t,
      `select link, title from push_records where tenant_id = $1 and user_id = $2 and category = $3`,
      [ids.demo, sales1, MessageCategory.customers],
    );
    expect(messages.map((m) => m.link).sort()).toEqual(overdue.map((l) => `/crm/lead/${l.id}`).sort());
  });

  it('uses the customer labels', async () => {
    const used = await q<{ name: string; n: number }>(
      t,
      `select b.name, count(*)::int as n from crm_lead_labels l join labels b on b.tenant_id = l.tenant_id and b.id = l.label_id
       where l.tenant_id = $1 group by b.name order by b.name`,
      [ids.demo],
    );
    expect(used.map((u) => u.name).sort()).toEqual(['意向强', '网约车司机', '老客户介绍'].sort());
    expect(used.every((u) => u.n > 0)).toBe(true);
  });

  it('opens the demo form (leads enter the Hangzhou pool)', async () => {
    const res = await t.app.inject({ method: 'GET', url: path(CrmPaths.openLeadForm, { key: DEMO_FORM_KEY }) });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as PublicLeadForm).tenantName).toBe('演示租车 Demo Rentals');
    const form = await data<CrmForm>(await t.request('GET', CrmPaths.formGet, { as: 'admin' }));
    expect(form).toMatchObject({ enabled: true, key: DEMO_FORM_KEY, rentId: ids.hz, ownerId: null });
  });

  it('has the satisfaction survey sent to 10 drivers (6 answered, 1 expired, 3 unopened) and a draft', async () => {
    const list = await data<{ rows: SurveyRow[] }>(await t.request('GET', SurveyPaths.list, { as: 'admin' }));
    const sat = list.rows.find((s) => s.title === '租车服务满意度调查')!;
    expect(sat).toMatchObject({ state: 'published', questionCount: 5, invited: 10, answered: 6 });
    expect(list.rows.find((s) => s.title === '新能源车型意向调查')!.state).toBe('draft');
    const r = await data<SurveyResults>(
      await t.request('GET', path(SurveyPaths.results, { id: sat.id }), { as: 'admin' }),
    );
    expect(r.totals).toMatchObject({ invited: 10, opened: 6, answered: 6, expired: 1, responseRate: 0.6 });
    expect(r.questions.map((x) => x.kind)).toEqual(['single', 'multiple', 'rating', 'rating', 'text']);
    expect(r.questions[3]!.average).toBe(4.17);
    expect(r.questions[4]!.texts).toHaveLength(4);
  });

  it('shows the demo funnel of the last six months; the other tenant has 3 leads', async () => {
    const today = localDate('Asia/Shanghai', t.clock.now());
    const month = today.slice(0, 7);
    const [y, m] = month.split('-').map(Number) as [number, number];
    const fromM = m - 6 <= 0 ? `${y - 1}-${String(m + 6).padStart(2, '0')}` : `${y}-${String(m - 6).padStart(2, '0')}`;
    const f = await data<Funnel>(
      await t.request('GET', CrmPaths.reportFunnel, { as: 'admin', query: { from: fromM, to: month } }),
    );
    expect(f.totals.created).toBe(60);
    expect(f.totals.won).toBe(6);
    expect(f.owners.map((o) => o.ownerName)).toEqual(expect.arrayContaining(['王晓燕', '赵磊', '张伟']));
    expect(await count(`select count(*)::int as n from crm_leads where tenant_id = $1`, [ids.other])).toBe(3);
  });
});
