import { randomUUID } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Lang } from '@fleetdesk/contracts/common';
import { fenToYuan } from '@fleetdesk/contracts/common';
import { findPlan } from '@fleetdesk/contracts/membership';
import type { PayInfo, PayStatus, PayProviderName } from '@fleetdesk/contracts/payments';
import type { RequestContext } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { rowsOf, type Tx } from '../../core/db.js';
import { ConflictError } from '../../core/errors.js';
import { orders, payNotifications } from '../../db/schema/index.js';
import { memberships } from '../../db/schema/tenancy.js';
import { applyPlan } from '../access/access.service.js';
import { cancelOrder, orderRow, toOrder, type OrderRow } from './orders.service.js';
import { credit, insertLedger } from './payments.repository.js';
import { yuanText } from './payments.service.js';
import { notifyUrl, payProviders } from './providers/index.js';
import {
  NotificationRejected,
  ProviderError,
  type IncomingNotification,
  type NotifyAnswer,
  type PayProvider,
  type TradeState,
} from './providers/provider.js';

/**
 * Paying orders (docs/payments.md): offering an order to the provider as a QR code, learning that it was paid
 * (the provider's notification, or asking the provider while the page polls and when the sweeper comes), and
 * settling it exactly once: a membership is extended, a top-up credited to the balance.
 */

/** How often the status poll asks a real provider about one order at most. */
export const PROVIDER_QUERY_INTERVAL_MS = 5_000;

/** What the payer did last, per order, as the provider said (kept in this process between polls). */
const payerStates = new Map<number, PayStatus['payerState']>();

function providerFailed(err: unknown): never {
  if (err instanceof ProviderError) throw new ConflictError('order.providerFailed', { detail: `${err.code}` });
  throw new ConflictError('order.providerFailed', {
    detail: err instanceof Error ? err.message.slice(0, 80) : 'error',
  });
}

export function orderDescription(row: OrderRow, lang: Lang = 'zh-CN'): string {
  if (row.type === 'membership') {
    const plan = findPlan(row.planCode ?? '')?.name[lang] ?? row.planCode ?? '';
    return lang === 'zh-CN'
      ? `Fleetdesk 会员 ${plan} ${row.years} 年`
      : `Fleetdesk membership ${plan}, ${row.years} yr`;
  }
  if (row.type === 'financing') {
    return lang === 'zh-CN'
      ? `融资还款 ${row.referenceId ?? ''} ¥${yuanText(row.amountFen)}`
      : `Financing repayment ${row.referenceId ?? ''} ¥${yuanText(row.amountFen)}`;
  }
  if (row.type === 'booking') {
    return lang === 'zh-CN'
      ? `短租订单 ${row.referenceId ?? ''} ¥${yuanText(row.amountFen)}`
      : `Short-term booking ${row.referenceId ?? ''} ¥${yuanText(row.amountFen)}`;
  }
  if (row.type === 'driverRent') {
    return lang === 'zh-CN'
      ? `司机缴租 ${row.referenceId ?? ''} ¥${yuanText(row.amountFen)}`
      : `Rent ${row.referenceId ?? ''} ¥${yuanText(row.amountFen)}`;
  }
  if (row.type === 'renterTopUp') {
    return lang === 'zh-CN'
      ? `分时租赁余额充值 ¥${yuanText(row.amountFen)}`
      : `Time-share balance top-up ¥${yuanText(row.amountFen)}`;
  }
  return lang === 'zh-CN'
    ? `Fleetdesk 余额充值 ¥${yuanText(row.amountFen)}`
    : `Fleetdesk top-up ¥${yuanText(row.amountFen)}`;
}

export async function qrImage(text: string): Promise<string> {
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 1, width: 256 });
}

