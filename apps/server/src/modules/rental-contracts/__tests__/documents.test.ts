import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText as readPdf } from '../../../test/pdf-text.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { seedDemoDocuments } from '../../../seed/handover.documents.js';
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

const pdfText = async (payload: Buffer) => (await readPdf(payload)).replace(/\s+/g, '');

beforeAll(async () => {
  t = await createTestApp();
  rents = await rentIds(t);
  cars = await idleCars(t, rents.hz);
  driverId = await activeDriver(t, rents.hz);
  tenantId = Number((await q<{ id: number }>(t, `select id from tenants where code = 'DEMO'`))[0]!.id);
  const acc = await t.request('POST', `${P}/account/add`, {
    as: 'admin',
    body: { name: '收据测试对公户', kind: 'bank' },
  });
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

const T = '/api/ccwadmin/oaSetting/documentTemplate';
const RECEIPT_TEMPLATE = {
  title: '收款收据',
  headerLines: ['地址：杭州市西湖区文三路 1 号', '电话：0571-88886666'],
  notes: '本收据为{{driverName}}就合同{{contractNo}}（车辆{{carPlate}}）付款之凭证。\n遗失不补。',
  footerLines: ['第一联 存根'],
  sealText: '{{companyName}}财务专用章',
};

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
    const text = await pdfText(res.rawPayload);
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
    const text = await pdfText(res.rawPayload);
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

describe('documents kept as contract attachments', () => {
  type Att = { id: number; kind: string; version: number; trigger: string; createdBy: string | null; url: string };
  const attachments = async (as = 'admin') =>
    (await t.request('GET', `${P}/documentFiles/${contractId}`, { as })).json().data as Att[];

  it('keeps the contract PDF made at signing, then each regeneration as a new version with who made it', async () => {
    const first = await attachments();
    expect(first.map((a) => [a.kind, a.version, a.trigger, a.createdBy])).toEqual([['contract', 1, 'sign', null]]);
    const again = await t.request('POST', `${P}/documentFile/${contractId}/contract`, { as: 'admin' });
    expect(again.statusCode, again.body).toBe(200);
    const [admin] = await q<{ name: string }>(t, `select name from users where username = 'admin'`);
    expect(again.json().data).toMatchObject({
      kind: 'contract',
      version: 2,
      trigger: 'manual',
      createdBy: admin!.name,
    });
    const receipt = await t.request('POST', `${P}/receiptFile/${line('deposit').id}`, { as: 'admin' });
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json().data).toMatchObject({ kind: 'receipt', version: 1, lineId: line('deposit').id });
    const list = await attachments();
    expect(list.map((a) => `${a.kind}@${a.version}`)).toEqual(['receipt@1', 'contract@2', 'contract@1']);
    // The signed address serves the stored PDF.
    const file = await t.request('GET', list[0]!.url.replace(/^https?:\/\/[^/]+/, ''), { as: 'admin' });
    expect(file.statusCode, file.body).toBe(200);
    expect(await pdfText(file.rawPayload)).toContain('人民币壹万贰仟元整');
    const [files] = await q<{ n: number }>(
      t,
      `select count(*)::int as n from files f join contract_documents d on d.file_key = f.key
        where d.contract_id = $1 and f.type = 'document' and f.content_type = 'application/pdf'`,
      [contractId],
    );
    expect(Number(files!.n)).toBe(3);
  });

  it('refuses a sheet not made yet (409), a reader without print (403), another tenant (404)', async () => {
    const sheet = await t.request('POST', `${P}/documentFile/${contractId}/returnSheet`, { as: 'admin' });
    expect(sheet.statusCode).toBe(409);
    // The contract reader of the receipts' test (view, no print).
    const [role] = await q<{ id: number }>(t, `select id from roles where code = 'receiptReader'`);
    const reader = await addUser(t, 'docreader', { roleIds: [Number(role!.id)], rentIds: [rents.hz] });
    const read = await t.request('GET', `${P}/documentFiles/${contractId}`, { token: reader.token });
    expect(read.statusCode).toBe(200);
    for (const url of [`${P}/documentFile/${contractId}/contract`, `${P}/receiptFile/${line('deposit').id}`]) {
      const res = await t.request('POST', url, { token: reader.token });
      expect(res.statusCode, url).toBe(403);
    }
    for (const [method, url] of [
      ['GET', `${P}/documentFiles/${contractId}`],
      ['POST', `${P}/documentFile/${contractId}/contract`],
      ['POST', `${P}/receiptFile/${line('deposit').id}`],
    ] as const) {
      const res = await t.request(method, url, { as: 'other' });
      expect(res.statusCode, url).toBe(404);
    }
    expect((await attachments()).length).toBe(3);
  });
});

describe('document templates', () => {
  it('lists the four defaults, then validates a template field by field', async () => {
    const list = await t.request('GET', `${T}s`, { as: 'admin' });
    expect(list.statusCode, list.body).toBe(200);
    // The demo tenant's settlement statement has its own layout (the seed); the others are the defaults.
    expect(list.json().data.map((x: { kind: string; custom: boolean }) => [x.kind, x.custom])).toEqual([
      ['contract', false],
      ['settlement', true],
      ['receipt', false],
      ['inspection', false],
    ]);
    expect(list.json().data[2]).toMatchObject({ title: '收据', headerLines: [], notes: '', sealText: '' });
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, 'title'],
      [{ notes: '致 {{driverNmae}}' }, 'notes'],
      [{ headerLines: ['地址', '{{ phone }}'] }, 'headerLines.1'],
      [{ footerLines: ['{{contractNo}'] }, 'footerLines.0'],
      [{ sealText: '{{seal}}' }, 'sealText'],
      [{ headerLines: ['1', '2', '3', '4', '5'] }, 'headerLines'],
      [{ extra: 1 }, ''],
    ];
    for (const [extra, path] of cases) {
      const res = await t.request('PUT', `${T}/receipt`, { as: 'admin', body: { ...RECEIPT_TEMPLATE, ...extra } });
      expect(res.statusCode, `${path}: ${res.body}`).toBe(400);
      if (path) expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    const zh = await t.request('PUT', `${T}/receipt`, {
      as: 'admin',
      lang: 'zh-CN',
      body: { ...RECEIPT_TEMPLATE, notes: '{{nope}}' },
    });
    expect(JSON.stringify(zh.json())).toContain('未知的占位符');
    const bad = await t.request('PUT', `${T}/nothing`, { as: 'admin', body: RECEIPT_TEMPLATE });
    expect(bad.statusCode).toBe(400);
  });

  it('prints the saved receipt template with its placeholders filled, logged; reset gives the default back', async () => {
    const saved = await t.request('PUT', `${T}/receipt`, { as: 'admin', body: RECEIPT_TEMPLATE });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ kind: 'receipt', custom: true, title: '收款收据' });
    expect(saved.json().data.updatedBy).toBeTruthy();
    const res = await t.request('GET', `${P}/receipt/${line('deposit').id}`, { as: 'admin' });
    const text = await pdfText(res.rawPayload);
    const [driver] = await q<{ name: string }>(t, `select name from drivers where id = $1`, [driverId]);
    const [tenant] = await q<{ name: string }>(t, `select name from tenants where id = $1`, [tenantId]);
    for (const w of [
      '收款收据',
      '杭州市西湖区文三路1号',
      `本收据为${driver!.name}就合同${contractNo}`,
      '遗失不补',
      '第一联存根',
      `${tenant!.name}财务专用章`,
      '人民币壹万贰仟元整',
    ]) {
      expect(text, w).toContain(w.replace(/\s+/g, ''));
    }
    expect(text).not.toContain('{{');
    const [log] = await q<{ n: number }>(
      t,
      `select count(*)::int as n from operation_logs where action = 'setting.documentTemplate' and tenant_id = $1`,
      [tenantId],
    );
    expect(Number(log!.n)).toBe(1);
    const reset = await t.request('DELETE', `${T}/receipt`, { as: 'admin' });
    expect(reset.json().data).toMatchObject({ custom: false, title: '收据' });
    const again = await pdfText(
      (await t.request('GET', `${P}/receipt/${line('deposit').id}`, { as: 'admin' })).rawPayload,
    );
    expect(again).not.toContain('遗失不补');
  });

  it('lays out the contract and the inspection sheet by their templates', async () => {
    const put = await t.request('PUT', `${T}/contract`, {
      as: 'admin',
      body: {
        title: '汽车租赁合同',
        headerLines: [],
        notes: '乙方{{driverName}}应于{{endDate}}前归还车辆{{carPlate}}。',
        footerLines: [],
        sealText: '合同专用章',
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const text = await pdfText(
      (await t.request('GET', `${P}/document/${contractId}/contract`, { as: 'admin' })).rawPayload,
    );
    for (const w of ['汽车租赁合同', '补充条款', '应于2027-01-09前归还车辆', '合同专用章'])
      expect(text, w).toContain(w);
    const preview = await t.request('POST', `${T}/preview/inspection`, {
      as: 'admin',
      body: {
        title: '{{documentKind}}车辆交接单',
        headerLines: [],
        notes: '',
        footerLines: ['司机须当面核对'],
        sealText: '',
      },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const ptext = await pdfText(preview.rawPayload);
    for (const w of ['发车车辆交接单', '预览样例', '张三', '司机须当面核对']) expect(ptext, w).toContain(w);
    // The preview saves nothing.
    const list = await t.request('GET', `${T}s`, { as: 'admin' });
    expect(list.json().data.find((x: { kind: string }) => x.kind === 'inspection').custom).toBe(false);
  });

  it('refuses the templates without the company-settings elements, and keeps each tenant to its own', async () => {
    const reader = await addUser(t, 'templatereader', {
      roleIds: [Number((await q<{ id: number }>(t, `select id from roles where code = 'receiptReader'`))[0]!.id)],
      rentIds: [rents.hz],
    });
    for (const [method, url, body] of [
      ['GET', `${T}s`, undefined],
      ['PUT', `${T}/receipt`, RECEIPT_TEMPLATE],
      ['POST', `${T}/preview/receipt`, RECEIPT_TEMPLATE],
      ['DELETE', `${T}/contract`, undefined],
    ] as const) {
      const res = await t.request(method, url, { token: reader.token, ...(body ? { body } : {}) });
      expect(res.statusCode, url).toBe(403);
    }
    const other = await t.request('GET', `${T}s`, { as: 'other' });
    expect(other.statusCode).toBe(200);
    expect(other.json().data.every((x: { custom: boolean }) => !x.custom)).toBe(true);
  });
});

describe('demo documents', () => {
  it('stores the PDFs of three signed demo contracts and of the settled one, with the customised statement', async () => {
    const [admin] = await q<{ id: number }>(t, `select id from users where username = 'admin' and tenant_id = $1`, [
      tenantId,
    ]);
    const stored = await seedDemoDocuments(t.deps, tenantId, Number(admin!.id));
    expect(stored).toBe(6);
    const rows = await q<{ kind: string; n: number }>(
      t,
      `select kind, count(*)::int as n from contract_documents where tenant_id = $1 and trigger = 'demo'
        group by kind order by kind`,
      [tenantId],
    );
    expect(rows.map((r) => [r.kind, Number(r.n)])).toEqual([
      ['contract', 4],
      ['returnSheet', 1],
      ['settlement', 1],
    ]);
    const [settled] = await q<{ contract_id: number }>(
      t,
      `select contract_id from contract_documents where tenant_id = $1 and kind = 'settlement' and trigger = 'demo'`,
      [tenantId],
    );
    const list = await t.request('GET', `${P}/documentFiles/${settled!.contract_id}`, { as: 'admin' });
    const statement = (list.json().data as { kind: string; url: string }[]).find((a) => a.kind === 'settlement')!;
    const file = await t.request('GET', statement.url.replace(/^https?:\/\/[^/]+/, ''), { as: 'admin' });
    const text = await pdfText(file.rawPayload);
    for (const w of ['退租结算单', '华星时代广场', '结算金额以本单为准', '财务专用章', '本单一式两份']) {
      expect(text, w).toContain(w);
    }
  });
});
