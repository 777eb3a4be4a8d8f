import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { eq, sql } from 'drizzle-orm';
import type { EsignSandboxPage, EsignSandboxSignInput } from '@fleetdesk/contracts/notarization';
import type { Clock } from '../../../core/clock.js';
import { rowsOf, type Db } from '../../../core/db.js';
import { ConflictError, NotFoundError, invalidField } from '../../../core/errors.js';
import { hmac, randomToken, safeEqual } from '../../../core/secrets.js';
import type { FileStorage } from '../../../core/storage.js';
import { esignSandboxFlows, type SandboxSigner } from '../../../db/schema/notarization.js';
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

/** Sends a signed callback to our own callback route (the path the real provider calls). */
export type SandboxCallbackSender = (c: { headers: Record<string, string>; body: string }) => Promise<unknown>;

/**
 * The sandbox e-signature provider: no legal signature is made. It keeps its own books (`esign_sandbox_flows`),
 * shows its own signing page (the web's `/esign/sandbox/<token>`, phone-sized) where the driver proves himself with
 * the last six characters of his ID number and signs or refuses, and where the clerk seals for the company; it
 * calls back through the same route as a real provider, signed with its own HMAC key (`X-Sandbox-Signature`, hex
 * HMAC-SHA256 of timestamp + body; `X-Sandbox-Timestamp`). The signed PDF is the sent one with an incremental
 * update recording the signatures (as a real signature is appended), so the bytes before it are unchanged.
 */
export class SandboxEsignProvider implements EsignProvider {
  readonly name = 'sandbox';
  readonly sandbox = true;
  readonly callbackAnswer = { status: 200, contentType: 'application/json', body: '{"code":"200","msg":"success"}' };
  sender: SandboxCallbackSender | null = null;

  constructor(private readonly o: { db: Db; clock: Clock; storage: FileStorage; publicUrl: string; secret: string }) {}

  private pageUrl(token: string): string {
    return `${this.o.publicUrl.replace(/\/$/, '')}/esign/sandbox/${encodeURIComponent(token)}`;
  }

  async createFlow(req: CreateFlowRequest): Promise<CreatedFlow> {
    const now = this.o.clock.now();
    const flowId = `ESBX${now.getTime()}${randomBytes(4).toString('hex')}`;
    const pdfKey = `sandbox/esign/${flowId}.pdf`;
    await this.o.storage.put(pdfKey, Readable.from(req.pdf), 'application/pdf');
    const signers: SandboxSigner[] = req.signers.map((s, i) => ({
      order: s.order,
      role: s.role,
      name: s.name,
      phone: s.phone,
      idNumber: s.idNumber,
      token: randomToken(),
      state: i === 0 ? 'signing' : 'waiting',
      signedAt: null,
      reason: null,
    }));
    const company = req.signers.find((s) => s.role === 'company')?.name ?? '';
    await this.o.db.insert(esignSandboxFlows).values({
      flowId,
      title: req.title,
      company,
      pdfKey,
      notifyUrl: req.notifyUrl,
      state: 'signing',
      signers,
      createdAt: now,
      expiresAt: req.expiresAt,
    });
    return {
      flowId,
      signers: signers.map((s) => ({ order: s.order, providerSignerId: `${flowId}-${s.order}` })),
      exchange: {
        request: { title: req.title, fileName: req.fileName, signers: req.signers.length },
        response: { flowId },
      },
    };
  }

  private async flow(flowId: string) {
    const [row] = await this.o.db.select().from(esignSandboxFlows).where(eq(esignSandboxFlows.flowId, flowId));
    if (!row) throw new NotFoundError();
    return row;
  }

  async signUrl(flowId: string, signer: { order: number }): Promise<string> {
    const f = await this.flow(flowId);
    const s = f.signers.find((x) => x.order === signer.order);
    if (!s) throw new NotFoundError();
    return this.pageUrl(s.token);
  }

  async remind(flowId: string) {
    const f = await this.flow(flowId);
    return { flowId, state: f.state };
  }

  async cancel(flowId: string, reason: string) {
    const f = await this.flow(flowId);
    if (f.state !== 'signing') throw new ConflictError('esign.notSigning');
    await this.o.db.update(esignSandboxFlows).set({ state: 'cancelled' }).where(eq(esignSandboxFlows.flowId, flowId));
    return { flowId, state: 'cancelled', reason };
  }

