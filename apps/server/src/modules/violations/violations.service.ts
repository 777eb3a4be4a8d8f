import type { DbOrTx } from '../../core/db.js';
import { fenToYuan, yuanToFen } from '@fleetdesk/contracts/common';
import { TaskCategory } from '@fleetdesk/contracts/tasks';
import {
  VIOLATION_QUERY_SERVICE,
  type BatchCheck,
  type CarViolationSummary,
  type CarViolationsQuery,
  type LimitRemindCount,
  type OriginalDataQuery,
  type QueryCheck,
  type QueryOrderDetail,
  type Violation,
  type ViolationExportFilter,
  type ViolationInput,
  type ViolationLimitConfig,
  type ViolationListFilter,
  type YearStatistics,
} from '@fleetdesk/contracts/violations';
import { rentInScope, type RequestContext } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { mapLimit } from '../../core/map-limit.js';
import { BadRequestError, ConflictError, invalidField, NotFoundError } from '../../core/errors.js';
import { offsetOf } from '../../core/envelope.js';
import type { ItemOutcome, TaskItem, TaskKind, TaskRunContext } from '../../core/tasks.js';
import { tenantDays } from '../../core/tenant-time.js';
import { checkCentre, postVehicleCost } from '../cost-centres/cost-centres.service.js';
import { tenantRules } from '../settings/settings.service.js';
import { balance as balanceOf, charge, priceService, refundCharge } from '../payments/payments.service.js';
import { ProviderError, tail, type ViolationProvider } from './providers/provider.js';
import * as repo from './violations.repository.js';
import { remindViolationLimits } from './violations.reminders.js';
import './violations.messages.js';

export const VIOLATION_TASK_KIND = 'violations.query';
const QUERY_CONCURRENCY = 4;

/** The provider of each app (set by the routes plugin; tests build their own app and so their own provider). */
const providers = new WeakMap<AppDeps, ViolationProvider>();
export function setProvider(deps: AppDeps, provider: ViolationProvider): void {
  providers.set(deps, provider);
}
export function providerOf(deps: AppDeps): ViolationProvider {
  const p = providers.get(deps);
  if (!p) throw new Error('violations: no provider registered');
  return p;
}

async function startOfDayFn(deps: AppDeps, tenantId: number) {
  const days = await tenantDays(deps.db, tenantId, deps.clock.now());
  return days;
}

/**
 * The day boundaries of a date filter: the tenant's zone is read (a statement and an Intl formatter) only when
 * the filter has dates, like the car list; a list without dates never calls it.
 */
async function dayStartFor(deps: AppDeps, ctx: RequestContext, f: { from?: string; to?: string }) {
  if (!f.from && !f.to) return (d: string) => new Date(`${d}T00:00:00+08:00`);
  return (await startOfDayFn(deps, ctx.tenantId)).startOf;
}

export async function listViolations(deps: AppDeps, ctx: RequestContext, f: ViolationListFilter) {
  rentInScope(ctx, f.rentId);
  const cond = async () => repo.filterWhere(ctx, f, await dayStartFor(deps, ctx, f));
  return repo.listViolations(deps.database, ctx, f, cond, { limit: f.pageSize, offset: offsetOf(f) });
}

export async function violationsForExport(
  deps: AppDeps,
  ctx: RequestContext,
  f: ViolationExportFilter,
): Promise<{ today: string; rows: AsyncGenerator<Violation> }> {
  rentInScope(ctx, f.rentId);
  const days = await startOfDayFn(deps, ctx.tenantId);
  return { today: days.today, rows: repo.allViolations(deps.db, repo.filterWhere(ctx, f, days.startOf)) };
}

export async function getViolation(deps: AppDeps, ctx: RequestContext, id: number): Promise<Violation> {
  const v = await repo.findViolation(deps.db, ctx, id);
  if (!v) throw new NotFoundError('violations.notFound');
  return v;
}

/** Attributes a violation to a driver of the caller's rents, or clears the attribution (null). */
/**
 * Records a violation from a paper ticket (source `manual`) on a car of the caller. Its driver comes from the
 * car's usage period covering the time, as for queried ones (the database trigger, docs/handover.md).
 */
