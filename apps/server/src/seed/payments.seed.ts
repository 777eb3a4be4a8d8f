import { eq } from 'drizzle-orm';
import { findPlan } from '@fleetdesk/contracts/membership';
import type { Tx } from '../core/db.js';
import { orders } from '../db/schema/orders.js';
import { memberships } from '../db/schema/tenancy.js';
import { credit, insertLedger } from '../modules/payments/payments.repository.js';
import { charge, numberSql, refundCharge } from '../modules/payments/payments.service.js';
import type { DemoContext } from './context.js';

const DAY = 86_400_000;

/** Plates of the demo fleet whose violations were queried (S10), by days ago and cars queried. */
const QUERIES: [number, number, string][] = [
  [52, 12, '浙A·全部在租车辆'],
  [45, 1, '浙AD52174'],
  [38, 3, '浙A9W4X8'],
  [31, 12, '浙A·全部在租车辆'],
  [24, 2, '沪AD82846'],
  [17, 1, '浙A5X7Y2'],
  [10, 12, '浙A·全部在租车辆'],
  [6, 4, '沪B8P6Q3'],
  [3, 1, '浙A7B8C4'],
  [1, 2, '京Q7R5S1'],
];

const TOP_UPS: [number, number][] = [
  [60, 50_000],
  [28, 100_000],
  [5, 20_000],
];

async function paidTopUp(tx: Tx, tenantId: number, userId: number, at: Date, fen: number): Promise<void> {
  const [row] = await tx
    .insert(orders)
    .values({
      tenantId,
      orderNo: numberSql('T', at),
      type: 'topUp',
      amountFen: fen,
      status: 'paid',
      payMethod: 'sandbox',
      providerTradeNo: `SBX${at.getTime()}`,
      createdBy: userId,
      createdAt: new Date(at.getTime() - 2 * 60_000),
      expiresAt: new Date(at.getTime() + 28 * 60_000),
      paidAt: at,
    })
    .returning();
  const after = await credit(tx, tenantId, fen, at);
  await insertLedger(tx, tenantId, {
    kind: 'topUp',
    amountFen: fen,
    balanceAfterFen: after,
    orderId: row!.id,
    description: '',
    createdBy: userId,
    now: at,
  });
}

/**
 * The demo company's billing: the membership order that bought its current year, three top-ups, violation
 * queries charged to the balance over two months (one given back: the provider failed), a cancelled order and
 * one that closed unpaid.
 */
export async function seedPayments({ tx, clock, demo }: DemoContext): Promise<void> {
  const now = clock.now().getTime();
  const tenantId = demo.tenantId;
  const userId = demo.adminId;
  const [m] = await tx.select().from(memberships).where(eq(memberships.tenantId, tenantId));
  if (m) {
    const to = m.expiresAt;
    const from = new Date(to);
    from.setUTCFullYear(from.getUTCFullYear() - 1);
    const paidAt = new Date(Math.min(from.getTime(), now - 30 * DAY));
    await tx.insert(orders).values({
      tenantId,
      orderNo: numberSql('M', paidAt),
      type: 'membership',
      planCode: m.planCode,
      years: 1,
      amountFen: findPlan(m.planCode)?.priceFen ?? 0,
      status: 'paid',
      payMethod: 'sandbox',
      providerTradeNo: `SBX${paidAt.getTime()}`,
      createdBy: userId,
      createdAt: new Date(paidAt.getTime() - 3 * 60_000),
      expiresAt: new Date(paidAt.getTime() + 27 * 60_000),
      paidAt,
      membershipFrom: from,
      membershipTo: to,
    });
  }

  const events: { at: number; run: () => Promise<void> }[] = [];
  for (const [days, fen] of TOP_UPS) {
    const at = new Date(now - days * DAY + 10 * 3600_000);
    events.push({ at: at.getTime(), run: () => paidTopUp(tx, tenantId, userId, at, fen) });
  }
  for (const [days, cars, plate] of QUERIES) {
    const at = new Date(now - days * DAY + 14 * 3600_000);
    events.push({
      at: at.getTime(),
      run: async () => {
        const c = await charge(
          tx,
          { tenantId, userId },
          'S10',
          cars,
          { type: 'violationQuery', id: plate },
          {
            now: at,
            description: plate,
          },
        );
        if (days === 24) {
          await refundCharge(tx, { tenantId, userId }, c.chargeId, {
            count: 1,
            reason: '违章查询服务商接口异常，未查到结果，退回费用',
            key: `seed-${c.chargeId}`,
            now: new Date(at.getTime() + 5 * 60_000),
          });
        }
      },
    });
  }
  events.sort((a, b) => a.at - b.at);
  for (const e of events) await e.run();

  // An order the user cancelled and one left unpaid until it closed.
  for (const [days, status] of [
    [40, 'cancelled'],
    [12, 'closed'],
  ] as const) {
    const at = new Date(now - days * DAY + 9 * 3600_000);
    await tx.insert(orders).values({
      tenantId,
      orderNo: numberSql('T', at),
      type: 'topUp',
      amountFen: 30_000,
      status,
      payMethod: 'sandbox',
      createdBy: userId,
      createdAt: at,
      expiresAt: new Date(at.getTime() + 30 * 60_000),
      closedAt: new Date(at.getTime() + (status === 'cancelled' ? 3 : 30) * 60_000),
    });
  }
}
