import { createDecipheriv, createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';
import type { Clock } from '../../../core/clock.js';
import { privateKey, publicKey } from './keys.js';
import {
  header,
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

export interface WechatPayOptions {
  mchid: string;
  appid: string;
  /** Serial number of the merchant API certificate. */
  serialNo: string;
  /** Merchant API private key (signs requests). */
  privateKey: string;
  /** APIv3 key (32 characters): decrypts notification resources. */
  apiV3Key: string;
  /** The platform certificate or the platform public key, and its serial / public key id. */
  platformKey: string;
  platformSerial: string;
  endpoint: string;
  clock: Clock;
  timeoutMs?: number;
}

/** RFC 3339 in China time, as WeChat Pay writes times (2026-11-26T18:30:00+08:00). */
export function chinaTime(d: Date): string {
  const t = new Date(d.getTime() + 8 * 3600_000);
  return `${t.toISOString().slice(0, 19)}+08:00`;
}

/**
 * WeChat Pay API v3, Native payment (the payer scans a QR code). Requests are signed with the merchant key
 * (`Authorization: WECHATPAY2-SHA256-RSA2048 mchid=..,nonce_str=..,signature=..,timestamp=..,serial_no=..` over
 * "METHOD\nURL\ntimestamp\nnonce\nbody\n"); answers and notifications are verified with the platform key
 * (`Wechatpay-Signature` over "timestamp\nnonce\nbody\n", `Wechatpay-Serial` naming the key); the notification's
 * resource is AEAD_AES_256_GCM encrypted with the APIv3 key. Notifications older than 5 minutes are refused.
 */
export class WechatPayProvider implements PayProvider {
  readonly name = 'wechat' as const;
  readonly sandbox = false;
  private readonly key: KeyObject;
  private readonly platform: KeyObject;

  constructor(private readonly o: WechatPayOptions) {
    this.key = privateKey(o.privateKey);
    this.platform = publicKey(o.platformKey);
    if (Buffer.byteLength(o.apiV3Key) !== 32) throw new Error('PAY_WECHAT_APIV3_KEY must be 32 bytes');
  }

  /** The Authorization header of a request. */
  authorization(method: string, url: string, body: string, timestamp: string, nonce: string): string {
    const signature = createSign('RSA-SHA256')
      .update(`${method}\n${url}\n${timestamp}\n${nonce}\n${body}\n`)
      .sign(this.key, 'base64');
    return (
      `WECHATPAY2-SHA256-RSA2048 mchid="${this.o.mchid}",nonce_str="${nonce}",signature="${signature}",` +
      `timestamp="${timestamp}",serial_no="${this.o.serialNo}"`
    );
  }

  /** Whether a message (answer or notification) carries a valid platform signature; throws when not. */
  private verify(headers: IncomingNotification['headers'], body: string, checkAge: boolean): void {
    const timestamp = header(headers, 'wechatpay-timestamp');
    const nonce = header(headers, 'wechatpay-nonce');
    const signature = header(headers, 'wechatpay-signature');
    const serial = header(headers, 'wechatpay-serial');
    if (!timestamp || !nonce || !signature || !serial) {
      throw new NotificationRejected('malformed', 'Wechatpay-* signature headers missing');
    }
    if (serial !== this.o.platformSerial) throw new NotificationRejected('unknownKey', `serial ${serial}`);
    const ok = createVerify('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`)
      .verify(this.platform, signature, 'base64');
    if (!ok) throw new NotificationRejected('badSignature');
    if (checkAge) {
      const age = this.o.clock.now().getTime() - Number(timestamp) * 1000;
      if (!Number.isFinite(age) || Math.abs(age) > NOTIFY_MAX_AGE_MS) throw new NotificationRejected('late');
    }
  }

  private async call(
    method: 'GET' | 'POST',
    path: string,
    payload?: object,
  ): Promise<{ status: number; data: Record<string, unknown> }> {
    const body = payload ? JSON.stringify(payload) : '';
    const timestamp = String(Math.floor(this.o.clock.now().getTime() / 1000));
    const nonce = randomBytes(16).toString('hex').toUpperCase();
    let res: Response;
    try {
      res = await fetch(this.o.endpoint.replace(/\/$/, '') + path, {
        method,
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          'user-agent': 'fleetdesk',
          authorization: this.authorization(method, path, body, timestamp, nonce),
        },
        ...(payload ? { body } : {}),
        signal: AbortSignal.timeout(this.o.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new ProviderError('wechat', 'NETWORK', err instanceof Error ? err.message : String(err));
    }
    const text = await res.text();
    const headers = Object.fromEntries(res.headers.entries());
    // Every answer is signed (also errors); one that is not is not WeChat's.
    try {
      this.verify(headers, text, false);
    } catch (err) {
      throw new ProviderError('wechat', 'BAD_SIGNATURE', `answer not verified (${(err as Error).message})`);
    }
    const data = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    return { status: res.status, data };
  }

  private fail(status: number, data: Record<string, unknown>): never {
    throw new ProviderError('wechat', String(data.code ?? status), String(data.message ?? `HTTP ${status}`));
  }

  async createNative(req: NativeTradeRequest): Promise<NativeTrade> {
    const { status, data } = await this.call('POST', '/v3/pay/transactions/native', {
      appid: this.o.appid,
      mchid: this.o.mchid,
      description: req.description.slice(0, 127),
      out_trade_no: req.orderNo,
      time_expire: chinaTime(req.expiresAt),
      notify_url: req.notifyUrl,
      amount: { total: req.amountFen, currency: 'CNY' },
    });
    if (status !== 200 || typeof data.code_url !== 'string') this.fail(status, data);
    return { codeUrl: data.code_url, payUrl: null };
  }

  async query(orderNo: string): Promise<TradeState> {
    const { status, data } = await this.call(
      'GET',
      `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${encodeURIComponent(this.o.mchid)}`,
    );
    if (status === 404 || data.code === 'ORDER_NOT_EXIST') return { state: 'notFound' };
    if (status !== 200) this.fail(status, data);
    return tradeState(data);
  }

  async close(orderNo: string): Promise<void> {
    const { status, data } = await this.call(
      'POST',
      `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}/close`,
      { mchid: this.o.mchid },
    );
    if (status !== 204 && status !== 200) this.fail(status, data);
  }

  async refund(req: RefundRequest): Promise<RefundResult> {
    const { status, data } = await this.call('POST', '/v3/refund/domestic/refunds', {
      out_trade_no: req.orderNo,
      out_refund_no: req.refundNo,
      reason: req.reason.slice(0, 80),
      amount: { refund: req.amountFen, total: req.totalFen, currency: 'CNY' },
    });
    if (status !== 200)
      return { status: 'failed', failure: `${String(data.code ?? status)}: ${String(data.message ?? '')}` };
    const refundId = typeof data.refund_id === 'string' ? data.refund_id : null;
    if (data.status === 'SUCCESS') return { status: 'succeeded', providerRefundId: refundId };
    if (data.status === 'PROCESSING') return { status: 'processing', providerRefundId: refundId };
    return { status: 'failed', failure: `refund ${String(data.status)}` };
  }

  /** Decrypts an AEAD_AES_256_GCM resource (the tag is the ciphertext's last 16 bytes). */
  decrypt(resource: { ciphertext: string; nonce: string; associated_data?: string }): string {
    const data = Buffer.from(resource.ciphertext, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(this.o.apiV3Key), Buffer.from(resource.nonce));
    decipher.setAuthTag(data.subarray(data.length - 16));
    decipher.setAAD(Buffer.from(resource.associated_data ?? ''));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
  }

  async parseNotification(n: IncomingNotification): Promise<PaymentNotice> {
    this.verify(n.headers, n.body, true);
    let event: {
      id?: string;
      event_type?: string;
      resource?: { algorithm?: string; ciphertext: string; nonce: string; associated_data?: string };
    };
    let tx: Record<string, unknown>;
    try {
      event = JSON.parse(n.body) as typeof event;
      if (!event.id || !event.resource || event.resource.algorithm !== 'AEAD_AES_256_GCM') throw new Error('fields');
      tx = JSON.parse(this.decrypt(event.resource)) as Record<string, unknown>;
    } catch (err) {
      throw new NotificationRejected('malformed', (err as Error).message);
    }
    if (tx.mchid !== this.o.mchid || tx.appid !== this.o.appid) {
      throw new NotificationRejected('malformed', 'another merchant');
    }
    const amount = tx.amount as { total?: number } | undefined;
    if (typeof tx.out_trade_no !== 'string' || typeof amount?.total !== 'number') {
      throw new NotificationRejected('malformed', 'transaction fields missing');
    }
    return {
      notifyId: event.id,
      orderNo: tx.out_trade_no,
      paid: event.event_type === 'TRANSACTION.SUCCESS' && tx.trade_state === 'SUCCESS',
      tradeNo: typeof tx.transaction_id === 'string' ? tx.transaction_id : null,
      amountFen: amount.total,
      paidAt: typeof tx.success_time === 'string' ? new Date(tx.success_time) : null,
    };
  }

  notifyAnswer(ok: boolean): NotifyAnswer {
    return ok
      ? { status: 204, contentType: 'application/json', body: '' }
      : { status: 400, contentType: 'application/json', body: '{"code":"FAIL","message":"失败"}' };
  }
}

function tradeState(data: Record<string, unknown>): TradeState {
  switch (data.trade_state) {
    case 'SUCCESS': {
      const amount = data.amount as { total?: number } | undefined;
      return {
        state: 'paid',
        tradeNo: String(data.transaction_id ?? ''),
        amountFen: Number(amount?.total ?? -1),
        paidAt: typeof data.success_time === 'string' ? new Date(data.success_time) : new Date(),
      };
    }
    case 'REFUND':
      return { state: 'refunded' };
    case 'USERPAYING':
      return { state: 'scanned' };
    case 'PAYERROR':
      return { state: 'declined' };
    case 'CLOSED':
    case 'REVOKED':
      return { state: 'closed' };
    default:
      return { state: 'waiting' };
  }
}
