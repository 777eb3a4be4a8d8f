import { sql } from 'drizzle-orm';
import { settlementResult } from '@fleetdesk/contracts/handover';
import { CAR_ACTIONS } from '@fleetdesk/contracts/vehicles';
import { rowsOf } from '../core/db.js';
import { localDate } from '../core/tenant-time.js';
import { carUsagePeriods, documentTemplates, handoverInspections, rentalSettlements } from '../db/schema/handover.js';
import { rentalContractEvents, rentalPaymentLines, rentalTempCars } from '../db/schema/rental-contracts.js';
import { eventText } from '../modules/rental-contracts/rental-contracts.service.js';
import { changeStatusAt } from './car-history.js';
import type { DemoContext } from './context.js';

const DAY = 86_400_000;
const ALL_PAPERS = { insuranceCopy: true, licence: true, transportCertificate: true };

/**
 * The handover of the demo contracts: every signed (dispatched) contract gets its dispatch inspection at signing
 * and an open usage period of its car, so the violations in it are attributed to its driver (by the triggers);
 * a completed contract of last year gets both inspections, its closed period and an approved settlement whose
 * deposit refund line is paid. Car statuses are not touched (the contracts seed follows the fleet's).
 */
export async function seedHandover(ctx: DemoContext): Promise<void> {
  const { tx } = ctx;
  const tenantId = ctx.demo.tenantId;
  const now = ctx.clock.now();
  const contracts = await rowsOf<{
    id: number;
    car_id: number;
    rent_id: number;
    driver_id: number;
    state: string;
    signed_at: Date | string;
    ended_at: Date | string | null;
    mileage_km: number;
    deposit_fen: number;
  }>(
    tx,
    sql`select k.id, k.car_id, k.rent_id, k.driver_id, k.state, k.signed_at, k.ended_at, c.mileage_km, k.deposit_fen
      from rental_contracts k join cars c on c.tenant_id = k.tenant_id and c.id = k.car_id
      where k.tenant_id = ${tenantId} and k.dispatched and k.state in ('signed', 'completed')
      order by k.car_id, k.signed_at`,
  );
  const inspector = ctx.demo.clerkId;
  const at = (v: Date | string) => (v instanceof Date ? v : new Date(v));
  // Last period end per car, so that periods of one car never overlap.
  const lastEnd = new Map<number, number>();
  let settled = false;
  for (const [n, k] of contracts.entries()) {
    const carId = Number(k.car_id);
    const from = at(k.signed_at);
    const to = k.state === 'completed' && k.ended_at ? at(k.ended_at) : null;
    if ((lastEnd.get(carId) ?? 0) >= from.getTime() || (to && to.getTime() <= from.getTime())) continue;
    lastEnd.set(carId, to ? to.getTime() : Number.MAX_SAFE_INTEGER);
    const km = Number(k.mileage_km);
    // The odometer at dispatch: what the car has now, less what it ran since (about 250 km a day).
    const days = Math.max(0, Math.round(((to ?? now).getTime() - from.getTime()) / DAY));
    const startKm = Math.max(0, km - days * 250);
    const base = { tenantId, contractId: Number(k.id), carId, rentId: Number(k.rent_id), inspectorId: inspector };
    await tx.insert(handoverInspections).values({
      ...base,
      kind: 'dispatch',
      inspectedAt: from,
      mileageKm: startKm,
      energyLevel: 80 + (n % 3) * 10,
      documents: ALL_PAPERS,
      damageMarks: n % 4 === 0 ? [{ position: 'rear', note: '后保险杠轻微划痕约 5 厘米', photos: [] }] : [],
      photos: [],
      remark: '车辆整洁，随车工具齐全',
      createdBy: inspector,
    });
    await tx.insert(carUsagePeriods).values({
      tenantId,
      carId,
      contractId: Number(k.id),
      driverId: Number(k.driver_id),
      rentId: Number(k.rent_id),
      fromAt: from,
      toAt: to,
    });
    if (!to) continue;
    await tx.insert(handoverInspections).values({
      ...base,
      kind: 'return',
      inspectedAt: to,
      mileageKm: km,
      energyLevel: 60,
      documents: ALL_PAPERS,
      damageMarks: settled ? [] : [{ position: 'left', note: '左前门凹陷，需钣金喷漆', photos: [] }],
      photos: [],
      damageDeductionFen: settled ? 0 : 80_000,
      remark: settled ? null : '左前门凹陷，已与司机确认',
      createdBy: inspector,
    });
    if (settled) continue;
    settled = true;
    // The settlement: deposit back less the repair and a violation withheld, refunded and paid.
    const deposit = Number(k.deposit_fen);
    const deductions = [
      { kind: 'repair', amountFen: 80_000, note: '左前门钣金喷漆' },
      { kind: 'violationWithholding', amountFen: 20_000, note: null },
    ];
    const r = settlementResult(
      deposit,
      deductions.map((d) => d.amountFen),
      0,
    );
    const approvedAt = new Date(to.getTime() + 2 * DAY);
    const day = localDate('Asia/Shanghai', approvedAt);
    const [line] = await tx
      .insert(rentalPaymentLines)
      .values({
        tenantId,
        contractId: Number(k.id),
        rentId: Number(k.rent_id),
        type: r.result < 0 ? 'depositRefund' : 'settlementFee',
        dueDate: day,
        amountFen: r.result,
        paidFen: r.result,
        state: 'paid',
        paidDate: day,
        remark: `退押金：押金 ${deposit / 100}；定损/维修费(左前门钣金喷漆) 800；违章代扣 200`,
      })
      .returning({ id: rentalPaymentLines.id });
    await tx.insert(rentalSettlements).values({
      tenantId,
      contractId: Number(k.id),
      rentId: Number(k.rent_id),
      state: 'approved',
      depositReceivedFen: deposit,
      deductions,
      deductionsFen: r.deductionsTotal,
      owedBackFen: 0,
      resultFen: r.result,
      lineId: line!.id,
      lockedAt: approvedAt,
      remark: '财务已审批，押金余款已退还',
      createdBy: ctx.demo.adminId,
      createdAt: new Date(to.getTime() + DAY),
      updatedAt: approvedAt,
    });
    await tx.insert(rentalContractEvents).values([
      {
        tenantId,
        contractId: Number(k.id),
        kind: 'return',
        ...eventText({ key: 'contracts.event.returnCheckedDamage', params: { mileage: km, deduction: 800 } }),
        at: to,
      },
      {
        tenantId,
        contractId: Number(k.id),
        kind: 'settlement',
        ...eventText({ key: 'contracts.event.settlementApproved' }),
        at: approvedAt,
      },
    ]);
  }
  // The demo tenant's settlement statement has its own layout (the other documents keep the default).
  await tx.insert(documentTemplates).values({
    tenantId,
    kind: 'settlement',
    title: '退租结算单',
    headerLines: ['地址：杭州市西湖区文三路 478 号 华星时代广场 A 座 8 楼', '客服电话：0571-88886666'],
    notes:
      '承租方{{driverName}}确认车辆{{carPlate}}已交还，结算金额以本单为准。\n押金余款将于审批通过后 7 个工作日内退回原付款账户。',
    footerLines: ['本单一式两份，双方各执一份'],
    sealText: '{{companyName}}财务专用章',
    updatedBy: ctx.demo.adminId,
    updatedAt: now,
  });
}

