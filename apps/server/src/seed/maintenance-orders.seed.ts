import { sql } from 'drizzle-orm';
import {
  workOrderNumber,
  type OrderLineInput,
  type WorkOrderKind,
  type WorkOrderState,
} from '@fleetdesk/contracts/maintenance';
import { rowsOf, type RawNumber, type Tx } from '../core/db.js';
import { localDate } from '../core/tenant-time.js';
import { maintenanceOrderEvents, maintenanceOrderLines, maintenanceWorkOrders } from '../db/schema/maintenance.js';
import { approvalFlows, approvalFlowVersions } from '../db/schema/office.js';
import { startApproval } from '../modules/approvals/approvals.service.js';
import { postVehicleCost } from '../modules/cost-centres/cost-centres.service.js';
import { refreshDue } from '../modules/maintenance/due.service.js';
import { registerMaintenanceOrderType } from '../modules/maintenance/orders.register.js';
import { lineValues } from '../modules/maintenance/work-orders.repository.js';
import { insertLineInTx } from '../modules/rental-contracts/rental-contracts.service.js';
import { tenantRules } from '../modules/settings/settings.service.js';
import { changeStatusAt } from './car-history.js';
import type { DemoContext } from './context.js';

const DAY = 86_400_000;

const SERVICE_LINES: OrderLineInput[] = [
  { kind: 'part', name: '机油 5W-30（4L）', partNo: 'OIL-5W30-4L', quantity: 1, unitPrice: 268 },
  { kind: 'part', name: '机油滤清器', partNo: 'FLT-OIL-01', quantity: 1, unitPrice: 45 },
  { kind: 'part', name: '空气滤清器', partNo: 'FLT-AIR-02', quantity: 1, unitPrice: 68 },
  { kind: 'labour', name: '常规保养工时', hours: 1, rate: 120 },
];
const REPAIR_LINES: Record<string, OrderLineInput[]> = {
  brake: [
    { kind: 'part', name: '前刹车片', partNo: 'BRK-F-01', quantity: 1, unitPrice: 380 },
    { kind: 'part', name: '刹车油 DOT4', quantity: 1, unitPrice: 75 },
    { kind: 'labour', name: '更换刹车片', hours: 1.5, rate: 120 },
  ],
  tyre: [
    { kind: 'part', name: '轮胎 205/55 R16', partNo: 'TYR-2055516', quantity: 2, unitPrice: 520 },
    { kind: 'labour', name: '拆装及动平衡', hours: 1, rate: 100 },
  ],
  battery: [
    { kind: 'part', name: '12V 蓄电池', partNo: 'BAT-12V-60', quantity: 1, unitPrice: 560 },
    { kind: 'labour', name: '更换蓄电池', hours: 0.5, rate: 120 },
  ],
  bodywork: [
    { kind: 'part', name: '后保险杠', partNo: 'BMP-R-01', quantity: 1, unitPrice: 1680 },
    { kind: 'part', name: '油漆辅料', quantity: 1, unitPrice: 420 },
    { kind: 'labour', name: '钣金喷漆', hours: 6, rate: 150 },
  ],
  gps: [
    { kind: 'part', name: 'GPS 有线定位终端', partNo: 'JT-W100', quantity: 1, unitPrice: 260 },
    { kind: 'labour', name: '安装及接线', hours: 1, rate: 80 },
  ],
};

interface Plan {
  carId: number;
  rentId: number;
  plate: string;
  kind: WorkOrderKind;
  state: WorkOrderState;
  problem: string;
  /** Days before now it was reported; the work took `days` days. */
  ago: number;
  days: number;
  km: number;
  lines: OrderLineInput[];
  workshop: number;
  payer?: 'company' | 'driver' | 'insurance';
  insuranceShareFen?: number;
  driverShareFen?: number;
  accidentId?: number | null;
  driverId?: number | null;
  contractId?: number | null;
  estimateFen?: number;
  carStatusBefore?: 'idle' | 'rented' | null;
  cancelReason?: string;
  address?: string;
  contactName?: string;
  contactPhone?: string;
}

/**
 * The odometer at a car's routine service: the latest one 1,500 to 11,000 km ago (so that, on plans of 10,000 km,
 * about one car in ten is past its mileage and one in ten within the lead km, as a real fleet is), the one before
 * it about 9,000 km earlier; never below 0 (a new car).
 */