export async function addViolation(deps: AppDeps, ctx: RequestContext, input: ViolationInput): Promise<Violation> {
  const now = deps.clock.now();
  const at = new Date(input.occurredAt);
  if (at.getTime() > now.getTime() + 60_000) throw invalidField('occurredAt', 'violations.future');
  const [car] = await repo.carsInScope(deps.db, ctx, [input.carId]);
  if (!car) throw invalidField('carId', 'violations.carNotFound');
  const minute = at.toISOString().slice(0, 16).replace(/\D/g, '');
  const violationNo = input.violationNo || `SD${car.id}-${minute}`;
  const id = await repo.insertManual(deps.db, {
    tenantId: ctx.tenantId,
    rentId: car.rent_id,
    carId: car.id,
    plate: car.plate,
    violationNo,
    occurredAt: at,
    place: input.place,
    offenceCode: input.offenceCode,
    offenceText: input.offenceText,
    fineFen: yuanToFen(input.fine),
    points: input.points,
    authority: input.authority,
    now,
  });
  if (id === null) throw new ConflictError('violations.duplicateNo', { no: violationNo });
  return getViolation(deps, ctx, id);
}

export async function attribute(deps: AppDeps, ctx: RequestContext, id: number, driverId: number | null) {
  await getViolation(deps, ctx, id);
  // A violation a usage period covers has that period's driver (handover area); only the others are by hand.
  if (await repo.attributedByUsage(deps.db, ctx, id)) throw new ConflictError('violations.attributedByUsage');
  if (driverId !== null && !(await repo.driverInScope(deps.db, ctx, driverId))) {
    throw new BadRequestError('violations.driverNotFound', undefined, [
      { path: 'driverId', message: 'violations.driverNotFound' },
    ]);
  }
  await repo.setDriver(deps.db, ctx, id, driverId, deps.clock.now());
  return getViolation(deps, ctx, id);
}

/**
 * Marks a violation handled (the company paid it and the points were taken) or not. Handling it books its fine
 * (category `violation`, on the day it is handled in the tenant's zone) to the chosen cost centre, else the
 * vehicle cost centre of the settings, else nowhere, in the same transaction; once per violation (handling it
 * again after "not handled" books nothing more).
 */
export async function setHandled(
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  handled: boolean,
  costCentreId?: number | null,
) {
  await getViolation(deps, ctx, id);
  await deps.db.transaction(async (tx) => {
    const own = handled && costCentreId != null ? (await checkCentre(tx, ctx.tenantId, costCentreId)).id : null;
    const now = deps.clock.now();
    const row = await repo.setHandled(tx, ctx, id, handled, now, own);
    if (!row || !handled) return;
    const rules = await tenantRules(tx, ctx.tenantId);
    await postVehicleCost(
      tx,
      ctx.tenantId,
      { own, fallback: rules.costs.vehicleCostCentreId },
      {
        category: 'violation',
        sourceType: 'violation',
        sourceId: String(id),
        amountFen: row.fineFen,
        occurredOn: (await tenantDays(tx, ctx.tenantId, now)).today,
        description: `${row.plate} ${row.violationNo}`,
        createdBy: ctx.userId,
      },
    );
  });
  return getViolation(deps, ctx, id);
}

export async function carViolations(deps: AppDeps, ctx: RequestContext, carId: number): Promise<CarViolationSummary> {
  const s = await repo.carSummary(deps.db, ctx, carId);
  if (!s) throw new NotFoundError('violations.carNotFound');
  const l = await repo.limitsOf(deps.db, ctx.tenantId);
  const over =
    s.unhandled > 0 &&
    ((l.carPoints !== null && s.points >= l.carPoints) || (l.carFineFen !== null && s.fineFen >= l.carFineFen));
  return {
    carId,
    plate: s.plate,
    total: s.total,
    unhandled: s.unhandled,
    unhandledFine: fenToYuan(s.fineFen),
    unhandledPoints: s.points,
    overLimit: over,
    lastQueriedAt: s.lastQueriedAt,
  };
}

export async function listForCar(deps: AppDeps, ctx: RequestContext, q: CarViolationsQuery) {
  if (!(await repo.carSummary(deps.db, ctx, q.carId))) throw new NotFoundError('violations.carNotFound');
  const f = { carId: q.carId, handled: q.handled };
  const cond = async () => repo.filterWhere(ctx, f, await dayStartFor(deps, ctx, {}));
  return repo.listViolations(deps.database, ctx, f, cond, { limit: q.pageSize, offset: offsetOf(q) });
}

