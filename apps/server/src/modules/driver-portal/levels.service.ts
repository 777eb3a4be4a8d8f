import { sql } from 'drizzle-orm';
import type { Lang } from '@fleetdesk/contracts/common';
import {
  levelOf,
  type LevelFacts,
  type LevelRule,
  type PortalLevel,
  type PortalMembership,
} from '@fleetdesk/contracts/driver-portal';
import { rawNumber, rowsOf, type RawNumber } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { publish } from '../../core/events.js';
import { tenantDays } from '../../core/tenant-time.js';
import { tenantRules } from '../settings/settings.service.js';

/**
 * The super driver membership (docs/driver-portal.md): a driver's level is the highest of the tenant's levels
 * (TenantRules.driverLevels) whose counts his last twelve months meet: the months whose rent was all paid by its
 * due date (and grace), his violations, and his accidents with full or major responsibility; a rent past due now
 * keeps him at the first level. The daily job stores each level and tells the driver when it changes.
 */

/** The first day of the month twelve months before `today`'s month, and the first day of `today`'s month. */
export function levelWindow(today: string): { from: string; monthStart: string; yearAgo: string } {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(y, m - 1, 1));
  const from = new Date(Date.UTC(y, m - 13, 1));
  const yearAgo = new Date(Date.UTC(y - 1, m - 1, Number(today.slice(8, 10))));
  // 29 February a year back is 1 March (Date rolls over), which is what "a year ago" means then.
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  return { from: iso(from), monthStart: iso(start), yearAgo: iso(yearAgo) };
}

interface FactsRow {
  driver_id: RawNumber;
  on_time: RawNumber;
  violations: RawNumber;
  accidents: RawNumber;
  overdue_now: boolean;
}

/** The facts of every driver of the tenant with a contract (or of one driver), as of `today`. */
export async function factsOf(
  deps: Pick<AppDeps, 'db'>,
  tenantId: number,
  today: string,
  timeZone: string,
  grace: number,
  driverId?: number,
): Promise<Map<number, LevelFacts>> {
  const w = levelWindow(today);
  const rows = await rowsOf<FactsRow>(
    deps.db,
    sql`with d as (
        select distinct c.driver_id from rental_contracts c
        where c.tenant_id = ${tenantId} and c.state <> 'pending'
          ${driverId === undefined ? sql`` : sql`and c.driver_id = ${driverId}`})
      select d.driver_id,
        (select count(*) from (
          select date_trunc('month', l.due_date) as m,
            bool_and(l.state = 'paid' and l.paid_date <= l.due_date + ${grace}::int) as ok
          from rental_payment_lines l join rental_contracts c on c.tenant_id = l.tenant_id and c.id = l.contract_id
          where l.tenant_id = ${tenantId} and c.driver_id = d.driver_id and l.valid and l.type = 'rent'
            and l.amount_fen > 0 and l.due_date >= ${w.from}::date and l.due_date < ${w.monthStart}::date
          group by 1) x where x.ok) as on_time,
        (select count(*) from violations v where v.tenant_id = ${tenantId} and v.driver_id = d.driver_id
          and (v.occurred_at at time zone ${timeZone})::date > ${w.yearAgo}::date
          and (v.occurred_at at time zone ${timeZone})::date <= ${today}::date) as violations,
        (select count(*) from accidents a where a.tenant_id = ${tenantId} and a.driver_id = d.driver_id
          and a.responsibility in ('full', 'major')
          and (a.occurred_at at time zone ${timeZone})::date > ${w.yearAgo}::date
          and (a.occurred_at at time zone ${timeZone})::date <= ${today}::date) as accidents,
        exists (select 1 from rental_payment_lines l join rental_contracts c
            on c.tenant_id = l.tenant_id and c.id = l.contract_id
          where l.tenant_id = ${tenantId} and c.driver_id = d.driver_id and l.valid and c.state <> 'pending'
            and l.state in ('unpaid', 'partial') and l.type <> 'lateFee' and l.amount_fen > 0
            and l.due_date < ${today}::date - ${grace}::int) as overdue_now
      from d`,
  );
  return new Map(
    rows.map((r) => [
      rawNumber(r.driver_id),
      {
        onTimeMonths: rawNumber(r.on_time),
        violations: rawNumber(r.violations),
        accidents: rawNumber(r.accidents),
        overdueNow: r.overdue_now,
      },
    ]),
  );
}

const NO_FACTS: LevelFacts = { onTimeMonths: 0, violations: 0, accidents: 0, overdueNow: false };

