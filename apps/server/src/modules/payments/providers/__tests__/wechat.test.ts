import {
  createCipheriv,
  createSign,
  createVerify,
  generateKeyPairSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../../core/clock.js';
import { rowsOf } from '../../../../core/db.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { balanceFen, tenantId } from '../../__tests__/helpers.js';
import { setPayProviders } from '../index.js';
import { followUpRefunds } from '../../withdraw.service.js';
import { auditLedger } from '../../payments.repository.js';
import { ProviderError, type IncomingNotification } from '../provider.js';
import { chinaTime, WechatPayProvider } from '../wechat.js';

/**
 * The WeChat Pay adapter against a stand-in of api.mch.weixin.qq.com that checks our request signatures and
 * answers and notifies signed with its platform key, as the API v3 documentation shows.
 */

const MCHID = '1900000109';
const APPID = 'wxd678efh567hg6787';
const SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const PLATFORM_SERIAL = 'PUB_KEY_ID_0114232134912410000000000000';
const APIV3_KEY = 'a3f1c9e07b2d4e6f8a0b1c2d3e4f5a6b';

const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = (k: KeyObject, type: 'pkcs8' | 'spki') => k.export({ format: 'pem', type }) as string;

interface Trade {
  out_trade_no: string;
  amount: { total: number };
  state: string;
  transaction_id: string;
}

/** The stand-in: keeps trades, verifies the Authorization header, signs every answer. */
class StandIn {
  server!: Server;
  base = '';
  trades = new Map<string, Trade>();
  refunds = new Map<string, string>();
  requests: { method: string; url: string; body: Record<string, unknown> | null }[] = [];
  signWith: KeyObject = platform.privateKey;

  signHeaders(body: string, key: KeyObject = this.signWith, at = Date.now()): Record<string, string> {
    const timestamp = String(Math.floor(at / 1000));
    const nonce = randomBytes(16).toString('hex');
    return {
      'Wechatpay-Timestamp': timestamp,
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Signature': createSign('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`).sign(key, 'base64'),
      'Wechatpay-Serial': PLATFORM_SERIAL,
      'Wechatpay-Signature-Type': 'WECHATPAY2-SHA256-RSA2048',
    };
  }

  private answer(res: ServerResponse, status: number, data?: object) {
    const body = data ? JSON.stringify(data) : '';
    res.writeHead(status, { 'content-type': 'application/json', ...this.signHeaders(body) });
    res.end(body);
  }

  private handle(req: IncomingMessage, res: ServerResponse, raw: string) {
    const auth = req.headers.authorization ?? '';
    const m = /^WECHATPAY2-SHA256-RSA2048 (.*)$/.exec(auth);
    const fields = Object.fromEntries([...(m?.[1] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    const signed = `${req.method}\n${req.url}\n${fields.timestamp}\n${fields.nonce_str}\n${raw}\n`;
    const valid =
      fields.mchid === MCHID &&
      fields.serial_no === SERIAL &&
      !!fields.signature &&
      createVerify('RSA-SHA256').update(signed).verify(merchant.publicKey, fields.signature, 'base64');
    if (!valid) return this.answer(res, 401, { code: 'SIGN_ERROR', message: '签名错误' });
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    this.requests.push({ method: req.method!, url: req.url!, body });
    const url = new URL(req.url!, 'http://x');
    if (req.method === 'POST' && url.pathname === '/v3/pay/transactions/native') {
      const b = body as { out_trade_no: string; amount: { total: number } };
      this.trades.set(b.out_trade_no, {
        out_trade_no: b.out_trade_no,
        amount: b.amount,
        state: 'NOTPAY',
        transaction_id: `42000${Date.now()}`,
      });
      return this.answer(res, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${b.out_trade_no.slice(-6)}` });
    }
    const q = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname);
    if (q) {
      const trade = this.trades.get(q[1]!);
      if (!trade) return this.answer(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      if (q[2]) {
        trade.state = 'CLOSED';
        return this.answer(res, 204);
      }
      return this.answer(res, 200, {
        appid: APPID,
        mchid: MCHID,
        out_trade_no: trade.out_trade_no,
        transaction_id: trade.transaction_id,
        trade_state: trade.state,
        success_time: '2026-11-26T18:30:00+08:00',
        amount: { total: trade.amount.total, payer_total: trade.amount.total, currency: 'CNY' },
      });
    }
    const rq = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && rq) {
      const status = this.refunds.get(decodeURIComponent(rq[1]!));
      if (!status) return this.answer(res, 404, { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' });
      return this.answer(res, 200, { refund_id: `50000${rq[1]}`, out_refund_no: rq[1], status });
    }
    if (req.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') {
      const b = body as { out_trade_no: string; amount: { refund: number; total: number } };
      const trade = this.trades.get(b.out_trade_no);
      if (!trade || trade.state !== 'SUCCESS')
        return this.answer(res, 400, { code: 'INVALID_REQUEST', message: '订单未支付' });
      this.refunds.set((body as { out_refund_no: string }).out_refund_no, 'PROCESSING');
      return this.answer(res, 200, { refund_id: `50000${Date.now()}`, status: 'PROCESSING' });
    }
    return this.answer(res, 404, { code: 'NOT_FOUND', message: 'no such call' });
  }

  async start() {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      req.on('end', () => this.handle(req, res, raw));
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A payment notification as WeChat Pay sends it: the transaction encrypted with the APIv3 key, signed. */
  notification(
    tx: { out_trade_no: string; total: number; trade_state?: string },
    o: { id?: string; at?: number; key?: KeyObject } = {},
  ): IncomingNotification {
    const plain = JSON.stringify({
      mchid: MCHID,
      appid: APPID,
      out_trade_no: tx.out_trade_no,
      transaction_id: '4200000000202611260000000001',
      trade_type: 'NATIVE',
      trade_state: tx.trade_state ?? 'SUCCESS',
      success_time: '2026-11-26T18:30:00+08:00',
      amount: { total: tx.total, payer_total: tx.total, currency: 'CNY', payer_currency: 'CNY' },
    });
    const nonce = randomBytes(6).toString('hex');
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(APIV3_KEY), Buffer.from(nonce));
    cipher.setAAD(Buffer.from('transaction'));
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    const body = JSON.stringify({
      id: o.id ?? `EV-${randomBytes(6).toString('hex')}`,
      create_time: '2026-11-26T18:30:01+08:00',
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: {
        original_type: 'transaction',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: ciphertext.toString('base64'),
        associated_data: 'transaction',
        nonce,
      },
    });
    const headers = Object.fromEntries(
      Object.entries(this.signHeaders(body, o.key ?? platform.privateKey, o.at ?? Date.now())).map(([k, v]) => [
        k.toLowerCase(),
        v,
      ]),
    );
    return { headers: { 'content-type': 'application/json', ...headers }, body };
  }
}