/**
 * A temporary replacement car of the demo company: a signed, dispatched Hangzhou contract whose own car is in for
 * repair has one in use since five days ago (an idle car that was rented before, now rented; its usage period open
 * for the contract's driver, and a parking ticket on it two days ago attributed to him by the triggers). Only one:
 * the tests rent out the other idle cars.
 */
export async function seedTempCars(ctx: DemoContext): Promise<void> {
  const { tx } = ctx;
  const tenantId = ctx.demo.tenantId;
  const rentId = ctx.demo.rentIds.HZ!;
  const now = ctx.clock.now();
  const today = localDate('Asia/Shanghai', now);
  const day = (n: number) => localDate('Asia/Shanghai', new Date(now.getTime() + n * DAY));
  const [k] = await rowsOf<{ id: number; driver_id: number }>(
    tx,
    sql`select k.id, k.driver_id from rental_contracts k
      where k.tenant_id = ${tenantId} and k.rent_id = ${rentId} and k.state = 'signed' and k.dispatched
        and k.start_date <= ${day(-5)}::date and k.end_date >= ${day(30)}::date
      order by k.id limit 1`,
  );
  const from = new Date(now.getTime() - 5 * DAY);
  // An idle car of the rent with no contract waiting, rented before (its periods ended before this one starts).
  const [car] = await rowsOf<{ id: number; plate: string }>(
    tx,
    sql`select c.id, c.plate from cars c
      where c.tenant_id = ${tenantId} and c.rent_id = ${rentId} and c.status = 'idle' and c.deleted_at is null
        and c.compulsory_expiry > ${today}::date
        and not exists (select 1 from rental_contracts x where x.tenant_id = c.tenant_id and x.car_id = c.id
          and x.state in ('pending', 'signed'))
        and exists (select 1 from car_usage_periods p where p.tenant_id = c.tenant_id and p.car_id = c.id)
        and not exists (select 1 from car_usage_periods p where p.tenant_id = c.tenant_id and p.car_id = c.id
          and (p.to_at is null or p.to_at > ${from.toISOString()}))
      order by c.id desc limit 1`,
  );
  if (!k || !car) return;
  const contractId = Number(k.id);
  const carId = Number(car.id);
  const reason = '原车事故维修，等待配件';
  const [period] = await tx
    .insert(carUsagePeriods)
    .values({ tenantId, carId, contractId, driverId: Number(k.driver_id), rentId, fromAt: from })
    .returning({ id: carUsagePeriods.id });
  await tx.insert(rentalTempCars).values({
    tenantId,
    contractId,
    carId,
    fromDate: day(-5),
    toDate: day(10),
    reason,
    state: 'inUse',
    usagePeriodId: period!.id,
    createdBy: ctx.demo.clerkId,
    createdAt: from,
  });
  // Handed over five days ago: rented out then, in its status history too.
  await changeStatusAt(tx, {
    tenantId,
    carId,
    userId: ctx.demo.clerkId,
    at: from,
    to: 'rented',
    action: 'rentOut',
    from: CAR_ACTIONS.rentOut.from,
    remark: '临时替换车',
  });
  await tx.insert(rentalContractEvents).values({
    tenantId,
    contractId,
    kind: 'tempCar',
    ...eventText({ key: 'contracts.event.tempCar', params: { from: day(-5), to: day(10), reason } }),
    userId: ctx.demo.clerkId,
    at: from,
  });
  // A parking ticket on the temporary car while the driver has it: the trigger gives it to him.
  await tx.execute(
    sql`insert into violations (tenant_id, rent_id, car_id, plate, violation_no, occurred_at, place, offence_code,
        offence_text, fine_fen, points, source)
      values (${tenantId}, ${rentId}, ${carId}, ${car.plate}, 'DEMO-TEMPCAR-0001',
        ${new Date(now.getTime() - 2 * DAY).toISOString()}, '杭州市西湖区文三路', '1039', '机动车违反规定停放', 20000, 0,
        'manual')`,
  );
}
