import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { NotarySandboxAction, NotarySandboxCase } from '@fleetdesk/contracts/notarization';
import type { Clock } from '../../../core/clock.js';
import type { Db } from '../../../core/db.js';
import { ConflictError, NotFoundError, invalidField } from '../../../core/errors.js';
import { randomToken, safeEqual } from '../../../core/secrets.js';
import { notarySandboxCases } from '../../../db/schema/notarization.js';
import { CALLBACK_MAX_AGE_MS, CallbackRejected, header } from './esign-provider.js';
import { callbackSignature } from './esign-sandbox.js';
import type { NotaryExchange, NotaryNotice, NotaryProvider, NotarySubmission } from './notary-provider.js';

export type NotaryCallbackSender = (c: { headers: Record<string, string>; body: string }) => Promise<unknown>;
/** Draws the sandbox's certificate (the service gives it the PDF builder and font). */
export type CertificateRenderer = (c: {
  certificateNo: string;
  date: string;
  company: string;
  applicant: string;
  kind: string;
  notaryOffice: string;
  documents: { kind: string; fileName: string; sha256: string }[];
}) => Promise<Buffer>;

/**
 * The sandbox notary office: no notarization is made. It keeps its cases (`notary_sandbox_cases`), shows a page
 * (the web's `/notary/sandbox/<caseNo>?token=...`, the link the application page gives while the sandbox is the
 * platform) where a person acts as the notary: accept, ask for a supplement, notarize (a certificate number and a
 * PDF marked as the sandbox's), reject with a reason; each step calls back through the same route a real platform
 * would, signed like the e-signature sandbox (`X-Sandbox-Signature`).
 */
export class SandboxNotaryProvider implements NotaryProvider {
  readonly name = 'sandbox';
  readonly sandbox = true;
  readonly callbackAnswer = { status: 200, contentType: 'application/json', body: '{"code":0,"msg":"ok"}' };
  sender: NotaryCallbackSender | null = null;

  constructor(
    private readonly o: {
      db: Db;
      clock: Clock;
      publicUrl: string;
      secret: string;
      renderCertificate: CertificateRenderer;
      /** The office's day (YYYY-MM-DD) of an instant. */
      dayOf: (at: Date) => string;
    },
  ) {}

  pageUrl(caseNo: string, token: string): string {
    return `${this.o.publicUrl.replace(/\/$/, '')}/notary/sandbox/${caseNo}?token=${encodeURIComponent(token)}`;
  }

  async submit(s: NotarySubmission): Promise<{ caseNo: string; caseToken: string; exchange: NotaryExchange }> {
    const now = this.o.clock.now();
    const caseNo = `NSBX${now.getTime()}${randomBytes(3).toString('hex').toUpperCase()}`;
    const token = randomToken();
    const documents = s.documents.map((d) => ({ kind: d.kind, fileName: d.fileName, sha256: d.sha256 }));
    await this.o.db.insert(notarySandboxCases).values({
      caseNo,
      token,
      company: s.company,
      applicant: s.applicant,
      kind: s.kind,
      notaryOffice: s.notaryOffice,
      state: 'submitted',
      documents,
      notifyUrl: s.notifyUrl,
      createdAt: now,
      updatedAt: now,
    });
    return {
      caseNo,
      caseToken: token,
      exchange: {
        request: {
          applicationNo: s.applicationNo,
          kind: s.kind,
          notaryOffice: s.notaryOffice,
          copies: s.copies,
          delivery: s.delivery,
          documents,
        },
        response: { caseNo, state: 'submitted' },
      },
    };
  }

  private async row(caseNo: string) {
    const [row] = await this.o.db.select().from(notarySandboxCases).where(eq(notarySandboxCases.caseNo, caseNo));
    if (!row) throw new NotFoundError();
    return row;
  }

  /** The case's page link (the application page shows it while the sandbox is the platform). */
  async caseUrl(caseNo: string): Promise<string> {
    return this.pageUrl(caseNo, (await this.row(caseNo)).token);
  }

  async supplement(caseNo: string, s: { note: string; documents: NotarySubmission['documents'] }) {
    const c = await this.row(caseNo);
    if (c.state !== 'supplement') throw new ConflictError('notarization.notAsked');
    const documents = [
      ...c.documents,
      ...s.documents.map((d) => ({ kind: d.kind, fileName: d.fileName, sha256: d.sha256 })),
    ];
    await this.o.db
      .update(notarySandboxCases)
      .set({ state: 'reviewing', supplementNote: s.note, documents, updatedAt: this.o.clock.now() })
      .where(eq(notarySandboxCases.caseNo, caseNo));
    return { request: { caseNo, note: s.note, documents: documents.length }, response: { caseNo, state: 'reviewing' } };
  }

