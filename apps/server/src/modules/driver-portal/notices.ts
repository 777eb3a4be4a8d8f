import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db.js';
import { subscribe, type EventHandler } from '../../core/events.js';

/** The portal's own notices to a driver (its home page), a message key and its parameters. */
export async function addNotice(
  tx: DbOrTx,
  tenantId: number,
  driverId: number,
  key: string,
  params: Record<string, string | number>,
): Promise<void> {
  await tx.execute(
    sql`insert into driver_notices (tenant_id, driver_id, key, params)
      values (${tenantId}, ${driverId}, ${key}, ${JSON.stringify(params)}::jsonb)`,
  );
}

export const DRIVER_NOTICES_SUBSCRIBER = 'driverPortal.notices';

const levelChanged: EventHandler<'driver.levelChanged'> = async (events, deps) => {
  await deps.events.transaction(async (tx) => {
    for (const e of events) {
      await addNotice(
        tx,
        e.tenantId,
        e.payload.driverId,
        e.payload.up ? 'driverPortal.notice.levelUp' : 'driverPortal.notice.levelDown',
        {
          level: e.payload.toName,
          levelEn: e.payload.toNameEn,
        },
      );
    }
  });
};

const reviewed: EventHandler<'driver.submissionReviewed'> = async (events, deps) => {
  await deps.events.transaction(async (tx) => {
    for (const e of events) {
      await addNotice(
        tx,
        e.tenantId,
        e.payload.driverId,
        `driverPortal.notice.${e.payload.approved ? 'approved' : 'rejected'}.${e.payload.kind}`,
        { note: e.payload.note ?? '' },
      );
    }
  });
};

/** The driver's notices of his level and of the office's reviews come from domain events (durable). */
export function registerDriverPortalSubscribers(): void {
  subscribe('driver.levelChanged', DRIVER_NOTICES_SUBSCRIBER, levelChanged, { durable: true });
  subscribe('driver.submissionReviewed', DRIVER_NOTICES_SUBSCRIBER, reviewed, { durable: true });
}
