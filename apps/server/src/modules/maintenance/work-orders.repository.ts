import { sql, type SQL } from 'drizzle-orm';
import { fenToYuan } from '@fleetdesk/contracts/common';
import {
  workOrderNumber,
  type OrderEventKind,
  type OrderLine,
  type OrderLineInput,
  type Payer,
  type WorkOrderExportQuery,
  type WorkOrderKind,
  type WorkOrderRow,
  type WorkOrderState,
} from '@fleetdesk/contracts/maintenance';
import { workshopScope, type RequestContext } from '../../core/access.js';
import {
  idArray,
  rawIso,
  rawIsoOrNull,
  rawNumber,
  rawNumberOrNull,
  rowsOf,
  type DbOrTx,
  type RawNumber,
  type RawTime,
} from '../../core/db.js';
import { containsPattern } from '../../core/like.js';
import type { KeyedText, TextParams } from '../../core/i18n.js';
import { maintenanceOrderEvents, maintenanceOrderLines, maintenanceOrderNumbers } from '../../db/schema/maintenance.js';

/**
 * Who sees which work orders: the caller's rents, and for a workshop's sign-in (data scope `workshop`) only the
 * orders of his workshops (`workshopIds`; undefined = not limited).
 */
export interface OrderScope {
  tenantId: number;
  rentIds: readonly number[];
  workshopIds?: readonly number[] | undefined;
}

export function scopeSql(s: OrderScope, alias = 'o'): SQL {
  const a = sql.raw(alias);
  const workshop = s.workshopIds ? sql` and ${workshopScope(s, sql`${a}.workshop_id`)}` : sql``;
  return sql`${a}.tenant_id = ${s.tenantId} and ${a}.rent_id = any(${idArray(s.rentIds)})${workshop}`;
}

/** The next number of the tenant's day: `WX` + yyyymmdd + the day's 4-digit sequence. */
export async function nextOrderNumber(tx: DbOrTx, tenantId: number, day: string): Promise<string> {
  const [row] = await tx
    .insert(maintenanceOrderNumbers)
    .values({ tenantId, day, last: 1 })
    .onConflictDoUpdate({
      target: [maintenanceOrderNumbers.tenantId, maintenanceOrderNumbers.day],
      set: { last: sql`${maintenanceOrderNumbers.last} + 1` },
    })
    .returning({ last: maintenanceOrderNumbers.last });
  return workOrderNumber(day, row!.last);
}

/** A timeline entry of a work order (the one writer of `maintenance_order_events`). */
export async function insertOrderEvent(
  tx: DbOrTx,
  ctx: { tenantId: number; userId: number | null },
  orderId: number,
  kind: OrderEventKind,
  text: KeyedText,
  at: Date,
): Promise<void> {
  await tx.insert(maintenanceOrderEvents).values({
    tenantId: ctx.tenantId,
    orderId,
    kind,
    textKey: text.key,
    textParams: (text.params ?? {}) as TextParams,
    userId: ctx.userId,
    at,
  });
}

/** A line's amount in fen and its columns. */
export function lineValues(tenantId: number, orderId: number, l: OrderLineInput) {
  if (l.kind === 'part') {
    const priceFen = Math.round(l.unitPrice * 100);
    return {
      tenantId,
      orderId,
      kind: 'part',
      name: l.name,
      partNo: l.partNo ?? null,
      quantity: l.quantity,
      hours: null,
      unitPriceFen: priceFen,
      rateFen: null,
      amountFen: Math.round(l.quantity * priceFen),
    };
  }
  const rateFen = Math.round(l.rate * 100);
  return {
    tenantId,
    orderId,
    kind: 'labour',
    name: l.name,
    partNo: null,
    quantity: null,
    hours: l.hours,
    unitPriceFen: null,
    rateFen,
    amountFen: Math.round(l.hours * rateFen),
  };
}

/**
 * Replaces the lines of an order and derives its parts, labour and total from them (the one writer of
 * `maintenance_order_lines` and of the order's money columns). Answers the new sums in fen.
 */