const standIn = new StandIn();
const clock = new ManualClock(new Date());
let wechat: WechatPayProvider;

function adapter(c: { now(): Date } = clock) {
  return new WechatPayProvider({
    mchid: MCHID,
    appid: APPID,
    serialNo: SERIAL,
    privateKey: pem(merchant.privateKey, 'pkcs8').replace(/\n/g, '\\n'),
    apiV3Key: APIV3_KEY,
    platformKey: pem(platform.publicKey, 'spki'),
    platformSerial: PLATFORM_SERIAL,
    endpoint: standIn.base,
    clock: c,
  });
}

beforeAll(async () => {
  await standIn.start();
  wechat = adapter();
});
afterAll(async () => new Promise<void>((r) => standIn.server.close(() => r())));

describe('WeChat Pay API v3 adapter', () => {
  it('creates a Native order with a signed request and reads code_url', async () => {
    const expiresAt = new Date('2026-11-26T10:30:00Z');
    const trade = await wechat.createNative({
      orderNo: 'T20261126103000000001',
      amountFen: 12_345,
      description: 'Fleetdesk 余额充值',
      expiresAt,
      notifyUrl: 'https://fleetdesk.example/api/pay/notify/wechat',
    });
    expect(trade).toEqual({ codeUrl: 'weixin://wxpay/bizpayurl?pr=000001', payUrl: null });
    expect(standIn.requests.at(-1)).toEqual({
      method: 'POST',
      url: '/v3/pay/transactions/native',
      body: {
        appid: APPID,
        mchid: MCHID,
        description: 'Fleetdesk 余额充值',
        out_trade_no: 'T20261126103000000001',
        time_expire: '2026-11-26T18:30:00+08:00',
        notify_url: 'https://fleetdesk.example/api/pay/notify/wechat',
        amount: { total: 12_345, currency: 'CNY' },
      },
    });
    expect(chinaTime(expiresAt)).toBe('2026-11-26T18:30:00+08:00');
  });

  it('queries, closes and refunds', async () => {
    expect(await wechat.query('T20261126103000000001')).toEqual({ state: 'waiting' });
    expect(await wechat.query('T00000000000000000000')).toEqual({ state: 'notFound' });
    expect(
      (
        await wechat.refund({
          orderNo: 'T20261126103000000001',
          refundNo: 'R1',
          amountFen: 100,
          totalFen: 12_345,
          reason: 'x',
        })
      ).status,
    ).toBe('failed');
    standIn.trades.get('T20261126103000000001')!.state = 'SUCCESS';
    expect(await wechat.query('T20261126103000000001')).toMatchObject({
      state: 'paid',
      amountFen: 12_345,
      paidAt: new Date('2026-11-26T10:30:00Z'),
    });
    const refund = await wechat.refund({
      orderNo: 'T20261126103000000001',
      refundNo: 'R20261126103000000001',
      amountFen: 5_000,
      totalFen: 12_345,
      reason: '退回未使用的余额',
    });
    expect(refund).toMatchObject({ status: 'processing' });
    expect(standIn.requests.at(-1)!.body).toMatchObject({
      out_refund_no: 'R20261126103000000001',
      amount: { refund: 5_000, total: 12_345, currency: 'CNY' },
    });
    expect(await wechat.queryRefund({ orderNo: 'x', refundNo: 'R20261126103000000001' })).toMatchObject({
      status: 'processing',
    });
    standIn.refunds.set('R20261126103000000001', 'SUCCESS');
    expect(await wechat.queryRefund({ orderNo: 'x', refundNo: 'R20261126103000000001' })).toMatchObject({
      status: 'succeeded',
    });
    expect((await wechat.queryRefund({ orderNo: 'x', refundNo: 'R0' })).status).toBe('failed');
    await wechat.createNative({
      orderNo: 'T20261126103000000002',
      amountFen: 100,
      description: 'x',
      expiresAt: new Date(),
      notifyUrl: 'https://x/n',
    });
    await wechat.close('T20261126103000000002');
    expect(standIn.trades.get('T20261126103000000002')!.state).toBe('CLOSED');
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'POST', body: { mchid: MCHID } });
  });

  it('refuses an answer not signed by the platform key, and the stand-in refuses a request signed by another key', async () => {
    standIn.signWith = stranger.privateKey;
    try {
      await expect(wechat.query('T20261126103000000001')).rejects.toMatchObject({ code: 'BAD_SIGNATURE' });
    } finally {
      standIn.signWith = platform.privateKey;
    }
    const impostor = new WechatPayProvider({
      mchid: MCHID,
      appid: APPID,
      serialNo: SERIAL,
      privateKey: pem(stranger.privateKey, 'pkcs8'),
      apiV3Key: APIV3_KEY,
      platformKey: pem(platform.publicKey, 'spki'),
      platformSerial: PLATFORM_SERIAL,
      endpoint: standIn.base,
      clock,
    });
    const err = await impostor.query('T20261126103000000001').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).code).toBe('SIGN_ERROR');
  });

  it('reads a good notification, and refuses a bad signature, another key serial, a late one and a tampered resource', async () => {
    clock.set(new Date());
    const good = standIn.notification({ out_trade_no: 'T20261126103000000001', total: 12_345 }, { id: 'EV-1' });
    expect(await wechat.parseNotification(good)).toEqual({
      notifyId: 'EV-1',
      orderNo: 'T20261126103000000001',
      paid: true,
      tradeNo: '4200000000202611260000000001',
      amountFen: 12_345,
      paidAt: new Date('2026-11-26T10:30:00Z'),
    });
    const forged = standIn.notification({ out_trade_no: 'T1', total: 1 }, { key: stranger.privateKey });
    await expect(wechat.parseNotification(forged)).rejects.toMatchObject({ reason: 'badSignature' });
    const tampered = { ...good, body: good.body.replace('"EV-1"', '"EV-2"') };
    await expect(wechat.parseNotification(tampered)).rejects.toMatchObject({ reason: 'badSignature' });
    const otherSerial = { ...good, headers: { ...good.headers, 'wechatpay-serial': 'PUB_KEY_ID_OTHER' } };
    await expect(wechat.parseNotification(otherSerial)).rejects.toMatchObject({ reason: 'unknownKey' });
    const late = standIn.notification({ out_trade_no: 'T1', total: 1 }, { at: Date.now() - 6 * 60_000 });
    await expect(wechat.parseNotification(late)).rejects.toMatchObject({ reason: 'late' });
    // A resource encrypted with another key: the signature holds (the stand-in signs it) but it does not decrypt.
    const n = standIn.notification({ out_trade_no: 'T1', total: 1 });
    const event = JSON.parse(n.body) as { resource: { ciphertext: string } };
    const bytes = Buffer.from(event.resource.ciphertext, 'base64');
    bytes[0] = bytes[0]! ^ 0xff;
    event.resource.ciphertext = bytes.toString('base64');
    const body = JSON.stringify(event);
    const resigned = {
      body,
      headers: Object.fromEntries(Object.entries(standIn.signHeaders(body)).map(([k, v]) => [k.toLowerCase(), v])),
    };
    await expect(wechat.parseNotification(resigned)).rejects.toMatchObject({ reason: 'malformed' });
  });
});