  async withdraw(caseNo: string, reason: string) {
    const c = await this.row(caseNo);
    if (['notarized', 'rejected', 'withdrawn'].includes(c.state)) throw new ConflictError('notarization.decided');
    await this.o.db
      .update(notarySandboxCases)
      .set({ state: 'withdrawn', updatedAt: this.o.clock.now() })
      .where(eq(notarySandboxCases.caseNo, caseNo));
    return { request: { caseNo, reason }, response: { caseNo, state: 'withdrawn' } };
  }

  async certificate(caseNo: string): Promise<{ pdf: Buffer; fileName: string }> {
    const c = await this.row(caseNo);
    if (c.state !== 'notarized' || !c.certificateNo) throw new ConflictError('notarization.noCertificate');
    const pdf = await this.o.renderCertificate({
      certificateNo: c.certificateNo,
      date: this.o.dayOf(c.updatedAt),
      company: c.company,
      applicant: c.applicant,
      kind: c.kind,
      notaryOffice: c.notaryOffice,
      documents: c.documents,
    });
    return { pdf, fileName: `公证书-${c.certificateNo}.pdf` };
  }

  private async proven(caseNo: string, token: string) {
    const c = await this.row(caseNo).catch(() => null);
    if (!c || !safeEqual(c.token, token)) throw new NotFoundError();
    return c;
  }

  async view(caseNo: string, token: string): Promise<NotarySandboxCase> {
    const c = await this.proven(caseNo, token);
    return {
      caseNo: c.caseNo,
      company: c.company,
      kind: c.kind as NotarySandboxCase['kind'],
      state: c.state as NotarySandboxCase['state'],
      notaryOffice: c.notaryOffice,
      applicant: c.applicant,
      documents: c.documents as NotarySandboxCase['documents'],
      supplementRequest: c.supplementRequest,
      supplementNote: c.supplementNote,
      certificateNo: c.certificateNo,
    };
  }

  /** The notary acts on the sandbox page; the platform then calls back. */
  async act(caseNo: string, input: NotarySandboxAction): Promise<NotarySandboxCase> {
    const c = await this.proven(caseNo, input.token);
    const allowed: Record<NotarySandboxAction['action'], string[]> = {
      accept: ['submitted'],
      askSupplement: ['reviewing'],
      notarize: ['reviewing'],
      reject: ['submitted', 'reviewing', 'supplement'],
    };
    if (!allowed[input.action].includes(c.state)) throw new ConflictError('notarization.sandboxState');
    if ((input.action === 'askSupplement' || input.action === 'reject') && !input.note) {
      throw invalidField('note', 'notarization.sandboxNote');
    }
    const now = this.o.clock.now();
    const next = { accept: 'reviewing', askSupplement: 'supplement', notarize: 'notarized', reject: 'rejected' }[
      input.action
    ];
    const certificateNo =
      input.action === 'notarize'
        ? `（${now.getUTCFullYear()}）沙箱证经字第${String(now.getTime() % 1_000_000).padStart(6, '0')}号`
        : c.certificateNo;
    await this.o.db
      .update(notarySandboxCases)
      .set({
        state: next,
        updatedAt: now,
        certificateNo,
        ...(input.action === 'askSupplement' ? { supplementRequest: input.note, supplementNote: null } : {}),
      })
      .where(eq(notarySandboxCases.caseNo, caseNo));
    const kind = { accept: 'accepted', askSupplement: 'supplementAsked', notarize: 'notarized', reject: 'rejected' }[
      input.action
    ];
    if (this.sender) {
      await this.sender(
        this.signedCallback({
          caseNo,
          event: kind,
          note: input.note ?? null,
          certificateNo: input.action === 'notarize' ? certificateNo : null,
          certificateDate: input.action === 'notarize' ? this.o.dayOf(now) : null,
          at: now.toISOString(),
        }),
      );
    }
    return this.view(caseNo, input.token);
  }

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

  verifyCallback(input: { headers: Record<string, string | string[] | undefined>; body: string }) {
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
      caseNo?: string;
      event?: string;
      note?: string | null;
      certificateNo?: string | null;
      certificateDate?: string | null;
      at?: string;
    };
    try {
      body = JSON.parse(input.body) as typeof body;
    } catch {
      throw new CallbackRejected('unreadable body', 400);
    }
    const kinds = ['accepted', 'supplementAsked', 'notarized', 'rejected'];
    if (!body.caseNo || !kinds.includes(body.event ?? '')) throw new CallbackRejected('unknown event', 400);
    const notice: NotaryNotice = {
      caseNo: body.caseNo,
      kind: body.event as NotaryNotice['kind'],
      at: new Date(body.at ?? Number(timestamp)),
      note: body.note ?? null,
      certificateNo: body.certificateNo ?? null,
      certificateDate: body.certificateDate ?? null,
    };
    return { key: signature, notices: [notice] };
  }
}