// ---------------------------------------------------------------------------------------------------------
// Limits, reminders, statistics

export async function getLimits(deps: AppDeps, ctx: RequestContext): Promise<ViolationLimitConfig> {
  const l = await repo.limitsOf(deps.db, ctx.tenantId);
  return {
    carPoints: l.carPoints,
    carFine: l.carFineFen === null ? null : fenToYuan(l.carFineFen),
    driverPoints: l.driverPoints,
    driverFine: l.driverFineFen === null ? null : fenToYuan(l.driverFineFen),
  };
}

export async function saveLimits(deps: AppDeps, ctx: RequestContext, input: ViolationLimitConfig) {
  await repo.saveLimits(
    deps.db,
    ctx.tenantId,
    {
      carPoints: input.carPoints,
      carFineFen: input.carFine === null ? null : yuanToFen(input.carFine),
      driverPoints: input.driverPoints,
      driverFineFen: input.driverFine === null ? null : yuanToFen(input.driverFine),
    },
    ctx.userId,
    deps.clock.now(),
  );
  return getLimits(deps, ctx);
}

/** The header badge: cars and drivers of the caller's rents whose unhandled violations reach a limit. */
export async function remindCount(deps: AppDeps, ctx: RequestContext): Promise<LimitRemindCount> {
  const l = await repo.limitsOf(deps.db, ctx.tenantId);
  const over = await repo.overLimits(deps.db, ctx.tenantId, ctx.rentIds, l);
  const cars = over.filter((o) => o.subject === 'car').length;
  const drivers = over.length - cars;
  return { cars, drivers, total: over.length };
}

