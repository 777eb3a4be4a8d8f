import type { CallbackRejected } from './esign-provider.js';

/**
 * The notary platform interface (docs/notarization.md, "Notary platform"). No notary platform publishes an HTTP API
 * one could build an adapter against (the online notary services of 公证处 and the BCCR's are contracted per
 * customer, their interfaces given under agreement), so the sandbox is the only implementation; a real platform
 * plugs in here: submit a case with its documents and hashes, send a supplement, withdraw, fetch the certificate,
 * and call back (signed) when the notary accepts, asks for more, notarizes or rejects.
 */
export interface NotaryDocument {
  kind: string;
  fileName: string;
  sha256: string;
  data: Buffer;
}

export interface NotarySubmission {
  applicationNo: string;
  company: string;
  applicant: string;
  kind: string;
  notaryOffice: string;
  copies: number;
  delivery: string;
  documents: NotaryDocument[];
  notifyUrl: string;
}

export interface NotaryExchange {
  request: unknown;
  response: unknown;
}

export type NotaryNoticeKind = 'accepted' | 'supplementAsked' | 'notarized' | 'rejected';

export interface NotaryNotice {
  caseNo: string;
  kind: NotaryNoticeKind;
  at: Date;
  note: string | null;
  certificateNo: string | null;
  /** The certificate's day (YYYY-MM-DD). */
  certificateDate: string | null;
}

export interface NotaryProvider {
  readonly name: string;
  readonly sandbox: boolean;
  submit(s: NotarySubmission): Promise<{ caseNo: string; exchange: NotaryExchange }>;
  supplement(caseNo: string, s: { note: string; documents: NotaryDocument[] }): Promise<NotaryExchange>;
  withdraw(caseNo: string, reason: string): Promise<NotaryExchange>;
  certificate(caseNo: string): Promise<{ pdf: Buffer; fileName: string }>;
  /** Proves and reads a callback; throws {@link CallbackRejected}. */
  verifyCallback(input: { headers: Record<string, string | string[] | undefined>; body: string }): {
    key: string;
    notices: NotaryNotice[];
  };
  readonly callbackAnswer: { status: number; contentType: string; body: string };
}
export type { CallbackRejected };
