import { formatPlate } from '@fleetdesk/contracts/identifiers';
import { MessageCategory } from '@fleetdesk/contracts/messages';
import { sql } from 'drizzle-orm';
import { yuanText } from '../payments/payments.service.js';
import { rowsOf } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import {
  runVehicleReminders,
  type DueItem,
  type VehicleReminderSource,
} from '../compliance/vehicle-reminders.service.js';
import { limitsOf, overLimits, type OverLimit } from './violations.repository.js';
import './violations.messages.js';

function message(o: OverLimit) {
  // A car is named by its plate, in the one plate format.
  const params = {
    name: o.subject === 'car' ? formatPlate(o.name) : o.name,
    points: o.points,
    fineAmount: yuanText(o.fine_fen),
  };
  return o.subject === 'car'
    ? {
        category: MessageCategory.vehicleReminders,
        title: { key: 'violations.reminder.carTitle' },
        content: { key: 'violations.reminder.car', params },
        link: `/rentCar/violations?carId=${o.id}&handled=unhandled`,
      }
    : {
        category: MessageCategory.driverReminders,
        title: { key: 'violations.reminder.driverTitle' },
        content: { key: 'violations.reminder.driver', params },
        link: `/rentCar/violations?driverId=${o.id}&handled=unhandled`,
      };
}

/** An over-limit car or driver as a reminder item: the totals it is reminded at ride along. */
interface LimitItem extends DueItem {
  subject: 'car' | 'driver';
  subjectId: number;
  points: number;
  fineFen: number;
}

/**
 * The violation limits as a source of the vehicle reminders (`compliance/reminders.ts`): every car and driver
 * whose unhandled violations reach a limit of `peccancyLimitConfig` is an item (category 3 for a car, 7 for a
 * driver; the users who may see cars in its rent hear of it). Each subject is reminded once per level, which
 * `violation_limit_reminders` keeps instead of the registry's once per date: again only when its points or
 * fines grow beyond those reminded, and anew after it fell below the limits.
 */
export const violationLimitSource: VehicleReminderSource<LimitItem> = {
  key: 'violationLimits',
  permission: 'rentCar:view',
  async due(db, tenantId, w) {
    const over = await overLimits(db, tenantId, null, await limitsOf(db, tenantId));
    // Subjects back under the limits are forgotten, so that passing them again reminds again.
    const keep = over.map((o) => `${o.subject}:${o.id}`);
    await db.execute(sql`delete from violation_limit_reminders where tenant_id = ${tenantId}
      and not ((subject || ':' || subject_id) = any(${`{${keep.join(',')}}`}::text[]))`);
    return over.map((o: OverLimit) => ({
      ref: `${o.subject}:${o.id}`,
      ...(o.subject === 'car' ? { carId: o.id } : {}),
      rentId: o.rent_id,
      dueDate: w.today,
      subject: o.subject,
      subjectId: o.id,
      points: o.points,
      fineFen: o.fine_fen,
      ...message(o),
    }));
  },
  async claim(tx, tenantId, items) {
    if (!items.length) return [];
    // A row per subject: inserted, or raised when a total grew; the primary key makes a racing run a no-op.
    const changed = await rowsOf<{ subject: string; subject_id: number }>(
      tx,
      sql`insert into violation_limit_reminders (tenant_id, subject, subject_id, points, fine_fen, reminded_at)
        select ${tenantId}, i.subject, i.subject_id, i.points, i.fine_fen, now()
        from (values ${sql.join(
          items.map((x) => sql`(${x.subject}, ${x.subjectId}::bigint, ${x.points}::int, ${x.fineFen}::bigint)`),
          sql`, `,
        )}) as i(subject, subject_id, points, fine_fen)
        on conflict (tenant_id, subject, subject_id) do update set points = excluded.points,
          fine_fen = excluded.fine_fen, reminded_at = excluded.reminded_at
          where excluded.points > violation_limit_reminders.points
            or excluded.fine_fen > violation_limit_reminders.fine_fen
        returning subject, subject_id`,
    );
    const keys = new Set(changed.map((c) => `${c.subject}:${Number(c.subject_id)}`));
    return items.filter((x) => keys.delete(x.ref));
  },
};

/**
 * The violation limit check of one tenant, or of every tenant with cars (also run when a query order
 * finishes; the daily vehicle reminders run it with the other sources). Answers the reminders made.
 */
export async function remindViolationLimits(deps: AppDeps, tenantId?: number): Promise<number> {
  return runVehicleReminders(deps, {
    ...(tenantId === undefined ? {} : { tenantId }),
    sources: [violationLimitSource.key],
  });
}