function serviceKm(current: number, i: number, n: 0 | 1): number {
  const latest = Math.max(0, current - (1_500 + ((i * 2_377) % 9_500)));
  return n === 1 ? latest : Math.max(0, latest - 9_000 - (i % 5) * 200);
}

/**
 * The demo's year of work orders (issue 31): routine services every six months across the fleet, repairs, tyres,
 * a battery, an accident repair the insurer pays most of, a repair the driver pays on his contract, a GPS install,
 * and today's open work in every state (two cars in the workshop, one waiting for approval, one done to settle,
 * one reported, one approved, one cancelled). Settled orders have their cost posted; the due rows are computed last.
 * Runs after the maintenance seeder of the workshops and plans (Helper 1's `seedMaintenance`).
 */
export async function seedMaintenanceOrders(ctx: DemoContext): Promise<void> {
  const { tx, demo } = ctx;
  const tenantId = demo.tenantId;
  const now = ctx.clock.now();
  const day = (ago: number) => localDate('Asia/Shanghai', new Date(now.getTime() - ago * DAY));

  // The workshops are the maintenance seeder's (design names); made here only when it has not run.
  await tx.execute(sql`insert into maintenance_workshops (tenant_id, name, kind, address, contact_name, contact_phone,
      services, labour_rate_fen)
    select ${tenantId}, w.name, w.kind, w.address, w.contact, w.phone, w.services::text[], w.rate
    from (values
      ('自营维修中心', 'own', '杭州市西湖区转塘街道 88 号', '周强', '0571-88886666',
        '{routine,repair,accident,tyre,bodywork,gps,preparation}', 12000),
      ('途虎养车工场店', 'partner', '杭州市拱墅区莫干山路 1418 号', '钱师傅', '13957100001',
        '{routine,repair,tyre}', 10000),
      ('4S 店', 'partner', '杭州市萧山区市心北路 2 号', '孙经理', '400-800-1234',
        '{routine,repair,accident,bodywork}', 18000)
    ) as w(name, kind, address, contact, phone, services, rate)
    where not exists (select 1 from maintenance_workshops x where x.tenant_id = ${tenantId})`);
  const workshops = (
    await rowsOf<{ id: RawNumber }>(
      tx,
      sql`select id from maintenance_workshops where tenant_id = ${tenantId} and enabled order by id`,
    )
  ).map((w) => Number(w.id));
  if (!workshops.length) return;
  const shop = (i: number) => workshops[i % workshops.length]!;

  const cars = await rowsOf<{
    id: RawNumber;
    rent_id: RawNumber;
    plate: string;
    status: string;
    mileage_km: RawNumber;
  }>(
    tx,
    sql`select id, rent_id, plate, status, mileage_km from cars where tenant_id = ${tenantId} and deleted_at is null
      and status in ('idle', 'rented', 'maintenance', 'preparing') order by id`,
  );
  const fleet = cars.map((c) => ({
    id: Number(c.id),
    rentId: Number(c.rent_id),
    plate: c.plate,
    status: c.status,
    km: Number(c.mileage_km),
  }));
  const rented = await rowsOf<{ car_id: RawNumber; contract_id: RawNumber; driver_id: RawNumber }>(
    tx,
    sql`select k.car_id, k.id as contract_id, k.driver_id from rental_contracts k join cars c
        on c.tenant_id = k.tenant_id and c.id = k.car_id
      where k.tenant_id = ${tenantId} and k.state = 'signed' and c.status = 'rented' order by k.id`,
  );
  const liveOf = new Map(
    rented.map((r) => [Number(r.car_id), { contractId: Number(r.contract_id), driverId: Number(r.driver_id) }]),
  );
  const [accident] = await rowsOf<{ id: RawNumber; car_id: RawNumber }>(
    tx,
    sql`select a.id, a.car_id from accidents a join cars c on c.tenant_id = a.tenant_id and c.id = a.car_id
      where a.tenant_id = ${tenantId} and c.status in ('idle', 'rented', 'preparing') and c.deleted_at is null
      order by a.id limit 1`,
  );

  const plans: Plan[] = [];
  // Routine services of the year: ~11 and ~5 months ago, every car of the list.
  fleet.forEach((c, i) => {
    for (const [n, ago] of [
      [0, 330 - (i % 20)],
      [1, 150 - (i % 20)],
    ] as const) {
      plans.push({
        carId: c.id,
        rentId: c.rentId,
        plate: c.plate,
        kind: 'service',
        state: 'picked_up',
        problem: n === 0 ? '常规保养（上半年）' : '常规保养（下半年）',
        ago,
        days: 1,
        km: serviceKm(c.km, i, n),
        lines: SERVICE_LINES,
        workshop: shop(i),
        carStatusBefore: c.status === 'rented' ? 'rented' : 'idle',
      });
    }
  });
  // Repairs across the year.
  const repairs: [number, WorkOrderKind, string, string, number][] = [
    [1, 'repair', '刹车异响，前刹车片磨损到限', 'brake', 250],
    [4, 'tyre', '左前轮鼓包，需更换一对前轮胎', 'tyre', 200],
    [6, 'repair', '车辆无法启动，蓄电池亏电', 'battery', 120],
    [9, 'repair', '刹车踏板发软', 'brake', 90],
    [1, 'tyre', '右后轮扎钉漏气，补胎无效', 'tyre', 40],
    [12, 'bodywork', '倒车刮擦后保险杠', 'bodywork', 60],
  ];
  for (const [i, kind, problem, lines, ago] of repairs) {
    const c = fleet[i % fleet.length];
    if (!c) continue;
    plans.push({
      carId: c.id,
      rentId: c.rentId,
      plate: c.plate,
      kind,
      state: 'picked_up',
      problem,
      ago,
      days: 2,
      km: Math.max(0, c.km - ago * 60), // about 60 km a day since
      lines: REPAIR_LINES[lines]!,
      workshop: shop(i + 1),
      carStatusBefore: 'idle',
    });
  }
  // The accident repair: the insurer pays all but 300 yuan.
  if (accident) {
    const c = fleet.find((x) => x.id === Number(accident.car_id));
    if (c) {
      plans.push({
        carId: c.id,
        rentId: c.rentId,
        plate: c.plate,
        kind: 'accident',
        state: 'picked_up',
        problem: '事故维修：后保险杠及尾灯受损',
        ago: 35,
        days: 4,
        km: Math.max(0, c.km - 35 * 60),
        lines: REPAIR_LINES.bodywork!,
        workshop: shop(2),
        payer: 'insurance',
        accidentId: Number(accident.id),
        insuranceShareFen: 3_800_00 - 300_00,
        carStatusBefore: 'idle',
      });
    }
  }
  // The repair the driver pays, on his live contract.
  const driverCar = fleet.find((c) => liveOf.has(c.id));
  if (driverCar) {
    const live = liveOf.get(driverCar.id)!;
    plans.push({
      carId: driverCar.id,
      rentId: driverCar.rentId,
      plate: driverCar.plate,
      kind: 'repair',
      state: 'settled',
      problem: '司机操作不当导致离合器片烧蚀（司机自费）',
      ago: 8,
      days: 2,
      km: Math.round(driverCar.km * 0.98),
      lines: REPAIR_LINES.brake!,
      workshop: shop(0),
      payer: 'driver',
      driverId: live.driverId,
      contractId: live.contractId,
      carStatusBefore: 'rented',
    });
  }
  // Today's open work.
  const idle = fleet.filter((c) => c.status === 'idle' || c.status === 'maintenance');
  const pick = (k: number) => idle[k % Math.max(idle.length, 1)];
  const open: [number, WorkOrderState, WorkOrderKind, string, string, number][] = [
    [0, 'in_workshop', 'repair', '空调不制冷，需检查冷媒', 'battery', 2],
    [1, 'in_workshop', 'service', '常规保养（到期）', 'service', 1],
    [2, 'approving', 'bodywork', '左侧车门凹陷，钣金喷漆', 'bodywork', 1],
    [3, 'done', 'tyre', '四轮定位及更换前轮胎', 'tyre', 3],
    [4, 'reported', 'repair', '仪表盘故障灯亮', 'battery', 0],
    [5, 'approved', 'repair', '雨刮器异响', 'battery', 1],
    [6, 'cancelled', 'repair', '车窗升降异常', 'battery', 5],
    [7, 'picked_up', 'gps_install', '加装 GPS 有线定位终端', 'gps', 20],
  ];
  for (const [k, state, kind, problem, lines, ago] of open) {
    const c = pick(k);
    if (!c) continue;
    plans.push({
      carId: c.id,
      rentId: c.rentId,
      plate: c.plate,
      kind,
      state,
      problem,
      ago,
      days: 1,
      km: c.km,
      lines: lines === 'service' ? SERVICE_LINES : REPAIR_LINES[lines]!,
      workshop: shop(k),
      estimateFen: state === 'approving' ? 3_200_00 : undefined,
      carStatusBefore: state === 'in_workshop' ? 'idle' : null,
      ...(state === 'cancelled' ? { cancelReason: '司机自行修复，取消报修' } : {}),
      ...(kind === 'gps_install'
        ? { address: '杭州市西湖区文一西路 100 号', contactName: '王师傅', contactPhone: '13800000001' }
        : {}),
    });
  }
  await insertOrders(ctx, plans, day, now);
}

