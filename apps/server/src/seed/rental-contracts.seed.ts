import { sql } from 'drizzle-orm';
import { rowsOf } from '../core/db.js';
import { localDate } from '../core/tenant-time.js';
import {
  collectionAccounts,
  rentalCollections,
  rentalContractEvents,
  rentalContractNumbers,
  rentalContracts,
  rentalPaymentLines,
} from '../db/schema/rental-contracts.js';
import { addDays, addMonths, buildSchedule, type ScheduleTerms } from '../modules/rental-contracts/schedule.js';
import { CONTRACT_SMS_KINDS, CONTRACT_SMS_TEMPLATES } from '@fleetdesk/contracts/sms-notices';
import { CAR_ACTIONS } from '@fleetdesk/contracts/vehicles';
import { smsTemplates } from '../db/schema/sms-notices.js';
import { contractSmsPurpose } from '../modules/rental-contracts/rental-contracts.sms.js';
import { eventText } from '../modules/rental-contracts/rental-contracts.service.js';
import { changeStatusAt } from './car-history.js';
import type { DemoContext } from './context.js';

/**
 * The demo company's contracts: a year of them. Every car the fleet seed left rented has a signed contract
 * (started 1 to 11 months ago) with a driver of its rent, paid up to today except a few that are behind (one
 * partly paid), so the debt-collection view has work; a car left reserved has a pending contract; some cars
 * that are back have completed contracts of last year. The daily job adds the late fees when the app runs.
 * Car statuses are not changed (the contracts follow the fleet seed's cars), but a signed contract's car went out
 * when the contract was signed: its status history says so from then on. The signed long-term contract that ends
 * first has a pending renewal in its group (same driver and car, from the day after it ends).
 */
