import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EsignFlow, EsignPanel, NotarizationDetail } from '@fleetdesk/contracts/notarization';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { upload } from '../../../test/multipart.js';
import { pdfText } from '../../../test/pdf-text.js';
import { addUser } from '../../../test/users.js';
import { activeDriver, idleCars, P, q, rentIds, terms } from '../../../test/contracts.js';
import { appendSignatureRecord } from '../providers/esign-sandbox.js';
import { notarizationProviders } from '../providers/index.js';

/**
 * Issue 35: e-signature of a contract through the sandbox provider (send, the driver's link, the company's seal,
 * the signed PDF as the contract's document, the contract signed) and online notarization of the signed contract
 * through the sandbox notary (submit with its fee, supplement, notarize, reject, withdraw), callbacks proved and
 * idempotent, hashes checked on download, permissions and tenants.
 */
let t: TestApp;
let rents: Awaited<ReturnType<typeof rentIds>>;
let cars: number[];
let driverId: number;
let accountId: number;
let tenantId: number;

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const N = '/api/ccwadmin/notarization';

async function balanceFen(): Promise<number> {
  const [r] = await q<{ balance_fen: string }>(t, `select balance_fen from tenant_balances where tenant_id = $1`, [
    tenantId,
  ]);
  return Number(r?.balance_fen ?? 0);
}

async function pendingContract(car: number): Promise<number> {
  const c = await t.request('POST', `${P}/add`, {
    as: 'admin',
    rent: rents.hz,
    body: { ...terms({ deposit: 8000 }), driverId, carId: car },
  });
  expect(c.statusCode, c.body).toBe(200);
  return c.json().data.id as number;
}

