import { createHash, createHmac } from 'node:crypto';
import { safeEqual } from '../../../core/secrets.js';
import {
  CALLBACK_MAX_AGE_MS,
  CallbackRejected,
  header,
  type CreateFlowRequest,
  type CreatedFlow,
  type EsignNotice,
  type EsignProvider,
  type VerifiedCallback,
} from './esign-provider.js';

/**
 * e签宝 (tsign) open API v3 (open.esign.cn, "SaaS API V3"), as its documentation shows:
 *
 * - Every call carries `X-Tsign-Open-App-Id`, `X-Tsign-Open-Auth-Mode: Signature`, `X-Tsign-Open-Ca-Timestamp`
 *   (ms), `Content-MD5` (base64 MD5 of the body) and `X-Tsign-Open-Ca-Signature`: base64 HMAC-SHA256 with the app
 *   secret of `METHOD\nAccept\nContent-MD5\nContent-Type\nDate\nPathAndParameters`. Answers are
 *   `{code, message, data}`, code 0 for success.
 * - A file: `POST /v3/files/file-upload-url` {contentMd5, contentType, fileName, fileSize} -> {fileId,
 *   fileUploadUrl}, then `PUT fileUploadUrl` with the bytes (Content-MD5 and Content-Type as declared).
 * - A flow: `POST /v3/sign-flow/create-by-file` {docs, signFlowConfig{signFlowTitle, signFlowExpireTime, autoStart,
 *   autoFinish, notifyUrl, noticeConfig}, signers[{signerType 0 person / 1 company, psnSignerInfo | orgSignerInfo,
 *   signConfig{signOrder}, signFields[{fileId, normalSignFieldConfig{signFieldPosition}}]}]} -> {signFlowId}.
 * - `POST /v3/sign-flow/{id}/sign-url` {operator{psnAccount}} -> {url, shortUrl}; `POST .../urge`;
 *   `POST .../revoke` {revokeReason}; `GET .../file-download-url` -> {files[{fileId, fileName, downloadUrl}]}.
 * - Callbacks (POST to notifyUrl, JSON): headers `X-Tsign-Open-SIGNATURE` = hex HMAC-SHA256 with the app secret of
 *   timestamp + the notify address's query values (sorted by name) + the raw body, and `X-Tsign-Open-TIMESTAMP`
 *   (ms). `action` SIGN_MISSON_COMPLETE (one signer: signOrder, signResult 2 signed / 4 refused,
 *   resultDescription) and SIGN_FLOW_COMPLETE (signFlowStatus 2 completed, 3 revoked, 5 expired, 7 refused). The
 *   answer e签宝 expects is HTTP 200 with `{"code":"200","msg":"success"}`.
 */
export interface TsignOptions {
  appId: string;
  secret: string;
  baseUrl: string;
  now: () => Date;
  fetch?: typeof fetch;
}

const ACCEPT = '*/*';
const CONTENT_TYPE = 'application/json; charset=UTF-8';
const md5Base64 = (data: string | Buffer) => createHash('md5').update(data).digest('base64');

export function tsignRequestSignature(secret: string, method: string, pathAndQuery: string, contentMd5: string) {
  const toSign = `${method}\n${ACCEPT}\n${contentMd5}\n${CONTENT_TYPE}\n\n${pathAndQuery}`;
  return createHmac('sha256', secret).update(toSign, 'utf8').digest('base64');
}

export function tsignCallbackSignature(secret: string, timestamp: string, query: string, body: string): string {
  const params = new URLSearchParams(query);
  const values = [...params.keys()]
    .sort()
    .map((k) => params.get(k) ?? '')
    .join('');
  return createHmac('sha256', secret)
    .update(timestamp + values + body, 'utf8')
    .digest('hex');
}

export class TsignError extends Error {}

/** The signature field's place: the last page, the lessee's and the lessor's signing lines. */
const FIELD_POSITIONS: Record<'driver' | 'company', { positionX: number; positionY: number }> = {
  driver: { positionX: 150, positionY: 120 },
  company: { positionX: 420, positionY: 120 },
};

