import { sql, type SQL } from 'drizzle-orm';
import { fenToYuan, type Lang } from '@fleetdesk/contracts/common';
import {
  WORK_ORDER_KIND_TITLES,
  type ReportQuery,
  type ReportSummary,
  type WorkOrderKind,
} from '@fleetdesk/contracts/maintenance';
import { rentInScope, type RequestContext } from '../../core/access.js';
import { rawNumber, rawNumberOrNull, rowsOf, type RawNumber } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { monthBounds, tenantZone } from '../../core/tenant-time.js';
import { sheetOf, type BookSheet, type XlsxColumn } from '../../core/xlsx.js';
import { scopeSql } from './work-orders.repository.js';
import { orderScope } from './work-orders.service.js';

/** Kinds counted as repairs in "top cars by repair count" (not services, GPS work or preparation). */
export const REPAIR_KINDS: readonly WorkOrderKind[] = ['repair', 'accident', 'tyre', 'bodywork'];
/** Cars listed by cost in `byCar` (the totals cover every car). */
export const REPORT_CARS_MAX = 200;
const TOP_REPAIRS = 10;

interface Figures {
  orders: RawNumber;
  parts: RawNumber;
  labour: RawNumber;
  total: RawNumber;
  company: RawNumber;
}

const FIGURES = sql`count(*) as orders, coalesce(sum(parts_fen), 0) as parts, coalesce(sum(labour_fen), 0) as labour,
  coalesce(sum(total_fen), 0) as total, coalesce(sum(company_fen), 0) as company`;

function figures(r: Figures) {
  return {
    orders: rawNumber(r.orders),
    parts: fenToYuan(rawNumber(r.parts)),
    labour: fenToYuan(rawNumber(r.labour)),
    total: fenToYuan(rawNumber(r.total)),
    company: fenToYuan(rawNumber(r.company)),
  };
}

/** Cost (yuan) per 1,000 km: null without km. */
function per1000(totalFen: number, km: number | null): number | null {
  if (!km || km <= 0) return null;
  return Math.round((totalFen / km) * 1000) / 100;
}

/**
 * The maintenance report of a period (`from`..`to` months, the tenant's zone): the work orders finished in it
 * (done, settled or picked up; by their actual end), by car, car type, workshop, month and kind, the cost per
 * 1,000 km and the cars with the most repairs. The km of a car are those its orders' odometer readings span in the
 * period (highest mileage out less lowest mileage in); a car with one reading has none (no cost per 1,000 km).
 */