/** Writes the planned orders set-based (orders, lines, events), then posts, bills, asks and refreshes. */
async function insertOrders(ctx: DemoContext, plans: Plan[], day: (ago: number) => string, now: Date) {
  const { tx, demo } = ctx;
  const tenantId = demo.tenantId;
  plans.sort((a, b) => b.ago - a.ago);
  const seq = new Map<string, number>();
  const reached = (s: WorkOrderState, than: WorkOrderState) =>
    ['reported', 'approving', 'approved', 'in_workshop', 'done', 'settled', 'picked_up'].indexOf(s) >=
    ['reported', 'approving', 'approved', 'in_workshop', 'done', 'settled', 'picked_up'].indexOf(than);
  const rows = plans.map((p) => {
    const reportedOn = day(p.ago);
    const n = (seq.get(reportedOn) ?? 0) + 1;
    seq.set(reportedOn, n);
    const at = new Date(now.getTime() - p.ago * DAY - 3 * 3600_000);
    const start = new Date(at.getTime() + 2 * 3600_000);
    const end = new Date(Math.min(start.getTime() + p.days * DAY, now.getTime() - 3600_000));
    const values = p.lines.map((l) => lineValues(tenantId, 0, l));
    const parts = values.filter((v) => v.kind === 'part').reduce((s, v) => s + v.amountFen, 0);
    const labour = values.filter((v) => v.kind === 'labour').reduce((s, v) => s + v.amountFen, 0);
    const worked = p.state !== 'cancelled' && reached(p.state, 'in_workshop');
    const done = p.state !== 'cancelled' && reached(p.state, 'done');
    const settled = p.state !== 'cancelled' && reached(p.state, 'settled');
    const total = worked ? parts + labour : 0;
    const driverShare = settled && p.payer === 'driver' ? (p.driverShareFen ?? total) : 0;
    const insuranceShare =
      settled && p.payer === 'insurance' ? Math.min(p.insuranceShareFen ?? 0, total - driverShare) : 0;
    return {
      plan: p,
      total,
      companyFen: total - driverShare - insuranceShare,
      end,
      values: {
        tenantId,
        number: workOrderNumber(reportedOn, n),
        rentId: p.rentId,
        carId: p.carId,
        driverId: p.driverId ?? null,
        contractId: p.contractId ?? null,
        workshopId: p.workshop,
        kind: p.kind,
        state: p.state,
        problem: p.problem,
        accidentId: p.accidentId ?? null,
        mileageIn: worked ? p.km : null,
        mileageOut: done ? p.km + 3 : null,
        plannedStart: reportedOn,
        plannedEnd: day(Math.max(p.ago - p.days, 0)),
        actualStart: worked ? start : null,
        actualEnd: done ? end : null,
        estimateFen: p.estimateFen ?? Math.round((parts + labour) / 10_000) * 10_000,
        partsFen: worked ? parts : 0,
        labourFen: worked ? labour : 0,
        totalFen: total,
        payer: p.payer ?? 'company',
        driverShareFen: driverShare,
        insuranceShareFen: insuranceShare,
        carStatusBefore: worked ? (p.carStatusBefore ?? 'idle') : null,
        address: p.address ?? null,
        contactName: p.contactName ?? null,
        contactPhone: p.contactPhone ?? null,
        cancelReason: p.cancelReason ?? null,
        createdBy: demo.clerkId,
        createdAt: at,
        updatedAt: end,
        settledAt: settled ? end : null,
        pickedUpAt: p.state === 'picked_up' ? end : null,
      },
    };
  });
  if (!rows.length) return;
  const shopNames = new Map(
    (
      await rowsOf<{ id: RawNumber; name: string }>(
        tx,
        sql`select id, name from maintenance_workshops where tenant_id = ${tenantId}`,
      )
    ).map((w) => [Number(w.id), w.name]),
  );
  const ids = await tx
    .insert(maintenanceWorkOrders)
    .values(rows.map((r) => r.values))
    .returning({ id: maintenanceWorkOrders.id });
  for (const [d, last] of seq) {
    await tx.execute(sql`insert into maintenance_order_numbers (tenant_id, day, last) values (${tenantId}, ${d}, ${last})
      on conflict (tenant_id, day) do update set last = greatest(maintenance_order_numbers.last, excluded.last)`);
  }
  const lines = rows.flatMap((r, i) =>
    reachedLines(r.values.state) ? r.plan.lines.map((l) => lineValues(tenantId, ids[i]!.id, l)) : [],
  );
  if (lines.length) await tx.insert(maintenanceOrderLines).values(lines);
  await tx
    .insert(maintenanceOrderEvents)
    .values(
      rows.flatMap((r, i) =>
        timeline(tenantId, ids[i]!.id, r, demo.clerkId, demo.adminId, shopNames.get(r.values.workshopId) ?? ''),
      ),
    );

  // Money of the settled ones: the company's part posted, the driver's share billed on his contract.
  const rules = await tenantRules(tx, tenantId);
  const [centre] = await rowsOf<{ id: RawNumber }>(
    tx,
    sql`select id from cost_centres where tenant_id = ${tenantId} and enabled order by (kind = 'vehicle') desc, id limit 1`,
  );
  const fallback = rules.costs.vehicleCostCentreId ?? (centre ? Number(centre.id) : null);
  for (const [i, r] of rows.entries()) {
    if (!r.values.settledAt) continue;
    const id = ids[i]!.id;
    await postVehicleCost(
      tx,
      tenantId,
      { own: null, fallback },
      {
        category: 'maintenance',
        sourceType: 'maintenance',
        sourceId: String(id),
        amountFen: r.companyFen,
        occurredOn: localDate('Asia/Shanghai', r.end),
        description: `${r.values.number} ${r.plan.plate}`,
        createdBy: demo.adminId,
      },
    );
    if (r.values.driverShareFen > 0 && r.values.contractId) {
      await insertLineInTx(
        tx,
        { tenantId, userId: demo.adminId },
        { id: r.values.contractId, rentId: r.values.rentId },
        {
          type: 'repair',
          // Billed with a fortnight to pay, as a charge added to a driver's account is: not overdue in the demo.
          dueDate: localDate('Asia/Shanghai', new Date(r.end.getTime() + 15 * 86_400_000)),
          amount: r.values.driverShareFen / 100,
          remark: `维修工单 ${r.values.number} 司机承担`,
        },
      );
    }
  }

  // The one waiting for approval: a flow of the type (the administrator decides) and its pending request.
  const waiting = rows.findIndex((r) => r.values.state === 'approving');
  if (waiting >= 0) await askApproval(ctx, tx, ids[waiting]!.id, rows[waiting]!);

  // The cars in the workshop are in maintenance (from idle), as `enter` leaves them, since they went in.
  for (const r of rows) {
    if (r.values.state !== 'in_workshop' || !r.values.actualStart) continue;
    await changeStatusAt(tx, {
      tenantId,
      carId: r.values.carId,
      userId: demo.clerkId,
      at: r.values.actualStart,
      to: 'maintenance',
      action: 'workshopIn',
      from: ['idle'],
      remark: '维修工单进厂',
    });
  }
  await refreshDue(tx, tenantId, undefined, now);
}