const panel = async (contractId: number) => {
  const res = await t.request('GET', `${P}/esign/${contractId}`, { as: 'admin' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as EsignPanel;
};

const tokenOf = (url: string) => decodeURIComponent(url.split('/esign/sandbox/')[1]!);

async function signAsDriver(flow: EsignFlow) {
  const url = flow.signers.find((s) => s.role === 'driver')!.url!;
  const [d] = await q<{ id_number: string }>(t, `select id_number from drivers where id = $1`, [driverId]);
  const res = await t.request('POST', `/api/esign/sandbox/${encodeURIComponent(tokenOf(url))}/sign`, {
    body: { action: 'sign', idTail: d!.id_number.slice(-6) },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function sealAsCompany(flowId: number) {
  const s = await t.request('POST', `${P}/esign/seal/${flowId}`, { as: 'admin' });
  expect(s.statusCode, s.body).toBe(200);
  const res = await t.request('POST', `/api/esign/sandbox/${encodeURIComponent(tokenOf(s.json().data.url))}/sign`, {
    body: { action: 'sign' },
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.deps.events.settled();
}

async function send(contractId: number): Promise<EsignFlow> {
  const res = await t.request('POST', `${P}/esign/send/${contractId}`, { as: 'admin', body: { accountId } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as EsignFlow;
}

/** A contract signed electronically end to end. */
async function esignedContract(car: number): Promise<number> {
  const id = await pendingContract(car);
  const flow = await send(id);
  await signAsDriver(flow);
  await sealAsCompany(flow.id);
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  rents = await rentIds(t);
  cars = await idleCars(t, rents.hz, 8);
  driverId = await activeDriver(t, rents.hz);
  tenantId = Number((await q<{ id: number }>(t, `select id from tenants where code = 'DEMO'`))[0]!.id);
  const acc = await t.request('POST', `${P}/account/add`, {
    as: 'admin',
    body: { name: '电子签约收款户', kind: 'bank' },
  });
  expect(acc.statusCode, acc.body).toBe(200);
  accountId = acc.json().data.id;
  await t.deps.database.query(`update tenant_balances set balance_fen = 1000000 where tenant_id = $1`, [tenantId]);
});
afterAll(async () => t.close());

describe('e-signature', () => {
  it('sends a pending contract, the driver signs by his link, the company seals: the contract is signed with the signed PDF', async () => {
    const contractId = await pendingContract(cars[0]!);
    const before = await panel(contractId);
    expect(before.canSend).toBe(true);
    expect(before.provider).toEqual({ name: 'sandbox', sandbox: true });
    const balance0 = await balanceFen();
    const flow = await send(contractId);
    expect(flow.state).toBe('signing');
    expect(flow.signers.map((s) => [s.role, s.state])).toEqual([
      ['driver', 'signing'],
      ['company', 'waiting'],
    ]);
    expect(flow.fee).toBe(before.unitPrice);
    expect(balance0 - (await balanceFen())).toBe(Math.round(before.unitPrice! * 100));
    // The driver got his link by SMS (the sandbox provider sends none itself).
    const [d] = await q<{ phone: string }>(t, `select phone from drivers where id = $1`, [driverId]);
    const sms = await q<{ content: string }>(t, `select content from sms_messages where phone = $1 order by id desc`, [
      d!.phone,
    ]);
    expect(sms[0]!.content).toContain(flow.signers[0]!.url!);

    // While it signs, the contract is not signed on paper, changed or cancelled, and not sent twice.
    const paper = await t.request('POST', `${P}/sign/${contractId}`, { as: 'admin', body: { accountId } });
    expect(paper.statusCode).toBe(409);
    expect(paper.json().message).toContain('电子签署中');
    const cancel = await t.request('POST', `${P}/cancel/${contractId}`, { as: 'admin', body: { reason: 'x' } });
    expect(cancel.statusCode).toBe(409);
    const again = await t.request('POST', `${P}/esign/send/${contractId}`, { as: 'admin', body: { accountId } });
    expect(again.statusCode).toBe(409);

    // The company cannot seal before the driver; a wrong ID tail is refused on its field.
    expect((await t.request('POST', `${P}/esign/seal/${flow.id}`, { as: 'admin' })).statusCode).toBe(409);
    const token = tokenOf(flow.signers[0]!.url!);
    const page = await t.request('GET', `/api/esign/sandbox/${encodeURIComponent(token)}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data).toMatchObject({ role: 'driver', idTail: true, state: 'signing' });
    const wrong = await t.request('POST', `/api/esign/sandbox/${encodeURIComponent(token)}/sign`, {
      body: { action: 'sign', idTail: '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].path).toBe('idTail');
    expect((await t.request('GET', `/api/esign/sandbox/not-a-real-token-at-all-xxxxx`)).statusCode).toBe(404);

    await signAsDriver(flow);
    const mid = (await panel(contractId)).current!;
    expect(mid.signers.map((s) => s.state)).toEqual(['signed', 'signing']);
    await sealAsCompany(flow.id);

    const done = (await panel(contractId)).current!;
    expect(done.state).toBe('completed');
    expect(done.signedFile?.evidenceNo).toMatch(/^EVI/);
    const contract = await t.request('GET', `${P}/${contractId}`, { as: 'admin' });
    expect(contract.json().data.state).toBe('signed');
    const paid = await q<{ n: string }>(
      t,
      `select count(*) as n from rental_collections where contract_id = $1 and account_id = $2`,
      [contractId, accountId],
    );
    expect(Number(paid[0]!.n)).toBeGreaterThan(0);
    // The signed PDF is the contract document's newest version, with its hash and evidence number.
    const docs = await t.request('GET', `${P}/documentFiles/${contractId}`, { as: 'admin' });
    const newest = (docs.json().data as { kind: string; trigger: string; sha256: string; evidenceNo: string }[])[0]!;
    expect(newest).toMatchObject({ kind: 'contract', trigger: 'esign', evidenceNo: done.signedFile!.evidenceNo });
    const file = await t.request('GET', `${P}/esign/signedFile/${flow.id}`, { as: 'admin' });
    expect(file.statusCode).toBe(200);
    expect(sha(file.rawPayload)).toBe(done.signedFile!.sha256);
    expect(newest.sha256).toBe(done.signedFile!.sha256);
    // The sandbox's signature is an incremental update: the sent PDF's bytes come first, unchanged.
    const [sent] = await q<{ sent_sha256: string }>(t, `select sent_sha256 from esign_flows where id = $1`, [flow.id]);
    const text = file.rawPayload.toString('latin1');
    const firstEof = text.indexOf('%%EOF') + 5;
    expect(sha(file.rawPayload.subarray(0, firstEof + 1))).toBe(sent!.sent_sha256);
    expect(await pdfText(file.rawPayload)).toContain('租赁合同');
  });

  it('refuses a stored signed PDF whose bytes changed', async () => {
    const contractId = await esignedContract(cars[1]!);
    const flow = (await panel(contractId)).current!;
    const [d] = await q<{ file_key: string }>(t, `select file_key from contract_documents where id = $1`, [
      flow.signedFile!.documentId,
    ]);
    const { Readable } = await import('node:stream');
    await t.deps.storage.delete(d!.file_key);
    await t.deps.storage.put(d!.file_key, Readable.from(Buffer.from('%PDF-1.3 altered')), 'application/pdf');
    const res = await t.request('GET', `${P}/esign/signedFile/${flow.id}`, { as: 'admin' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('SHA-256');
  });

  it('cancels a flow nobody signed and gives the fee back once', async () => {
    const contractId = await pendingContract(cars[2]!);
    const b0 = await balanceFen();
    const flow = await send(contractId);
    const res = await t.request('POST', `${P}/esign/cancel/${flow.id}`, {
      as: 'admin',
      body: { reason: '条款需修改' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'cancelled', feeRefunded: true, endedReason: '条款需修改' });
    expect(await balanceFen()).toBe(b0);
    const blank = await t.request('POST', `${P}/esign/cancel/${flow.id}`, { as: 'admin', body: { reason: '' } });
    expect(blank.statusCode).toBe(400);
    // Ended, the contract is free again: signed on paper.
    const paper = await t.request('POST', `${P}/sign/${contractId}`, { as: 'admin', body: { accountId } });
    expect(paper.statusCode, paper.body).toBe(200);
  });

  it('proves callbacks: a bad signature and a stale one are refused, a replay changes nothing', async () => {
    const contractId = await pendingContract(cars[3]!);
    const flow = await send(contractId);
    const sandbox = notarizationProviders(t.deps).esignSandbox!;
    const post = (c: { headers: Record<string, string>; body: string }) =>
      t.app.inject({ method: 'POST', url: '/api/esign/callback/sandbox', headers: c.headers, payload: c.body });
    const payload = {
      action: 'SIGNER',
      flowId: flow.providerFlowId,
      order: 1,
      result: 'refused',
      reason: '伪造',
      at: t.clock.now().toISOString(),
    };
    const good = sandbox.signedCallback(payload);
    const forged = { ...good, headers: { ...good.headers, 'x-sandbox-signature': 'A'.repeat(43) } };
    expect((await post(forged)).statusCode).toBe(401);
    const stale = sandbox.signedCallback(payload, new Date(t.clock.now().getTime() - 3_600_000));
    expect((await post(stale)).statusCode).toBe(401);
    expect((await panel(contractId)).current!.signers[0]!.state).toBe('signing');
    const first = await post(good);
    expect(first.statusCode).toBe(200);
    const replay = await post(good);
    expect(replay.statusCode).toBe(200);
    const p = (await panel(contractId)).current!;
    expect(p.signers[0]!.state).toBe('refused');
    expect(p.events.filter((e) => e.kind === 'refused')).toHaveLength(1);
    expect((await t.request('POST', '/api/esign/callback/tsign', { body: {} })).statusCode).toBe(404);
  });

  it('refuses a caller without the sign element and another tenant', async () => {
    const contractId = await pendingContract(cars[4]!);
    const [role] = await q<{ id: number }>(
      t,
      `insert into roles (tenant_id, code, name, data_scope) values ($1, 'esignview', 'esign view', 'all') returning id`,
      [tenantId],
    );
    for (const code of ['rentContract', 'rentContract:view']) {
      await q(t, `insert into role_grants (tenant_id, role_id, code) values ($1, $2, $3)`, [tenantId, role!.id, code]);
    }
    const viewer = await addUser(t, 'esignviewer', { roleIds: [Number(role!.id)], rentIds: [rents.hz] });
    expect((await t.request('GET', `${P}/esign/${contractId}`, { token: viewer.token })).statusCode).toBe(200);
    const refused = await t.request('POST', `${P}/esign/send/${contractId}`, {
      token: viewer.token,
      body: { accountId },
    });
    expect(refused.statusCode).toBe(403);
    expect((await t.request('GET', `${P}/esign/${contractId}`, { as: 'other' })).statusCode).toBe(404);
    const foreign = await t.request('POST', `${P}/esign/send/${contractId}`, { as: 'other', body: { accountId } });
    expect(foreign.statusCode).toBe(404);
  });

  it('keeps the original bytes when the sandbox appends its record', () => {
    const pdf = Buffer.from(
      '%PDF-1.3\n1 0 obj\n<<>>\nendobj\nxref\n0 2\ntrailer\n<< /Size 2 /Root 1 0 R >>\nstartxref\n9\n%%EOF\n',
    );
    const out = appendSignatureRecord(pdf, { evidenceNo: 'EVI1', signers: ['1:driver:张三'] });
    expect(out.subarray(0, pdf.length).equals(pdf)).toBe(true);
    expect(out.toString('latin1')).toMatch(/\/Prev 9 >>\nstartxref\n\d+\n%%EOF\n$/);
  });
});

describe('notarization', () => {
  let signedId: number;
  let idFront: string;
  let idBack: string;

  beforeAll(async () => {
    signedId = await esignedContract(cars[5]!);
    idFront = await upload(t, 'admin', 'image', 'id-front.png');
    idBack = await upload(t, 'admin', 'image', 'id-back.png');
  });

  const form = (extra: Record<string, unknown> = {}) => ({
    contractId: signedId,
    kind: 'enforcement',
    notaryOffice: '杭州市互联网公证处',
    copies: 2,
    delivery: 'electronic',
    idFront,
    idBack,
    ...extra,
  });

  async function draft(extra: Record<string, unknown> = {}): Promise<NotarizationDetail> {
    const res = await t.request('POST', `${N}/add`, { as: 'admin', body: form(extra) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as NotarizationDetail;
  }

  const act = async (d: NotarizationDetail, action: string, note?: string) => {
    const url = new URL((await get(d.id)).sandboxUrl!);
    const caseNo = url.pathname.split('/').pop()!;
    const res = await t.request('POST', `/api/notary/sandbox/${caseNo}/act`, {
      body: { token: url.searchParams.get('token'), action, ...(note ? { note } : {}) },
    });
    await t.deps.events.settled();
    return res;
  };
  const get = async (id: number) => {
    const res = await t.request('GET', `${N}/${id}`, { as: 'admin' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as NotarizationDetail;
  };
  const submit = (id: number) => t.request('POST', `${N}/submit/${id}`, { as: 'admin' });

  it('validates: a pending contract, missing fields, foreign files and the ID card at submission', async () => {
    const pending = await pendingContract(cars[6]!);
    const res = await t.request('POST', `${N}/add`, { as: 'admin', body: form({ contractId: pending }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('contractId');
    const blank = await t.request('POST', `${N}/add`, { as: 'admin', body: form({ notaryOffice: '', copies: 0 }) });
    expect(blank.statusCode).toBe(400);
    expect(
      blank
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['copies', 'notaryOffice']);
    const foreign = await t.request('POST', `${N}/add`, {
      as: 'admin',
      body: form({ idFront: '/api/files/t999/image/2026/01/x.png' }),
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0].path).toBe('idFront');
    const d = await draft({ idBack: null });
    const s = await submit(d.id);
    expect(s.statusCode).toBe(400);
    expect(s.json().errors[0].path).toBe('idBack');
  });

  it('submits once with its fee, is accepted, asked for a supplement, supplemented and notarized; the dossier chains every step', async () => {
    const d = await draft();
    expect(d.state).toBe('draft');
    expect(d.esign?.evidenceNo).toMatch(/^EVI/);
    const b0 = await balanceFen();
    const s = await submit(d.id);
    expect(s.statusCode, s.body).toBe(200);
    expect(s.json().data.state).toBe('submitted');
    const fee = b0 - (await balanceFen());
    expect(fee).toBeGreaterThan(0);
    expect((await submit(d.id)).statusCode).toBe(409);
    expect(b0 - (await balanceFen())).toBe(fee);
    const submitted = await get(d.id);
    expect(submitted.documents.map((x) => x.kind)).toEqual(['contract', 'idFront', 'idBack']);
    expect(submitted.documents[0]!.sha256).toBe(submitted.esign!.sha256);

    expect((await act(d, 'notarize')).statusCode).toBe(409);
    expect((await act(d, 'accept')).statusCode).toBe(200);
    expect((await get(d.id)).state).toBe('reviewing');
    expect((await act(d, 'askSupplement')).statusCode).toBe(400);
    expect((await act(d, 'askSupplement', '请补充车辆登记证书')).statusCode).toBe(200);
    const asked = await get(d.id);
    expect(asked).toMatchObject({ state: 'supplement', supplementRequest: '请补充车辆登记证书' });
    const extra = await upload(t, 'admin', 'image', 'registration.png');
    const sup = await t.request('POST', `${N}/supplement/${d.id}`, {
      as: 'admin',
      body: { note: '已补充登记证书', files: [extra] },
    });
    expect(sup.statusCode, sup.body).toBe(200);
    expect(sup.json().data.state).toBe('reviewing');
    expect((await act(d, 'notarize')).statusCode).toBe(200);

    const done = await get(d.id);
    expect(done.state).toBe('notarized');
    expect(done.certificateNo).toContain('沙箱证经字');
    const cert = done.documents.find((x) => x.kind === 'certificate')!;
    const file = await t.request('GET', `${N}/document/${d.id}/${cert.id}`, { as: 'admin' });
    expect(file.statusCode).toBe(200);
    expect(sha(file.rawPayload)).toBe(cert.sha256);
    expect(await pdfText(file.rawPayload)).toContain('公');
    expect(done.timeline.map((x) => x.step)).toEqual([
      'created',
      'submitted',
      'charged',
      'accepted',
      'supplementAsked',
      'supplemented',
      'notarized',
      'certificateStored',
    ]);
    const dossier = await t.request('GET', `${N}/dossier/${d.id}`, { as: 'admin' });
    expect(dossier.statusCode).toBe(200);
    const text = (await pdfText(dossier.rawPayload)).replace(/\s+/g, '');
    expect(text).toContain('链式哈希校验：通过');
    expect(text).toContain(cert.sha256);
    // An altered step breaks the chain the dossier checks.
    await q(
      t,
      `update notarization_evidence set summary = 'x', request_sha256 = repeat('0', 64) where notarization_id = $1 and seq = 2`,
      [d.id],
    );
    const broken = (
      await pdfText((await t.request('GET', `${N}/dossier/${d.id}`, { as: 'admin' })).rawPayload)
    ).replace(/\s+/g, '');
    expect(broken).toContain('未通过');
    // A notarized application is not withdrawn.
    expect((await t.request('POST', `${N}/withdraw/${d.id}`, { as: 'admin', body: { reason: 'x' } })).statusCode).toBe(
      409,
    );
  });

  it('gives the fee back once on rejection, however often the callback comes', async () => {
    const d = await draft({ kind: 'contract' });
    const b0 = await balanceFen();
    expect((await submit(d.id)).statusCode).toBe(200);
    expect(await balanceFen()).toBeLessThan(b0);
    const url = new URL((await get(d.id)).sandboxUrl!);
    const caseNo = url.pathname.split('/').pop()!;
    const sandbox = notarizationProviders(t.deps).notarySandbox!;
    const callback = sandbox.signedCallback({
      caseNo,
      event: 'rejected',
      note: '材料不全',
      at: t.clock.now().toISOString(),
    });
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/notary/callback/sandbox',
        headers: callback.headers,
        payload: callback.body,
      });
      expect(res.statusCode).toBe(200);
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/notary/callback/sandbox',
      headers: { ...callback.headers, 'x-sandbox-signature': 'nope' },
      payload: callback.body,
    });
    expect(bad.statusCode).toBe(401);
    const r = await get(d.id);
    expect(r).toMatchObject({ state: 'rejected', rejectReason: '材料不全', feeRefunded: true });
    expect(await balanceFen()).toBe(b0);
    expect(r.timeline.filter((x) => x.step === 'refunded')).toHaveLength(1);
  });

  it('withdraws before acceptance with the fee back; edits and deletes only drafts', async () => {
    const d = await draft();
    const upd = await t.request('POST', `${N}/update/${d.id}`, {
      as: 'admin',
      body: { ...form(), contractId: undefined, copies: 3, version: d.version },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().data.copies).toBe(3);
    const stale = await t.request('POST', `${N}/update/${d.id}`, {
      as: 'admin',
      body: { ...form(), contractId: undefined, version: d.version },
    });
    expect(stale.statusCode).toBe(409);
    const b0 = await balanceFen();
    expect((await submit(d.id)).statusCode).toBe(200);
    const w = await t.request('POST', `${N}/withdraw/${d.id}`, { as: 'admin', body: { reason: '客户已结清' } });
    expect(w.statusCode, w.body).toBe(200);
    expect(w.json().data).toMatchObject({ state: 'withdrawn', feeRefunded: true });
    expect(await balanceFen()).toBe(b0);
    expect((await t.request('POST', `${N}/delete/${d.id}`, { as: 'admin' })).statusCode).toBe(409);
    const other = await draft();
    expect((await t.request('POST', `${N}/delete/${other.id}`, { as: 'admin' })).statusCode).toBe(200);
    expect((await t.request('GET', `${N}/${other.id}`, { as: 'admin' })).statusCode).toBe(404);
  });

  it('lists with filters, and keeps tenants and permissions apart', async () => {
    const list = await t.request('GET', `${N}/list`, {
      as: 'admin',
      query: { contractId: signedId, pageNum: 1, pageSize: 50 },
    });
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().data.rows as { contractId: number; state: string }[];
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.every((r) => r.contractId === signedId)).toBe(true);
    const notarized = await t.request('GET', `${N}/list`, {
      as: 'admin',
      query: { state: 'notarized', contractId: signedId, pageNum: 1, pageSize: 50 },
    });
    expect(notarized.json().data.rows).toHaveLength(1);
    // The other tenant (its plan has no notarization) sees none of it, by list or by id.
    const foreign = await t.request('GET', `${N}/list`, { as: 'other', query: { pageNum: 1, pageSize: 50 } });
    expect(foreign.statusCode).toBe(403);
    const first = rows[0] as unknown as { id: number };
    expect((await t.request('GET', `${N}/${first.id}`, { as: 'other' })).statusCode).toBe(403);
    // A user of this tenant who may see notarizations only in another rent finds none of this rent's.
    const [role] = await q<{ id: number }>(
      t,
      `insert into roles (tenant_id, code, name, data_scope) values ($1, 'notaryview', 'notary view', 'assigned') returning id`,
      [tenantId],
    );
    for (const code of ['notarization', 'notarization:view']) {
      await q(t, `insert into role_grants (tenant_id, role_id, code) values ($1, $2, $3)`, [tenantId, role!.id, code]);
    }
    const sh = await addUser(t, 'notaryviewer', { roleIds: [Number(role!.id)], rentIds: [rents.sh] });
    const scoped = await t.request('GET', `${N}/list`, { token: sh.token, query: { pageNum: 1, pageSize: 50 } });
    expect(scoped.statusCode, scoped.body).toBe(200);
    expect((scoped.json().data.rows as { contractId: number }[]).some((r) => r.contractId === signedId)).toBe(false);
    expect((await t.request('GET', `${N}/${first.id}`, { token: sh.token })).statusCode).toBe(404);
    expect((await t.request('POST', `${N}/submit/${first.id}`, { token: sh.token })).statusCode).toBe(403);
  });
});