export async function reportSummary(deps: AppDeps, ctx: RequestContext, q: ReportQuery): Promise<ReportSummary> {
  rentInScope(ctx, q.rentId);
  const db = deps.db;
  const zone = await tenantZone(db, ctx.tenantId);
  const from = monthBounds(zone, q.from).from;
  const to = monthBounds(zone, q.to).to;
  const rent = q.rentId ? sql` and o.rent_id = ${q.rentId}` : sql``;
  const orders = sql`with o as (
      select o.id, o.car_id, o.workshop_id, o.kind, o.total_fen, o.parts_fen, o.labour_fen,
        o.total_fen - o.driver_share_fen - o.insurance_share_fen as company_fen,
        to_char(o.actual_end at time zone ${zone}, 'YYYY-MM') as month, o.mileage_in,
        coalesce(o.mileage_out, o.mileage_in) as mileage_out
      from maintenance_work_orders o
      where ${scopeSql(orderScope(ctx))}${rent} and o.state in ('done', 'settled', 'picked_up')
        and o.actual_end >= ${from.toISOString()} and o.actual_end < ${to.toISOString()}
    ), bycar as (
      select car_id, ${FIGURES}, max(mileage_out) - min(mileage_in) as km from o group by car_id
    )`;
  const q1 = <R>(body: SQL) => rowsOf<R>(db, sql`${orders} ${body}`);
  const [cars, types, workshops, months, kinds, top, [all]] = await Promise.all([
    q1<Figures & { car_id: RawNumber; plate: string; car_type_name: string | null; km: RawNumber | null }>(
      sql`select b.*, c.plate, t.name as car_type_name from bycar b
        join cars c on c.tenant_id = ${ctx.tenantId} and c.id = b.car_id
        left join car_types t on t.tenant_id = c.tenant_id and t.id = c.car_type_id
        order by b.total desc, b.car_id limit ${REPORT_CARS_MAX}`,
    ),
    q1<
      Figures & {
        car_type_id: RawNumber | null;
        car_type_name: string | null;
        cars: RawNumber;
        km: RawNumber | null;
        km_total: RawNumber | null;
      }
    >(
      sql`select c.car_type_id, t.name as car_type_name, count(*) as cars, sum(b.orders) as orders,
          sum(b.parts) as parts, sum(b.labour) as labour, sum(b.total) as total, sum(b.company) as company,
          sum(b.km) filter (where b.km > 0) as km, sum(b.total) filter (where b.km > 0) as km_total
        from bycar b join cars c on c.tenant_id = ${ctx.tenantId} and c.id = b.car_id
        left join car_types t on t.tenant_id = c.tenant_id and t.id = c.car_type_id
        group by c.car_type_id, t.name order by total desc`,
    ),
    q1<Figures & { workshop_id: RawNumber | null; workshop_name: string | null }>(
      sql`select o.workshop_id, w.name as workshop_name, ${FIGURES} from o
        left join maintenance_workshops w on w.tenant_id = ${ctx.tenantId} and w.id = o.workshop_id
        group by o.workshop_id, w.name order by total desc`,
    ),
    q1<Figures & { month: string }>(sql`select month, ${FIGURES} from o group by month order by month`),
    q1<Figures & { kind: WorkOrderKind }>(sql`select kind, ${FIGURES} from o group by kind order by total desc`),
    q1<{ car_id: RawNumber; plate: string; repairs: RawNumber; total: RawNumber }>(
      sql`select o.car_id, c.plate, count(*) as repairs, sum(o.total_fen) as total from o
        join cars c on c.tenant_id = ${ctx.tenantId} and c.id = o.car_id
        where o.kind = any(${`{${REPAIR_KINDS.join(',')}}`}::text[])
        group by o.car_id, c.plate order by repairs desc, total desc, o.car_id limit ${TOP_REPAIRS}`,
    ),
    q1<Figures & { cars: RawNumber; km: RawNumber | null; km_total: RawNumber | null }>(
      sql`select count(*) as cars, coalesce(sum(orders), 0) as orders, coalesce(sum(parts), 0) as parts,
          coalesce(sum(labour), 0) as labour, coalesce(sum(total), 0) as total, coalesce(sum(company), 0) as company,
          sum(km) filter (where km > 0) as km, sum(total) filter (where km > 0) as km_total from bycar`,
    ),
  ]);
  return {
    from: q.from,
    to: q.to,
    totals: {
      ...figures(all!),
      cars: rawNumber(all!.cars),
      costPer1000Km: per1000(rawNumber(all!.km_total), rawNumberOrNull(all!.km)),
    },
    byCar: cars.map((r) => {
      const km = rawNumberOrNull(r.km);
      return {
        carId: rawNumber(r.car_id),
        plate: r.plate,
        carTypeName: r.car_type_name,
        ...figures(r),
        km: km && km > 0 ? km : null,
        costPer1000Km: per1000(rawNumber(r.total), km),
      };
    }),
    byCarType: types.map((r) => ({
      carTypeId: rawNumberOrNull(r.car_type_id),
      carTypeName: r.car_type_name,
      cars: rawNumber(r.cars),
      ...figures(r),
      costPer1000Km: per1000(rawNumber(r.km_total), rawNumberOrNull(r.km)),
    })),
    byWorkshop: workshops.map((r) => ({
      workshopId: rawNumberOrNull(r.workshop_id),
      workshopName: r.workshop_name,
      ...figures(r),
    })),
    byMonth: months.map((r) => ({ month: r.month, ...figures(r) })),
    byKind: kinds.map((r) => ({ kind: r.kind, ...figures(r) })),
    topRepairs: top.map((r) => ({
      carId: rawNumber(r.car_id),
      plate: r.plate,
      repairs: rawNumber(r.repairs),
      total: fenToYuan(rawNumber(r.total)),
    })),
  };
}

