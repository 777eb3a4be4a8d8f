import { sql, type SQL } from 'drizzle-orm';
import { fenToYuan, yuanToFen } from '@fleetdesk/contracts/common';
import {
  GPS_ORDER_KINDS,
  WORK_ORDER_KIND_TITLES,
  WORK_ORDER_KINDS,
  WORK_ORDER_STATE_TITLES,
  WORK_ORDER_TRANSITIONS,
  settlementSplit,
  type OrderCancelInput,
  type OrderCompleteInput,
  type OrderEnterInput,
  type OrderLinesInput,
  type OrderPickUpInput,
  type OrderSettleInput,
  type OrderVersionInput,
  type WorkOrderAction,
  type WorkOrderCreateInput,
  type WorkOrderDetail,
  type WorkOrderKind,
  type WorkOrderListQuery,
  type WorkOrderUpdateInput,
} from '@fleetdesk/contracts/maintenance';
import { hasPermission, rentInScope, type RequestContext } from '../../core/access.js';
import {
  EXPORT_PAGE_ROWS,
  rawNumber,
  rawNumberOrNull,
  rowsOf,
  type DbOrTx,
  type RawNumber,
  type Tx,
} from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { ConflictError, invalidField, NotFoundError } from '../../core/errors.js';
import { renderText, translate, type KeyedText } from '../../core/i18n.js';
import { localDate, tenantDays } from '../../core/tenant-time.js';
import {
  findForBusiness,
  startApproval,
  withdrawRequestInTx,
  type ApprovalOutcome,
  type ApprovalTypeDefinition,
} from '../approvals/approvals.service.js';
import { checkCentre, postVehicleCost } from '../cost-centres/cost-centres.service.js';
import { addLiveLineInTx } from '../rental-contracts/rental-contracts.service.js';
import { tenantRules } from '../settings/settings.service.js';
import { storedFileUrl } from '../files/files.service.js';
import { recordMileageInTx, workshopInInTx, workshopOutInTx } from '../vehicles/vehicles.service.js';
import { refreshDue } from './due.service.js';
import * as repo from './work-orders.repository.js';
import type { LockedOrder, OrderScope } from './work-orders.repository.js';
import './orders.messages.js';

type Ctx = RequestContext;

/** The caller's work-order scope: his rents, and a workshop's sign-in only its workshops' orders. */
export function orderScope(ctx: Ctx): OrderScope {
  return repo.orderScopeOf(ctx);
}

const amountParam = (fen: number) => fenToYuan(fen);

function stateRefused(ctx: Pick<Ctx, 'lang'>, state: string, action: WorkOrderAction): ConflictError {
  return new ConflictError('maintenance.order.state', {
    state: WORK_ORDER_STATE_TITLES[state as keyof typeof WORK_ORDER_STATE_TITLES][ctx.lang],
    action: translate(ctx.lang, `maintenance.order.action.${action}`),
  });
}

/** Locks the order (404 outside the scope), checks the version (409) and that `action` is allowed in its state. */
async function lockFor(
  tx: DbOrTx,
  ctx: Ctx,
  id: number,
  action: WorkOrderAction,
  version: number | null,
): Promise<LockedOrder> {
  const order = await repo.lockOrder(tx, orderScope(ctx), id);
  if (!order) throw new NotFoundError('maintenance.order.notFound');
  if (version !== null && order.version !== version) throw new ConflictError('maintenance.order.changed');
  if (!WORK_ORDER_TRANSITIONS[order.state].includes(action)) throw stateRefused(ctx, order.state, action);
  return order;
}

// ------------------------------------------------------------------------------------------ references

interface CarRow {
  id: number;
  rentId: number;
  plate: string;
  status: string;
  mileageKm: number;
}

/** A car of the caller's rents (404 for any other: another tenant's, another rent's, deleted). */
async function carInScope(db: DbOrTx, ctx: Pick<Ctx, 'tenantId' | 'rentIds'>, carId: number): Promise<CarRow> {
  const [c] = await rowsOf<{ id: RawNumber; rent_id: RawNumber; plate: string; status: string; mileage_km: RawNumber }>(
    db,
    sql`select id, rent_id, plate, status, mileage_km from cars
      where tenant_id = ${ctx.tenantId} and id = ${carId} and deleted_at is null`,
  );
  if (!c || !ctx.rentIds.includes(rawNumber(c.rent_id))) throw new NotFoundError('maintenance.order.carNotFound');
  return {
    id: rawNumber(c.id),
    rentId: rawNumber(c.rent_id),
    plate: c.plate,
    status: c.status,
    mileageKm: rawNumber(c.mileage_km),
  };
}