export async function seedRentalContracts(ctx: DemoContext): Promise<void> {
  const { tx } = ctx;
  const tenantId = ctx.demo.tenantId;
  const today = localDate('Asia/Shanghai', ctx.clock.now());
  const accounts = await tx
    .insert(collectionAccounts)
    .values([
      { tenantId, name: '门店现金', kind: 'cash' },
      { tenantId, name: '招商银行对公户', kind: 'bank' },
      { tenantId, name: '支付宝收款', kind: 'alipay' },
    ])
    .returning({ id: collectionAccounts.id });
  const accountIds = accounts.map((a) => a.id);
  const balances = new Map<number, number>(accountIds.map((id) => [id, 0]));

  const cars = await rowsOf<{ id: number; rent_id: number; status: string; rent_fen: number | null }>(
    tx,
    sql`select c.id, c.rent_id, c.status, t.monthly_rent_fen as rent_fen from cars c
      left join car_types t on t.tenant_id = c.tenant_id and t.id = c.car_type_id
      where c.tenant_id = ${tenantId} and c.deleted_at is null and c.status in ('rented', 'reserved', 'idle')
      order by c.id`,
  );
  const drivers = await rowsOf<{ id: number; rent_id: number }>(
    tx,
    sql`select id, rent_id from drivers where tenant_id = ${tenantId} and state = 'active' and deleted_at is null
      order by id`,
  );
  const byRent = new Map<number, number[]>();
  for (const d of drivers) byRent.set(Number(d.rent_id), [...(byRent.get(Number(d.rent_id)) ?? []), Number(d.id)]);
  const used = new Map<number, number>();
  const driverFor = (rentId: number): number | null => {
    const list = byRent.get(rentId);
    if (!list?.length) return null;
    const n = used.get(rentId) ?? 0;
    used.set(rentId, n + 1);
    return list[n % list.length]!;
  };

  const seq = new Map<string, number>();
  const numberOf = (start: string) => {
    const prefix = `HT${start.slice(0, 4)}`;
    const n = (seq.get(prefix) ?? 0) + 1;
    seq.set(prefix, n);
    return `${prefix}${String(n).padStart(5, '0')}`;
  };

  const plans: {
    carId: number;
    rentId: number;
    state: 'signed' | 'pending' | 'completed';
    start: string;
    rentFen: number;
    kind: number;
  }[] = [];
  let k = 0;
  for (const c of cars) {
    const rentFen = Number(c.rent_fen ?? 0) || 300_000;
    if (c.status === 'rented' && plans.filter((p) => p.state === 'signed').length < 24) {
      // Started 1 to 11 months ago, a day of the month that varies.
      const start = addDays(addMonths(today, -(1 + (k % 11))), -(k % 9));
      plans.push({ carId: Number(c.id), rentId: Number(c.rent_id), state: 'signed', start, rentFen, kind: k++ });
    } else if (c.status === 'reserved' && plans.filter((p) => p.state === 'pending').length < 2) {
      plans.push({
        carId: Number(c.id),
        rentId: Number(c.rent_id),
        state: 'pending',
        start: addDays(today, 3),
        rentFen,
        kind: k++,
      });
    } else if (c.status === 'idle' && plans.filter((p) => p.state === 'completed').length < 4) {
      const start = addMonths(today, -(14 + (k % 3)));
      plans.push({ carId: Number(c.id), rentId: Number(c.rent_id), state: 'completed', start, rentFen, kind: k++ });
    }
  }

  const live: {
    id: number;
    number: string;
    rentId: number;
    driverId: number;
    carId: number;
    endDate: string;
    rentFen: number;
    paymentDay: number | null;
  }[] = [];
  for (const p of plans) {
    const driverId = driverFor(p.rentId);
    if (!driverId) continue;
    const rentToOwn = p.kind % 4 === 1;
    const months = p.state === 'completed' ? 12 : rentToOwn ? 36 : 12;
    const terms: ScheduleTerms = {
      type: rentToOwn ? 'rentToOwn' : 'longTerm',
      period: 'monthly',
      billing: 'prepaid',
      paymentDay: p.kind % 3 === 0 ? 5 : null,
      startDate: p.start,
      endDate: addDays(addMonths(p.start, months), -1),
      freeDays: 0,
      depositFen: rentToOwn ? 1_000_000 : 500_000,
      managementFeeFen: 20_000,
      rentFen: p.rentFen,
      insuranceBaseFen: 0,
      insuranceExtraFen: 0,
      buyOutFen: rentToOwn ? 2_000_000 : null,
      // The tenant's billProRating, off by default (the demo contracts run whole months anyway).
      proRating: false,
    };
    const s = buildSchedule(terms);
    const number = numberOf(p.start);
    const signedAt = new Date(`${p.start}T02:00:00Z`);
    const [row] = await tx
      .insert(rentalContracts)
      .values({
        tenantId,
        rentId: p.rentId,
        number,
        groupNo: number,
        driverId,
        carId: p.carId,
        template: rentToOwn ? '以租代购标准合同' : '网约车长租合同',
        type: terms.type,
        period: 'monthly',
        billing: 'prepaid',
        paymentDay: terms.paymentDay,
        startDate: terms.startDate,
        endDate: terms.endDate,
        instalments: s.instalments,
        rentalDays: s.rentalDays,
        depositFen: terms.depositFen,
        managementFeeFen: terms.managementFeeFen,
        rentFen: terms.rentFen,
        totalRentFen: s.totalRentFen,
        buyOutFen: terms.buyOutFen,
        totalFen: s.totalFen,
        clauses: ['乙方须持有效网约车驾驶员证，车辆仅用于网约车运营。'],
        state: p.state,
        dispatched: p.state !== 'pending',
        signedAt: p.state === 'pending' ? null : signedAt,
        endedAt: p.state === 'completed' ? new Date(`${terms.endDate}T10:00:00Z`) : null,
        createdBy: ctx.demo.adminId,
        createdAt: new Date(`${addDays(p.start, -2)}T02:00:00Z`),
      })
      .returning({ id: rentalContracts.id });
    const contractId = row!.id;
    if (p.state === 'signed' && !rentToOwn) {
      live.push({
        id: contractId,
        number,
        rentId: p.rentId,
        driverId,
        carId: p.carId,
        endDate: terms.endDate,
        rentFen: p.rentFen,
        paymentDay: terms.paymentDay,
      });
    }
    await tx.insert(rentalContractEvents).values([
      {
        tenantId,
        contractId,
        kind: 'create',
        toState: 'pending',
        userId: ctx.demo.adminId,
        at: new Date(`${addDays(p.start, -2)}T02:00:00Z`),
      },
      ...(p.state === 'pending'
        ? []
        : [
            {
              tenantId,
              contractId,
              kind: 'state',
              fromState: 'pending',
              toState: 'signed',
              userId: ctx.demo.adminId,
              at: signedAt,
            },
          ]),
      ...(p.state === 'completed'
        ? [
            {
              tenantId,
              contractId,
              kind: 'state',
              fromState: 'signed',
              toState: 'completed',
              userId: ctx.demo.adminId,
              at: new Date(`${terms.endDate}T10:00:00Z`),
            },
          ]
        : []),
    ]);
    if (p.state === 'signed') {
      await changeStatusAt(tx, {
        tenantId,
        carId: p.carId,
        userId: ctx.demo.adminId,
        at: signedAt,
        to: 'rented',
        action: 'rentOut',
        from: CAR_ACTIONS.rentOut.from,
        remark: '租赁合同',
      });
    }
    // Behind: every third signed contract leaves its last one or two due rents unpaid; one of them partly paid.
    const behind = p.state === 'signed' && p.kind % 3 === 2 ? 1 + (p.kind % 2) : 0;
    const dueRents = s.lines.filter((l) => l.type === 'rent' && l.dueDate <= today).map((l) => l.period);
    const unpaidFrom = behind ? (dueRents.at(-behind) ?? Infinity) : Infinity;
    for (const l of s.lines) {
      const accountId = accountIds[(p.kind + (l.period ?? 0)) % accountIds.length]!;
      const due = l.dueDate <= today && p.state !== 'pending';
      const upFront = l.period === null && l.type !== 'buyOut';
      let paidFen = 0;
      if (p.state === 'completed') paidFen = l.amountFen;
      else if (due && (upFront || (l.period ?? 0) < unpaidFrom)) paidFen = l.amountFen;
      else if (due && l.period === unpaidFrom && p.kind % 2 === 0) paidFen = Math.round(l.amountFen / 3);
      const state = paidFen === 0 ? 'unpaid' : paidFen >= l.amountFen ? 'paid' : 'partial';
      const paidDate = paidFen ? (l.period === 1 || upFront ? p.start : l.dueDate) : null;
      const [line] = await tx
        .insert(rentalPaymentLines)
        .values({
          tenantId,
          contractId,
          rentId: p.rentId,
          type: l.type,
          period: l.period,
          periodStart: l.periodStart,
          periodEnd: l.periodEnd,
          dueDate: l.dueDate,
          amountFen: l.amountFen,
          paidFen,
          state,
          paidDate,
          accountId: paidFen ? accountId : null,
          version: paidFen ? 1 : 0,
          remark: l.remark,
        })
        .returning({ id: rentalPaymentLines.id });
      if (paidFen) {
        const balance = balances.get(accountId)! + paidFen;
        balances.set(accountId, balance);
        await tx.insert(rentalCollections).values({
          tenantId,
          contractId,
          lineId: line!.id,
          accountId,
          amountFen: paidFen,
          balanceAfterFen: balance,
          paidDate: paidDate!,
          userId: ctx.demo.adminId,
          at: new Date(`${paidDate}T03:00:00Z`),
        });
      }
    }
  }
  // A renewal of the long-term contract that ends first: pending, its bills generated, the car stays rented.
  const old = live.sort((a, b) => a.endDate.localeCompare(b.endDate) || a.id - b.id)[0];
  if (old) {
    const start = addDays(old.endDate, 1);
    const terms: ScheduleTerms = {
      type: 'longTerm',
      period: 'monthly',
      billing: 'prepaid',
      paymentDay: old.paymentDay,
      startDate: start,
      endDate: addDays(addMonths(start, 12), -1),
      freeDays: 0,
      depositFen: 0,
      managementFeeFen: 20_000,
      rentFen: Math.round(old.rentFen * 0.95),
      insuranceBaseFen: 0,
      insuranceExtraFen: 0,
      buyOutFen: null,
      proRating: false,
    };
    const s = buildSchedule(terms);
    const number = numberOf(today);
    const [row] = await tx
      .insert(rentalContracts)
      .values({
        tenantId,
        rentId: old.rentId,
        number,
        groupNo: old.number,
        groupSeq: 2,
        origin: 'renewal',
        previousId: old.id,
        driverId: old.driverId,
        carId: old.carId,
        template: '网约车长租合同',
        type: 'longTerm',
        period: 'monthly',
        billing: 'prepaid',
        paymentDay: terms.paymentDay,
        startDate: terms.startDate,
        endDate: terms.endDate,
        instalments: s.instalments,
        rentalDays: s.rentalDays,
        depositFen: 0,
        managementFeeFen: terms.managementFeeFen,
        rentFen: terms.rentFen,
        totalRentFen: s.totalRentFen,
        totalFen: s.totalFen,
        discountPlan: '续约租金 95 折',
        clauses: ['乙方须持有效网约车驾驶员证，车辆仅用于网约车运营。'],
        state: 'pending',
        dispatched: true,
        createdBy: ctx.demo.adminId,
      })
      .returning({ id: rentalContracts.id });
    await tx.insert(rentalPaymentLines).values(
      s.lines.map((l) => ({
        tenantId,
        contractId: row!.id,
        rentId: old.rentId,
        type: l.type,
        period: l.period,
        periodStart: l.periodStart,
        periodEnd: l.periodEnd,
        dueDate: l.dueDate,
        amountFen: l.amountFen,
        remark: l.remark,
      })),
    );
    await tx.insert(rentalContractEvents).values([
      {
        tenantId,
        contractId: row!.id,
        kind: 'create',
        toState: 'pending',
        ...eventText({ key: 'contracts.event.renewedFrom', params: { number: old.number } }),
        userId: ctx.demo.adminId,
      },
      {
        tenantId,
        contractId: old.id,
        kind: 'renew',
        ...eventText({ key: 'contracts.event.renewedTo', params: { number } }),
        userId: ctx.demo.adminId,
      },
    ]);
  }
  for (const [id, balance] of balances) {
    await tx.execute(
      sql`update collection_accounts set balance_fen = ${balance} where tenant_id = ${tenantId} and id = ${id}`,
    );
  }
  for (const [prefix, last] of seq) {
    await tx.insert(rentalContractNumbers).values({ tenantId, prefix, last });
  }
  // The templates of the reminders' SMS to drivers (sent once the company turns them on, off by default).
  await tx.insert(smsTemplates).values(
    CONTRACT_SMS_KINDS.map((kind) => ({
      tenantId,
      purpose: contractSmsPurpose(kind),
      ...CONTRACT_SMS_TEMPLATES[kind],
      createdBy: ctx.demo.adminId,
    })),
  );
}