export class TsignEsignProvider implements EsignProvider {
  readonly name = 'tsign';
  readonly sandbox = false;
  readonly callbackAnswer = { status: 200, contentType: 'application/json', body: '{"code":"200","msg":"success"}' };
  private readonly fetcher: typeof fetch;

  constructor(private readonly o: TsignOptions) {
    this.fetcher = o.fetch ?? fetch;
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const contentMd5 = text ? md5Base64(text) : '';
    const res = await this.fetcher(this.o.baseUrl.replace(/\/$/, '') + path, {
      method,
      headers: {
        'X-Tsign-Open-App-Id': this.o.appId,
        'X-Tsign-Open-Auth-Mode': 'Signature',
        'X-Tsign-Open-Ca-Timestamp': String(this.o.now().getTime()),
        'X-Tsign-Open-Ca-Signature': tsignRequestSignature(this.o.secret, method, path, contentMd5),
        'Content-MD5': contentMd5,
        Accept: ACCEPT,
        'Content-Type': CONTENT_TYPE,
      },
      body: text || undefined,
      signal: AbortSignal.timeout(30_000),
    });
    const json = (await res.json().catch(() => null)) as { code?: number; message?: string; data?: T } | null;
    if (!res.ok || !json || json.code !== 0) {
      throw new TsignError(`e签宝 ${path}: ${json?.code ?? res.status} ${json?.message ?? ''}`.trim());
    }
    return json.data as T;
  }

  async createFlow(req: CreateFlowRequest): Promise<CreatedFlow> {
    const contentMd5 = md5Base64(req.pdf);
    const upload = await this.call<{ fileId: string; fileUploadUrl: string }>('POST', '/v3/files/file-upload-url', {
      contentMd5,
      contentType: 'application/pdf',
      fileName: req.fileName,
      fileSize: req.pdf.length,
    });
    const put = await this.fetcher(upload.fileUploadUrl, {
      method: 'PUT',
      headers: { 'Content-MD5': contentMd5, 'Content-Type': 'application/pdf' },
      body: new Uint8Array(req.pdf),
      signal: AbortSignal.timeout(60_000),
    });
    if (!put.ok) throw new TsignError(`e签宝 upload: ${put.status}`);
    const signers = req.signers.map((s) => {
      const signFields = [
        {
          fileId: upload.fileId,
          normalSignFieldConfig: { signFieldPosition: { positionPage: 'last', ...FIELD_POSITIONS[s.role] } },
        },
      ];
      return s.role === 'driver'
        ? {
            signerType: 0,
            psnSignerInfo: {
              psnAccount: s.phone,
              psnInfo: { psnName: s.name, psnIDCardNum: s.idNumber, psnIDCardType: 'CRED_PSN_CH_IDCARD' },
            },
            signConfig: { signOrder: s.order },
            noticeConfig: { noticeTypes: '1' },
            signFields,
          }
        : {
            signerType: 1,
            orgSignerInfo: {
              orgName: s.name,
              orgInfo: s.idNumber ? { orgIDCardNum: s.idNumber, orgIDCardType: 'CRED_ORG_USCC' } : undefined,
              transactorInfo: { psnAccount: s.phone },
            },
            signConfig: { signOrder: s.order },
            noticeConfig: { noticeTypes: '1' },
            signFields,
          };
    });
    const request = {
      docs: [{ fileId: upload.fileId, fileName: req.fileName }],
      signFlowConfig: {
        signFlowTitle: req.title,
        signFlowExpireTime: req.expiresAt.getTime(),
        autoStart: true,
        autoFinish: true,
        notifyUrl: req.notifyUrl,
      },
      signers,
    };
    const data = await this.call<{ signFlowId: string }>('POST', '/v3/sign-flow/create-by-file', request);
    return {
      flowId: data.signFlowId,
      signers: req.signers.map((s) => ({ order: s.order, providerSignerId: s.phone ?? String(s.order) })),
      exchange: { request: { ...request, fileContentMd5: contentMd5 }, response: data },
    };
  }

