import type { PayProviderName } from '@fleetdesk/contracts/payments';

/**
 * The payment provider interface (docs/payments.md). An adapter speaks one provider's API: it offers an order
 * as a Native (QR code) payment, asks about it, closes it, refunds it, and reads the provider's notifications,
 * verifying their signature before anything in them is believed. Amounts are integer fen.
 */

export interface NativeTradeRequest {
  orderNo: string;
  amountFen: number;
  /** What the payer sees (the plan or "balance top-up"). */
  description: string;
  /** The order closes at this time; the provider is told so it refuses payment after it. */
  expiresAt: Date;
  /** Where the provider sends its notification. */
  notifyUrl: string;
}

export interface NativeTrade {
  /** What the QR code holds. */
  codeUrl: string;
  /** A page to open on this computer (the sandbox's payment page), else null. */
  payUrl: string | null;
}

/** What the provider says of a trade. */
export type TradeState =
  | { state: 'paid'; tradeNo: string; amountFen: number; paidAt: Date }
  | { state: 'waiting' | 'scanned' | 'declined' | 'closed' | 'refunded' | 'notFound' };

export interface RefundRequest {
  orderNo: string;
  refundNo: string;
  /** What is given back now and what the order was paid (WeChat wants both). */
  amountFen: number;
  totalFen: number;
  reason: string;
}

export type RefundResult =
  { status: 'succeeded' | 'processing'; providerRefundId: string | null } | { status: 'failed'; failure: string };

/** A notification as it arrived: the raw body (signatures cover the exact bytes) and the headers. */
export interface IncomingNotification {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A verified notification of a payment. */
export interface PaymentNotice {
  /** The provider's id of this notification: the same id twice is a replay. */
  notifyId: string;
  orderNo: string;
  /** Whether the trade is paid (a notification of another state changes nothing). */
  paid: boolean;
  tradeNo: string | null;
  amountFen: number;
  paidAt: Date | null;
}

/** What the provider expects as the answer to a notification. */
export interface NotifyAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** A notification that must not be believed; `reason` is logged. */
export class NotificationRejected extends Error {
  constructor(
    readonly reason: 'badSignature' | 'late' | 'malformed' | 'unknownKey',
    detail?: string,
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
  }
}

/** The provider could not be reached or refused the call; the message names the provider's code. */
export class ProviderError extends Error {
  constructor(
    readonly provider: PayProviderName,
    readonly code: string,
    message: string,
  ) {
    super(`${provider} ${code}: ${message}`);
  }
}

export interface PayProvider {
  readonly name: PayProviderName;
  /** True when no money moves (the UI shows a "sandbox" badge). */
  readonly sandbox: boolean;
  createNative(req: NativeTradeRequest): Promise<NativeTrade>;
  query(orderNo: string): Promise<TradeState>;
  close(orderNo: string): Promise<void>;
  refund(req: RefundRequest): Promise<RefundResult>;
  /** Verifies and reads a notification; throws NotificationRejected when it is not to be believed. */
  parseNotification(n: IncomingNotification): Promise<PaymentNotice>;
  /** The answer the provider expects: `ok` when we took the notification (or already had it), else failure. */
  notifyAnswer(ok: boolean): NotifyAnswer;
}

/** Notifications older than this (by their own signed timestamp) are refused as late or replayed. */
export const NOTIFY_MAX_AGE_MS = 5 * 60_000;

export function header(h: IncomingNotification['headers'], name: string): string | undefined {
  const v = h[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}
