import { createHmac, randomUUID } from 'node:crypto';
import { FlowProviderError, type FlowPage, type FlowProvider, type FlowQuery } from './provider.js';

const TIMEOUT_MS = 20_000;
export const HTTP_PAGE_SIZE = 200;

interface PartnerAnswer {
  code?: number;
  message?: string;
  data?: {
    items?: {
      driverPhone?: string;
      date?: string;
      onlineSeconds?: number;
      orderCount?: number;
      /** Yuan, as a decimal string. */
      gmv?: string;
    }[];
    hasMore?: boolean;
  };
}

/** The request's signature: hex HMAC-SHA256 of `POST\n<path>\n<timestamp>\n<nonce>\n<body>` with the secret. */
export function partnerSignature(secret: string, path: string, timestamp: string, nonce: string, body: string): string {
  return createHmac('sha256', secret).update(`POST\n${path}\n${timestamp}\n${nonce}\n${body}`).digest('hex');
}

const YUAN = /^\d{1,9}(\.\d{1,2})?$/;

/**
 * The partner flow API (docs/teams.md, "Platform API"): one signed call per page,
 * `POST {FLOW_API_URL}/v1/partner/driver-days` with the JSON body
 * `{platform, partnerId, from, to, driverPhones, page, pageSize}` and the headers `X-App-Key`, `X-Timestamp` (epoch
 * seconds), `X-Nonce` and `X-Signature` (`partnerSignature`). It answers `{code: 0, data: {items: [{driverPhone, date,
 * onlineSeconds, orderCount, gmv}], hasMore}}`; any other code is a failure with its message. An item out of shape
 * fails the page: nothing of a malformed answer is written.
 */
export class HttpFlowProvider implements FlowProvider {
  readonly name = 'http';
  readonly sandbox = false;

  constructor(
    private readonly o: { url: string; key: string; secret: string; fetch?: typeof fetch; now?: () => Date },
  ) {}

  async fetchDays(q: FlowQuery, signal?: AbortSignal): Promise<FlowPage> {
    const url = new URL('v1/partner/driver-days', this.o.url.endsWith('/') ? this.o.url : `${this.o.url}/`);
    const body = JSON.stringify({
      platform: q.platform,
      partnerId: q.partnerId,
      from: q.from,
      to: q.to,
      driverPhones: q.phones,
      page: q.page,
      pageSize: HTTP_PAGE_SIZE,
    });
    const timestamp = String(Math.floor((this.o.now?.() ?? new Date()).getTime() / 1000));
    const nonce = randomUUID();
    const timeout = AbortSignal.timeout(TIMEOUT_MS);
    let answer: PartnerAnswer;
    try {
      const res = await (this.o.fetch ?? fetch)(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-app-key': this.o.key,
          'x-timestamp': timestamp,
          'x-nonce': nonce,
          'x-signature': partnerSignature(this.o.secret, url.pathname, timestamp, nonce, body),
        },
        body,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      if (!res.ok) throw new FlowProviderError(`the platform answered HTTP ${res.status}`);
      answer = (await res.json()) as PartnerAnswer;
    } catch (err) {
      if (err instanceof FlowProviderError) throw err;
      throw new FlowProviderError(`the platform could not be reached: ${(err as Error).message}`);
    }
    if (answer.code !== 0)
      throw new FlowProviderError(`the platform refused: ${answer.code} ${answer.message ?? ''}`.trim());
    const items = answer.data?.items ?? [];
    const days = items.map((it, i) => {
      const ok =
        typeof it.driverPhone === 'string' &&
        /^\d{4}-\d{2}-\d{2}$/.test(it.date ?? '') &&
        Number.isInteger(it.onlineSeconds) &&
        it.onlineSeconds! >= 0 &&
        it.onlineSeconds! <= 86_400 &&
        Number.isInteger(it.orderCount) &&
        it.orderCount! >= 0 &&
        typeof it.gmv === 'string' &&
        YUAN.test(it.gmv);
      if (!ok) throw new FlowProviderError(`item ${i + 1} of page ${q.page} is out of shape`);
      const [yuan, cents = ''] = it.gmv!.split('.');
      return {
        phone: it.driverPhone!,
        day: it.date!,
        onlineMinutes: Math.round(it.onlineSeconds! / 60),
        orders: it.orderCount!,
        flowFen: Number(yuan) * 100 + Number(cents.padEnd(2, '0')),
      };
    });
    return { days, next: answer.data?.hasMore ? q.page + 1 : null };
  }
}
