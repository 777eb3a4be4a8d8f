import { sql } from 'drizzle-orm';
import {
  CAR_ACTIONS,
  CAR_ACTION_NAMES,
  actionsFrom,
  type CarAction,
  type CarStatus,
} from '@fleetdesk/contracts/vehicles';
import { idArray, rowsOf, type RawNumber, type Tx } from '../core/db.js';
import { startOfDayIn } from '../core/timezone.js';
import type { Random } from './random.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** The demo tenants' zone: a generated change happens in its working hours. */
const ZONE = 'Asia/Shanghai';

/** The status actions that lead from `from` to `to` by the fewest steps (breadth-first over CAR_ACTIONS). */
export function pathTo(from: CarStatus, to: CarStatus): CarAction[] {
  const queue: { status: CarStatus; path: CarAction[] }[] = [{ status: from, path: [] }];
  const seen = new Set<CarStatus>([from]);
  while (queue.length) {
    const { status, path } = queue.shift()!;
    if (status === to) return path;
    for (const a of actionsFrom(status)) {
      const next = CAR_ACTIONS[a].to;
      if (!seen.has(next)) {
        seen.add(next);
        queue.push({ status: next, path: [...path, a] });
      }
    }
  }
  return [];
}

export interface EventRow {
  kind: 'create' | 'status' | 'transfer';
  action?: CarAction;
  fromStatus?: CarStatus;
  toStatus?: CarStatus;
  fromRentId?: number;
  toRentId?: number;
  at: Date;
  remark?: string;
}

/**
 * How many days a past spell in each status lasts (least, most): rentals of three weeks to five months, a few
 * days to a month idle between them, a day or two of preparation after a return, repairs of up to two weeks.
 * With these a car is rented about 70% of its time, about as many of the fleet as are rented today.
 */
const SPELL_DAYS: Record<CarStatus, readonly [number, number]> = {
  rented: [20, 150],
  idle: [4, 40],
  reserved: [1, 3],
  preparing: [1, 2],
  maintenance: [3, 14],
  off_fleet: [10, 45],
  sold: [1, 1],
  scrapped: [1, 1],
};

/** The status a spell in each status followed, with its weight: CAR_ACTIONS read backwards. */
const FINAL_BEFORE: [CarStatus, number][] = [
  ['idle', 0.4],
  ['off_fleet', 0.4],
  ['maintenance', 0.2],
];
const BEFORE: Record<CarStatus, [CarStatus, number][]> = {
  rented: [
    ['idle', 0.85],
    ['reserved', 0.15],
  ],
  reserved: [['idle', 1]],
  preparing: [['rented', 1]],
  idle: [
    ['preparing', 0.65],
    ['maintenance', 0.3],
    ['off_fleet', 0.05],
  ],
  maintenance: [
    ['preparing', 0.6],
    ['idle', 0.4],
  ],
  off_fleet: [
    ['idle', 0.6],
    ['maintenance', 0.4],
  ],
  sold: FINAL_BEFORE,
  scrapped: FINAL_BEFORE,
};

function weighted(h: Random, choices: [CarStatus, number][]): CarStatus {
  let x = h.next();
  for (const [status, weight] of choices) {
    x -= weight;
    if (x < 0) return status;
  }
  return choices.at(-1)![0];
}

/** A spell's length in days, drawn as one in progress is met: a long spell is the likelier to be under way. */
function spellInProgress(h: Random, [least, most]: readonly [number, number]): number {
  for (;;) {
    const days = h.int(least, most);
    if (h.next() * most < days) return days;
  }
}

/** Days since the car went into its current status (at least one: every generated change is before today). */
function currentAge(h: Random, status: CarStatus, days: number): number {
  const age =
    status === 'sold' || status === 'scrapped'
      ? days - h.int(15, 60) // sold or scrapped weeks after it was registered in the system, long ago
      : status === 'maintenance'
        ? h.int(1, 12)
        : status === 'reserved'
          ? h.int(1, 2)
          : h.int(1, spellInProgress(h, SPELL_DAYS[status]));
  return Math.max(1, Math.min(age, days - 1));
}

function actionBetween(from: CarStatus, to: CarStatus): CarAction {
  const action = CAR_ACTION_NAMES.find(
    (a) => CAR_ACTIONS[a].to === to && (CAR_ACTIONS[a].from as readonly CarStatus[]).includes(from),
  );
  if (!action) throw new Error(`demo history: no action from ${from} to ${to}`);
  return action;
}

function remarkOf(h: Random, action: CarAction, from: CarStatus): string | undefined {
  switch (action) {
    case 'rentOut':
      return from === 'reserved' ? '客户提车' : '签订租赁合同';
    case 'giveBack':
      return h.pick(['合同到期还车', '司机退租', '换车']);
    case 'prepared':
      return h.pick(['清洗整备完成', '检查完毕，可出租']);
    case 'repair':
      return h.pick(['常规保养', '更换轮胎', '钣金喷漆', '空调维修']);
    default:
      return undefined;
  }
}

/** A moment in the working hours (08:30-18:30) of the day `daysAgo` days before today. */
function workingTime(h: Random, now: number, daysAgo: number): Date {
  const start = startOfDayIn(ZONE, new Date(now - daysAgo * DAY)).getTime();
  return new Date(start + h.int(510, 1110) * 60_000);
}

/**
 * A plausible status history that ends in the car's current status: registered idle, then rentals of weeks to
 * months with a day or two of preparation after each return and idle days between, now and then a repair or a
 * spell off the fleet. It is drawn backwards from today: the current status began a few days to weeks ago (as
 * long as such a spell in progress has lasted), the one before it led there by an allowed action, and so on back
 * to the day the car was registered. Every car's history being drawn alike, the fleet's mix of statuses on a past
 * day is about today's, so the day-end counts replayed from it (reports, dashboard) move by a few cars a day into
 * today's figures. `remark` (the car's own) is the reason of its last change into maintenance, off the fleet, sold or
 * scrapped.
 */
