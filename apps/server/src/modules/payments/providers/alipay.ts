import { createSign, createVerify, type KeyObject } from 'node:crypto';
import type { Clock } from '../../../core/clock.js';
import { privateKey, publicKey } from './keys.js';
import {
  NOTIFY_MAX_AGE_MS,
  NotificationRejected,
  ProviderError,
  type IncomingNotification,
  type NativeTrade,
  type NativeTradeRequest,
  type NotifyAnswer,
  type PaymentNotice,
  type PayProvider,
  type RefundRequest,
  type RefundResult,
  type TradeState,
} from './provider.js';

export interface AlipayOptions {
  appId: string;
  /** Application private key (RSA2). */
  privateKey: string;
  /** Alipay public key: verifies answers and notifications. */
  alipayPublicKey: string;
  gateway: string;
  clock: Clock;
  timeoutMs?: number;
}

/** "yyyy-MM-dd HH:mm:ss" in China time, as Alipay writes times. */
export function alipayTime(d: Date): string {
  return new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

export function parseAlipayTime(s: string): Date {
  return new Date(`${s.replace(' ', 'T')}+08:00`);
}

/** The text Alipay signs: the parameters (minus `omit`, minus empty values) sorted by name, as k=v joined by &. */
export function signContent(params: Record<string, string>, omit: readonly string[]): string {
  return Object.keys(params)
    .filter((k) => !omit.includes(k) && params[k] !== '' && params[k] !== undefined)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

const yuan = (fen: number) => (fen / 100).toFixed(2);
/** Alipay's yuan text ("88.80") in fen; NaN for anything else (refused as malformed, never rounded). */
function fenOf(yuanText: unknown): number {
  const text = typeof yuanText === 'number' ? String(yuanText) : yuanText;
  return typeof text === 'string' && /^\d{1,10}(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : NaN;
}

/**
 * The raw JSON text of `key`'s value in an answer (Alipay signs the exact bytes of the `*_response` object).
 * Null when missing.
 */
export function rawMember(body: string, key: string): string | null {
  const at = body.indexOf(`"${key}"`);
  if (at < 0) return null;
  let i = body.indexOf(':', at + key.length + 2) + 1;
  while (body[i] === ' ') i++;
  if (body[i] !== '{') return null;
  let depth = 0;
  let inString = false;
  for (let j = i; j < body.length; j++) {
    const c = body[j];
    if (inString) {
      if (c === '\\') j++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return body.slice(i, j + 1);
  }
  return null;
}

/**
 * Alipay open platform: face-to-face precreate (a QR code), query, close, refund, through the gateway with
 * RSA2 (SHA256withRSA) signed requests; answers are verified with the Alipay public key (over the raw
 * `*_response` JSON); asynchronous notifications are form posts verified over their sorted parameters minus
 * `sign` and `sign_type`, and answered `success`. Notifications whose notify_time is older than 5 minutes are
 * refused.
 */
export class AlipayProvider implements PayProvider {
  readonly name = 'alipay' as const;
  readonly sandbox = false;
  private readonly key: KeyObject;
  private readonly alipayKey: KeyObject;

  constructor(private readonly o: AlipayOptions) {
    this.key = privateKey(o.privateKey);
    this.alipayKey = publicKey(o.alipayPublicKey);
  }

  private async call(
    method: string,
    biz: Record<string, unknown>,
    extra: Record<string, string> = {},
  ): Promise<Record<string, unknown>> {
    const params: Record<string, string> = {
      app_id: this.o.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: alipayTime(this.o.clock.now()),
      version: '1.0',
      biz_content: JSON.stringify(biz),
      ...extra,
    };
    params.sign = createSign('RSA-SHA256')
      .update(signContent(params, ['sign']), 'utf8')
      .sign(this.key, 'base64');
    let res: Response;
    try {
      res = await fetch(this.o.gateway, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
        body: new URLSearchParams(params).toString(),
        signal: AbortSignal.timeout(this.o.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new ProviderError('alipay', 'NETWORK', err instanceof Error ? err.message : String(err));
    }
    const text = await res.text();
    const responseKey = `${method.replace(/\./g, '_')}_response`;
    const raw = rawMember(text, responseKey) ?? rawMember(text, 'error_response');
    let parsed: { sign?: string } & Record<string, unknown>;
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      throw new ProviderError('alipay', `HTTP ${res.status}`, 'answer is not JSON');
    }
    if (!raw) throw new ProviderError('alipay', `HTTP ${res.status}`, 'answer without a response');
    const data = JSON.parse(raw) as Record<string, unknown>;
    // Errors about the call itself (a bad app id) come unsigned; every business answer is signed.
    if (parsed.sign) {
      const ok = createVerify('RSA-SHA256').update(raw, 'utf8').verify(this.alipayKey, parsed.sign, 'base64');
      if (!ok) throw new ProviderError('alipay', 'BAD_SIGNATURE', 'answer signature not verified');
    } else if (data.code === '10000') {
      throw new ProviderError('alipay', 'BAD_SIGNATURE', 'answer not signed');
    }
    return data;
  }

  private fail(data: Record<string, unknown>): never {
    throw new ProviderError(
      'alipay',
      String(data.sub_code ?? data.code ?? 'ERROR'),
      String(data.sub_msg ?? data.msg ?? 'refused'),
    );
  }

  async createNative(req: NativeTradeRequest): Promise<NativeTrade> {
    const data = await this.call(
      'alipay.trade.precreate',
      {
        out_trade_no: req.orderNo,
        total_amount: yuan(req.amountFen),
        subject: req.description.slice(0, 256),
        time_expire: alipayTime(req.expiresAt),
      },
      { notify_url: req.notifyUrl },
    );
    if (data.code !== '10000' || typeof data.qr_code !== 'string') this.fail(data);
    return { codeUrl: data.qr_code, payUrl: null };
  }

  async query(orderNo: string): Promise<TradeState> {
    const data = await this.call('alipay.trade.query', { out_trade_no: orderNo });
    if (data.sub_code === 'ACQ.TRADE_NOT_EXIST') return { state: 'notFound' };
    if (data.code !== '10000') this.fail(data);
    switch (data.trade_status) {
      case 'TRADE_SUCCESS':
      case 'TRADE_FINISHED':
        return {
          state: 'paid',
          tradeNo: String(data.trade_no ?? ''),
          amountFen: fenOf(data.total_amount),
          paidAt: typeof data.send_pay_date === 'string' ? parseAlipayTime(data.send_pay_date) : this.o.clock.now(),
        };
      case 'TRADE_CLOSED':
        return { state: 'closed' };
      default:
        // WAIT_BUYER_PAY: the payer scanned the code (a precreated trade exists at Alipay only from then).
        return { state: 'scanned' };
    }
  }

  async close(orderNo: string): Promise<void> {
    const data = await this.call('alipay.trade.close', { out_trade_no: orderNo });
    // A code never scanned has no trade at Alipay: nothing to close.
    if (data.code !== '10000' && data.sub_code !== 'ACQ.TRADE_NOT_EXIST') this.fail(data);
  }

  async refund(req: RefundRequest): Promise<RefundResult> {
    let data: Record<string, unknown>;
    try {
      data = await this.call('alipay.trade.refund', {
        out_trade_no: req.orderNo,
        refund_amount: yuan(req.amountFen),
        out_request_no: req.refundNo,
        refund_reason: req.reason.slice(0, 256),
      });
    } catch (err) {
      if (err instanceof ProviderError && err.code === 'NETWORK')
        return { status: 'processing', providerRefundId: null };
      throw err;
    }
    if (data.code !== '10000') {
      return {
        status: 'failed',
        failure: `${String(data.sub_code ?? data.code)}: ${String(data.sub_msg ?? data.msg)}`,
      };
    }
    return {
      status: 'succeeded',
      providerRefundId: typeof data.trade_no === 'string' ? `${data.trade_no}/${req.refundNo}` : null,
    };
  }

  async queryRefund(req: { orderNo: string; refundNo: string }): Promise<RefundResult> {
    const data = await this.call('alipay.trade.fastpay.refund.query', {
      out_trade_no: req.orderNo,
      out_request_no: req.refundNo,
    });
    if (data.code !== '10000') this.fail(data);
    // Alipay answers 10000 without refund_status for a refund it never made.
    if (data.refund_status === 'REFUND_SUCCESS') {
      return { status: 'succeeded', providerRefundId: `${String(data.trade_no ?? '')}/${req.refundNo}` };
    }
    return { status: 'failed', failure: 'alipay: no such refund' };
  }

  async parseNotification(n: IncomingNotification): Promise<PaymentNotice> {
    const params = Object.fromEntries(new URLSearchParams(n.body));
    if (!params.sign || !params.notify_id || !params.out_trade_no) {
      throw new NotificationRejected('malformed', 'sign, notify_id or out_trade_no missing');
    }
    if (params.sign_type && params.sign_type !== 'RSA2') throw new NotificationRejected('malformed', 'sign_type');
    const ok = createVerify('RSA-SHA256')
      .update(signContent(params, ['sign', 'sign_type']), 'utf8')
      .verify(this.alipayKey, params.sign, 'base64');
    if (!ok) throw new NotificationRejected('badSignature');
    if (params.app_id !== this.o.appId) throw new NotificationRejected('malformed', 'another app');
    const sent = params.notify_time ? parseAlipayTime(params.notify_time).getTime() : NaN;
    const age = this.o.clock.now().getTime() - sent;
    if (!Number.isFinite(age) || Math.abs(age) > NOTIFY_MAX_AGE_MS) throw new NotificationRejected('late');
    return {
      notifyId: params.notify_id,
      orderNo: params.out_trade_no,
      paid: params.trade_status === 'TRADE_SUCCESS' || params.trade_status === 'TRADE_FINISHED',
      tradeNo: params.trade_no ?? null,
      amountFen: fenOf(params.total_amount),
      paidAt: params.gmt_payment ? parseAlipayTime(params.gmt_payment) : null,
    };
  }

  notifyAnswer(ok: boolean): NotifyAnswer {
    return { status: 200, contentType: 'text/plain', body: ok ? 'success' : 'failure' };
  }
}