export async function replaceLines(
  tx: DbOrTx,
  tenantId: number,
  orderId: number,
  lines: OrderLineInput[],
  now: Date,
): Promise<{ partsFen: number; labourFen: number; totalFen: number }> {
  await tx.execute(sql`delete from maintenance_order_lines where tenant_id = ${tenantId} and order_id = ${orderId}`);
  const values = lines.map((l) => lineValues(tenantId, orderId, l));
  if (values.length) await tx.insert(maintenanceOrderLines).values(values);
  const partsFen = values.filter((v) => v.kind === 'part').reduce((s, v) => s + v.amountFen, 0);
  const labourFen = values.filter((v) => v.kind === 'labour').reduce((s, v) => s + v.amountFen, 0);
  const totalFen = partsFen + labourFen;
  await tx.execute(sql`update maintenance_work_orders set parts_fen = ${partsFen}, labour_fen = ${labourFen},
      total_fen = ${totalFen}, updated_at = ${now.toISOString()}
    where tenant_id = ${tenantId} and id = ${orderId}`);
  return { partsFen, labourFen, totalFen };
}

/** The row of a work order as the writers read it, locked. */
export interface LockedOrder {
  id: number;
  number: string;
  rentId: number;
  carId: number;
  plate: string;
  driverId: number | null;
  contractId: number | null;
  workshopId: number | null;
  kind: WorkOrderKind;
  state: WorkOrderState;
  accidentId: number | null;
  mileageIn: number | null;
  actualStart: Date | null;
  estimateFen: number;
  totalFen: number;
  approvalRequestId: number | null;
  carStatusBefore: 'idle' | 'rented' | null;
  version: number;
}

/** Locks a work order of the scope (404 for any other: another tenant's, rent's or workshop's). */
export async function lockOrder(tx: DbOrTx, scope: OrderScope, id: number): Promise<LockedOrder | undefined> {
  const [r] = await rowsOf<{
    id: RawNumber;
    number: string;
    rent_id: RawNumber;
    car_id: RawNumber;
    plate: string;
    driver_id: RawNumber | null;
    contract_id: RawNumber | null;
    workshop_id: RawNumber | null;
    kind: WorkOrderKind;
    state: WorkOrderState;
    accident_id: RawNumber | null;
    mileage_in: number | null;
    actual_start: RawTime | null;
    estimate_fen: RawNumber;
    total_fen: RawNumber;
    approval_request_id: RawNumber | null;
    car_status_before: 'idle' | 'rented' | null;
    version: number;
  }>(
    tx,
    sql`select o.id, o.number, o.rent_id, o.car_id, c.plate, o.driver_id, o.contract_id, o.workshop_id, o.kind,
        o.state, o.accident_id, o.mileage_in, o.actual_start, o.estimate_fen, o.total_fen, o.approval_request_id,
        o.car_status_before, o.version
      from maintenance_work_orders o join cars c on c.tenant_id = o.tenant_id and c.id = o.car_id
      where ${scopeSql(scope)} and o.id = ${id} for update of o`,
  );
  if (!r) return undefined;
  return {
    id: rawNumber(r.id),
    number: r.number,
    rentId: rawNumber(r.rent_id),
    carId: rawNumber(r.car_id),
    plate: r.plate,
    driverId: rawNumberOrNull(r.driver_id),
    contractId: rawNumberOrNull(r.contract_id),
    workshopId: rawNumberOrNull(r.workshop_id),
    kind: r.kind,
    state: r.state,
    accidentId: rawNumberOrNull(r.accident_id),
    mileageIn: r.mileage_in == null ? null : Number(r.mileage_in),
    actualStart: r.actual_start == null ? null : new Date(r.actual_start),
    estimateFen: rawNumber(r.estimate_fen),
    totalFen: rawNumber(r.total_fen),
    approvalRequestId: rawNumberOrNull(r.approval_request_id),
    carStatusBefore: r.car_status_before,
    version: Number(r.version),
  };
}

/** Sets columns of a locked order and moves its version (every write of an order goes through here). */
export async function setOrder(tx: DbOrTx, tenantId: number, id: number, set: SQL, now: Date): Promise<void> {
  await tx.execute(sql`update maintenance_work_orders set ${set}, version = version + 1,
      updated_at = ${now.toISOString()} where tenant_id = ${tenantId} and id = ${id}`);
}

