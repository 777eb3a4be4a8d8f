import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../config.js';
import { CallbackRejected } from '../esign-provider.js';
import { TsignEsignProvider, tsignCallbackSignature } from '../esign-tsign.js';

/**
 * The e签宝 v3 adapter against a local stand-in that checks what the open API checks (the app id, the request
 * signature over method, Accept, Content-MD5, Content-Type and path, the body's MD5, the upload's MD5) and answers
 * as its documentation shows (`{code: 0, message, data}`), and its callbacks signed as e签宝 signs them.
 */
const APP_ID = '7439000001';
const SECRET = 'stand-in-app-secret';
const NOW = new Date('2026-03-01T02:00:00Z');
let server: Server;
let base: string;
const seen: { method: string; path: string; body: unknown }[] = [];
const uploads = new Map<string, Buffer>();

function read(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void (async () => {
      const body = await read(req);
      const path = req.url ?? '';
      const json = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (path.startsWith('/upload/')) {
        const md5 = createHash('md5').update(body).digest('base64');
        if (req.headers['content-md5'] !== md5) return json(400, { code: 1, message: 'md5' });
        uploads.set(path.slice(8), body);
        return json(200, { errCode: 0, msg: '成功' });
      }
      if (path.startsWith('/download/')) {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        return res.end(Buffer.concat([uploads.get(path.slice(10)) ?? Buffer.alloc(0), Buffer.from('\n%signed')]));
      }
      const text = body.toString('utf8');
      const md5 = text ? createHash('md5').update(text).digest('base64') : '';
      const toSign = `${req.method}\n*/*\n${md5}\napplication/json; charset=UTF-8\n\n${path}`;
      const expected = createHmac('sha256', SECRET).update(toSign).digest('base64');
      if (req.headers['x-tsign-open-app-id'] !== APP_ID || req.headers['x-tsign-open-ca-signature'] !== expected) {
        return json(401, { code: 401, message: '签名校验失败' });
      }
      if ((req.headers['content-md5'] ?? '') !== md5) return json(400, { code: 1, message: 'Content-MD5' });
      const parsed = text ? (JSON.parse(text) as Record<string, unknown>) : null;
      seen.push({ method: req.method ?? '', path, body: parsed });
      if (path === '/v3/files/file-upload-url') {
        return json(200, { code: 0, message: '成功', data: { fileId: 'f1', fileUploadUrl: `${base}/upload/f1` } });
      }
      if (path === '/v3/sign-flow/create-by-file')
        return json(200, { code: 0, message: '成功', data: { signFlowId: 'sf-1' } });
      if (path === '/v3/sign-flow/sf-1/sign-url') {
        return json(200, {
          code: 0,
          message: '成功',
          data: { url: 'https://esign.example/long', shortUrl: 'https://t.esign.example/s' },
        });
      }
      if (path === '/v3/sign-flow/sf-1/urge' || path === '/v3/sign-flow/sf-1/revoke') {
        return json(200, { code: 0, message: '成功', data: null });
      }
      if (path === '/v3/sign-flow/sf-1/file-download-url') {
        return json(200, {
          code: 0,
          message: '成功',
          data: { files: [{ fileId: 'f1', downloadUrl: `${base}/download/f1` }] },
        });
      }
      if (path === '/v3/sign-flow/nope/revoke') return json(200, { code: 1437113, message: '流程已结束' });
      return json(404, { code: 404, message: 'not found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const provider = () => new TsignEsignProvider({ appId: APP_ID, secret: SECRET, baseUrl: base, now: () => NOW });

describe('e签宝 v3 adapter', () => {
  it('uploads the PDF, opens a flow with the driver then the company seal, and fetches links and the signed file', async () => {
    const pdf = Buffer.from('%PDF-1.3 contract');
    const p = provider();
    const flow = await p.createFlow({
      title: '租赁合同 HT001',
      fileName: 'HT001.pdf',
      pdf,
      signers: [
        { order: 1, role: 'driver', name: '王建国', phone: '13957100001', idNumber: '330106199001011234' },
        { order: 2, role: 'company', name: '杭州演示租车', phone: '13800000000', idNumber: '91330100MA2B000000' },
      ],
      notifyUrl: 'https://fleetdesk.example/api/esign/callback/tsign',
      expiresAt: new Date('2026-03-08T02:00:00Z'),
    });
    expect(flow.flowId).toBe('sf-1');
    expect(uploads.get('f1')).toEqual(pdf);
    const create = seen.find((s) => s.path === '/v3/sign-flow/create-by-file')!.body as {
      docs: { fileId: string }[];
      signFlowConfig: { notifyUrl: string; autoFinish: boolean; signFlowExpireTime: number };
      signers: { signerType: number; signConfig: { signOrder: number }; psnSignerInfo?: { psnAccount: string } }[];
    };
    expect(create.docs[0]!.fileId).toBe('f1');
    expect(create.signFlowConfig).toMatchObject({
      autoFinish: true,
      signFlowExpireTime: Date.parse('2026-03-08T02:00:00Z'),
    });
    expect(create.signers.map((s) => [s.signerType, s.signConfig.signOrder])).toEqual([
      [0, 1],
      [1, 2],
    ]);
    expect(create.signers[0]!.psnSignerInfo!.psnAccount).toBe('13957100001');
    expect(await p.signUrl('sf-1', { order: 1, providerSignerId: '13957100001', phone: '13957100001' })).toBe(
      'https://t.esign.example/s',
    );
    await p.remind('sf-1');
    const file = await p.download('sf-1');
    expect(file.evidenceNo).toBe('sf-1');
    expect(file.pdf.subarray(0, pdf.length)).toEqual(pdf);
    await expect(p.cancel('nope', 'x')).rejects.toThrow(/1437113/);
    const wrong = new TsignEsignProvider({ appId: APP_ID, secret: 'other', baseUrl: base, now: () => NOW });
    await expect(wrong.remind('sf-1')).rejects.toThrow(/401/);
  });

  it('verifies callbacks: signed by the app secret over timestamp, query values and body; stale or forged refused', () => {
    const p = provider();
    const body = JSON.stringify({ action: 'SIGN_MISSON_COMPLETE', signFlowId: 'sf-1', signOrder: 1, signResult: 2 });
    const ts = String(NOW.getTime());
    const signature = tsignCallbackSignature(SECRET, ts, 'b=2&a=1', body);
    const good = p.verifyCallback({
      headers: { 'x-tsign-open-timestamp': ts, 'x-tsign-open-signature': signature },
      body,
      query: 'b=2&a=1',
    });
    expect(good.notices).toEqual([expect.objectContaining({ flowId: 'sf-1', kind: 'signerSigned', order: 1 })]);
    expect(good.key).toBe(signature);
    expect(() =>
      p.verifyCallback({ headers: { 'x-tsign-open-timestamp': ts, 'x-tsign-open-signature': 'ab' }, body, query: '' }),
    ).toThrow(CallbackRejected);
    const old = String(NOW.getTime() - 3_600_000);
    expect(() =>
      p.verifyCallback({
        headers: {
          'x-tsign-open-timestamp': old,
          'x-tsign-open-signature': tsignCallbackSignature(SECRET, old, '', body),
        },
        body,
        query: '',
      }),
    ).toThrow(/stale/);
    const flowBody = JSON.stringify({ action: 'SIGN_FLOW_COMPLETE', signFlowId: 'sf-1', signFlowStatus: 7 });
    const done = p.verifyCallback({
      headers: {
        'x-tsign-open-timestamp': ts,
        'x-tsign-open-signature': tsignCallbackSignature(SECRET, ts, '', flowBody),
      },
      body: flowBody,
      query: '',
    });
    expect(done.notices[0]!.kind).toBe('flowRefused');
  });

  it('needs its app id and secret in the configuration', () => {
    expect(() => loadConfig({ ESIGN_PROVIDER: 'tsign' })).toThrow(/ESIGN_APP_ID/);
    expect(loadConfig({ ESIGN_PROVIDER: 'tsign', ESIGN_APP_ID: 'a', ESIGN_APP_SECRET: 'b' }).ESIGN_PROVIDER).toBe(
      'tsign',
    );
  });
});
