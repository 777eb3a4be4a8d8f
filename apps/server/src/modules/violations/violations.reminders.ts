import { sql } from 'drizzle-orm';
import { yuanText } from '../payments/payments.service.js';
import { rowsOf, type Tx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { limitsOf, overLimits, type OverLimit } from './violations.repository.js';

/** Message-centre categories (contracts MESSAGE_CATEGORIES): 3 vehicle reminders, 7 driver reminders. */
export const VEHICLE_REMINDER_CATEGORY = 3;
export const DRIVER_REMINDER_CATEGORY = 7;

/** One message to every active user of the tenant who may see `permission` in the rent. */
async function pushToRent(
  tx: Tx,
  tenantId: number,
  rentId: number,
  permission: string,
  m: { category: number; title: string; content: string; link: string },
): Promise<void> {
  await tx.execute(sql`insert into push_records (tenant_id, user_id, channel, category, title, content, link)
    select u.tenant_id, u.id, 'rent_m', ${m.category}, ${m.title}, ${m.content}, ${m.link}
    from users u
    where u.tenant_id = ${tenantId} and u.status = 'active'
      and exists (select 1 from user_roles ur join roles r on r.tenant_id = ur.tenant_id and r.id = ur.role_id
        where ur.tenant_id = u.tenant_id and ur.user_id = u.id
          and (r.all_permissions or exists (select 1 from role_grants g where g.tenant_id = r.tenant_id
            and g.role_id = r.id and g.code = ${permission}))
          and (r.all_permissions or r.data_scope = 'all' or exists (select 1 from user_rents x
            where x.tenant_id = u.tenant_id and x.user_id = u.id and x.rent_id = ${rentId})))`);
}

function message(o: OverLimit) {
  const totals = `未处理违章累计 ${o.points} 分、罚款 ${yuanText(o.fine_fen)} 元`;
  return o.subject === 'car'
    ? {
        category: VEHICLE_REMINDER_CATEGORY,
        title: '车辆违章超限',
        content: `车辆 ${o.name} ${totals}，已达到违章提醒上限，请尽快处理。`,
        link: `/rentCar/violations?carId=${o.id}&handled=unhandled`,
        permission: 'rentCar:view',
      }
    : {
        category: DRIVER_REMINDER_CATEGORY,
        title: '司机违章超限',
        content: `司机 ${o.name} ${totals}，已达到违章提醒上限，请及时提醒司机处理。`,
        link: `/rentCar/violations?driverId=${o.id}&handled=unhandled`,
        permission: 'rentCar:view',
      };
}

/**
 * The violation limit check (entry point for a daily reminder job; also run when a query order finishes).
 * For each car and driver whose unhandled violations reach a limit of `peccancyLimitConfig`, one message-centre
 * message (channel `rent_m`, category 3 for a car, 7 for a driver) to the users who may see cars in its rent.
 * Each subject is reminded once per level: again only when its points or fines grow beyond those reminded, and
 * anew after it fell below the limits. `tenantId` limits the run to one tenant. Answers the reminders made.
 */
export async function remindViolationLimits(deps: AppDeps, tenantId?: number): Promise<number> {
  const tenants =
    tenantId !== undefined
      ? [{ tenant_id: tenantId }]
      : await rowsOf<{ tenant_id: number }>(deps.db, sql`select tenant_id from violation_limit_configs`);
  let sent = 0;
  for (const t of tenants) {
    const tid = Number(t.tenant_id);
    const limits = await limitsOf(deps.db, tid);
    const over = await overLimits(deps.db, tid, null, limits);
    const now = deps.clock.now();
    await deps.db.transaction(async (tx) => {
      // Subjects back under the limits are forgotten, so that passing them again reminds again.
      const keep = over.map((o) => `${o.subject}:${o.id}`);
      await tx.execute(sql`delete from violation_limit_reminders where tenant_id = ${tid}
        and not ((subject || ':' || subject_id) = any(${`{${keep.join(',')}}`}::text[]))`);
      for (const o of over) {
        // A row per subject: inserted, or raised when a total grew; the primary key makes a racing run a no-op.
        const changed = await rowsOf<{ subject_id: number }>(
          tx,
          sql`insert into violation_limit_reminders (tenant_id, subject, subject_id, points, fine_fen, reminded_at)
            values (${tid}, ${o.subject}, ${o.id}, ${o.points}, ${o.fine_fen}, ${now})
            on conflict (tenant_id, subject, subject_id) do update set points = excluded.points,
              fine_fen = excluded.fine_fen, reminded_at = excluded.reminded_at
              where excluded.points > violation_limit_reminders.points
                or excluded.fine_fen > violation_limit_reminders.fine_fen
            returning subject_id`,
        );
        if (!changed.length) continue;
        const m = message(o);
        await pushToRent(tx, tid, o.rent_id, m.permission, m);
        sent++;
      }
    });
  }
  return sent;
}

let lastRun = 0;

/** From the minute's maintenance: at most once an hour per process (the check is daily news). */
export async function remindViolationLimitsHourly(deps: AppDeps): Promise<void> {
  const now = deps.clock.now().getTime();
  if (now - lastRun < 3_600_000) return;
  lastRun = now;
  await remindViolationLimits(deps);
}
