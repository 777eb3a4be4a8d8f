/**
 * The e-signature provider interface (docs/notarization.md, "E-signature"): the sandbox (`esign-sandbox.ts`) and
 * e签宝's open API v3 (`esign-tsign.ts`). A flow is one PDF, its signers in order (the driver, then the company's
 * seal) and a notify address; the provider calls back per signer and per flow, and the signed PDF is downloaded
 * with its evidence number once every signature is in.
 */
export interface EsignSignerSpec {
  order: number;
  role: 'driver' | 'company';
  /** The person (driver), or the company's name (its seal). */
  name: string;
  /** The signer's phone (the company: the clerk who handles the seal). */
  phone: string | null;
  /** The driver's ID number; the company's unified social credit code. */
  idNumber: string | null;
}

export interface CreateFlowRequest {
  title: string;
  fileName: string;
  pdf: Buffer;
  signers: EsignSignerSpec[];
  notifyUrl: string;
  expiresAt: Date;
}

export interface CreatedFlow {
  flowId: string;
  /** The provider's key per signer, by order. */
  signers: { order: number; providerSignerId: string }[];
  /** What was sent and answered (the evidence; no file bytes). */
  exchange: { request: unknown; response: unknown };
}

export type EsignNoticeKind =
  'signerSigned' | 'signerRefused' | 'flowCompleted' | 'flowRefused' | 'flowCancelled' | 'flowExpired';

/** One fact a callback tells. */
export interface EsignNotice {
  flowId: string;
  kind: EsignNoticeKind;
  /** The signer's order (signer notices). */
  order?: number;
  at: Date;
  reason?: string | null;
}

/** A callback refused (bad or missing signature, stale timestamp, unreadable body): answered 4xx, nothing changes. */
export class CallbackRejected extends Error {
  constructor(
    message: string,
    readonly status = 401,
  ) {
    super(message);
  }
}

export interface VerifiedCallback {
  /** A key of this exact callback (its signature): the same key twice is a replay. */
  key: string;
  notices: EsignNotice[];
}

export interface EsignProvider {
  readonly name: string;
  readonly sandbox: boolean;
  createFlow(req: CreateFlowRequest): Promise<CreatedFlow>;
  /** The signing address of one signer (a link the provider also sends by SMS when it is his turn). */
  signUrl(flowId: string, signer: { order: number; providerSignerId: string; phone: string | null }): Promise<string>;
  /** Asks the provider to remind the signers whose turn it is. */
  remind(flowId: string): Promise<unknown>;
  cancel(flowId: string, reason: string): Promise<unknown>;
  /** The signed PDF and the provider's evidence number (of its signing report). */
  download(flowId: string): Promise<{ pdf: Buffer; evidenceNo: string }>;
  /** Proves a callback came from the provider and reads it; throws CallbackRejected. */
  verifyCallback(input: {
    headers: Record<string, string | string[] | undefined>;
    body: string;
    query: string;
  }): VerifiedCallback;
  /** What the provider expects as the answer to a callback it sent. */
  readonly callbackAnswer: { status: number; contentType: string; body: string };
}

export function header(headers: Record<string, string | string[] | undefined>, name: string): string {
  const v = headers[name.toLowerCase()];
  return (Array.isArray(v) ? v[0] : v) ?? '';
}

/** Callbacks older (or newer) than this are refused: a replay of a captured one gets nowhere after it. */
export const CALLBACK_MAX_AGE_MS = 10 * 60 * 1000;