export async function yearStatistics(deps: AppDeps, ctx: RequestContext, year?: number): Promise<YearStatistics> {
  const days = await tenantDays(deps.db, ctx.tenantId, deps.clock.now());
  const y = year ?? Number(days.today.slice(0, 4));
  const { months, top } = await repo.yearStatistics(deps.db, ctx, days.timeZone, y);
  const byMonth = new Map(months.map((m) => [Number(m.month), m]));
  const rows = Array.from({ length: 12 }, (_, i) => {
    const m = byMonth.get(i + 1);
    return {
      month: i + 1,
      count: Number(m?.count ?? 0),
      handled: Number(m?.handled ?? 0),
      fine: fenToYuan(Number(m?.fine ?? 0)),
      points: Number(m?.points ?? 0),
    };
  });
  const sum = (k: 'count' | 'handled' | 'points') => rows.reduce((s, r) => s + r[k], 0);
  return {
    year: y,
    months: rows,
    total: {
      count: sum('count'),
      handled: sum('handled'),
      points: sum('points'),
      fine: fenToYuan(months.reduce((s, m) => s + Number(m.fine), 0)),
    },
    topOffences: top.map((t) => ({ offenceCode: t.offence_code, offenceText: t.offence_text, count: Number(t.count) })),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Paid queries

async function checkOne(provider: ViolationProvider, car: repo.CarForQuery): Promise<QueryCheck> {
  const need = await provider.requirements(car.plate);
  const base = { carId: car.id, plate: car.plate, engineDigits: need.engineDigits, vinDigits: need.vinDigits };
  if (!need.supported) return { ...base, queryable: false, reason: 'unsupportedPlate' };
  if (tail(car.engine_no, need.engineDigits) === null) return { ...base, queryable: false, reason: 'noEngineNo' };
  if (tail(car.vin, need.vinDigits) === null) return { ...base, queryable: false, reason: 'noVin' };
  return { ...base, queryable: true, reason: null };
}

async function checkAll(deps: AppDeps, ctx: RequestContext, carIds: number[]) {
  const unique = [...new Set(carIds)];
  const cars = await repo.carsInScope(deps.db, ctx, unique);
  const byId = new Map(cars.map((c) => [c.id, c]));
  const provider = providerOf(deps);
  const checks: QueryCheck[] = [];
  for (const id of unique) {
    const car = byId.get(id);
    checks.push(
      car
        ? await checkOne(provider, car)
        : { carId: id, plate: '', queryable: false, reason: 'notFound', engineDigits: null, vinDigits: null },
    );
  }
  return { checks, cars: checks.filter((c) => c.queryable).map((c) => byId.get(c.carId)!) };
}

/** Which of the cars can be queried (and why not), with the price of those that can and the balance. */
export async function checkCars(deps: AppDeps, ctx: RequestContext, carIds: number[]): Promise<BatchCheck> {
  const { checks, cars } = await checkAll(deps, ctx, carIds);
  const provider = providerOf(deps);
  let unitPrice: number | null = null;
  let total: number | null = null;
  let balance: number;
  try {
    const p = await priceService(deps.db, ctx.tenantId, VIOLATION_QUERY_SERVICE, Math.max(1, cars.length));
    unitPrice = fenToYuan(p.unitPriceFen);
    total = cars.length ? fenToYuan(p.totalFen) : 0;
    balance = fenToYuan(p.balanceFen);
  } catch (err) {
    if (!(err instanceof ConflictError)) throw err;
    // The plan does not offer the service: no price; the query itself is refused by `charge`.
    balance = (await balanceOf(deps.db, ctx.tenantId)).balance;
  }
  return {
    cars: checks,
    queryable: cars.length,
    refused: checks.length - cars.length,
    unitPrice,
    total,
    balance,
    provider: provider.name,
    sandbox: provider.sandbox,
  };
}

interface QueryItem {
  carId: number;
  rentId: number;
  plate: string;
  vin: string | null;
  engineNo: string | null;
}

/**
 * A paid query: checks the cars, then in one transaction creates the order, charges the balance for the cars
 * that can be queried (a short balance refuses the whole query: 409 `payments.insufficientBalance`), and
 * creates the category-2 task, dispatched after the commit.
 */
export async function startQuery(deps: AppDeps, ctx: RequestContext, carIds: number[], kind: 'single' | 'batch') {
  const { checks, cars } = await checkAll(deps, ctx, carIds);
  if (kind === 'single' && checks[0]?.reason === 'notFound') throw new NotFoundError('violations.carNotFound');
  if (!cars.length) {
    const first = checks[0]!;
    throw new ConflictError(kind === 'single' ? `violations.reason.${first.reason}` : 'violations.nothingToQuery');
  }
  const provider = providerOf(deps);
  const now = deps.clock.now();
  const { orderId, task } = await deps.db.transaction(async (tx) => {
    const orderId = await repo.insertOrder(tx, {
      tenantId: ctx.tenantId,
      kind,
      provider: provider.name,
      carCount: cars.length,
      userId: ctx.userId,
      now,
    });
    const paid = await charge(
      tx,
      { tenantId: ctx.tenantId, userId: ctx.userId },
      VIOLATION_QUERY_SERVICE,
      cars.length,
      { type: 'violationQuery', id: String(orderId) },
      { now },
    );
    await repo.insertItems(tx, ctx.tenantId, orderId, cars);
    const task = await deps.tasks.create<QueryItem>(tx, ctx, {
      kind: VIOLATION_TASK_KIND,
      targetId: `violationQuery:${orderId}`,
      title: cars.length === 1 ? cars[0]!.plate : `${cars[0]!.plate} +${cars.length - 1}`,
      items: cars.map((c) => ({ carId: c.id, rentId: c.rent_id, plate: c.plate, vin: c.vin, engineNo: c.engine_no })),
    });
    await repo.setOrderCharge(tx, ctx.tenantId, orderId, {
      chargeId: paid.chargeId,
      amountFen: paid.amountFen,
      taskId: task.id,
    });
    return { orderId, task };
  });
  await deps.tasks.dispatch(task);
  const order = (await repo.getOrder(deps.db, ctx.tenantId, orderId))!;
  return { order, refused: checks.filter((c) => !c.queryable) };
}

export async function listOrders(deps: AppDeps, ctx: RequestContext, q: { pageNum: number; pageSize: number }) {
  return repo.listOrders(deps.db, ctx.tenantId, q.pageSize, offsetOf(q));
}

export async function orderDetail(deps: AppDeps, ctx: RequestContext, orderId: number): Promise<QueryOrderDetail> {
  const order = await repo.getOrder(deps.db, ctx.tenantId, orderId);
  if (!order) throw new NotFoundError('violations.orderNotFound');
  return { order, items: await repo.orderItems(deps.db, ctx, orderId) };
}

export async function originalData(deps: AppDeps, ctx: RequestContext, q: OriginalDataQuery) {
  return repo.originalPage(deps.db, ctx, q, q.pageSize, offsetOf(q));
}

export function originalForExport(deps: AppDeps, ctx: RequestContext, q: { orderId?: number; carId?: number }) {
  return repo.allOriginal(deps.db, ctx, q);
}

/**
 * The violation query task. Per car: if its item is already finished (a batch that comes again after a crash),
 * its stored outcome is answered; else the provider is asked, and the records are merged by violation number
 * together with the item's answer in one transaction, so a second run never adds a record twice. A provider
 * failure marks the item failed and refunds that car's unit in the same transaction (refund key per order
 * and car, which payments refuses to repeat).
 */
export function violationTaskKind(deps: AppDeps): TaskKind<QueryItem> {
  return {
    kind: VIOLATION_TASK_KIND,
    category: TaskCategory.violationQuery,
    batchSize: (total) => Math.min(50, Math.max(1, Math.ceil(total / 20))),
    async process(run: TaskRunContext, items: TaskItem<QueryItem>[]): Promise<ItemOutcome[]> {
      const { task } = run;
      const tenantId = task.tenantId;
      const orderId = Number(task.targetId.split(':')[1]);
      const order = await repo.orderRow(deps.db, tenantId, orderId);
      if (!order) throw new Error(`violation query order ${orderId} not found`);
      const provider = providerOf(deps);
      return mapLimit(items, QUERY_CONCURRENCY, async ({ payload: car }): Promise<ItemOutcome> => {
        const seen = await repo.itemState(deps.db, tenantId, orderId, car.carId);
        if (seen && seen.state !== 'pending') {
          return seen.state === 'done'
            ? { ok: true, result: { found: seen.found, added: seen.added } }
            : { ok: false, error: seen.error ?? 'failed' };
        }
        const now = deps.clock.now();
        try {
          // Not cancelled by the run's signal: a car asked is finished (a stop waits for the batch, a few seconds).
          const answer = await provider.query({ plate: car.plate, vin: car.vin, engineNo: car.engineNo });
          const added = await deps.db.transaction(async (tx) => {
            const n = await repo.mergeViolations(
              tx,
              { tenantId, rentId: car.rentId, carId: car.carId, plate: car.plate, orderId, now },
              answer.violations,
            );
            await repo.finishItem(tx, tenantId, orderId, car.carId, {
              state: 'done',
              found: answer.violations.length,
              added: n,
              error: null,
              raw: answer.raw,
              now,
            });
            return n;
          });
          return { ok: true, result: { found: answer.violations.length, added } };
        } catch (err) {
          if (!(err instanceof ProviderError)) throw err;
          await deps.db.transaction(async (tx) => {
            const first = await repo.finishItem(tx, tenantId, orderId, car.carId, {
              state: 'failed',
              found: 0,
              added: 0,
              error: err.message.slice(0, 300),
              raw: err.raw ?? { error: err.message },
              now,
            });
            if (first && order.chargeId !== null) {
              await refundCharge(tx, { tenantId, userId: order.createdBy }, order.chargeId, {
                count: 1,
                reason: car.plate,
                key: `violationQuery:${orderId}:${car.carId}`,
                now,
              });
            }
          });
          return { ok: false, error: err.message.slice(0, 300) };
        }
      });
    },
    async finish(run, counts) {
      const orderId = Number(run.task.targetId.split(':')[1]);
      await repo.closeOrder(deps.db, run.task.tenantId, orderId, deps.clock.now());
      const order = await repo.getOrder(deps.db, run.task.tenantId, orderId);
      // New records may put cars over a limit: remind now rather than at the next daily run.
      await remindViolationLimits(deps, run.task.tenantId);
      return {
        orderId,
        queried: counts.success,
        failed: counts.failed,
        found: order?.found ?? 0,
        added: order?.added ?? 0,
      };
    },
  };
}

/**
 * Marks a violation handled by its driver himself (the driver portal's approved proof, in the reviewer's
 * transaction): no fine is booked to the company, which did not pay it.
 */
export async function markHandledByDriverInTx(tx: DbOrTx, ctx: RequestContext, id: number, now: Date) {
  return repo.setHandled(tx, ctx, id, true, now, null);
}