  async signUrl(
    flowId: string,
    signer: { order: number; providerSignerId: string; phone: string | null },
  ): Promise<string> {
    const data = await this.call<{ url?: string; shortUrl?: string }>(
      'POST',
      `/v3/sign-flow/${encodeURIComponent(flowId)}/sign-url`,
      { operator: { psnAccount: signer.providerSignerId } },
    );
    const url = data.shortUrl ?? data.url;
    if (!url) throw new TsignError('e签宝 sign-url: no address');
    return url;
  }

  remind(flowId: string) {
    return this.call('POST', `/v3/sign-flow/${encodeURIComponent(flowId)}/urge`, { noticeTypes: '1' });
  }

  cancel(flowId: string, reason: string) {
    return this.call('POST', `/v3/sign-flow/${encodeURIComponent(flowId)}/revoke`, { revokeReason: reason });
  }

  async download(flowId: string): Promise<{ pdf: Buffer; evidenceNo: string }> {
    const data = await this.call<{ files?: { downloadUrl: string }[] }>(
      'GET',
      `/v3/sign-flow/${encodeURIComponent(flowId)}/file-download-url`,
    );
    const url = data.files?.[0]?.downloadUrl;
    if (!url) throw new TsignError('e签宝 file-download-url: no file');
    const res = await this.fetcher(url, { signal: AbortSignal.timeout(60_000) });
    if (!res.ok) throw new TsignError(`e签宝 download: ${res.status}`);
    // e签宝 keys its signing evidence (签署证明) by the flow id.
    return { pdf: Buffer.from(await res.arrayBuffer()), evidenceNo: flowId };
  }

  verifyCallback(input: {
    headers: Record<string, string | string[] | undefined>;
    body: string;
    query: string;
  }): VerifiedCallback {
    const timestamp = header(input.headers, 'x-tsign-open-timestamp');
    const signature = header(input.headers, 'x-tsign-open-signature').toLowerCase();
    if (!timestamp || !signature) throw new CallbackRejected('no signature');
    const expected = tsignCallbackSignature(this.o.secret, timestamp, input.query, input.body);
    if (!safeEqual(expected, signature)) throw new CallbackRejected('bad signature');
    if (Math.abs(this.o.now().getTime() - Number(timestamp)) > CALLBACK_MAX_AGE_MS || !/^\d+$/.test(timestamp)) {
      throw new CallbackRejected('stale timestamp');
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(input.body) as Record<string, unknown>;
    } catch {
      throw new CallbackRejected('unreadable body', 400);
    }
    const flowId = String(body.signFlowId ?? '');
    if (!flowId) throw new CallbackRejected('no signFlowId', 400);
    const at = new Date(Number(body.operateTime ?? body.signTime ?? timestamp) || Number(timestamp));
    const notices: EsignNotice[] = [];
    if (body.action === 'SIGN_MISSON_COMPLETE') {
      const result = Number(body.signResult);
      if (result === 2 || result === 4) {
        notices.push({
          flowId,
          kind: result === 2 ? 'signerSigned' : 'signerRefused',
          order: Number(body.signOrder),
          at,
          reason: typeof body.resultDescription === 'string' ? body.resultDescription : null,
        });
      }
    } else if (body.action === 'SIGN_FLOW_COMPLETE') {
      const kinds: Record<number, EsignNotice['kind']> = {
        2: 'flowCompleted',
        3: 'flowCancelled',
        5: 'flowExpired',
        7: 'flowRefused',
      };
      const kind = kinds[Number(body.signFlowStatus)];
      if (kind) {
        notices.push({
          flowId,
          kind,
          at,
          reason: typeof body.statusDescription === 'string' ? body.statusDescription : null,
        });
      }
    }
    return { key: signature, notices };
  }
}