/** Offers an unpaid order to the configured provider (once; a second call shows the same code). */
export async function payOrder(
  deps: AppDeps,
  ctx: Pick<RequestContext, 'tenantId' | 'lang'>,
  id: number,
): Promise<PayInfo> {
  const row = await orderRow(deps.db, ctx.tenantId, id);
  const now = deps.clock.now();
  if (row.type === 'service' || toOrder(row, ctx.lang, now).status !== 'unpaid') {
    throw new ConflictError('order.notPayable');
  }
  const providers = payProviders(deps);
  const provider = providers.active;
  let codeUrl = row.payMethod === provider.name ? row.payCodeUrl : null;
  let payUrl: string | null = provider.sandbox ? codeUrl : null;
  if (!codeUrl) {
    const earlier = providers.byName(row.payMethod);
    if (earlier && earlier !== provider) await earlier.close(row.orderNo).catch(() => undefined);
    try {
      const trade = await provider.createNative({
        orderNo: row.orderNo,
        amountFen: row.amountFen,
        description: orderDescription(row),
        expiresAt: row.expiresAt,
        notifyUrl: notifyUrl(deps, provider.name),
      });
      codeUrl = trade.codeUrl;
      payUrl = trade.payUrl;
    } catch (err) {
      deps.log.warn({ err, orderNo: row.orderNo }, 'payment provider refused the order');
      providerFailed(err);
    }
    const [updated] = await deps.db
      .update(orders)
      .set({ payMethod: provider.name, payCodeUrl: codeUrl, payRequestedAt: now })
      .where(and(eq(orders.tenantId, ctx.tenantId), eq(orders.id, id), eq(orders.status, 'unpaid')))
      .returning({ id: orders.id });
    if (!updated) throw new ConflictError('order.notPayable');
  }
  return {
    orderId: row.id,
    orderNo: row.orderNo,
    amount: fenToYuan(row.amountFen),
    provider: provider.name,
    sandbox: provider.sandbox,
    codeUrl: codeUrl!,
    qrImage: await qrImage(codeUrl!),
    payUrl,
    expiresAt: row.expiresAt.toISOString(),
  };
}

function payerStateOf(t: TradeState): PayStatus['payerState'] {
  if (t.state === 'scanned') return 'scanned';
  if (t.state === 'declined') return 'declined';
  return 'waiting';
}

/**
 * Asks the provider about an unpaid order it was offered to, and settles it when the provider says it is paid
 * (a lost notification). Null when the order was not offered to a configured provider.
 */
async function askProvider(deps: AppDeps, row: OrderRow): Promise<TradeState | null> {
  const provider = payProviders(deps).byName(row.payMethod);
  if (!provider) return null;
  const state = await provider.query(row.orderNo);
  await deps.db
    .update(orders)
    .set({ payQueriedAt: deps.clock.now() })
    .where(and(eq(orders.tenantId, row.tenantId), eq(orders.id, row.id)));
  if (state.state === 'paid' && (!Number.isSafeInteger(state.amountFen) || state.amountFen < 0)) {
    // Refused like a notice with such an amount (counted, never stored as a payment); the caller's query fails.
    const problem = `query of ${row.orderNo}: amount is not a whole number of fen`;
    await countRefused(deps, provider.name, 'malformed', problem);
    throw new NotificationRejected('malformed', problem);
  }
  if (state.state === 'paid') {
    const outcome = await settlePayment(deps, provider.name, {
      orderNo: row.orderNo,
      tradeNo: state.tradeNo,
      amountFen: state.amountFen,
      paidAt: state.paidAt,
    });
    await logNotification(
      deps,
      provider.name,
      `query-${randomUUID()}`,
      row.orderNo,
      row.tenantId,
      state.amountFen,
      outcome,
      {
        via: 'query',
      },
    );
  }
  return state;
}

