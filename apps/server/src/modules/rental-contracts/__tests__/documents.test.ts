import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { addUser } from '../../../test/users.js';
import { activeDriver, idleCars, P, q, rentIds, terms } from './fixtures.js';

let t: TestApp;
let rents: Awaited<ReturnType<typeof rentIds>>;
let cars: number[];
let driverId: number;
let accountId: number;
let tenantId: number;
let contractId: number;
let contractNo: string;
let lines: { id: number; type: string; period: number | null; state: string; version: number }[];

const pdfText = (payload: Buffer) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: payload })
    .toString('utf8')
    .replace(/\s+/g, '');

beforeAll(async () => {
  t = await createTestApp();
  rents = await rentIds(t);
  cars = await idleCars(t, rents.hz);
  driverId = await activeDriver(t, rents.hz);
  tenantId = Number((await q<{ id: number }>(t, `select id from tenants where code = 'DEMO'`))[0]!.id);
  const acc = await t.request('POST', `${P}/account/add`, { as: 'admin', body: { name: '收据测试对公户', kind: 'bank' } });
  expect(acc.statusCode, acc.body).toBe(200);
  accountId = acc.json().data.id;
  const c = await t.request('POST', `${P}/add`, {
    as: 'admin',
    rent: rents.hz,
    body: { ...terms({ deposit: 12000 }), driverId, carId: cars[0] },
  });
  expect(c.statusCode, c.body).toBe(200);
  contractId = c.json().data.id;
  contractNo = c.json().data.number;
  const s = await t.request('POST', `${P}/sign/${contractId}`, { as: 'admin', body: { accountId } });
  expect(s.statusCode, s.body).toBe(200);
  const l = await t.request('GET', `${P}/lines/${contractId}`, { as: 'admin' });
  expect(l.statusCode, l.body).toBe(200);
  lines = l.json().data;
});
afterAll(async () => t.close());

const line = (type: string, period: number | null = null) =>
  lines.find((l) => l.type === type && (period === null || l.period === period))!;

describe('receipts', () => {
  it('renders the receipt of a paid line: company, number, payer, contract, item, figures and capitals', async () => {
    const deposit = line('deposit');
    expect(deposit.state).toBe('paid');
    const res = await t.request('GET', `${P}/receipt/${deposit.id}`, { as: 'admin' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain('.pdf');
    const text = pdfText(res.rawPayload);
    const [driver] = await q<{ name: string }>(t, `select name from drivers where id = $1`, [driverId]);
    const [tenant] = await q<{ name: string }>(t, `select name from tenants where id = $1`, [tenantId]);
    for (const w of [
      '收据',
      tenant!.name,
      `${contractNo}-SJ${String(deposit.id).padStart(6, '0')}`,
      driver!.name,
      contractNo,
      '押金',
      '¥12000.00',
      '人民币壹万贰仟元整',
      '收据测试对公户',
      '经办人',
    ]) {
      expect(text, w).toContain(w.replace(/\s+/g, ''));
    }
  });

  it('writes a partial collection with jiao and fen in capitals, and names the clerk', async () => {
    const rent2 = line('rent', 2);
    expect(rent2.state).toBe('unpaid');
    const none = await t.request('GET', `${P}/receipt/${rent2.id}`, { as: 'admin', lang: 'en-US' });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toContain('Nothing has been collected');
    const col = await t.request('POST', `${P}/collect/${rent2.id}`, {
      as: 'admin',
      body: { amount: 1234.56, accountId, version: rent2.version },
    });
    expect(col.statusCode, col.body).toBe(200);
    const res = await t.request('GET', `${P}/receipt/${rent2.id}`, { as: 'admin' });
    expect(res.statusCode, res.body).toBe(200);
    const text = pdfText(res.rawPayload);
    const [admin] = await q<{ name: string }>(t, `select name from users where username = 'admin'`);
    for (const w of ['租金第2期', '人民币壹仟贰佰叁拾肆元伍角陆分', '¥1234.56', '部分支付', admin!.name]) {
      expect(text, w).toContain(w.replace(/\s+/g, ''));
    }
  });

  it('refuses a reader without the print element (403) and answers 404 for another tenant or an unknown line', async () => {
    const { rows } = await t.deps.database.query<{ id: number }>(
      `insert into roles (tenant_id, code, name) values ($1, 'receiptReader', '合同查看') returning id`,
      [tenantId],
    );
    await t.deps.database.query(
      `insert into role_grants (tenant_id, role_id, code) select $1, $2, c
        from unnest(array['rentContract', 'rentContract:view']) c`,
      [tenantId, Number(rows[0]!.id)],
    );
    const reader = await addUser(t, 'receiptreader', { roleIds: [Number(rows[0]!.id)], rentIds: [rents.hz] });
    const refused = await t.request('GET', `${P}/receipt/${line('deposit').id}`, { token: reader.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().status).toBe(40301);
    const other = await t.request('GET', `${P}/receipt/${line('deposit').id}`, { as: 'other' });
    expect(other.statusCode).toBe(404);
    const unknown = await t.request('GET', `${P}/receipt/99999999`, { as: 'admin' });
    expect(unknown.statusCode).toBe(404);
  });
});
