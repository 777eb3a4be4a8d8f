import { sql } from 'drizzle-orm';
import { recipientTable, recipientsOf, rentJoin } from '../../core/access.js';
import { subscribe, type DomainEvent, type EventHandler } from '../../core/events.js';
import { storedText } from '../../core/i18n.js';

/** The durable subscriber that turns reminders into message-centre messages (keep the name: deliveries key it). */
export const MESSAGE_REMINDERS_SUBSCRIBER = 'messages.reminders';

/**
 * `reminder.due`: one message (channel `rent_m`) per reminder to each active user of the tenant who holds its
 * permission (within the plan) and sees its rent (`recipientsOf`), one statement per tenant and permission. The
 * title and text are stored as keys and parameters (read in the reader's language) and in Chinese.
 */
const remindersToMessages: EventHandler<'reminder.due'> = async (events, deps) => {
  const groups = new Map<string, DomainEvent<'reminder.due'>[]>();
  for (const e of events) {
    const key = `${e.tenantId}:${e.payload.permission}`;
    const list = groups.get(key);
    if (list) list.push(e);
    else groups.set(key, [e]);
  }
  for (const list of groups.values()) {
    const { tenantId } = list[0]!;
    const recipients = await recipientsOf(deps.db, tenantId, list[0]!.payload.permission);
    await deps.db.execute(sql`insert into push_records (tenant_id, user_id, channel, category, title, content, link,
        title_key, title_params, content_key, content_params)
      select ${tenantId}::bigint, rc.user_id, 'rent_m', i.category, i.title, i.content, i.link,
        i.title_key, i.title_params, i.content_key, i.content_params
      from (values ${sql.join(
        list.map(({ payload: p }) => {
          const title = storedText(p.title);
          const content = storedText(p.content);
          return sql`(${p.rentId}::bigint, ${p.category}::int, ${title.text}, ${content.text}, ${p.link},
            ${title.key}, ${jsonOrNull(title.params)}::jsonb, ${content.key}, ${jsonOrNull(content.params)}::jsonb)`;
        }),
        sql`, `,
      )}) as i(rent_id, category, title, content, link, title_key, title_params, content_key, content_params)
      join ${recipientTable(recipients)} rc on ${rentJoin('rc', sql`i.rent_id`)}`);
  }
};

const jsonOrNull = (v: unknown) => (v == null ? null : JSON.stringify(v));

/** Subscribes the message centre's handlers (once per process; again does nothing). */
export function registerMessagesSubscribers(): void {
  subscribe('reminder.due', MESSAGE_REMINDERS_SUBSCRIBER, remindersToMessages, { durable: true });
}