/** The payment state of an order for the page that shows its QR code (asks the provider while unpaid). */
export async function payStatus(
  deps: AppDeps,
  ctx: Pick<RequestContext, 'tenantId' | 'lang'>,
  id: number,
): Promise<PayStatus> {
  let row = await orderRow(deps.db, ctx.tenantId, id);
  const now = deps.clock.now();
  const wasUnpaid = row.status === 'unpaid';
  if (row.status === 'unpaid' && row.payMethod) {
    const provider = payProviders(deps).byName(row.payMethod);
    const due =
      provider &&
      (provider.sandbox ||
        !row.payQueriedAt ||
        now.getTime() - row.payQueriedAt.getTime() >= PROVIDER_QUERY_INTERVAL_MS);
    if (due) {
      try {
        const state = await askProvider(deps, row);
        if (state) payerStates.set(row.id, payerStateOf(state));
      } catch (err) {
        deps.log.warn({ err, orderNo: row.orderNo }, 'payment provider query failed');
      }
      row = await orderRow(deps.db, ctx.tenantId, id);
    }
  }
  const order = toOrder(row, ctx.lang, now);
  if (order.status !== 'unpaid') payerStates.delete(row.id);
  // Settled by this poll (a GET): like a write, answer once this process has heard the membership change, so
  // the page's next call is let through.
  if (wasUnpaid && order.status === 'paid') await deps.sessions.settled();
  return {
    orderId: row.id,
    status: order.status,
    payerState: order.status === 'unpaid' ? (payerStates.get(row.id) ?? 'waiting') : null,
    paidAt: order.paidAt,
    membershipTo: order.membershipTo,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Settling

export type SettleOutcome = 'settled' | 'alreadyPaid' | 'amountMismatch' | 'unknownOrder';

/**
 * What settling an order of another area's type does, in the settling transaction (the order row locked, so it
 * runs once per order): e.g. the financing area's online instalment payments (type `financing`).
 */
export type OrderSettler = (tx: Tx, row: OrderRow, now: Date) => Promise<void>;
const orderSettlers = new Map<string, OrderSettler>();

/** Registers what paying an order of `type` does (the area's `register.ts`; again replaces it). */
export function registerOrderSettler(type: string, settle: OrderSettler): void {
  orderSettlers.set(type, settle);
}

function addYears(d: Date, years: number): Date {
  const x = new Date(d);
  x.setUTCFullYear(x.getUTCFullYear() + years);
  return x;
}

/**
 * Extends the tenant's membership by the order's years: from its current end while it runs, from now once it
 * has expired. A plan above the current one applies at once (its menus too). The memberships trigger tells the
 * session cache, so an expired tenant's next call is let through (no more /gameover).
 */
async function extendMembership(tx: Tx, row: OrderRow, now: Date): Promise<{ from: Date; to: Date }> {
  const plan = findPlan(row.planCode ?? '');
  if (!plan) throw new Error(`order ${row.orderNo}: unknown plan ${row.planCode}`);
  const [current] = await rowsOf<{ expires_at: Date | string; level: number; plan_code: string }>(
    tx,
    sql`select expires_at, level, plan_code from memberships where tenant_id = ${row.tenantId} for update`,
  );
  const currentEnd = current ? new Date(current.expires_at) : null;
  const running = currentEnd !== null && currentEnd > now;
  const from = running ? currentEnd : now;
  const to = addYears(from, row.years);
  const keepPlan = running && current && current.level > plan.level;
  const planCode = keepPlan ? current.plan_code : plan.code;
  const level = keepPlan ? current.level : plan.level;
  await tx
    .insert(memberships)
    .values({ tenantId: row.tenantId, planCode, level, startsAt: now, expiresAt: to })
    .onConflictDoUpdate({
      target: memberships.tenantId,
      set: { planCode, level, expiresAt: to, ...(running ? {} : { startsAt: now }) },
    });
  await applyPlan(tx, row.tenantId, planCode);
  return { from, to };
}

/**
 * Settles a payment the provider reported (notification or query) exactly once. The order row is locked, so
 * a notification and a poll arriving together settle it once; an amount other than the order's is refused.
 * An order closed or cancelled here that the payer paid anyway is settled (the money was taken).
 */
export async function settlePayment(
  deps: AppDeps,
  provider: PayProviderName,
  p: { orderNo: string; tradeNo: string | null; amountFen: number; paidAt: Date | null },
): Promise<SettleOutcome> {
  const now = deps.clock.now();
  // Through the event bus: a settler's domain events (an instalment paid) are handed over after the commit.
  return deps.events.transaction(async (tx) => {
    const [locked] = await rowsOf<{ tenant_id: number; id: number }>(
      tx,
      sql`select tenant_id, id from orders where order_no = ${p.orderNo} for update`,
    );
    if (!locked) return 'unknownOrder';
    const row = await orderRow(tx, Number(locked.tenant_id), Number(locked.id));
    // Only the provider the order was offered to can pay it (a sandbox trade cannot settle a WeChat order).
    if (row.type === 'service' || row.payMethod !== provider) return 'unknownOrder';
    if (p.amountFen !== row.amountFen) return 'amountMismatch';
    if (row.status === 'paid' || row.status === 'partRefunded' || row.status === 'refunded') return 'alreadyPaid';
    let period: { from: Date; to: Date } | null = null;
    if (row.type === 'membership') period = await extendMembership(tx, row, now);
    await tx
      .update(orders)
      .set({
        status: 'paid',
        payMethod: provider,
        providerTradeNo: p.tradeNo,
        paidAt: now,
        closedAt: null,
        membershipFrom: period?.from ?? null,
        membershipTo: period?.to ?? null,
      })
      .where(and(eq(orders.tenantId, row.tenantId), eq(orders.id, row.id)));
    if (row.type === 'topUp') {
      const after = await credit(tx, row.tenantId, row.amountFen, now);
      await insertLedger(tx, row.tenantId, {
        kind: 'topUp',
        amountFen: row.amountFen,
        balanceAfterFen: after,
        orderId: row.id,
        description: '',
        createdBy: row.createdBy,
        now,
      });
    }
    await orderSettlers.get(row.type)?.(tx, row, now);
    payerStates.delete(row.id);
    return 'settled';
  });
}

async function logNotification(
  deps: AppDeps,
  provider: string,
  notifyId: string,
  orderNo: string | null,
  tenantId: number | null,
  amountFen: number | null,
  outcome: string,
  detail: Record<string, unknown>,
): Promise<boolean> {
  const rows = await deps.db
    .insert(payNotifications)
    .values({ provider, notifyId, orderNo, tenantId, amountFen, outcome, detail, receivedAt: deps.clock.now() })
    .onConflictDoNothing()
    .returning({ id: payNotifications.id });
  return rows.length > 0;
}

/**
 * What a verified notice must hold before anything is stored: an amount in whole fen (a signed notice of 1.5
 * fen failed in the `bigint` column: a 500) and ids of a sane length.
 */
function noticeProblem(notice: { amountFen: number; notifyId: string; orderNo: string }): string | null {
  if (!Number.isSafeInteger(notice.amountFen) || notice.amountFen < 0) return 'amount is not a whole number of fen';
  if (!notice.notifyId || notice.notifyId.length > 128) return 'notification id missing or too long';
  if (!notice.orderNo || notice.orderNo.length > 64) return 'order number missing or too long';
  return null;
}

/** How long an hour's count of refused notifications is kept. */
export const REFUSED_NOTIFICATIONS_KEPT_MS = 30 * 86_400_000;

/**
 * Refused notifications (anyone can post one) are counted, not stored one by one: one row per provider,
 * reason and hour (`rejected-<reason>-<hour>`) with the count and the last refusal's message as a sample.
 * However many arrive, that is at most 4 rows per provider and hour, kept 30 days.
 */
async function countRefused(deps: AppDeps, provider: string, reason: string, message: string): Promise<void> {
  const now = deps.clock.now();
  const hour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000).toISOString().slice(0, 13);
  const detail = { count: 1, error: message.slice(0, 200) };
  await deps.db
    .insert(payNotifications)
    .values({ provider, notifyId: `rejected-${reason}-${hour}`, outcome: reason, detail, receivedAt: now })
    .onConflictDoUpdate({
      target: [payNotifications.provider, payNotifications.notifyId],
      set: {
        detail: sql`jsonb_build_object('count', coalesce((${payNotifications.detail} ->> 'count')::int, 1) + 1,
                                       'error', excluded.detail -> 'error')`,
        receivedAt: now,
      },
    });
}

export interface NotifyResult {
  outcome: SettleOutcome | 'duplicate' | 'notPaid' | NotificationRejected['reason'] | 'unknownProvider';
  answer: NotifyAnswer;
}

/**
 * A notification from a provider: verified, recorded once by its id (a replay changes nothing and is answered
 * as taken), then settled. Refused (logged, answered with the provider's failure): a bad signature, a late
 * timestamp, an amount other than the order's, an unknown order.
 */
export async function handleNotification(
  deps: AppDeps,
  providerName: PayProviderName,
  incoming: IncomingNotification,
): Promise<NotifyResult> {
  const provider: PayProvider | null = payProviders(deps).byName(providerName);
  if (!provider) {
    deps.log.warn({ provider: providerName }, 'payment notification for a provider not configured');
    return {
      outcome: 'unknownProvider',
      answer: { status: 404, contentType: 'text/plain', body: 'not configured' },
    };
  }
  let notice;
  try {
    notice = await provider.parseNotification(incoming);
    const problem = noticeProblem(notice);
    if (problem) throw new NotificationRejected('malformed', problem);
  } catch (err) {
    const reason = err instanceof NotificationRejected ? err.reason : 'malformed';
    deps.log.warn({ provider: providerName, reason, err }, 'payment notification refused');
    await countRefused(deps, providerName, reason, err instanceof Error ? err.message : String(err));
    return { outcome: reason, answer: provider.notifyAnswer(false) };
  }
  const [order] = await rowsOf<{ tenant_id: number }>(
    deps.db,
    sql`select tenant_id from orders where order_no = ${notice.orderNo}`,
  );
  const tenantId = order ? Number(order.tenant_id) : null;
  const fresh = await logNotification(
    deps,
    providerName,
    notice.notifyId,
    notice.orderNo,
    tenantId,
    notice.amountFen,
    'received',
    { paid: notice.paid, tradeNo: notice.tradeNo },
  );
  if (!fresh) return { outcome: 'duplicate', answer: provider.notifyAnswer(true) };
  const outcome: NotifyResult['outcome'] = notice.paid ? await settlePayment(deps, providerName, notice) : 'notPaid';
  await deps.db
    .update(payNotifications)
    .set({ outcome })
    .where(and(eq(payNotifications.provider, providerName), eq(payNotifications.notifyId, notice.notifyId)));
  const refused = outcome === 'amountMismatch' || outcome === 'unknownOrder';
  if (refused) {
    deps.log.warn(
      { provider: providerName, orderNo: notice.orderNo, amountFen: notice.amountFen, outcome },
      'payment notification refused',
    );
  }
  return { outcome, answer: provider.notifyAnswer(!refused) };
}

// ---------------------------------------------------------------------------------------------------------
// Closing and cancelling

/**
 * Before an unpaid order is given up here, asks its provider: paid after all (settled; true), else closed at
 * the provider so the code can no longer be paid.
 */
async function closeAtProvider(deps: AppDeps, row: OrderRow): Promise<boolean> {
  const provider = payProviders(deps).byName(row.payMethod);
  if (!provider) return false;
  const state = await askProvider(deps, row);
  if (state?.state === 'paid') return true;
  await provider.close(row.orderNo);
  return false;
}

/** The user cancels an unpaid order: closed at the provider first; one paid meanwhile is settled instead. */
export async function cancelPayable(deps: AppDeps, ctx: Pick<RequestContext, 'tenantId' | 'lang'>, id: number) {
  const row = await orderRow(deps.db, ctx.tenantId, id);
  if (row.status === 'unpaid' && row.payMethod) {
    let paid: boolean;
    try {
      paid = await closeAtProvider(deps, row);
    } catch (err) {
      deps.log.warn({ err, orderNo: row.orderNo }, 'closing at the payment provider failed');
      providerFailed(err);
    }
    if (paid) throw new ConflictError('order.paidMeanwhile');
  }
  return cancelOrder(deps, ctx, id);
}

/** Closes an unpaid order replaced by a new one at its provider (createMembershipOrder's callback). */
export async function closeReplacedOrder(deps: AppDeps, row: OrderRow): Promise<void> {
  if (!row.payMethod) return;
  try {
    await closeAtProvider(deps, row);
  } catch (err) {
    deps.log.warn({ err, orderNo: row.orderNo }, 'closing a replaced order at the payment provider failed');
  }
}

/**
 * The sweeper (the schedule `payments.unpaidOrders`, every minute): unpaid orders past their time are asked about at their provider
 * (paid: settled), closed there, and closed here. An order whose provider cannot be reached now is closed here
 * all the same (the provider was told its expiry when it was offered) and logged.
 */
export async function sweepUnpaidOrders(deps: AppDeps, limit = 200): Promise<{ closed: number; settled: number }> {
  const now = deps.clock.now();
  const due = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'unpaid'), lt(orders.expiresAt, now)))
    .orderBy(orders.expiresAt)
    .limit(limit);
  let closed = 0;
  let settled = 0;
  for (const row of due) {
    if (row.payMethod) {
      try {
        if (await closeAtProvider(deps, row)) {
          settled++;
          continue;
        }
      } catch (err) {
        deps.log.warn({ err, orderNo: row.orderNo }, 'sweeper: the payment provider could not close the order');
      }
    }
    const rows = await deps.db
      .update(orders)
      .set({ status: 'closed', closedAt: now })
      .where(and(eq(orders.tenantId, row.tenantId), eq(orders.id, row.id), eq(orders.status, 'unpaid')))
      .returning({ id: orders.id });
    closed += rows.length;
    payerStates.delete(row.id);
  }
  return { closed, settled };
}

/** Counts of refused notifications are kept 30 days; the settled ones stay with their orders. */
export async function purgeRefusedNotifications(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - REFUSED_NOTIFICATIONS_KEPT_MS);
  const rows = await deps.db
    .delete(payNotifications)
    .where(and(sql`${payNotifications.notifyId} like 'rejected-%'`, lt(payNotifications.receivedAt, before)))
    .returning({ id: payNotifications.id });
  return rows.length;
}
