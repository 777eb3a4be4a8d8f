import { createHmac, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { SandboxTrade } from '@fleetdesk/contracts/payments';
import { fenToYuan } from '@fleetdesk/contracts/common';
import type { Clock } from '../../../core/clock.js';
import type { Db } from '../../../core/db.js';
import { NotFoundError } from '../../../core/errors.js';
import { randomToken, safeEqual } from '../../../core/secrets.js';
import { paySandboxTrades } from '../../../db/schema/index.js';
import {
  header,
  NOTIFY_MAX_AGE_MS,
  NotificationRejected,
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

export type SandboxAction = 'approve' | 'approveSilently' | 'approveWrongAmount' | 'decline';

/** Sends a signed notification to our own notify route (the same path the real providers call). */
export type SandboxNotifier = (n: IncomingNotification) => Promise<{ statusCode: number; body: string }>;

export const SANDBOX_MERCHANT = 'Fleetdesk';

/**
 * The sandbox provider: no money moves. It keeps its own books (`pay_sandbox_trades`, as a real provider keeps
 * its side), shows its own payment page (the web's `/pay/sandbox/<orderNo>?token=...`) where a person approves
 * or declines, and notifies through the same notify route as the real providers, signed with its own HMAC key
 * (`X-Sandbox-Signature` over timestamp, nonce and body, like WeChat's scheme).
 */
export class SandboxPayProvider implements PayProvider {
  readonly name = 'sandbox' as const;
  readonly sandbox = true;
  notifier: SandboxNotifier | null = null;

  constructor(private readonly opts: { db: Db; clock: Clock; publicUrl: string; secret: string; notifyPath: string }) {}

  private pageUrl(orderNo: string, token: string): string {
    return `${this.opts.publicUrl.replace(/\/$/, '')}/pay/sandbox/${orderNo}?token=${encodeURIComponent(token)}`;
  }

  async createNative(req: NativeTradeRequest): Promise<NativeTrade> {
    const [existing] = await this.opts.db
      .select()
      .from(paySandboxTrades)
      .where(eq(paySandboxTrades.orderNo, req.orderNo));
    if (existing && existing.state !== 'closed') {
      const url = this.pageUrl(req.orderNo, existing.token);
      return { codeUrl: url, payUrl: url };
    }
    const token = randomToken();
    const tradeNo = `SBX${this.opts.clock.now().getTime()}${randomBytes(4).toString('hex')}`;
    const row = {
      amountFen: req.amountFen,
      description: req.description,
      token,
      state: 'waiting',
      tradeNo,
      refundedFen: 0,
      createdAt: this.opts.clock.now(),
      expiresAt: req.expiresAt,
      paidAt: null,
    };
    await this.opts.db
      .insert(paySandboxTrades)
      .values({ orderNo: req.orderNo, ...row })
      .onConflictDoUpdate({ target: paySandboxTrades.orderNo, set: row });
    const url = this.pageUrl(req.orderNo, token);
    return { codeUrl: url, payUrl: url };
  }

  private async row(orderNo: string) {
    const [row] = await this.opts.db.select().from(paySandboxTrades).where(eq(paySandboxTrades.orderNo, orderNo));
    return row ?? null;
  }

  async query(orderNo: string): Promise<TradeState> {
    const row = await this.row(orderNo);
    if (!row) return { state: 'notFound' };
    if (row.state === 'approved') {
      if (row.refundedFen >= row.amountFen) return { state: 'refunded' };
      return { state: 'paid', tradeNo: row.tradeNo, amountFen: row.amountFen, paidAt: row.paidAt ?? row.createdAt };
    }
    if (row.state !== 'closed' && row.expiresAt <= this.opts.clock.now()) return { state: 'closed' };
    return { state: row.state as 'waiting' | 'scanned' | 'declined' | 'closed' };
  }

  async close(orderNo: string): Promise<void> {
    await this.opts.db
      .update(paySandboxTrades)
      .set({ state: 'closed' })
      .where(sql`${paySandboxTrades.orderNo} = ${orderNo} and ${paySandboxTrades.state} <> 'approved'`);
  }

  async refund(req: RefundRequest): Promise<RefundResult> {
    const rows = await this.opts.db
      .update(paySandboxTrades)
      .set({ refundedFen: sql`${paySandboxTrades.refundedFen} + ${req.amountFen}` })
      .where(
        sql`${paySandboxTrades.orderNo} = ${req.orderNo} and ${paySandboxTrades.state} = 'approved'
            and ${paySandboxTrades.refundedFen} + ${req.amountFen} <= ${paySandboxTrades.amountFen}`,
      )
      .returning({ tradeNo: paySandboxTrades.tradeNo });
    if (!rows.length) return { status: 'failed', failure: 'sandbox: trade not paid or refund above what is left' };
    return { status: 'succeeded', providerRefundId: `SBXR${req.refundNo}` };
  }

  /** The signature of a sandbox notification: HMAC-SHA256 (base64) of "timestamp\nnonce\nbody\n". */
  sign(timestamp: string, nonce: string, body: string): string {
    return createHmac('sha256', this.opts.secret).update(`${timestamp}\n${nonce}\n${body}\n`).digest('base64');
  }

  /** A signed notification of a trade, as the sandbox sends it. */
  notification(payload: object, at: Date = this.opts.clock.now()): IncomingNotification {
    const body = JSON.stringify(payload);
    const timestamp = String(Math.floor(at.getTime() / 1000));
    const nonce = randomBytes(16).toString('hex');
    return {
      headers: {
        'content-type': 'application/json',
        'x-sandbox-timestamp': timestamp,
        'x-sandbox-nonce': nonce,
        'x-sandbox-signature': this.sign(timestamp, nonce, body),
      },
      body,
    };
  }

  async parseNotification(n: IncomingNotification): Promise<PaymentNotice> {
    const timestamp = header(n.headers, 'x-sandbox-timestamp');
    const nonce = header(n.headers, 'x-sandbox-nonce');
    const signature = header(n.headers, 'x-sandbox-signature');
    if (!timestamp || !nonce || !signature) throw new NotificationRejected('malformed', 'signature headers missing');
    if (!safeEqual(this.sign(timestamp, nonce, n.body), signature)) throw new NotificationRejected('badSignature');
    const age = this.opts.clock.now().getTime() - Number(timestamp) * 1000;
    if (!Number.isFinite(age) || Math.abs(age) > NOTIFY_MAX_AGE_MS) throw new NotificationRejected('late');
    let p: {
      id?: unknown;
      orderNo?: unknown;
      tradeNo?: unknown;
      amountFen?: unknown;
      state?: unknown;
      paidAt?: unknown;
    };
    try {
      p = JSON.parse(n.body) as typeof p;
    } catch {
      throw new NotificationRejected('malformed', 'body is not JSON');
    }
    if (typeof p.id !== 'string' || typeof p.orderNo !== 'string' || typeof p.amountFen !== 'number') {
      throw new NotificationRejected('malformed', 'fields missing');
    }
    return {
      notifyId: p.id,
      orderNo: p.orderNo,
      paid: p.state === 'paid',
      tradeNo: typeof p.tradeNo === 'string' ? p.tradeNo : null,
      amountFen: p.amountFen,
      paidAt: typeof p.paidAt === 'string' ? new Date(p.paidAt) : null,
    };
  }

  notifyAnswer(ok: boolean): NotifyAnswer {
    return ok
      ? { status: 200, contentType: 'application/json', body: '{"code":"SUCCESS"}' }
      : { status: 400, contentType: 'application/json', body: '{"code":"FAIL","message":"refused"}' };
  }

  // ---- The sandbox's own payment page (public; the token in the QR code is the payer's key)

  private async byToken(orderNo: string, token: string) {
    const row = await this.row(orderNo);
    if (!row || !safeEqual(row.token, token)) throw new NotFoundError();
    return row;
  }

  /** The trade as the payment page shows it; opening it counts as scanning the code. */
  async trade(orderNo: string, token: string): Promise<SandboxTrade> {
    let row = await this.byToken(orderNo, token);
    const now = this.opts.clock.now();
    if (row.state === 'waiting' && row.expiresAt > now) {
      const [scanned] = await this.opts.db
        .update(paySandboxTrades)
        .set({ state: 'scanned' })
        .where(sql`${paySandboxTrades.orderNo} = ${orderNo} and ${paySandboxTrades.state} = 'waiting'`)
        .returning();
      row = scanned ?? (await this.byToken(orderNo, token));
    }
    const open = row.state === 'waiting' || row.state === 'scanned';
    return {
      orderNo: row.orderNo,
      merchant: SANDBOX_MERCHANT,
      description: row.description,
      amount: fenToYuan(row.amountFen),
      state: open && row.expiresAt <= now ? 'closed' : (row.state as SandboxTrade['state']),
      expiresAt: row.expiresAt.toISOString(),
    };
  }

  /**
   * The payer's decision. approve: paid, and notified; approveSilently: paid, no notification (polling must
   * find it); approveWrongAmount: a notification of one fen more than the order, which must be refused (the
   * sandbox's books stay unpaid); decline: the payer refused.
   */
  async decide(orderNo: string, token: string, action: SandboxAction): Promise<SandboxTrade> {
    const row = await this.byToken(orderNo, token);
    const now = this.opts.clock.now();
    const open = (row.state === 'waiting' || row.state === 'scanned') && row.expiresAt > now;
    if (open) {
      if (action === 'approve' || action === 'approveSilently') {
        await this.opts.db
          .update(paySandboxTrades)
          .set({ state: 'approved', paidAt: now })
          .where(eq(paySandboxTrades.orderNo, orderNo));
        if (action === 'approve') await this.notify(orderNo, row.tradeNo, row.amountFen, now);
      } else if (action === 'approveWrongAmount') {
        await this.notify(orderNo, row.tradeNo, row.amountFen + 1, now);
      } else {
        await this.opts.db
          .update(paySandboxTrades)
          .set({ state: 'declined' })
          .where(eq(paySandboxTrades.orderNo, orderNo));
      }
    }
    return this.trade(orderNo, token);
  }

  private async notify(orderNo: string, tradeNo: string, amountFen: number, paidAt: Date): Promise<void> {
    if (!this.notifier) return;
    const n = this.notification({
      id: `SBXN${randomBytes(8).toString('hex')}`,
      orderNo,
      tradeNo,
      amountFen,
      state: 'paid',
      paidAt: paidAt.toISOString(),
    });
    // Like a real provider, the sandbox does not care what comes of its notification beyond the answer.
    await this.notifier(n);
  }
}