export function historyOf(
  h: Random,
  createdAt: number,
  now: number,
  current: CarStatus,
  rentId: number,
  remark?: string,
): EventRow[] {
  const days = Math.max(2, Math.round((now - createdAt) / DAY));
  // The spells, earliest first: each status and the day (days before today) it began.
  const spells: { status: CarStatus; day: number }[] = [{ status: current, day: currentAge(h, current, days) }];
  for (;;) {
    const { status, day } = spells[0]!;
    const before = weighted(h, BEFORE[status]);
    const start = day + h.int(...SPELL_DAYS[before]);
    spells.unshift({ status: before, day: Math.min(start, days) });
    if (start >= days) break;
  }
  // Registered idle: the spell at registration is idle (a car is prepared before it is first rented out).
  while (spells[0]!.status !== 'idle') {
    const first = spells[0]!;
    const next = spells[1]?.day ?? 0;
    if (first.status === 'preparing') first.status = 'idle';
    else if (first.day - next >= 2) {
      first.day = Math.max(next + 1, days - h.int(1, 6));
      spells.unshift({ status: 'idle', day: days });
    } else {
      spells.shift();
      spells[0]!.day = days;
    }
  }
  const chain = spells.filter((s, i) => i === 0 || s.status !== spells[i - 1]!.status);
  const events: EventRow[] = [{ kind: 'create', toStatus: 'idle', toRentId: rentId, at: new Date(createdAt) }];
  for (let i = 1; i < chain.length; i += 1) {
    const from = chain[i - 1]!.status;
    const to = chain[i]!.status;
    const action = actionBetween(from, to);
    const own = i === chain.length - 1 && remark && ['maintenance', 'off_fleet', 'sold', 'scrapped'].includes(to);
    const why = own ? remark : remarkOf(h, action, from);
    events.push({
      kind: 'status',
      action,
      fromStatus: from,
      toStatus: to,
      at: workingTime(h, now, chain[i]!.day),
      ...(why ? { remark: why } : {}),
    });
  }
  return events;
}

/** Within this of a later seeder's change, a generated change into the same status is that one, drawn early. */
const SAME_CHANGE_MS = 14 * DAY;

/**
 * A later seeder's status change, at the time it happened (not before the car was registered), in the history the
 * fleet seeder generated: the generated changes from then on did not happen and are dropped, and so is a generated
 * change into `to` in the two weeks before (the same change, drawn earlier); the car goes from the status its
 * history has then, by the fewest actions (in the hours before) to a status of `from`, and `action` at `at` into
 * `to` (a car still in `to` from long before comes out of it first: a rental ends the day the next one starts).
 * The car's status and status time follow.
 */
export async function changeStatusAt(
  tx: Tx,
  change: {
    tenantId: number;
    carId: number;
    userId: number;
    at: Date;
    to: CarStatus;
    action: string;
    from: readonly CarStatus[];
    remark?: string | null;
  },
): Promise<void> {
  const { tenantId, carId } = change;
  const events = await rowsOf<{ id: RawNumber; kind: string; to_status: CarStatus; at: Date | string }>(
    tx,
    sql`select id, kind, to_status, at from car_events where tenant_id = ${tenantId} and car_id = ${carId}
      and kind in ('create', 'import', 'status') and to_status is not null order by at, id`,
  );
  const created = events.find((e) => e.kind !== 'status');
  const at = new Date(Math.max(change.at.getTime(), created ? new Date(created.at).getTime() + HOUR : 0));
  const kept = events.filter((e) => e.kind !== 'status' || new Date(e.at) < at);
  const last = kept.at(-1);
  if (
    last?.kind === 'status' &&
    last.to_status === change.to &&
    at.getTime() - new Date(last.at).getTime() < SAME_CHANGE_MS
  ) {
    kept.pop();
  }
  const dropped = events.filter((e) => !kept.includes(e)).map((e) => Number(e.id));
  if (dropped.length) {
    await tx.execute(sql`delete from car_events where tenant_id = ${tenantId} and id = any(${idArray(dropped)})`);
  }
  const before = kept.at(-1);
  const status = before?.to_status ?? 'idle';
  const since = before ? new Date(before.at).getTime() : at.getTime() - HOUR;
  const lead = change.from.includes(status)
    ? []
    : change.from
        .map((f) => pathTo(status, f))
        .filter((p) => p.length)
        .sort((a, b) => a.length - b.length)[0];
  if (!lead) throw new Error(`demo history: car ${carId} cannot go from ${status} to ${change.to}`);
  const gap = Math.min(HOUR, (at.getTime() - since) / (lead.length + 1));
  let from = status;
  const steps = lead.map((a, i) => {
    const step = { action: a as string, from, to: CAR_ACTIONS[a].to, at: at.getTime() - (lead.length - i) * gap };
    from = step.to;
    return { ...step, remark: null as string | null };
  });
  steps.push({ action: change.action, from, to: change.to, at: at.getTime(), remark: change.remark ?? null });
  for (const s of steps) {
    await tx.execute(sql`insert into car_events (tenant_id, car_id, kind, action, from_status, to_status, remark,
        user_id, at)
      values (${tenantId}, ${carId}, 'status', ${s.action}, ${s.from}, ${s.to}, ${s.remark}, ${change.userId},
        ${new Date(s.at).toISOString()})`);
  }
  await tx.execute(sql`update cars set status = ${change.to}, status_changed_at = ${at.toISOString()}
    where tenant_id = ${tenantId} and id = ${carId}`);
}