/**
 * Who has the car now: the driver and contract of its open usage period, else of its live (signed) contract; with
 * `driverId` given, that driver and his live contract on this car if he has one.
 */
async function driverAndContract(
  db: DbOrTx,
  tenantId: number,
  carId: number,
  driverId: number | null | undefined,
): Promise<{ driverId: number | null; contractId: number | null }> {
  if (driverId) {
    const [d] = await rowsOf<{ id: RawNumber }>(
      db,
      sql`select id from drivers where tenant_id = ${tenantId} and id = ${driverId} and deleted_at is null`,
    );
    if (!d) throw invalidField('driverId', 'maintenance.order.driverNotFound');
  }
  const byDriver = driverId ? sql` and k.driver_id = ${driverId}` : sql``;
  const [live] = await rowsOf<{ driver_id: RawNumber; contract_id: RawNumber }>(
    db,
    sql`select driver_id, contract_id from (
        select p.driver_id, p.contract_id, 0 as rank, p.from_at as at from car_usage_periods p
          join rental_contracts k on k.tenant_id = p.tenant_id and k.id = p.contract_id
          where p.tenant_id = ${tenantId} and p.car_id = ${carId} and p.to_at is null${byDriver}
        union all
        select k.driver_id, k.id, 1, k.created_at from rental_contracts k
          where k.tenant_id = ${tenantId} and k.car_id = ${carId} and k.state = 'signed'${byDriver}
      ) x order by rank, at desc limit 1`,
  );
  if (live) return { driverId: rawNumber(live.driver_id), contractId: rawNumber(live.contract_id) };
  return { driverId: driverId ?? null, contractId: null };
}

/** An enabled workshop of the tenant serving the car's rent (or the whole company). */
async function checkWorkshop(db: DbOrTx, tenantId: number, workshopId: number, rentId: number, field = 'workshopId') {
  const [w] = await rowsOf<{ id: RawNumber; name: string }>(
    db,
    sql`select id, name from maintenance_workshops where tenant_id = ${tenantId} and id = ${workshopId}
      and enabled and (rent_id is null or rent_id = ${rentId})`,
  );
  if (!w) throw invalidField(field, 'maintenance.order.workshopNotFound');
  return { id: rawNumber(w.id), name: w.name };
}

async function checkAccident(db: DbOrTx, tenantId: number, accidentId: number, carId: number) {
  const [a] = await rowsOf<{ id: RawNumber }>(
    db,
    sql`select id from accidents where tenant_id = ${tenantId} and id = ${accidentId} and car_id = ${carId}`,
  );
  if (!a) throw invalidField('accidentId', 'maintenance.order.accidentNotFound');
}

async function checkDevice(db: DbOrTx, tenantId: number, deviceId: number, carId: number) {
  const [d] = await rowsOf<{ id: RawNumber }>(
    db,
    sql`select id from gps_devices where tenant_id = ${tenantId} and id = ${deviceId} and car_id = ${carId}`,
  );
  if (!d) throw invalidField('deviceId', 'maintenance.order.deviceNotOnCar');
}

type OrderFields = Omit<WorkOrderCreateInput, 'carId'>;

/** The columns the form writes (create and update), after the references are checked. */
async function formColumns(tx: DbOrTx, deps: AppDeps, ctx: Ctx, car: CarRow, input: OrderFields): Promise<SQL> {
  if (input.workshopId) await checkWorkshop(tx, ctx.tenantId, input.workshopId, car.rentId);
  if (input.accidentId) await checkAccident(tx, ctx.tenantId, input.accidentId, car.id);
  if (input.deviceId) await checkDevice(tx, ctx.tenantId, input.deviceId, car.id);
  const photos = await Promise.all(
    input.photos.map((url, i) => storedFileUrl(tx, deps, ctx.tenantId, url, `photos.${i}`)),
  );
  const gps = GPS_ORDER_KINDS.includes(input.kind);
  return sql`kind = ${input.kind}, workshop_id = ${input.workshopId ?? null}, problem = ${input.problem},
    accident_id = ${input.accidentId ?? null}, photos = ${`{${photos.map((p) => JSON.stringify(p)).join(',')}}`}::text[],
    mileage_in = ${input.mileageIn ?? null}, planned_start = ${input.plannedStart}, planned_end = ${input.plannedEnd ?? null},
    estimate_fen = ${yuanToFen(input.estimate)}, payer = ${input.payer},
    device_id = ${gps ? (input.deviceId ?? null) : null}, address = ${gps ? (input.address ?? null) : null},
    contact_name = ${gps ? (input.contactName ?? null) : null}, contact_phone = ${gps ? (input.contactPhone ?? null) : null},
    appointment_at = ${gps && input.appointmentAt ? input.appointmentAt : null}`;
}