  async download(flowId: string): Promise<{ pdf: Buffer; evidenceNo: string }> {
    const f = await this.flow(flowId);
    if (f.state !== 'completed' || !f.signedKey || !f.evidenceNo) throw new ConflictError('esign.notCompleted');
    const file = await this.o.storage.get(f.signedKey);
    if (!file) throw new NotFoundError();
    return { pdf: await buffer(file.stream), evidenceNo: f.evidenceNo };
  }

  /** The flow and signer a signing link names; unknown tokens are 404 (no hint whether any exists). */
  private async byToken(token: string) {
    if (!/^[\w-]{20,100}$/.test(token)) throw new NotFoundError();
    const [hit] = await rowsOf<{ flow_id: string }>(
      this.o.db,
      sql`select flow_id from esign_sandbox_flows where signers @> ${JSON.stringify([{ token }])}::jsonb limit 1`,
    );
    const flowId = hit?.flow_id;
    if (!flowId) throw new NotFoundError();
    const f = await this.flow(flowId);
    const signer = f.signers.find((s) => safeEqual(s.token, token));
    if (!signer) throw new NotFoundError();
    return { f, signer };
  }

  private flowState(f: { state: string; expiresAt: Date }) {
    return f.state === 'signing' && f.expiresAt.getTime() <= this.o.clock.now().getTime() ? 'expired' : f.state;
  }

  async page(token: string): Promise<EsignSandboxPage> {
    const { f, signer } = await this.byToken(token);
    return {
      title: f.title,
      company: f.company,
      role: signer.role,
      name: signer.name,
      idTail: signer.role === 'driver' && !!signer.idNumber,
      state: signer.state,
      flowState: this.flowState(f) as EsignSandboxPage['flowState'],
      expiresAt: f.expiresAt.toISOString(),
      signedAt: signer.signedAt,
      seal: signer.role === 'company' ? `${f.company} 合同专用章` : null,
    };
  }

  async pdf(token: string): Promise<Buffer> {
    const { f } = await this.byToken(token);
    const file = await this.o.storage.get(f.signedKey ?? f.pdfKey);
    if (!file) throw new NotFoundError();
    return buffer(file.stream);
  }

  /** The signer signs (or refuses) on the sandbox page; the provider then calls back. */
  async sign(token: string, input: EsignSandboxSignInput): Promise<EsignSandboxPage> {
    const { f, signer } = await this.byToken(token);
    if (this.flowState(f) !== 'signing' || signer.state !== 'signing') throw new ConflictError('esign.notYourTurn');
    if (input.action === 'sign' && signer.role === 'driver' && signer.idNumber) {
      const tail = signer.idNumber.slice(-6).toUpperCase();
      if (!input.idTail || !safeEqual(input.idTail.toUpperCase(), tail)) throw invalidField('idTail', 'esign.idTail');
    }
    if (input.action === 'refuse' && !input.reason) throw invalidField('reason', 'esign.refuseReason');
    const now = this.o.clock.now();
    const signers = f.signers.map((s) => ({ ...s }));
    const me = signers.find((s) => s.order === signer.order)!;
    me.state = input.action === 'sign' ? 'signed' : 'refused';
    me.signedAt = input.action === 'sign' ? now.toISOString() : null;
    me.reason = input.action === 'refuse' ? (input.reason ?? null) : null;
    const next = signers.filter((s) => s.state === 'waiting').sort((a, b) => a.order - b.order)[0];
    let state: EsignSandboxPage['flowState'] = 'signing';
    let signedKey: string | null = null;
    let evidenceNo: string | null = null;
    if (input.action === 'refuse') state = 'refused';
    else if (next) next.state = 'signing';
    else {
      state = 'completed';
      evidenceNo = `EVI${now.getTime()}${randomBytes(3).toString('hex').toUpperCase()}`;
      const original = await this.o.storage.get(f.pdfKey);
      if (!original) throw new NotFoundError();
      const signed = appendSignatureRecord(await buffer(original.stream), {
        evidenceNo,
        signers: signers.map((s) => `${s.order}:${s.role}:${s.name}:${s.signedAt}`),
      });
      signedKey = `sandbox/esign/${f.flowId}-signed.pdf`;
      await this.o.storage.put(signedKey, Readable.from(signed), 'application/pdf');
    }
    await this.o.db
      .update(esignSandboxFlows)
      .set({ signers, state, ...(signedKey ? { signedKey, evidenceNo } : {}) })
      .where(eq(esignSandboxFlows.flowId, f.flowId));
    await this.send({
      action: 'SIGNER',
      flowId: f.flowId,
      order: me.order,
      result: me.state,
      reason: me.reason,
      at: now.toISOString(),
    });
    if (state !== 'signing')
      await this.send({ action: 'FLOW', flowId: f.flowId, status: state, at: now.toISOString() });
    return this.page(token);
  }