const L = {
  plate: { 'zh-CN': '车牌号', 'en-US': 'Plate' },
  carType: { 'zh-CN': '车型', 'en-US': 'Car type' },
  cars: { 'zh-CN': '车辆数', 'en-US': 'Cars' },
  workshop: { 'zh-CN': '修理厂', 'en-US': 'Workshop' },
  month: { 'zh-CN': '月份', 'en-US': 'Month' },
  kind: { 'zh-CN': '维修类型', 'en-US': 'Kind' },
  orders: { 'zh-CN': '工单数', 'en-US': 'Work orders' },
  parts: { 'zh-CN': '配件（元）', 'en-US': 'Parts (yuan)' },
  labour: { 'zh-CN': '工时（元）', 'en-US': 'Labour (yuan)' },
  total: { 'zh-CN': '合计（元）', 'en-US': 'Total (yuan)' },
  company: { 'zh-CN': '公司承担（元）', 'en-US': 'Company (yuan)' },
  km: { 'zh-CN': '期间里程（km）', 'en-US': 'Km in the period' },
  per1000: { 'zh-CN': '每千公里成本（元）', 'en-US': 'Cost per 1,000 km (yuan)' },
  repairs: { 'zh-CN': '维修次数', 'en-US': 'Repairs' },
  none: { 'zh-CN': '（未指定）', 'en-US': '(none)' },
  sheets: {
    byMonth: { 'zh-CN': '按月份', 'en-US': 'By month' },
    byCar: { 'zh-CN': '按车辆', 'en-US': 'By car' },
    byCarType: { 'zh-CN': '按车型', 'en-US': 'By car type' },
    byWorkshop: { 'zh-CN': '按修理厂', 'en-US': 'By workshop' },
    byKind: { 'zh-CN': '按类型', 'en-US': 'By kind' },
    topRepairs: { 'zh-CN': '维修次数排行', 'en-US': 'Most repairs' },
  },
} as const;

/** The report as a workbook: one sheet per view. */
export function reportSheets(lang: Lang, r: ReportSummary): BookSheet[] {
  type F = { orders: number; parts: number; labour: number; total: number; company: number };
  const money = <R extends F>(): XlsxColumn<R>[] => [
    { header: L.orders[lang], value: (x) => x.orders },
    { header: L.parts[lang], value: (x) => x.parts },
    { header: L.labour[lang], value: (x) => x.labour },
    { header: L.total[lang], value: (x) => x.total },
    { header: L.company[lang], value: (x) => x.company },
  ];
  return [
    sheetOf(
      L.sheets.byMonth[lang],
      [{ header: L.month[lang], value: (x) => x.month }, ...money<ReportSummary['byMonth'][number]>()],
      r.byMonth,
    ),
    sheetOf(
      L.sheets.byCar[lang],
      [
        { header: L.plate[lang], value: (x) => x.plate, width: 14 },
        { header: L.carType[lang], value: (x) => x.carTypeName, width: 24 },
        ...money<ReportSummary['byCar'][number]>(),
        { header: L.km[lang], value: (x) => x.km },
        { header: L.per1000[lang], value: (x) => x.costPer1000Km },
      ],
      r.byCar,
    ),
    sheetOf(
      L.sheets.byCarType[lang],
      [
        { header: L.carType[lang], value: (x) => x.carTypeName ?? L.none[lang], width: 24 },
        { header: L.cars[lang], value: (x) => x.cars },
        ...money<ReportSummary['byCarType'][number]>(),
        { header: L.per1000[lang], value: (x) => x.costPer1000Km },
      ],
      r.byCarType,
    ),
    sheetOf(
      L.sheets.byWorkshop[lang],
      [
        { header: L.workshop[lang], value: (x) => x.workshopName ?? L.none[lang], width: 24 },
        ...money<ReportSummary['byWorkshop'][number]>(),
      ],
      r.byWorkshop,
    ),
    sheetOf(
      L.sheets.byKind[lang],
      [
        { header: L.kind[lang], value: (x) => WORK_ORDER_KIND_TITLES[x.kind][lang] },
        ...money<ReportSummary['byKind'][number]>(),
      ],
      r.byKind,
    ),
    sheetOf(
      L.sheets.topRepairs[lang],
      [
        { header: L.plate[lang], value: (x) => x.plate, width: 14 },
        { header: L.repairs[lang], value: (x) => x.repairs },
        { header: L.total[lang], value: (x) => x.total },
      ],
      r.topRepairs,
    ),
  ];
}