function levelView(l: LevelRule, lang: Lang): PortalLevel {
  return {
    code: l.code,
    name: lang === 'zh-CN' ? l.name : l.nameEn,
    perks: l.perks,
    minOnTimeMonths: l.minOnTimeMonths,
    maxViolations: l.maxViolations,
    maxAccidents: l.maxAccidents,
  };
}

/**
 * A driver's membership as of now: his level from today's facts (so a payment shows at once), the next level
 * and the table of levels; `since` is the day the daily job first saw him at this level.
 */
export async function membershipOf(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  tenantId: number,
  driverId: number,
  lang: Lang,
): Promise<PortalMembership> {
  const [days, rules] = await Promise.all([
    tenantDays(deps.db, tenantId, deps.clock.now()),
    tenantRules(deps.db, tenantId),
  ]);
  const facts =
    (await factsOf(deps, tenantId, days.today, days.timeZone, rules.rentGraceDays, driverId)).get(driverId) ?? NO_FACTS;
  const levels = rules.driverLevels;
  const level = levelOf(levels, facts);
  const i = levels.indexOf(level);
  const [stored] = await rowsOf<{ level: string; since: string; computed_on: string }>(
    deps.db,
    sql`select level, since::text, computed_on::text from driver_levels
      where tenant_id = ${tenantId} and driver_id = ${driverId}`,
  );
  return {
    level: levelView(level, lang),
    next: i + 1 < levels.length ? levelView(levels[i + 1]!, lang) : null,
    facts,
    since: stored?.level === level.code ? stored.since : null,
    computedOn: stored?.computed_on ?? null,
    levels: levels.map((l) => levelView(l, lang)),
  };
}

/**
 * The daily job's work for one tenant: every driver with a contract gets his level as of `now`; a change (up or
 * down, or a first level above the lowest) is stored with its day and published as `driver.levelChanged` (the
 * driver's notice). Answers how many levels changed.
 */
export async function recomputeLevels(deps: AppDeps, tenantId: number, now: Date = deps.clock.now()): Promise<number> {
  const [days, rules] = await Promise.all([tenantDays(deps.db, tenantId, now), tenantRules(deps.db, tenantId)]);
  const facts = await factsOf(deps, tenantId, days.today, days.timeZone, rules.rentGraceDays);
  const levels = rules.driverLevels;
  const stored = new Map(
    (
      await rowsOf<{ driver_id: RawNumber; level: string }>(
        deps.db,
        sql`select driver_id, level from driver_levels where tenant_id = ${tenantId}`,
      )
    ).map((r) => [rawNumber(r.driver_id), r.level]),
  );
  let changed = 0;
  for (const [driverId, f] of facts) {
    const level = levelOf(levels, f);
    const before = stored.get(driverId) ?? null;
    const moved = before !== level.code;
    await deps.events.transaction(async (tx) => {
      await tx.execute(
        sql`insert into driver_levels (tenant_id, driver_id, level, on_time_months, violations, accidents, overdue_now,
            since, computed_on)
          values (${tenantId}, ${driverId}, ${level.code}, ${f.onTimeMonths}, ${f.violations}, ${f.accidents},
            ${f.overdueNow ? 1 : 0}, ${days.today}, ${days.today})
          on conflict (tenant_id, driver_id) do update set level = excluded.level,
            on_time_months = excluded.on_time_months, violations = excluded.violations,
            accidents = excluded.accidents, overdue_now = excluded.overdue_now, computed_on = excluded.computed_on,
            since = case when driver_levels.level = excluded.level then driver_levels.since else excluded.since end`,
      );
      // A first computation at the lowest level is no news; any other change is.
      if (moved && !(before === null && level === levels[0])) {
        const fromIndex = before === null ? 0 : levels.findIndex((l) => l.code === before);
        await publish(tx, {
          tenantId,
          name: 'driver.levelChanged',
          payload: {
            driverId,
            from: before,
            to: level.code,
            toName: level.name,
            toNameEn: level.nameEn,
            up: levels.indexOf(level) > fromIndex,
            on: days.today,
          },
        });
      }
    });
    if (moved) changed += 1;
  }
  return changed;
}

/** The schedule's run: every active tenant. */
export async function recomputeAllLevels(deps: AppDeps, now: Date = deps.clock.now()): Promise<number> {
  const tenants = await rowsOf<{ id: RawNumber }>(
    deps.db,
    sql`select id from tenants where status = 'active' order by id`,
  );
  let changed = 0;
  for (const t of tenants) changed += await recomputeLevels(deps, rawNumber(t.id), now);
  return changed;
}
