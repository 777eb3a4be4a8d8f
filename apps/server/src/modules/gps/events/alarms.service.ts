import type { AlarmQuery, AlarmStatics, EventQuery, GpsEvent } from '@fleetdesk/contracts/gps-events';
import type { Paged } from '@fleetdesk/contracts/common';
import { scopeFor, type RequestContext } from '../../../core/access.js';
import type { AppDeps } from '../../../core/deps.js';
import { offsetOf, page } from '../../../core/envelope.js';
import { ConflictError, NotFoundError } from '../../../core/errors.js';
import { containsPattern } from '../../../core/like.js';
import { monthBounds, tenantZone } from '../../../core/tenant-time.js';
import {
  alarmConditions,
  alarmCounts,
  alarmStatusOf,
  countUnhandled,
  eventConditions,
  eventPage,
  eventsById,
  settleUnhandled,
} from './alarms.repository.js';
import './gps-events.messages.js';

export type Ctx = Pick<RequestContext, 'tenantId' | 'userId' | 'rentIds' | 'lang'>;
type Deps = Pick<AppDeps, 'db' | 'clock'>;

const paging = (q: { pageNum: number; pageSize: number }) => ({ limit: q.pageSize, offset: offsetOf(q) });

/** Alarms of the caller's rents, newest first, with filters. */
export async function listAlarms(deps: Deps, ctx: Ctx, q: AlarmQuery & { imei?: string }): Promise<Paged<GpsEvent>> {
  const conds = alarmConditions(
    { tenantId: ctx.tenantId, rentIds: scopeFor(ctx, q.rentId).rentIds },
    {
      status: q.status,
      type: q.type,
      imei: q.imei,
      like: q.keyword ? containsPattern(q.keyword) : undefined,
      from: q.from,
      to: q.to,
    },
  );
  const { rows, total } = await eventPage(deps.db, conds, paging(q));
  return page(rows, total, q);
}

/** Every event (online, ignition... and alarms) of the caller's rents, newest first. */
export async function listEvents(deps: Deps, ctx: Ctx, q: EventQuery & { carId?: number }): Promise<Paged<GpsEvent>> {
  const conds = eventConditions(ctx, { deviceId: q.deviceId, carId: q.carId, type: q.type, from: q.from, to: q.to });
  const { rows, total } = await eventPage(deps.db, conds, paging(q));
  return page(rows, total, q);
}

/** The header badge: unhandled alarms of the caller's rents. */
export async function unhandledCount(deps: Deps, ctx: Ctx): Promise<number> {
  return countUnhandled(deps.db, ctx);
}

/**
 * Marks alarms handled (with a note) or ignored. Only unhandled alarms of the caller's rents change; an id
 * outside them is 404 (one alarm) or skipped (a batch: the count says how many changed).
 */
export async function settleAlarms(
  deps: Deps,
  ctx: Ctx,
  ids: number[],
  status: 'handled' | 'ignored',
  note: string | null,
  one: boolean,
): Promise<{ changed: number; rows: GpsEvent[] }> {
  if (one) {
    const current = await alarmStatusOf(deps.db, ctx, ids[0]!);
    if (!current) throw new NotFoundError('gps.alarmNotFound');
    if (current !== 'unhandled') throw new ConflictError('gps.alarmSettled');
  }
  const changed = await settleUnhandled(deps.db, ctx, ids, {
    status,
    note,
    userId: ctx.userId,
    at: deps.clock.now().toISOString(),
  });
  if (!changed.length) return { changed: 0, rows: [] };
  return { changed: changed.length, rows: await eventsById(deps.db, ctx.tenantId, changed) };
}

/** A month's alarms by type and by day; the month and its days are the tenant's (its time zone). */
export async function alarmStatics(deps: Deps, ctx: Ctx, q: { month: string; rentId?: number }): Promise<AlarmStatics> {
  const timeZone = await tenantZone(deps.db, ctx.tenantId);
  const { from, to } = monthBounds(timeZone, q.month);
  const { byType, byDay } = await alarmCounts(
    deps.db,
    { tenantId: ctx.tenantId, rentIds: scopeFor(ctx, q.rentId).rentIds },
    { from: from.toISOString(), to: to.toISOString(), timeZone },
  );
  return {
    month: q.month,
    total: byType.reduce((s, r) => s + r.count, 0),
    unhandled: byType.reduce((s, r) => s + r.unhandled, 0),
    byType: byType.map((r) => ({ type: r.type, count: r.count, unhandled: r.unhandled })),
    byDay: byDay.map((r) => ({ day: r.day, count: r.count })),
  };
}