// ------------------------------------------------------------------------------------------ create / update

/**
 * Reports a work order (state `reported`): the car of the caller's rents, the driver and live contract found from
 * who has the car now unless a driver is named, a number of the tenant's day. Answers the new order's id.
 */
export async function createOrderInTx(
  tx: DbOrTx,
  deps: AppDeps,
  ctx: Ctx,
  input: WorkOrderCreateInput,
  text?: KeyedText,
): Promise<number> {
  const car = await carInScope(tx, ctx, input.carId);
  if (car.status === 'sold' || car.status === 'scrapped') throw new ConflictError('maintenance.order.carFinal');
  const who = await driverAndContract(tx, ctx.tenantId, car.id, input.driverId);
  const now = deps.clock.now();
  const { today } = await tenantDays(tx, ctx.tenantId, now);
  const number = await repo.nextOrderNumber(tx, ctx.tenantId, today);
  const [row] = await rowsOf<{ id: RawNumber }>(
    tx,
    sql`insert into maintenance_work_orders (tenant_id, number, rent_id, car_id, driver_id, contract_id, kind, state,
        problem, planned_start, created_by, created_at, updated_at)
      values (${ctx.tenantId}, ${number}, ${car.rentId}, ${car.id}, ${who.driverId}, ${who.contractId}, ${input.kind},
        'reported', ${input.problem}, ${input.plannedStart}, ${ctx.userId}, ${now.toISOString()}, ${now.toISOString()})
      returning id`,
  );
  const id = rawNumber(row!.id);
  await tx.execute(
    sql`update maintenance_work_orders set ${await formColumns(tx, deps, ctx, car, input)}
      where tenant_id = ${ctx.tenantId} and id = ${id}`,
  );
  await repo.insertOrderEvent(
    tx,
    ctx,
    id,
    'created',
    text ?? {
      key: 'maintenance.orderEvent.created',
      params: { kind: { title: 'maintenanceOrderKind', value: input.kind }, amount: input.estimate },
    },
    now,
  );
  return id;
}

export async function createOrder(deps: AppDeps, ctx: Ctx, input: WorkOrderCreateInput): Promise<WorkOrderDetail> {
  const id = await deps.events.transaction((tx) => createOrderInTx(tx, deps, ctx, input));
  return getOrder(deps, ctx, id);
}

/** Changes a reported or approved order's form (the car stays; the driver is found again when not named). */
export async function updateOrder(deps: AppDeps, ctx: Ctx, input: WorkOrderUpdateInput): Promise<WorkOrderDetail> {
  await deps.events.transaction(async (tx) => {
    const order = await lockFor(tx, ctx, input.id, 'update', input.version);
    const car = await carInScope(tx, ctx, order.carId);
    const who = await driverAndContract(tx, ctx.tenantId, car.id, input.driverId);
    const now = deps.clock.now();
    await repo.setOrder(
      tx,
      ctx.tenantId,
      order.id,
      sql`${await formColumns(tx, deps, ctx, car, input)}, driver_id = ${who.driverId}, contract_id = ${who.contractId}`,
      now,
    );
    await repo.insertOrderEvent(tx, ctx, order.id, 'updated', { key: 'maintenance.orderEvent.updated' }, now);
  });
  return getOrder(deps, ctx, input.id);
}

// ------------------------------------------------------------------------------------------ reads

/** What the caller may do with an order in `state`: the state's actions his permissions allow. */
export function actionsFor(
  ctx: Pick<Ctx, 'permissions'>,
  state: keyof typeof WORK_ORDER_TRANSITIONS,
): WorkOrderAction[] {
  const can = (code: string) => hasPermission(ctx.permissions, code);
  const allowed: Record<WorkOrderAction, boolean> = {
    update: can('maintenance:edit'),
    submit: can('maintenance:edit'),
    enter: can('maintenance:edit'),
    cancel: can('maintenance:edit'),
    lines: can('maintenance:edit') || can('maintenance:complete'),
    complete: can('maintenance:complete'),
    settle: can('maintenance:settle'),
    pickUp: can('maintenance:settle'),
  };
  return WORK_ORDER_TRANSITIONS[state].filter((a) => allowed[a]);
}