describe('WeChat Pay through the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { PUBLIC_URL: 'https://fleetdesk.example' } });
    setPayProviders(t.deps, adapter({ now: () => t.clock.now() }));
  });
  afterAll(async () => t.close());

  const post = (n: IncomingNotification) =>
    t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/wechat',
      headers: n.headers as Record<string, string>,
      payload: n.body,
    });

  it('pays a top-up by QR code and a signed notification; a replay and a late one change nothing', async () => {
    t.clock.set(new Date());
    const o = (await t.request('POST', '/api/ccwadmin/order/topUp', { as: 'admin', body: { amount: 88.8 } })).json()
      .data;
    const info = (await t.request('POST', `/api/ccwadmin/order/pay/${o.id}`, { as: 'admin' })).json().data;
    expect(info).toMatchObject({ provider: 'wechat', sandbox: false, payUrl: null });
    expect(info.codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(standIn.requests.at(-1)!.body).toMatchObject({
      notify_url: 'https://fleetdesk.example/api/pay/notify/wechat',
      amount: { total: 8880 },
    });
    const tenant = await tenantId(t, 'DEMO');
    const before = await balanceFen(t, tenant);

    const wrong = await post(standIn.notification({ out_trade_no: o.orderNo, total: 8800 }, { id: 'EV-W' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'FAIL', message: '失败' });

    const n = standIn.notification({ out_trade_no: o.orderNo, total: 8880 }, { id: 'EV-OK' });
    const first = await post(n);
    expect(first.statusCode).toBe(204);
    expect(await balanceFen(t, tenant)).toBe(before + 8880);
    expect((await post(n)).statusCode).toBe(204);
    const late = standIn.notification(
      { out_trade_no: o.orderNo, total: 8880 },
      { id: 'EV-LATE', at: t.clock.now().getTime() - 10 * 60_000 },
    );
    expect((await post(late)).statusCode).toBe(400);
    expect(await balanceFen(t, tenant)).toBe(before + 8880);
    const log = await rowsOf<{ outcome: string }>(
      t.deps.db,
      sql`select outcome from pay_notifications where provider = 'wechat' order by id`,
    );
    expect(log.map((r) => r.outcome)).toEqual(['amountMismatch', 'settled', 'late']);
    const status = (await t.request('GET', `/api/ccwadmin/order/pay/status/${o.id}`, { as: 'admin' })).json().data;
    expect(status).toMatchObject({ status: 'paid' });
    // With a real provider configured, the sandbox's page and notifications are gone.
    const page = await t.app.inject({ method: 'GET', url: `/api/pay/sandbox/trade/${o.orderNo}?token=x` });
    expect(page.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', payload: '{}' })).statusCode).toBe(
      404,
    );
  });

  it('withdraws through WeChat: PROCESSING at first, then finished by the follow-up (or given back when it fails)', async () => {
    t.clock.set(new Date());
    const tenant = await tenantId(t, 'DEMO');
    const o = (await t.request('POST', '/api/ccwadmin/order/topUp', { as: 'admin', body: { amount: 60 } })).json().data;
    await t.request('POST', `/api/ccwadmin/order/pay/${o.id}`, { as: 'admin' });
    standIn.trades.get(o.orderNo)!.state = 'SUCCESS';
    expect((await post(standIn.notification({ out_trade_no: o.orderNo, total: 6000 }))).statusCode).toBe(204);
    const before = await balanceFen(t, tenant);
    const first = await t.request('POST', `/api/ccwadmin/order/refund/${o.id}`, {
      as: 'admin',
      body: { amount: 20, reason: '退回' },
    });
    const second = await t.request('POST', `/api/ccwadmin/order/refund/${o.id}`, {
      as: 'admin',
      body: { amount: 15, reason: '再退' },
    });
    expect(first.json().data.refunds).toMatchObject([{ status: 'processing', amount: 20 }]);
    expect(second.json().data).toMatchObject({ status: 'partRefunded', refundedAmount: 35 });
    expect(await balanceFen(t, tenant)).toBe(before - 3500);
    const [r1, r2] = second.json().data.refunds as { refundNo: string }[];
    standIn.refunds.set(r1!.refundNo, 'SUCCESS');
    standIn.refunds.set(r2!.refundNo, 'ABNORMAL');
    expect(await followUpRefunds(t.deps)).toBe(0); // not a minute old yet
    t.clock.advance(2 * 60_000);
    expect(await followUpRefunds(t.deps)).toBe(2);
    const detail = (await t.request('GET', `/api/ccwadmin/order/${o.id}`, { as: 'admin' })).json().data;
    expect(detail.refunds).toMatchObject([
      { status: 'succeeded', amount: 20 },
      { status: 'failed', amount: 15 },
    ]);
    expect(detail).toMatchObject({ status: 'partRefunded', refundedAmount: 20 });
    expect(await balanceFen(t, tenant)).toBe(before - 2000);
    expect((await auditLedger(t.deps.db, tenant)).ok).toBe(true);
  });
});