function reachedLines(state: string): boolean {
  return ['in_workshop', 'done', 'settled', 'picked_up'].includes(state);
}

type Row = {
  plan: Plan;
  total: number;
  companyFen: number;
  end: Date;
  values: {
    number: string;
    carId: number;
    rentId: number;
    workshopId: number;
    carStatusBefore: string | null;
    state: string;
    actualStart: Date | null;
    actualEnd: Date | null;
    createdAt: Date;
    kind: string;
    estimateFen: number;
    totalFen: number;
    mileageIn: number | null;
    mileageOut: number | null;
    payer: string;
    driverShareFen: number;
    insuranceShareFen: number;
    settledAt: Date | null;
    pickedUpAt: Date | null;
    cancelReason: string | null;
  };
};

/** The timeline of a seeded order, as the service would have written it. */
function timeline(tenantId: number, orderId: number, r: Row, clerkId: number, adminId: number, shopName: string) {
  const v = r.values;
  const e = (kind: string, textKey: string, textParams: Record<string, unknown>, at: Date, userId = clerkId) => ({
    tenantId,
    orderId,
    kind,
    textKey,
    textParams,
    userId,
    at,
  });
  const amount = (fen: number) => fen / 100;
  const out = [
    e(
      'created',
      'maintenance.orderEvent.created',
      { kind: { title: 'maintenanceOrderKind', value: v.kind }, amount: amount(v.estimateFen) },
      v.createdAt,
    ),
  ];
  const later = (min: number) => new Date(v.createdAt.getTime() + min * 60_000);
  if (v.state === 'approving') {
    out.push(
      e(
        'approvalAsked',
        'maintenance.orderEvent.approvalAsked',
        { amount: amount(v.estimateFen), limit: '¥2000.00', requestId: '' },
        later(10),
      ),
    );
    return out;
  }
  if (v.state !== 'reported' && !(v.state === 'cancelled' && !v.cancelReason)) {
    out.push(e('submitted', 'maintenance.orderEvent.submittedApproved', { amount: amount(v.estimateFen) }, later(10)));
  }
  if (v.actualStart && v.mileageIn != null) {
    out.push(e('entered', 'maintenance.orderEvent.entered', { workshop: shopName, km: v.mileageIn }, v.actualStart));
  }
  if (v.actualEnd && v.mileageOut != null) {
    out.push(
      e('completed', 'maintenance.orderEvent.completed', { km: v.mileageOut, amount: amount(v.totalFen) }, v.actualEnd),
    );
  }
  if (v.settledAt) {
    out.push(
      e(
        'settled',
        'maintenance.orderEvent.settled',
        {
          payer: { title: 'maintenancePayer', value: v.payer },
          companyAmount: amount(v.totalFen - v.driverShareFen - v.insuranceShareFen),
          driverAmount: amount(v.driverShareFen),
          insuranceAmount: amount(v.insuranceShareFen),
        },
        v.settledAt,
        adminId,
      ),
    );
  }
  if (v.pickedUpAt)
    out.push(
      e(
        'pickedUp',
        'maintenance.orderEvent.pickedUp',
        { status: { title: 'maintenanceCarStatus', value: v.carStatusBefore ?? 'idle' } },
        v.pickedUpAt,
        adminId,
      ),
    );
  if (v.state === 'cancelled')
    out.push(e('cancelled', 'maintenance.orderEvent.cancelled', { reason: v.cancelReason ?? '' }, later(60)));
  return out;
}