export async function getOrder(deps: AppDeps, ctx: Ctx, id: number): Promise<WorkOrderDetail> {
  const row = await repo.findOrder(deps.db, orderScope(ctx), id);
  if (!row) throw new NotFoundError('maintenance.order.notFound');
  const [lines, events] = await Promise.all([
    repo.orderLines(deps.db, ctx.tenantId, id),
    repo.orderEvents(deps.db, ctx.tenantId, id),
  ]);
  const { photoUrls, ...rest } = row;
  return {
    ...rest,
    photos: photoUrls.map((url) => ({ url, signedUrl: deps.fileUrls.sign(ctx.tenantId, url) ?? url })),
    lines,
    events: events.map((e) => ({
      id: e.id,
      kind: e.kind,
      text: renderText(ctx.lang, e.text),
      userName: e.userName,
      at: e.at,
    })),
    actions: actionsFor(ctx, row.state),
  };
}

async function whereOf(deps: AppDeps, ctx: Ctx, f: repo.OrderFilter): Promise<SQL> {
  rentInScope(ctx, f.rentId);
  const days = await tenantDays(deps.db, ctx.tenantId, deps.clock.now());
  return repo.filterSql(orderScope(ctx), f, days.startOf);
}

export async function listOrders(deps: AppDeps, ctx: Ctx, q: WorkOrderListQuery) {
  const where = await whereOf(deps, ctx, q);
  return repo.listOrders(deps.db, where, q.pageSize, (q.pageNum - 1) * q.pageSize);
}

export async function ordersForExport(deps: AppDeps, ctx: Ctx, f: repo.OrderFilter) {
  return repo.orderPages(deps.db, await whereOf(deps, ctx, f), EXPORT_PAGE_ROWS);
}

// ------------------------------------------------------------------------------------------ transitions

const event = repo.insertOrderEvent;

/**
 * Submits a reported order: approved at once when its estimate is at most the company's `approvalAbove` (or the
 * rule is off), else `approving` with a `maintenanceOrder` approval request (whose outcome comes back through
 * `maintenanceOrderHooks`). A tenant without an enabled flow of the type approves at once, as financing does.
 */
export async function submitOrder(deps: AppDeps, ctx: Ctx, id: number, input: OrderVersionInput) {
  await deps.events.transaction(async (tx) => {
    const order = await lockFor(tx, ctx, id, 'submit', input.version);
    const now = deps.clock.now();
    const rules = await tenantRules(tx, ctx.tenantId);
    const limit = rules.maintenance.approvalAbove;
    const amount = amountParam(order.estimateFen);
    if (limit != null && order.estimateFen > yuanToFen(limit)) {
      // Marked first: an approval the engine decides at once (no step applies) runs onOutcome inside startApproval.
      await repo.setOrder(tx, ctx.tenantId, id, sql`state = 'approving'`, now);
      const requestId = await askApproval(tx as Tx, deps, ctx, order);
      if (requestId !== null) {
        await tx.execute(sql`update maintenance_work_orders set approval_request_id = ${requestId}
          where tenant_id = ${ctx.tenantId} and id = ${id}`);
        await event(
          tx,
          ctx,
          id,
          'approvalAsked',
          {
            key: 'maintenance.orderEvent.approvalAsked',
            params: { amount, limit: `¥${limit.toFixed(2)}`, requestId },
          },
          now,
        );
        return;
      }
    }
    await repo.setOrder(tx, ctx.tenantId, id, sql`state = 'approved'`, now);
    await event(tx, ctx, id, 'submitted', { key: 'maintenance.orderEvent.submittedApproved', params: { amount } }, now);
  });
  return getOrder(deps, ctx, id);
}

