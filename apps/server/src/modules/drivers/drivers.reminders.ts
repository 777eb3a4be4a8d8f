import { MessageCategory } from '@fleetdesk/contracts/messages';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { publish, type NewEvent } from '../../core/events.js';
import { dueWindow } from './drivers.service.js';
import './drivers.messages.js';

/** The message-centre category of driver reminders. */
export const DRIVER_REMINDER_CATEGORY = MessageCategory.driverReminders;

/** Each document's column; its title is `driverDocument` of `drivers.messages.ts`. */
const DOCUMENTS = {
  licence: { column: 'licence_expiry' },
  certificate: { column: 'certificate_expiry' },
} as const;

/**
 * Message-centre reminders of drivers' documents: for every active driver whose driving licence or
 * ride-hailing certificate has expired or expires within the lead days of the company settings
 * (`reminders.driverDocumentDays`), one message to each user who may see drivers in that driver's rent (`recipientsOf`: grants, plan, data scope). Each
 * document's expiry date is reminded once (`driver_document_reminders`): a renewed document, with a new date,
 * is reminded again when its time comes. The messages are the message centre's: a `reminder.due` event per
 * reminder, published with its record and delivered before this answers. Answers the number of reminders recorded.
 */
export async function remindDriverDocuments(deps: AppDeps): Promise<number> {
  const tenants = await rowsOf<{ tenant_id: number }>(
    deps.db,
    sql`select distinct tenant_id from drivers where state = 'active' and deleted_at is null`,
  );
  let sent = 0;
  for (const { tenant_id } of tenants) {
    const tenantId = Number(tenant_id);
    const w = await dueWindow(deps.db, tenantId, deps.clock.now());
    for (const [document, doc] of Object.entries(DOCUMENTS)) {
      const column = sql.raw(`d.${doc.column}`);
      await deps.events.transaction(
        async (tx) => {
          // Record the reminders first (the primary key makes a second process's run a no-op), then push.
          const due = await rowsOf<{ id: number; rent_id: number; name: string; expiry: string }>(
            tx,
            sql`insert into driver_document_reminders (tenant_id, driver_id, document, expiry)
            select d.tenant_id, d.id, ${document}, ${column} from drivers d
            where d.tenant_id = ${tenantId} and d.state = 'active' and d.deleted_at is null
              and ${column} is not null and ${column} <= ${w.soonUntil}
            on conflict do nothing
            returning driver_id as id,
              (select rent_id from drivers x where x.tenant_id = ${tenantId} and x.id = driver_id) as rent_id,
              (select name from drivers x where x.tenant_id = ${tenantId} and x.id = driver_id) as name,
              expiry::text as expiry`,
          );
          const events: NewEvent<'reminder.due'>[] = due.map((d) => {
            const expired = d.expiry < w.today;
            const what = { title: 'driverDocument', value: document };
            return {
              tenantId,
              name: 'reminder.due',
              payload: {
                source: `driver:${document}`,
                permission: 'rentDriver:view',
                rentId: Number(d.rent_id),
                category: DRIVER_REMINDER_CATEGORY,
                title: {
                  key: expired ? 'drivers.reminder.expiredTitle' : 'drivers.reminder.soonTitle',
                  params: { document: what },
                },
                content: {
                  key: expired ? 'drivers.reminder.expired' : 'drivers.reminder.soon',
                  params: { name: d.name, document: what, date: d.expiry },
                },
                link: `/rentDriver/${d.id}`,
              },
            };
          });
          await publish(tx, ...events);
          sent += events.length;
        },
        { awaitDelivery: true },
      );
    }
  }
  return sent;
}

/** The hourly schedule `drivers.documentReminders` (`register.ts`; the reminders are daily news, each sent once). */
export async function remindDriverDocumentsHourly(deps: AppDeps): Promise<void> {
  await remindDriverDocuments(deps);
}