  /** A signed callback body, as the sandbox sends it (tests forge and replay with it). */
  signedCallback(payload: unknown, at = this.o.clock.now()): { headers: Record<string, string>; body: string } {
    const body = JSON.stringify(payload);
    const timestamp = String(at.getTime());
    return {
      headers: {
        'content-type': 'application/json',
        'x-sandbox-timestamp': timestamp,
        'x-sandbox-signature': callbackSignature(this.o.secret, timestamp, body),
      },
      body,
    };
  }

  private async send(payload: unknown): Promise<void> {
    if (this.sender) await this.sender(this.signedCallback(payload));
  }

  verifyCallback(input: { headers: Record<string, string | string[] | undefined>; body: string }): VerifiedCallback {
    const timestamp = header(input.headers, 'x-sandbox-timestamp');
    const signature = header(input.headers, 'x-sandbox-signature');
    if (!timestamp || !signature) throw new CallbackRejected('no signature');
    if (!safeEqual(callbackSignature(this.o.secret, timestamp, input.body), signature)) {
      throw new CallbackRejected('bad signature');
    }
    if (!/^\d+$/.test(timestamp) || Math.abs(this.o.clock.now().getTime() - Number(timestamp)) > CALLBACK_MAX_AGE_MS) {
      throw new CallbackRejected('stale timestamp');
    }
    let body: {
      action?: string;
      flowId?: string;
      order?: number;
      result?: string;
      status?: string;
      at?: string;
      reason?: string | null;
    };
    try {
      body = JSON.parse(input.body) as typeof body;
    } catch {
      throw new CallbackRejected('unreadable body', 400);
    }
    if (!body.flowId) throw new CallbackRejected('no flowId', 400);
    const at = new Date(body.at ?? Number(timestamp));
    const notices: EsignNotice[] = [];
    if (body.action === 'SIGNER' && (body.result === 'signed' || body.result === 'refused')) {
      notices.push({
        flowId: body.flowId,
        kind: body.result === 'signed' ? 'signerSigned' : 'signerRefused',
        order: Number(body.order),
        at,
        reason: body.reason ?? null,
      });
    } else if (body.action === 'FLOW') {
      const kinds: Record<string, EsignNotice['kind']> = {
        completed: 'flowCompleted',
        refused: 'flowRefused',
        cancelled: 'flowCancelled',
        expired: 'flowExpired',
      };
      const kind = kinds[body.status ?? ''];
      if (kind) notices.push({ flowId: body.flowId, kind, at, reason: body.reason ?? null });
    }
    return { key: signature, notices };
  }
}

export function callbackSignature(secret: string, timestamp: string, body: string): string {
  return hmac(secret, `${timestamp}\n${body}`);
}

/**
 * Appends an incremental update to a PDF (classic cross-reference table, as pdfkit writes) with a new document
 * information dictionary that records the signatures; the original bytes are kept as they were.
 */
export function appendSignatureRecord(pdf: Buffer, record: { evidenceNo: string; signers: string[] }): Buffer {
  const text = pdf.toString('latin1');
  const startxref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text);
  const trailer = text.lastIndexOf('trailer');
  if (!startxref || trailer < 0) throw new Error('not a PDF with a classic trailer');
  const dict = text.slice(trailer, text.lastIndexOf('startxref'));
  const size = Number(/\/Size\s+(\d+)/.exec(dict)?.[1]);
  const root = /\/Root\s+(\d+\s+\d+\s+R)/.exec(dict)?.[1];
  if (!size || !root) throw new Error('PDF trailer without /Size or /Root');
  const hex = (s: string) => `<FEFF${Buffer.from(s, 'utf16le').swap16().toString('hex').toUpperCase()}>`;
  const base = pdf.length + 1;
  const obj =
    `${size} 0 obj\n<< /Producer (Fleetdesk e-signature sandbox) /EsignEvidence (${record.evidenceNo}) ` +
    `/EsignSigners ${hex(record.signers.join('; '))} >>\nendobj\n`;
  const xrefAt = base + Buffer.byteLength(obj, 'latin1');
  const tail =
    `\n${obj}xref\n0 1\n0000000000 65535 f \n${size} 1\n${String(base).padStart(10, '0')} 00000 n \n` +
    `trailer\n<< /Size ${size + 1} /Root ${root} /Info ${size} 0 R /Prev ${startxref[1]} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([pdf, Buffer.from(tail, 'latin1')]);
}