async function askApproval(tx: Tx, deps: AppDeps, ctx: Ctx, order: LockedOrder): Promise<number | null> {
  const amount = amountParam(order.estimateFen);
  try {
    const request = await tx.transaction((sp) =>
      startApproval(
        sp as Tx,
        deps,
        { ...ctx, rentId: order.rentId },
        {
          businessType: 'maintenanceOrder',
          businessId: String(order.id),
          summary: translate('zh-CN', 'maintenance.order.approvalSummary', {
            number: order.number,
            plate: order.plate,
            amount,
          }),
          form: {
            number: order.number,
            plateNo: order.plate,
            kind: order.kind,
            amount,
            reason: null,
          },
          attachments: [],
        },
      ),
    );
    return request.id;
  } catch (err) {
    if (err instanceof ConflictError && err.messageKey === 'approval.noFlow') return null;
    throw err;
  }
}

/** What a decided `maintenanceOrder` request does to its order (still `approving`; else nothing). */
async function onApprovalOutcome({ tx, request, outcome, actorId, now }: ApprovalOutcome): Promise<void> {
  if (!request.businessId) return;
  const tenantId = request.tenantId;
  const id = Number(request.businessId);
  const [o] = await rowsOf<{ state: string }>(
    tx,
    sql`select state from maintenance_work_orders where tenant_id = ${tenantId} and id = ${id} for update`,
  );
  if (!o || o.state !== 'approving') return;
  const who = { tenantId, userId: actorId };
  if (outcome === 'approved') {
    await repo.setOrder(tx, tenantId, id, sql`state = 'approved'`, now);
    await event(tx, who, id, 'approved', { key: 'maintenance.orderEvent.approved' }, now);
    return;
  }
  await repo.setOrder(tx, tenantId, id, sql`state = 'reported'`, now);
  if (outcome === 'withdrawn') {
    await event(tx, who, id, 'rejected', { key: 'maintenance.orderEvent.withdrawn' }, now);
    return;
  }
  const [c] = await rowsOf<{ comment: string | null }>(
    tx,
    sql`select comment from approval_history where tenant_id = ${tenantId} and request_id = ${request.id}
      and action = 'reject' order by id desc limit 1`,
  );
  await event(
    tx,
    who,
    id,
    'rejected',
    { key: 'maintenance.orderEvent.rejected', params: { reason: c?.comment ?? '' } },
    now,
  );
}

const t = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

/** The `maintenanceOrder` approval type (registered by orders.register.ts). */
export const MAINTENANCE_ORDER_APPROVAL: ApprovalTypeDefinition = {
  code: 'maintenanceOrder',
  name: t('维修工单审批', 'Work order approval'),
  area: 'maintenance',
  manual: false,
  amountField: 'amount',
  fields: [
    { key: 'number', label: t('工单号', 'Work order'), kind: 'text', required: true, max: 40 },
    { key: 'plateNo', label: t('车牌号', 'Plate number'), kind: 'text', required: true, max: 20 },
    {
      key: 'kind',
      label: t('维修类型', 'Kind'),
      kind: 'select',
      required: true,
      options: WORK_ORDER_KINDS.map((k) => ({ value: k, label: WORK_ORDER_KIND_TITLES[k] })),
    },
    { key: 'amount', label: t('预估金额（元）', 'Estimate (yuan)'), kind: 'money', required: true, max: 10_000_000 },
    { key: 'reason', label: t('说明', 'Details'), kind: 'textarea', required: false, max: 500 },
  ],
  onOutcome: onApprovalOutcome,
};

/** Another open order of the car in a workshop (a car is in one workshop at a time). */
async function openInWorkshop(tx: DbOrTx, tenantId: number, carId: number, exceptId: number) {
  const [o] = await rowsOf<{ number: string }>(
    tx,
    sql`select number from maintenance_work_orders where tenant_id = ${tenantId} and car_id = ${carId}
      and state = 'in_workshop' and id <> ${exceptId} limit 1`,
  );
  return o?.number ?? null;
}