async function askApproval(ctx: DemoContext, tx: Tx, orderId: number, r: Row) {
  const { demo } = ctx;
  registerMaintenanceOrderType();
  const name = '维修工单审批';
  const [flow] = await tx
    .insert(approvalFlows)
    .values({ tenantId: demo.tenantId, businessType: 'maintenanceOrder', name, version: 1, updatedBy: demo.adminId })
    .returning({ id: approvalFlows.id });
  await tx.insert(approvalFlowVersions).values({
    tenantId: demo.tenantId,
    flowId: flow!.id,
    version: 1,
    name,
    definition: {
      steps: [
        {
          name: '车管主管',
          kind: 'user',
          userIds: [demo.adminId],
          roleId: null,
          mode: 'any',
          amountAbove: null,
          amountUpTo: null,
        },
      ],
      copyUserIds: [],
    },
    createdBy: demo.adminId,
  });
  const amount = r.values.estimateFen / 100;
  const request = await startApproval(
    tx,
    { clock: ctx.clock },
    { tenantId: demo.tenantId, userId: demo.clerkId, lang: 'zh-CN', rentId: r.plan.rentId },
    {
      businessType: 'maintenanceOrder',
      businessId: String(orderId),
      summary: `维修工单（${r.plan.plate}）预估 ${amount.toFixed(2)} 元`,
      form: { number: r.values.number, plateNo: r.plan.plate, kind: r.plan.kind, amount, reason: r.plan.problem },
      attachments: [],
    },
  );
  await tx.execute(sql`update maintenance_work_orders set approval_request_id = ${request.id}
    where tenant_id = ${demo.tenantId} and id = ${orderId}`);
}
