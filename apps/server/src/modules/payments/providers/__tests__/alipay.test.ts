import { createSign, createVerify, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../../core/clock.js';
import { rowsOf } from '../../../../core/db.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { balanceFen, tenantId } from '../../__tests__/helpers.js';
import { AlipayProvider, alipayTime, rawMember, signContent } from '../alipay.js';
import { setPayProviders } from '../index.js';
import type { IncomingNotification } from '../provider.js';

/**
 * The Alipay adapter against a stand-in of the open platform gateway that checks our RSA2 request signatures,
 * answers `{"<method>_response": {...}, "sign": ...}` signed with "Alipay's" key, and posts notifications as the
 * documentation shows (form parameters, RSA2 over the sorted parameters minus sign and sign_type).
 */

const APP_ID = '2021000123456789';
const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
/** Keys as the Alipay console shows them: bare base64, no PEM armour. */
const bare = (k: KeyObject, type: 'pkcs8' | 'spki') => (k.export({ format: 'der', type }) as Buffer).toString('base64');

interface Trade {
  out_trade_no: string;
  total_amount: string;
  trade_status: string | null;
  trade_no: string;
  refunded: number;
}

class StandIn {
  server!: Server;
  base = '';
  trades = new Map<string, Trade>();
  refundNos = new Set<string>();
  calls: Record<string, string>[] = [];
  signWith: KeyObject = alipay.privateKey;

  private answer(res: ServerResponse, method: string, data: Record<string, unknown>, signed = true) {
    const inner = JSON.stringify(data);
    const key = `${method.replace(/\./g, '_')}_response`;
    const sign = createSign('RSA-SHA256').update(inner, 'utf8').sign(this.signWith, 'base64');
    res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
    res.end(signed ? `{"${key}":${inner},"sign":"${sign}"}` : `{"${key}":${inner}}`);
  }

  private handle(_req: IncomingMessage, res: ServerResponse, raw: string) {
    const p = Object.fromEntries(new URLSearchParams(raw));
    const ok =
      p.sign_type === 'RSA2' &&
      createVerify('RSA-SHA256')
        .update(signContent(p, ['sign']), 'utf8')
        .verify(app.publicKey, p.sign ?? '', 'base64');
    const method = p.method ?? 'unknown';
    if (!ok || p.app_id !== APP_ID) {
      return this.answer(
        res,
        method,
        { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' },
        false,
      );
    }
    this.calls.push(p);
    const biz = JSON.parse(p.biz_content ?? '{}') as Record<string, string>;
    const trade = this.trades.get(biz.out_trade_no ?? '');
    const notExist = { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' };
    switch (method) {
      case 'alipay.trade.precreate':
        this.trades.set(biz.out_trade_no!, {
          out_trade_no: biz.out_trade_no!,
          total_amount: biz.total_amount!,
          trade_status: null,
          trade_no: `2026112622001400${this.trades.size}`,
          refunded: 0,
        });
        return this.answer(res, method, {
          code: '10000',
          msg: 'Success',
          out_trade_no: biz.out_trade_no,
          qr_code: `https://qr.alipay.com/bax0${biz.out_trade_no!.slice(-6)}`,
        });
      case 'alipay.trade.query':
        if (!trade?.trade_status) return this.answer(res, method, notExist);
        return this.answer(res, method, {
          code: '10000',
          msg: 'Success',
          trade_no: trade.trade_no,
          out_trade_no: trade.out_trade_no,
          trade_status: trade.trade_status,
          total_amount: trade.total_amount,
          send_pay_date: '2026-11-26 18:30:00',
        });
      case 'alipay.trade.close':
        if (!trade?.trade_status) return this.answer(res, method, notExist);
        trade.trade_status = 'TRADE_CLOSED';
        return this.answer(res, method, { code: '10000', msg: 'Success', out_trade_no: trade.out_trade_no });
      case 'alipay.trade.refund':
        if (!trade || trade.trade_status !== 'TRADE_SUCCESS') return this.answer(res, method, notExist);
        trade.refunded += Number(biz.refund_amount);
        this.refundNos.add(biz.out_request_no!);
        return this.answer(res, method, {
          code: '10000',
          msg: 'Success',
          trade_no: trade.trade_no,
          out_trade_no: trade.out_trade_no,
          fund_change: 'Y',
          refund_fee: biz.refund_amount,
        });
      case 'alipay.trade.fastpay.refund.query':
        // 10000 either way; refund_status only for a refund that was made.
        return this.answer(res, method, {
          code: '10000',
          msg: 'Success',
          out_trade_no: biz.out_trade_no,
          out_request_no: biz.out_request_no,
          ...(this.refundNos.has(biz.out_request_no!)
            ? { refund_status: 'REFUND_SUCCESS', trade_no: trade?.trade_no }
            : {}),
        });
      default:
        return this.answer(res, method, { code: '40004', msg: 'Business Failed', sub_code: 'UNKNOWN' });
    }
  }

  async start() {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      req.on('end', () => this.handle(req, res, raw));
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/gateway.do`;
  }

  notification(
    p: { out_trade_no: string; total_amount: string; trade_status?: string },
    o: { notifyId?: string; at?: Date; key?: KeyObject } = {},
  ): IncomingNotification {
    const params: Record<string, string> = {
      gmt_create: '2026-11-26 18:29:40',
      charset: 'utf-8',
      seller_email: 'pay@fleetdesk.example',
      subject: 'Fleetdesk 会员 专业版 1 年',
      buyer_id: '2088102122524333',
      invoice_amount: p.total_amount,
      notify_id: o.notifyId ?? `2026112600222183040${Math.floor(Math.random() * 1e6)}`,
      fund_bill_list: '[{"amount":"' + p.total_amount + '","fundChannel":"ALIPAYACCOUNT"}]',
      notify_type: 'trade_status_sync',
      trade_status: p.trade_status ?? 'TRADE_SUCCESS',
      receipt_amount: p.total_amount,
      app_id: APP_ID,
      buyer_pay_amount: p.total_amount,
      notify_time: alipayTime(o.at ?? new Date()),
      point_amount: '0.00',
      total_amount: p.total_amount,
      trade_no: '2026112622001433330500000001',
      auth_app_id: APP_ID,
      gmt_payment: '2026-11-26 18:30:00',
      version: '1.0',
      out_trade_no: p.out_trade_no,
    };
    params.sign = createSign('RSA-SHA256')
      .update(signContent(params, ['sign', 'sign_type']), 'utf8')
      .sign(o.key ?? alipay.privateKey, 'base64');
    params.sign_type = 'RSA2';
    return {
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams(params).toString(),
    };
  }
}

const standIn = new StandIn();
const clock = new ManualClock(new Date());

function adapter(c: { now(): Date } = clock, key = app.privateKey) {
  return new AlipayProvider({
    appId: APP_ID,
    privateKey: bare(key, 'pkcs8'),
    alipayPublicKey: bare(alipay.publicKey, 'spki'),
    gateway: standIn.base,
    clock: c,
  });
}

beforeAll(async () => standIn.start());
afterAll(async () => new Promise<void>((r) => standIn.server.close(() => r())));

describe('Alipay adapter', () => {
  it('precreates a QR code with an RSA2-signed call', async () => {
    const trade = await adapter().createNative({
      orderNo: 'M20261126103000000001',
      amountFen: 980_000,
      description: 'Fleetdesk 会员 专业版 1 年',
      expiresAt: new Date('2026-11-26T10:30:00Z'),
      notifyUrl: 'https://fleetdesk.example/api/pay/notify/alipay',
    });
    expect(trade).toEqual({ codeUrl: 'https://qr.alipay.com/bax0000001', payUrl: null });
    const call = standIn.calls.at(-1)!;
    expect(call).toMatchObject({
      method: 'alipay.trade.precreate',
      notify_url: 'https://fleetdesk.example/api/pay/notify/alipay',
    });
    expect(JSON.parse(call.biz_content!)).toEqual({
      out_trade_no: 'M20261126103000000001',
      total_amount: '9800.00',
      subject: 'Fleetdesk 会员 专业版 1 年',
      time_expire: '2026-11-26 18:30:00',
    });
  });

  it('queries (not yet scanned, paid), refunds and closes', async () => {
    const a = adapter();
    expect(await a.query('M20261126103000000001')).toEqual({ state: 'notFound' });
    await a.close('M20261126103000000001'); // nothing at Alipay yet: nothing to close, no error
    standIn.trades.get('M20261126103000000001')!.trade_status = 'WAIT_BUYER_PAY';
    expect(await a.query('M20261126103000000001')).toEqual({ state: 'scanned' });
    standIn.trades.get('M20261126103000000001')!.trade_status = 'TRADE_SUCCESS';
    expect(await a.query('M20261126103000000001')).toEqual({
      state: 'paid',
      tradeNo: '20261126220014000',
      amountFen: 980_000,
      paidAt: new Date('2026-11-26T10:30:00Z'),
    });
    const refund = await a.refund({
      orderNo: 'M20261126103000000001',
      refundNo: 'R1',
      amountFen: 1_050,
      totalFen: 980_000,
      reason: '退款',
    });
    expect(refund.status).toBe('succeeded');
    expect(JSON.parse(standIn.calls.at(-1)!.biz_content!)).toMatchObject({
      refund_amount: '10.50',
      out_request_no: 'R1',
    });
    expect(await a.queryRefund({ orderNo: 'M20261126103000000001', refundNo: 'R1' })).toMatchObject({
      status: 'succeeded',
    });
    expect((await a.queryRefund({ orderNo: 'M20261126103000000001', refundNo: 'R9' })).status).toBe('failed');
    expect((await a.refund({ orderNo: 'NOPE', refundNo: 'R2', amountFen: 1, totalFen: 1, reason: 'x' })).status).toBe(
      'failed',
    );
    standIn.trades.get('M20261126103000000001')!.trade_status = 'WAIT_BUYER_PAY';
    await a.close('M20261126103000000001');
    expect(standIn.trades.get('M20261126103000000001')!.trade_status).toBe('TRADE_CLOSED');
  });

  it('refuses an answer signed by another key; the gateway refuses our call signed by another key', async () => {
    standIn.signWith = stranger.privateKey;
    try {
      await expect(adapter().query('M20261126103000000001')).rejects.toMatchObject({ code: 'BAD_SIGNATURE' });
    } finally {
      standIn.signWith = alipay.privateKey;
    }
    await expect(adapter(clock, stranger.privateKey).query('M20261126103000000001')).rejects.toMatchObject({
      code: 'isv.invalid-signature',
    });
  });

  it('verifies notifications: good, bad signature, tampered, late', async () => {
    clock.set(new Date());
    const a = adapter();
    const good = standIn.notification({ out_trade_no: 'M1', total_amount: '9800.00' }, { notifyId: 'N-1' });
    expect(await a.parseNotification(good)).toEqual({
      notifyId: 'N-1',
      orderNo: 'M1',
      paid: true,
      tradeNo: '2026112622001433330500000001',
      amountFen: 980_000,
      paidAt: new Date('2026-11-26T10:30:00Z'),
    });
    const forged = standIn.notification({ out_trade_no: 'M1', total_amount: '9800.00' }, { key: stranger.privateKey });
    await expect(a.parseNotification(forged)).rejects.toMatchObject({ reason: 'badSignature' });
    const tampered = { ...good, body: good.body.replace('total_amount=9800.00', 'total_amount=0.01') };
    await expect(a.parseNotification(tampered)).rejects.toMatchObject({ reason: 'badSignature' });
    const late = standIn.notification(
      { out_trade_no: 'M1', total_amount: '9800.00' },
      { at: new Date(Date.now() - 6 * 60_000) },
    );
    await expect(a.parseNotification(late)).rejects.toMatchObject({ reason: 'late' });
    expect(a.notifyAnswer(true)).toEqual({ status: 200, contentType: 'text/plain', body: 'success' });
  });

  it('finds the raw response object the signature covers', () => {
    expect(rawMember('{"a_response":{"x":"}{\\"","y":{"z":1}},"sign":"s"}', 'a_response')).toBe(
      '{"x":"}{\\"","y":{"z":1}}',
    );
    expect(rawMember('{"sign":"s"}', 'a_response')).toBeNull();
  });
});

describe('Alipay through the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    setPayProviders(t.deps, adapter({ now: () => t.clock.now() }));
  });
  afterAll(async () => t.close());

  const post = (n: IncomingNotification) =>
    t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/alipay',
      headers: n.headers as Record<string, string>,
      payload: n.body,
    });

  it('lets the expired tenant buy a plan; the notification settles once and is answered "success"', async () => {
    t.clock.set(new Date());
    const o = (
      await t.request('POST', '/api/ccwadmin/order/membership', { as: 'expired', body: { planCode: 'PROFESSIONAL' } })
    ).json().data;
    const info = (await t.request('POST', `/api/ccwadmin/order/pay/${o.id}`, { as: 'expired' })).json().data;
    expect(info).toMatchObject({ provider: 'alipay', sandbox: false });
    expect(info.codeUrl).toMatch(/^https:\/\/qr\.alipay\.com\//);
    const n = standIn.notification(
      { out_trade_no: o.orderNo, total_amount: '9800.00' },
      { notifyId: 'N-APP', at: t.clock.now() },
    );
    const res = await post(n);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('success');
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect((await post(n)).body).toBe('success');
    const forged = standIn.notification(
      { out_trade_no: o.orderNo, total_amount: '9800.00' },
      { key: stranger.privateKey, at: t.clock.now() },
    );
    expect((await post(forged)).body).toBe('failure');
    const order = (await t.request('GET', `/api/ccwadmin/order/${o.id}`, { as: 'expired' })).json().data;
    expect(order).toMatchObject({
      status: 'paid',
      payMethod: 'alipay',
      providerTradeNo: '2026112622001433330500000001',
    });
    expect((await t.request('GET', '/api/ccwadmin/operationLog/list', { as: 'expired' })).statusCode).toBe(200);
    const log = await rowsOf<{ outcome: string }>(
      t.deps.db,
      sql`select outcome from pay_notifications where provider = 'alipay' order by id`,
    );
    expect(log.map((r) => r.outcome)).toEqual(['settled', 'badSignature']);
    expect(await balanceFen(t, await tenantId(t, 'EXPIRED'))).toBe(0);
  });
});