/** Sends an approved order into the workshop: the car goes to `maintenance`, remembering idle or rented. */
export async function enterOrder(deps: AppDeps, ctx: Ctx, id: number, input: OrderEnterInput) {
  await deps.events.transaction(async (tx) => {
    const order = await lockFor(tx, ctx, id, 'enter', input.version);
    const workshopId = input.workshopId ?? order.workshopId;
    if (!workshopId) throw invalidField('workshopId', 'maintenance.order.workshopRequired');
    const workshop = await checkWorkshop(tx, ctx.tenantId, workshopId, order.rentId);
    const other = await openInWorkshop(tx, ctx.tenantId, order.carId, id);
    if (other) throw new ConflictError('maintenance.order.carInWorkshop', { number: other });
    const remark = translate('zh-CN', 'maintenance.order.carRemark', { number: order.number });
    const car = await workshopInInTx(tx, deps, ctx, order.carId, remark);
    const now = deps.clock.now();
    const [m] = await rowsOf<{ mileage_km: RawNumber }>(
      tx,
      sql`select mileage_km from cars where tenant_id = ${ctx.tenantId} and id = ${order.carId}`,
    );
    const mileageIn = input.mileageIn ?? order.mileageIn ?? rawNumber(m?.mileage_km ?? 0);
    const start = input.actualStart ?? now.toISOString();
    await repo.setOrder(
      tx,
      ctx.tenantId,
      id,
      sql`state = 'in_workshop', workshop_id = ${workshopId}, car_status_before = ${car.from},
        mileage_in = ${mileageIn}, actual_start = ${start}`,
      now,
    );
    await event(
      tx,
      ctx,
      id,
      'entered',
      {
        key: 'maintenance.orderEvent.entered',
        params: { workshop: workshop.name, km: mileageIn },
      },
      now,
    );
  });
  return getOrder(deps, ctx, id);
}

/** Replaces the parts and labour lines (approved or in the workshop; the workshop's sign-in may). */
export async function replaceOrderLines(deps: AppDeps, ctx: Ctx, id: number, input: OrderLinesInput) {
  await deps.events.transaction(async (tx) => {
    const order = await lockFor(tx, ctx, id, 'lines', input.version);
    const now = deps.clock.now();
    const sums = await repo.replaceLines(tx, ctx.tenantId, id, input.lines, now);
    await repo.setOrder(tx, ctx.tenantId, id, sql`state = ${order.state}`, now);
    await event(
      tx,
      ctx,
      id,
      'linesChanged',
      {
        key: 'maintenance.orderEvent.linesChanged',
        params: { count: input.lines.length, amount: amountParam(sums.totalFen) },
      },
      now,
    );
  });
  return getOrder(deps, ctx, id);
}

/**
 * The workshop's completion: the actual end, the mileage out (at least the mileage in), the lines if given. A done
 * `service` order becomes the car's baseline: its due row is computed again in the same transaction.
 */
export async function completeOrder(deps: AppDeps, ctx: Ctx, id: number, input: OrderCompleteInput) {
  await deps.events.transaction(async (tx) => {
    const order = await lockFor(tx, ctx, id, 'complete', input.version);
    if (order.mileageIn != null && input.mileageOut < order.mileageIn) {
      throw invalidField('mileageOut', 'maintenance.order.mileageOut', { out: input.mileageOut, in: order.mileageIn });
    }
    const end = new Date(input.actualEnd);
    if (order.actualStart && end < order.actualStart)
      throw invalidField('actualEnd', 'maintenance.order.endBeforeStart');
    const now = deps.clock.now();
    const total = input.lines
      ? (await repo.replaceLines(tx, ctx.tenantId, id, input.lines, now)).totalFen
      : order.totalFen;
    await repo.setOrder(
      tx,
      ctx.tenantId,
      id,
      sql`state = 'done', actual_end = ${end.toISOString()}, mileage_out = ${input.mileageOut}`,
      now,
    );
    await recordMileageInTx(tx, deps, ctx, order.carId, input.mileageOut);
    await event(
      tx,
      ctx,
      id,
      'completed',
      {
        key: input.note ? 'maintenance.orderEvent.completedNote' : 'maintenance.orderEvent.completed',
        params: { km: input.mileageOut, amount: amountParam(total), ...(input.note ? { note: input.note } : {}) },
      },
      now,
    );
    if (order.kind === 'service') await refreshDue(tx, ctx.tenantId, [order.carId], now);
  });
  return getOrder(deps, ctx, id);
}

/**
 * Settles a done order: who pays what (contracts `settlementSplit`), the company's part posted once as a vehicle
 * cost (category `maintenance`, source (`maintenance`, order id)), the driver's share a `repair` line of the order's
 * live contract, the insurer's share only with the accident — all in one transaction.
 */
