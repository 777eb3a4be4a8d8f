import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../../core/tenant-time.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { P, q, rentIds } from './fixtures.js';

let t: TestApp;
let contractId: number;

beforeAll(async () => {
  t = await createTestApp();
  const { hz } = await rentIds(t);
  const [row] = await q<{ id: number }>(
    t,
    `select id from rental_contracts where rent_id = $1 and state = 'signed' order by id limit 1`,
    [hz],
  );
  contractId = Number(row!.id);
});
afterAll(async () => t.close());

type Event = { id: number; kind: string; remark: string | null };

async function events(id: number, lang: 'zh-CN' | 'en-US') {
  const res = await t.request('GET', `${P}/events/${id}`, { as: 'admin', lang });
  expect(res.statusCode).toBe(200);
  return res.json().data as Event[];
}

describe("a contract's history in the reader's language", () => {
  it('stores a remark the system writes as a key and shows it in Chinese and English, an enum by its title', async () => {
    const today = localDate('Asia/Shanghai', t.clock.now());
    const res = await t.request('POST', `${P}/line/add/${contractId}`, {
      as: 'admin',
      body: { type: 'damage', dueDate: today, amount: 800.5 },
    });
    expect(res.statusCode).toBe(200);
    const zh = (await events(contractId, 'zh-CN')).find((e) => e.kind === 'line')!;
    const en = (await events(contractId, 'en-US')).find((e) => e.kind === 'line')!;
    expect(zh.remark).toBe('车损: ¥800.50');
    expect(en).toMatchObject({ id: zh.id, remark: 'Damage: ¥800.50' });
    const [row] = await q<{ remark: string; text_key: string; text_params: unknown }>(
      t,
      `select remark, text_key, text_params from rental_contract_events where id = $1`,
      [zh.id],
    );
    expect(row).toEqual({
      remark: '车损: ¥800.50',
      text_key: 'contracts.event.lineAdded',
      text_params: { type: { title: 'contractLineType', value: 'damage' }, amount: 800.5 },
    });
  });

  it("keeps a user's own words and an old row's remark as they were, in both languages", async () => {
    const [c] = await q<{ tenant_id: number }>(t, `select tenant_id from rental_contracts where id = $1`, [contractId]);
    await t.deps.database.query(
      `insert into rental_contract_events (tenant_id, contract_id, kind, remark) values ($1, $2, 'waive', '旧的备注 12')`,
      [c!.tenant_id, contractId],
    );
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const list = await events(contractId, lang);
      expect(list.find((e) => e.remark === '旧的备注 12')).toBeDefined();
    }
  });

  it("has keys on the demo seed's remarks (renewals, returns) and shows them in English", async () => {
    const seeded = await q<{ contract_id: number; text_key: string | null; remark: string }>(
      t,
      `select contract_id, text_key, remark from rental_contract_events
        where kind in ('renew', 'return', 'tempCar', 'settlement') or (kind = 'create' and remark is not null) order by id`,
    );
    expect(seeded.length).toBeGreaterThan(0);
    expect(seeded.filter((e) => !e.text_key)).toEqual([]);
    const renewed = seeded.find((e) => e.text_key === 'contracts.event.renewedTo')!;
    const en = (await events(Number(renewed.contract_id), 'en-US')).find((e) => e.kind === 'renew')!;
    expect(en.remark).toMatch(/^Renewed as contract \S+$/);
    const zh = (await events(Number(renewed.contract_id), 'zh-CN')).find((e) => e.kind === 'renew')!;
    expect(zh.remark).toBe(renewed.remark);
  });

  it("answers another tenant's contract as not found and refuses a user without the contracts screen", async () => {
    expect((await t.request('GET', `${P}/events/${contractId}`, { as: 'other', lang: 'en-US' })).statusCode).toBe(404);
    expect((await t.request('GET', `${P}/events/${contractId}`, { as: 'clerk', lang: 'en-US' })).statusCode).toBe(403);
  });

  it('writes no history for a line of an unknown type (a field error)', async () => {
    const before = (await events(contractId, 'zh-CN')).length;
    const today = localDate('Asia/Shanghai', t.clock.now());
    const res = await t.request('POST', `${P}/line/add/${contractId}`, {
      as: 'admin',
      body: { type: 'bonus', dueDate: today, amount: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain('type');
    expect((await events(contractId, 'zh-CN')).length).toBe(before);
  });
});

describe('every kind of contract event has a title for the history', () => {
  it('names each kind the module writes (a clerk reads 收款, not collect)', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { CONTRACT_EVENT_TITLES } = await import('@fleetdesk/contracts/rental-contracts');
    const dir = new URL('..', import.meta.url);
    const kinds = new Set<string>();
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const source = readFileSync(new URL(file, dir), 'utf8');
      for (const m of source.matchAll(/\bevent\(\s*tx,\s*\w+,\s*[\w.!]+,\s*'(\w+)'/g)) kinds.add(m[1]!);
    }
    expect(kinds.size).toBeGreaterThan(10);
    expect([...kinds].filter((k) => !CONTRACT_EVENT_TITLES[k])).toEqual([]);
    const seen = (await events(contractId, 'zh-CN')).map((e) => e.kind);
    expect(seen.filter((k) => !CONTRACT_EVENT_TITLES[k])).toEqual([]);
  });
});