// ------------------------------------------------------------------------------------------------ reads

export type OrderFilter = WorkOrderExportQuery;

/** Enum values (validated, no commas or quotes) as one `text[]` parameter. */
function textArray(list: readonly string[]): SQL {
  return sql`${`{${list.join(',')}}`}::text[]`;
}

/** The conditions of a list or export filter (day bounds in the tenant's zone). */
export function filterSql(scope: OrderScope, f: OrderFilter, startOf: (day: string) => Date): SQL {
  const conds: SQL[] = [scopeSql(scope)];
  if (f.rentId) conds.push(sql`o.rent_id = ${f.rentId}`);
  if (f.state?.length) conds.push(sql`o.state = any(${textArray(f.state)})`);
  if (f.kind?.length) conds.push(sql`o.kind = any(${textArray(f.kind)})`);
  if (f.workshopId) conds.push(sql`o.workshop_id = ${f.workshopId}`);
  if (f.carId) conds.push(sql`o.car_id = ${f.carId}`);
  if (f.driverId) conds.push(sql`o.driver_id = ${f.driverId}`);
  if (f.payer) conds.push(sql`o.payer = ${f.payer}`);
  if (f.keyword) {
    const like = containsPattern(f.keyword);
    conds.push(sql`(o.number ilike ${like} or c.plate ilike ${like})`);
  }
  if (f.reportedFrom) conds.push(sql`o.created_at >= ${startOf(f.reportedFrom).toISOString()}`);
  if (f.reportedTo) {
    const next = new Date(`${f.reportedTo}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    conds.push(sql`o.created_at < ${startOf(next.toISOString().slice(0, 10)).toISOString()}`);
  }
  return sql.join(conds, sql` and `);
}

interface RowDb {
  id: RawNumber;
  number: string;
  rent_id: RawNumber;
  rent_name: string | null;
  car_id: RawNumber;
  plate: string;
  driver_id: RawNumber | null;
  driver_name: string | null;
  contract_id: RawNumber | null;
  workshop_id: RawNumber | null;
  workshop_name: string | null;
  kind: WorkOrderKind;
  state: WorkOrderState;
  problem: string;
  mileage_in: number | null;
  mileage_out: number | null;
  planned_start: string;
  planned_end: string | null;
  actual_start: RawTime | null;
  actual_end: RawTime | null;
  estimate_fen: RawNumber;
  total_fen: RawNumber;
  payer: Payer;
  version: number;
  created_at: RawTime;
  updated_at: RawTime;
}

const ROW_COLUMNS = sql`o.id, o.number, o.rent_id, r.short_name as rent_name, o.car_id, c.plate, o.driver_id,
  d.name as driver_name, o.contract_id, o.workshop_id, w.name as workshop_name, o.kind, o.state, o.problem,
  o.mileage_in, o.mileage_out, to_char(o.planned_start, 'YYYY-MM-DD') as planned_start,
  to_char(o.planned_end, 'YYYY-MM-DD') as planned_end, o.actual_start, o.actual_end, o.estimate_fen, o.total_fen,
  o.payer, o.version, o.created_at, o.updated_at`;

const ROW_JOINS = sql`join cars c on c.tenant_id = o.tenant_id and c.id = o.car_id
  left join rents r on r.tenant_id = o.tenant_id and r.id = o.rent_id
  left join drivers d on d.tenant_id = o.tenant_id and d.id = o.driver_id
  left join maintenance_workshops w on w.tenant_id = o.tenant_id and w.id = o.workshop_id`;

function toRow(r: RowDb): WorkOrderRow {
  return {
    id: rawNumber(r.id),
    number: r.number,
    rentId: rawNumber(r.rent_id),
    rentName: r.rent_name,
    carId: rawNumber(r.car_id),
    plate: r.plate,
    driverId: rawNumberOrNull(r.driver_id),
    driverName: r.driver_name,
    contractId: rawNumberOrNull(r.contract_id),
    workshopId: rawNumberOrNull(r.workshop_id),
    workshopName: r.workshop_name,
    kind: r.kind,
    state: r.state,
    problem: r.problem,
    mileageIn: r.mileage_in == null ? null : Number(r.mileage_in),
    mileageOut: r.mileage_out == null ? null : Number(r.mileage_out),
    plannedStart: r.planned_start,
    plannedEnd: r.planned_end,
    actualStart: rawIsoOrNull(r.actual_start),
    actualEnd: rawIsoOrNull(r.actual_end),
    estimate: fenToYuan(rawNumber(r.estimate_fen)),
    total: fenToYuan(rawNumber(r.total_fen)),
    payer: r.payer,
    version: Number(r.version),
    createdAt: rawIso(r.created_at),
    updatedAt: rawIso(r.updated_at),
  };
}

/** A page of the list, newest first, and the total of the filter. */
export async function listOrders(
  db: DbOrTx,
  where: SQL,
  limit: number,
  offset: number,
): Promise<{ rows: WorkOrderRow[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    rowsOf<RowDb>(
      db,
      sql`select ${ROW_COLUMNS} from maintenance_work_orders o ${ROW_JOINS}
        where ${where} order by o.id desc limit ${limit} offset ${offset}`,
    ),
    rowsOf<{ n: RawNumber }>(
      db,
      sql`select count(*) as n from maintenance_work_orders o join cars c on c.tenant_id = o.tenant_id
        and c.id = o.car_id where ${where}`,
    ),
  ]);
  return { rows: rows.map(toRow), total: rawNumber(count?.n ?? 0) };
}

/** The export's rows in keyset pages of `pageRows` (newest first). */
export async function* orderPages(
  db: DbOrTx,
  where: SQL,
  pageRows: number,
): AsyncGenerator<
  WorkOrderRow & {
    companyFen: number;
    driverShareFen: number;
    insuranceShareFen: number;
    partsFen: number;
    labourFen: number;
  }
> {
  let before: number | null = null;
  for (;;) {
    const after: SQL = before == null ? sql`` : sql` and o.id < ${before}`;
    const rows = await rowsOf<
      RowDb & {
        parts_fen: RawNumber;
        labour_fen: RawNumber;
        driver_share_fen: RawNumber;
        insurance_share_fen: RawNumber;
      }
    >(
      db,
      sql`select ${ROW_COLUMNS}, o.parts_fen, o.labour_fen, o.driver_share_fen, o.insurance_share_fen
        from maintenance_work_orders o ${ROW_JOINS}
        where ${where}${after} order by o.id desc limit ${pageRows}`,
    );
    for (const r of rows) {
      const total = rawNumber(r.total_fen);
      const driver = rawNumber(r.driver_share_fen);
      const insurance = rawNumber(r.insurance_share_fen);
      yield {
        ...toRow(r),
        partsFen: rawNumber(r.parts_fen),
        labourFen: rawNumber(r.labour_fen),
        driverShareFen: driver,
        insuranceShareFen: insurance,
        companyFen: total - driver - insurance,
      };
    }
    if (rows.length < pageRows) return;
    before = rawNumber(rows[rows.length - 1]!.id);
  }
}

/** One order's row and its detail columns (scope applied), or undefined. */
export async function findOrder(db: DbOrTx, scope: OrderScope, id: number) {
  const [r] = await rowsOf<
    RowDb & {
      contract_no: string | null;
      accident_id: RawNumber | null;
      photos: string[];
      parts_fen: RawNumber;
      labour_fen: RawNumber;
      driver_share_fen: RawNumber;
      insurance_share_fen: RawNumber;
      approval_request_id: RawNumber | null;
      car_status_before: string | null;
      device_id: RawNumber | null;
      address: string | null;
      contact_name: string | null;
      contact_phone: string | null;
      appointment_at: RawTime | null;
      cancel_reason: string | null;
      created_by_name: string | null;
      settled_at: RawTime | null;
      picked_up_at: RawTime | null;
    }
  >(
    db,
    sql`select ${ROW_COLUMNS}, k.number as contract_no, o.accident_id, o.photos, o.parts_fen, o.labour_fen,
        o.driver_share_fen, o.insurance_share_fen, o.approval_request_id, o.car_status_before, o.device_id, o.address,
        o.contact_name, o.contact_phone, o.appointment_at, o.cancel_reason, u.name as created_by_name, o.settled_at,
        o.picked_up_at
      from maintenance_work_orders o ${ROW_JOINS}
      left join rental_contracts k on k.tenant_id = o.tenant_id and k.id = o.contract_id
      left join users u on u.tenant_id = o.tenant_id and u.id = o.created_by
      where ${scopeSql(scope)} and o.id = ${id}`,
  );
  if (!r) return undefined;
  const total = rawNumber(r.total_fen);
  const driver = rawNumber(r.driver_share_fen);
  const insurance = rawNumber(r.insurance_share_fen);
  return {
    ...toRow(r),
    contractNo: r.contract_no,
    accidentId: rawNumberOrNull(r.accident_id),
    photoUrls: r.photos ?? [],
    parts: fenToYuan(rawNumber(r.parts_fen)),
    labour: fenToYuan(rawNumber(r.labour_fen)),
    driverShare: fenToYuan(driver),
    insuranceShare: fenToYuan(insurance),
    companyShare: fenToYuan(total - driver - insurance),
    approvalRequestId: rawNumberOrNull(r.approval_request_id),
    carStatusBefore: r.car_status_before,
    deviceId: rawNumberOrNull(r.device_id),
    address: r.address,
    contactName: r.contact_name,
    contactPhone: r.contact_phone,
    appointmentAt: rawIsoOrNull(r.appointment_at),
    cancelReason: r.cancel_reason,
    createdByName: r.created_by_name,
    settledAt: rawIsoOrNull(r.settled_at),
    pickedUpAt: rawIsoOrNull(r.picked_up_at),
  };
}

export async function orderLines(db: DbOrTx, tenantId: number, orderId: number): Promise<OrderLine[]> {
  const rows = await rowsOf<{
    id: RawNumber;
    kind: 'part' | 'labour';
    name: string;
    part_no: string | null;
    quantity: string | number | null;
    hours: string | number | null;
    unit_price_fen: RawNumber | null;
    rate_fen: RawNumber | null;
    amount_fen: RawNumber;
  }>(
    db,
    sql`select id, kind, name, part_no, quantity, hours, unit_price_fen, rate_fen, amount_fen
      from maintenance_order_lines where tenant_id = ${tenantId} and order_id = ${orderId} order by id`,
  );
  return rows.map((r) => ({
    id: rawNumber(r.id),
    kind: r.kind,
    name: r.name,
    partNo: r.part_no,
    quantity: r.quantity == null ? null : Number(r.quantity),
    hours: r.hours == null ? null : Number(r.hours),
    unitPrice: r.unit_price_fen == null ? null : fenToYuan(rawNumber(r.unit_price_fen)),
    rate: r.rate_fen == null ? null : fenToYuan(rawNumber(r.rate_fen)),
    amount: fenToYuan(rawNumber(r.amount_fen)),
  }));
}

export async function orderEvents(db: DbOrTx, tenantId: number, orderId: number) {
  const rows = await rowsOf<{
    id: RawNumber;
    kind: OrderEventKind;
    text_key: string;
    text_params: TextParams | string | null;
    user_name: string | null;
    at: RawTime;
  }>(
    db,
    sql`select e.id, e.kind, e.text_key, e.text_params, u.name as user_name, e.at
      from maintenance_order_events e left join users u on u.tenant_id = e.tenant_id and u.id = e.user_id
      where e.tenant_id = ${tenantId} and e.order_id = ${orderId} order by e.id`,
  );
  return rows.map((r) => ({
    id: rawNumber(r.id),
    kind: r.kind,
    text: {
      key: r.text_key,
      params: (typeof r.text_params === 'string' ? JSON.parse(r.text_params) : r.text_params) ?? {},
    } as KeyedText,
    userName: r.user_name,
    at: rawIso(r.at),
  }));
}

/** The scope of a request: its rents and, for a workshop's sign-in, its workshops. */
export function orderScopeOf(
  ctx: Pick<RequestContext, 'tenantId' | 'rentIds'> & { workshopIds?: readonly number[] | undefined },
): OrderScope {
  return { tenantId: ctx.tenantId, rentIds: ctx.rentIds, workshopIds: ctx.workshopIds };
}
