import { MessageCategory } from '@fleetdesk/contracts/messages';
import {
  serviceStateOf,
  type CarServicePosition,
  type DueExportQuery,
  type DueListQuery,
  type DueRow,
} from '@fleetdesk/contracts/maintenance';
import { rentInScope, scopeFor, type RequestContext } from '../../core/access.js';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { offsetOf } from '../../core/envelope.js';
import { NotFoundError } from '../../core/errors.js';
import type { KeyedText } from '../../core/i18n.js';
import { addDays, DEFAULT_TIME_ZONE, tenantDaysOf } from '../../core/tenant-time.js';
import {
  registerVehicleReminderSource,
  runVehicleReminders,
  type DueItem,
  type VehicleReminderSource,
} from '../compliance/vehicle-reminders.service.js';
import { parseRules, tenantRules } from '../settings/settings.service.js';
import * as repo from './due.repository.js';
import './maintenance.messages.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** A tenant's day, zone and maintenance rules at `now` (one statement: the zone and the rules together). */
async function dueContext(db: DbOrTx, tenantId: number, now: Date) {
  const [row] = await rowsOf<{ tz: string | null; rules: unknown }>(
    db,
    sql`select t.time_zone as tz, s.rules from tenants t left join tenant_settings s on s.tenant_id = t.id
      where t.id = ${tenantId}`,
  );
  const timeZone = row?.tz ?? DEFAULT_TIME_ZONE;
  const rules = parseRules(row?.rules);
  const today = tenantDaysOf(timeZone, now).today;
  return {
    params: { tenantId, today, timeZone, leadKm: rules.maintenance.leadKm, now } satisfies repo.DueParams,
    leadDays: rules.reminders.serviceDays,
    leadKm: rules.maintenance.leadKm,
    window: { today, soon: addDays(today, rules.reminders.serviceDays) } satisfies repo.DueWindow,
  };
}

/**
 * Writes the service position (`maintenance_due`) of a tenant's cars, or of `carIds` only, in one set-based
 * statement (due.repository.ts `refreshDueRows`): after a `service` work order is done, after a plan is saved or
 * deleted (its cars), and hourly for every car (`maintenance.due`). Runs in the caller's transaction when given
 * one. `now` is the caller's clock (`deps.clock.now()`). Answers the rows written or deleted.
 */
export async function refreshDue(
  tx: DbOrTx,
  tenantId: number,
  carIds: readonly number[] | undefined,
  now: Date,
): Promise<number> {
  const { params } = await dueContext(tx, tenantId, now);
  return repo.refreshDueRows(tx, params, carIds);
}

/** The hourly schedule `maintenance.due`: every tenant with plans, set-based, then the `service` reminders. */
export async function runDueHourly(deps: AppDeps): Promise<void> {
  const now = deps.clock.now();
  for (const tenantId of await repo.tenantsWithPlans(deps.db)) await refreshDue(deps.db, tenantId, undefined, now);
  await runVehicleReminders(deps, { sources: [serviceReminderSource.key] });
}

// ---------------------------------------------------------------- the due list

function filterOf(q: DueExportQuery): repo.DueFilterInput {
  return { state: q.state, keyword: q.keyword, carTypeId: q.carTypeId, carId: q.carId };
}

function toRow(r: repo.DueRecord, today: string, leadDays: number): DueRow {
  return {
    ...r,
    remainingKm: r.nextDueKm == null ? null : r.nextDueKm - r.currentKm,
    state: serviceStateOf(r, today, leadDays),
  };
}

/** `maintainDue/list`: the caller's cars due within the lead days (or overdue), soonest first. */
export async function listDue(
  deps: Deps,
  ctx: RequestContext,
  q: DueListQuery,
): Promise<{ rows: DueRow[]; total: number }> {
  const scope = scopeFor(ctx, q.rentId);
  const c = await dueContext(deps.db, ctx.tenantId, deps.clock.now());
  const f = filterOf(q);
  const [rows, total] = await Promise.all([
    repo.dueRows(deps.db, scope, c.window, f, q.pageSize, offsetOf(q)),
    repo.dueTotal(deps.db, scope, c.window, f),
  ]);
  return { rows: rows.map((r) => toRow(r, c.window.today, c.leadDays)), total };
}

