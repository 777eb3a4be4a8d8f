import { createHmac, randomUUID } from 'node:crypto';
import { UpstreamTimeoutError } from '../errors.js';
import type { SentLookup, SmsMessage, SmsProvider, SmsResult } from './sms.js';

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  endpoint: string;
  timeoutMs?: number;
  now?: () => Date;
  nonce?: () => string;
}

/** RFC 3986 encoding as Alibaba Cloud's RPC signature wants it. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Signature version 1.0 of Alibaba Cloud's RPC APIs: HMAC-SHA1 over the sorted, encoded query. */
export function signRpc(params: Record<string, string>, secret: string, method = 'GET'): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k]!)}`)
    .join('&');
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
}

/** Alibaba Cloud SMS (dysmsapi 2017-05-25 SendSms). Only approved templates can be sent. */
export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';
  readonly sandbox = false;
  constructor(private readonly options: AliyunSmsOptions) {}

  /** Calls one RPC action; answers the parsed JSON body and the HTTP status. */
  private async call(
    action: string,
    fields: Record<string, string>,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const now = this.options.now?.() ?? new Date();
    const params: Record<string, string> = {
      AccessKeyId: this.options.accessKeyId,
      Action: action,
      Format: 'JSON',
      RegionId: 'cn-hangzhou',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: this.options.nonce?.() ?? randomUUID(),
      SignatureVersion: '1.0',
      Timestamp: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
      ...fields,
    };
    const signature = signRpc(params, this.options.accessKeySecret);
    const query = Object.entries({ Signature: signature, ...params })
      .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
      .join('&');
    try {
      const res = await fetch(`${this.options.endpoint}?${query}`, {
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
      return { status: res.status, body: ((await res.json().catch(() => ({}))) as Record<string, unknown>) ?? {} };
    } catch (err) {
      if ((err as Error).name === 'TimeoutError') throw new UpstreamTimeoutError();
      return { status: 0, body: { Code: 'NetworkError', Message: (err as Error).message } };
    }
  }

  async send(message: SmsMessage): Promise<SmsResult> {
    if (!message.template) return { ok: false, error: 'aliyun: a template code is required' };
    const { status, body } = await this.call('SendSms', {
      PhoneNumbers: message.phone,
      SignName: this.options.signName,
      TemplateCode: message.template,
      TemplateParam: JSON.stringify(message.params ?? {}),
      ...(message.outId ? { OutId: message.outId } : {}),
    });
    if (body.Code === 'OK' && typeof body.BizId === 'string') return { ok: true, providerMessageId: body.BizId };
    return { ok: false, error: `aliyun: ${String(body.Code ?? status)} ${String(body.Message ?? '')}`.trim() };
  }

  /** QuerySendDetails of the phone on the day: a record with our OutId that did not fail means it was taken. */
  async findSent(outId: string, phone: string, sentAt: Date): Promise<SentLookup> {
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(sentAt).replace(/-/g, '');
    const { body } = await this.call('QuerySendDetails', {
      PhoneNumber: phone,
      SendDate: day,
      PageSize: '50',
      CurrentPage: '1',
    });
    if (body.Code !== 'OK') return 'unknown';
    const list =
      (body.SmsSendDetailDTOs as { SmsSendDetailDTO?: { OutId?: string; SendStatus?: number }[] })?.SmsSendDetailDTO ??
      [];
    const found = list.find((d) => d.OutId === outId);
    if (!found) return 'absent';
    return found.SendStatus === 2 ? 'absent' : 'sent';
  }
}