export async function settleOrder(deps: AppDeps, ctx: Ctx, id: number, input: OrderSettleInput) {
  await deps.events.transaction(async (tx) => {
    const order = await lockFor(tx, ctx, id, 'settle', input.version);
    const split = settlementSplit(
      order.totalFen,
      input.payer,
      input.driverShare == null ? null : yuanToFen(input.driverShare),
      input.insuranceShare == null ? null : yuanToFen(input.insuranceShare),
    );
    if (!split) {
      throw invalidField(input.insuranceShare != null ? 'insuranceShare' : 'driverShare', 'maintenance.order.shares', {
        total: fenToYuan(order.totalFen).toFixed(2),
      });
    }
    if (split.insuranceFen > 0 && order.accidentId == null) {
      throw invalidField('insuranceShare', 'maintenance.order.accidentRequired');
    }
    const now = deps.clock.now();
    const { today } = await tenantDays(tx, ctx.tenantId, now);
    const rules = await tenantRules(tx, ctx.tenantId);
    if (input.costCentreId != null) await checkCentre(tx, ctx.tenantId, input.costCentreId, 'costCentreId');
    await postVehicleCost(
      tx,
      ctx.tenantId,
      { own: input.costCentreId ?? null, fallback: rules.costs.vehicleCostCentreId },
      {
        category: 'maintenance',
        sourceType: 'maintenance',
        sourceId: String(id),
        amountFen: split.companyFen,
        occurredOn: today,
        description: `${order.number} ${order.plate}`,
        createdBy: ctx.userId,
      },
    );
    await repo.setOrder(
      tx,
      ctx.tenantId,
      id,
      sql`state = 'settled', payer = ${input.payer}, driver_share_fen = ${split.driverFen},
        insurance_share_fen = ${split.insuranceFen}, settled_at = ${now.toISOString()}`,
      now,
    );
    await event(
      tx,
      ctx,
      id,
      'settled',
      {
        key: 'maintenance.orderEvent.settled',
        params: {
          payer: { title: 'maintenancePayer', value: input.payer },
          companyAmount: amountParam(split.companyFen),
          driverAmount: amountParam(split.driverFen),
          insuranceAmount: amountParam(split.insuranceFen),
        },
      },
      now,
    );
    if (split.driverFen > 0) {
      if (order.contractId == null) throw new ConflictError('maintenance.order.noLiveContract');
      const line = await addLiveLineInTx(
        tx,
        ctx,
        order.contractId,
        {
          type: 'repair',
          dueDate: today,
          amount: fenToYuan(split.driverFen),
          remark: translate('zh-CN', 'maintenance.order.lineRemark', { number: order.number }),
        },
        { key: 'maintenance.order.noLiveContract' },
      );
      await event(
        tx,
        ctx,
        id,
        'settled',
        {
          key: 'maintenance.orderEvent.driverLine',
          params: { amount: amountParam(split.driverFen), contractNo: line.contractNo },
        },
        now,
      );
    }
  });
  return getOrder(deps, ctx, id);
}

/** Where the car goes back to: `rented` if it came from rented and a contract of it is still live, else `idle`. */
async function statusBack(tx: DbOrTx, tenantId: number, order: LockedOrder): Promise<'idle' | 'rented'> {
  if (order.carStatusBefore !== 'rented') return 'idle';
  const [k] = await rowsOf<{ id: RawNumber }>(
    tx,
    sql`select id from rental_contracts where tenant_id = ${tenantId} and car_id = ${order.carId} and state = 'signed' limit 1`,
  );
  return k ? 'rented' : 'idle';
}

async function carBack(tx: DbOrTx, deps: AppDeps, ctx: Ctx, order: LockedOrder): Promise<'idle' | 'rented' | null> {
  if (order.carStatusBefore == null) return null;
  const to = await statusBack(tx, ctx.tenantId, order);
  const remark = translate('zh-CN', 'maintenance.order.carRemark', { number: order.number });
  return (await workshopOutInTx(tx, deps, ctx, order.carId, to, remark)) ? to : null;
}

/** The car is picked up after settlement: back to `rented` (its contract still live) or `idle`. */
export async function pickUpOrder(deps: AppDeps, ctx: Ctx, id: number, input: OrderPickUpInput) {
  await deps.events.transaction(async (tx) => {
    const order = await lockFor(tx, ctx, id, 'pickUp', input.version);
    const now = deps.clock.now();
    const to = await carBack(tx, deps, ctx, order);
    await repo.setOrder(tx, ctx.tenantId, id, sql`state = 'picked_up', picked_up_at = ${now.toISOString()}`, now);
    await event(
      tx,
      ctx,
      id,
      'pickedUp',
      {
        key: 'maintenance.orderEvent.pickedUp',
        params: { status: { title: 'maintenanceCarStatus', value: to ?? 'idle' } },
      },
      now,
    );
  });
  return getOrder(deps, ctx, id);
}