/** `maintainDue/export`: the same rows, every page, streamed. */
export async function dueForExport(
  deps: Deps,
  ctx: RequestContext,
  q: DueExportQuery,
): Promise<{ today: string; timeZone: string; rows: AsyncGenerator<DueRow> }> {
  rentInScope(ctx, q.rentId);
  const scope = scopeFor(ctx, q.rentId);
  const c = await dueContext(deps.db, ctx.tenantId, deps.clock.now());
  const source = repo.allDueRows(deps.db, scope, c.window, filterOf(q));
  async function* rows() {
    for await (const r of source) yield toRow(r, c.window.today, c.leadDays);
  }
  return { today: c.window.today, timeZone: c.params.timeZone, rows: rows() };
}

/** `maintainDue/car/:carId`: one car's service position, computed now (404 outside the caller's rents). */
export async function carServicePosition(deps: Deps, ctx: RequestContext, carId: number): Promise<CarServicePosition> {
  const c = await dueContext(deps.db, ctx.tenantId, deps.clock.now());
  const car = await repo.carPosition(deps.db, scopeFor(ctx), c.params, carId);
  if (!car) throw new NotFoundError('maintenance.carNotFound');
  const p = car.position;
  return {
    carId: car.carId,
    plate: car.plate,
    plan: car.plan,
    lastServiceOn: p?.lastServiceOn ?? null,
    lastServiceKm: p?.lastServiceKm ?? null,
    lastOrderId: p?.lastOrderId ?? null,
    currentKm: p?.currentKm ?? car.mileageKm,
    kmSource: p?.kmSource ?? 'car',
    kmReadAt: p?.kmReadAt ?? null,
    nextDueOn: p?.nextDueOn ?? null,
    nextDueKm: p?.nextDueKm ?? null,
    remainingKm: p?.nextDueKm == null ? null : p.nextDueKm - p.currentKm,
    dueOn: p?.dueOn ?? null,
    kmPerDay: p?.kmPerDay ?? null,
    state: p ? serviceStateOf(p, c.window.today, c.leadDays) : null,
    leadDays: c.leadDays,
    leadKm: c.leadKm,
  };
}

// ---------------------------------------------------------------- reminders

interface ServiceItem extends DueItem {
  carId: number;
}

/**
 * The vehicle reminder source `service` (compliance's registry): the cars due within `reminders.serviceDays`,
 * each once per service cycle (ref `car:<id>`, key day: its next due date, else its last service day), to the
 * users who hold `maintenance:add` (who report work orders) and see the car's rent; the link opens the due list
 * on that car.
 */
export const serviceReminderSource: VehicleReminderSource<ServiceItem> = {
  key: 'service',
  // Those who may act on it (report a work order), not a workshop's sign-in, which only sees what it is sent.
  permission: 'maintenance:add',
  async due(db, tenantId, w) {
    const rules = await tenantRules(db, tenantId);
    const rows = await repo.dueForReminder(db, tenantId, addDays(w.today, rules.reminders.serviceDays));
    return rows.map((r) => {
      const overdue = serviceStateOf(r, w.today, rules.reminders.serviceDays) === 'overdue';
      const date = r.nextDueOn != null && r.nextDueOn < r.dueOn ? r.nextDueOn : r.dueOn;
      const withKm = r.nextDueKm != null;
      const content: KeyedText = {
        key: `maintenance.reminder.${overdue ? 'overdue' : 'due'}${withKm ? 'Km' : ''}`,
        params: withKm ? { plate: r.plate, date, km: r.nextDueKm!, current: r.currentKm } : { plate: r.plate, date },
      };
      return {
        ref: `car:${r.carId}`,
        carId: r.carId,
        rentId: r.rentId,
        dueDate: r.keyDay,
        category: MessageCategory.vehicleReminders,
        title: { key: overdue ? 'maintenance.reminder.overdueTitle' : 'maintenance.reminder.dueTitle' },
        content,
        link: `/maintenance/due?car=${r.carId}`,
      };
    });
  },
};

/** Adds the `service` source to the vehicle reminders (register.ts). */
export function registerServiceReminders(): void {
  registerVehicleReminderSource(serviceReminderSource);
}