/**
 * Cancels an order before it is done: an open approval request is withdrawn (for its applicant), a car in the
 * workshop goes back as at pick-up.
 */
export async function cancelOrder(deps: AppDeps, ctx: Ctx, id: number, input: OrderCancelInput) {
  await deps.events.transaction(async (tx) => {
    const order = await lockFor(tx, ctx, id, 'cancel', input.version);
    const now = deps.clock.now();
    // Cancelled first: the withdrawal's outcome then finds no `approving` order and leaves it.
    await repo.setOrder(tx, ctx.tenantId, id, sql`state = 'cancelled', cancel_reason = ${input.reason}`, now);
    if (order.state === 'approving' && order.approvalRequestId != null) {
      const request = await findForBusiness(tx, ctx.tenantId, 'maintenanceOrder', String(id));
      if (request && request.status === 'pending') {
        await withdrawRequestInTx(tx as Tx, deps, { ...ctx, userId: request.applicantId }, request.id);
      }
    }
    if (order.state === 'in_workshop') await carBack(tx, deps, ctx, order);
    await event(
      tx,
      ctx,
      id,
      'cancelled',
      { key: 'maintenance.orderEvent.cancelled', params: { reason: input.reason } },
      now,
    );
  });
  return getOrder(deps, ctx, id);
}

// ------------------------------------------------------------------------------------------ the GPS call

/** The answer of `POST /api/ccwgps/workMaintainOrder/create` (contracts gps.ts `WorkOrder`), as before. */
export interface GpsWorkOrderAnswer {
  id: number;
  kind: 'install' | 'repair';
  carId: number;
  deviceId: number | null;
  status: string;
  createdAt: string;
}

/**
 * The GPS area's install or repair order (`workMaintainOrder/create`, same request and answer as before issue 31):
 * a maintenance work order of kind `gps_install` or `gps_repair`, reported today; `status` answers `open` while the
 * order is not done (as the old `gps_work_orders` did).
 */
export async function createGpsWorkOrder(
  deps: AppDeps,
  ctx: Ctx,
  input: {
    kind: 'install' | 'repair';
    carId: number;
    deviceId: number | null;
    address: string;
    contactName: string;
    contactPhone: string;
    appointmentAt: string | null;
    remark: string | null;
  },
): Promise<GpsWorkOrderAnswer> {
  const kind: WorkOrderKind = input.kind === 'install' ? 'gps_install' : 'gps_repair';
  const id = await deps.events.transaction(async (tx) => {
    const { today, timeZone } = await tenantDays(tx, ctx.tenantId, deps.clock.now());
    const problem = input.remark && input.remark.length >= 2 ? input.remark : WORK_ORDER_KIND_TITLES[kind]['zh-CN'];
    return createOrderInTx(
      tx,
      deps,
      ctx,
      {
        carId: input.carId,
        kind,
        problem,
        photos: [],
        plannedStart: input.appointmentAt ? localDate(timeZone, new Date(input.appointmentAt)) : today,
        estimate: 0,
        payer: 'company',
        deviceId: input.deviceId,
        address: input.address,
        contactName: input.contactName,
        contactPhone: input.contactPhone,
        appointmentAt: input.appointmentAt,
      },
      {
        key: 'maintenance.orderEvent.createdGps',
        params: {
          kind: { title: 'maintenanceOrderKind', value: kind },
          contact: `${input.contactName} ${input.contactPhone}`,
        },
      },
    );
  });
  const [r] = await rowsOf<{
    id: RawNumber;
    car_id: RawNumber;
    device_id: RawNumber | null;
    state: string;
    created_at: Date | string;
  }>(
    deps.db,
    sql`select id, car_id, device_id, state, created_at from maintenance_work_orders
      where tenant_id = ${ctx.tenantId} and id = ${id}`,
  );
  return {
    id,
    kind: input.kind,
    carId: rawNumber(r!.car_id),
    deviceId: rawNumberOrNull(r!.device_id),
    status: gpsStatusOf(r!.state),
    createdAt: new Date(r!.created_at).toISOString(),
  };
}

/** The old GPS work order's status of a maintenance state: `open` until done, then `done`, or `cancelled`. */
export function gpsStatusOf(state: string): string {
  if (state === 'cancelled') return 'cancelled';
  return ['done', 'settled', 'picked_up'].includes(state) ? 'done' : 'open';
}
