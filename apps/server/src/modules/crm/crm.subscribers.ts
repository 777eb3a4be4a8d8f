import { MessageCategory } from '@fleetdesk/contracts/messages';
import { leadLink } from '@fleetdesk/contracts/crm';
import { subscribe, type EventHandler } from '../../core/events.js';
import { localMinute, tenantZone } from '../../core/tenant-time.js';
import { createMessages } from '../messages/messages.service.js';
import './crm.messages.js';

/** The durable subscriber that tells lead owners (keep the name: deliveries key it). */
export const CRM_MESSAGES_SUBSCRIBER = 'crm.messages';

/** `crm.followUpOverdue`: a message of category customers to the lead's owner, linking the lead. */
const overdue: EventHandler<'crm.followUpOverdue'> = async (events, deps) => {
  for (const e of events) {
    const zone = await tenantZone(deps.db, e.tenantId);
    await deps.events.transaction((tx) =>
      createMessages(tx, [
        {
          tenantId: e.tenantId,
          userId: e.payload.ownerId,
          category: MessageCategory.customers,
          title: { key: 'crm.followUpOverdueTitle' },
          content: {
            key: 'crm.followUpOverdue',
            params: { name: e.payload.name, at: localMinute(zone, new Date(e.payload.dueAt)) },
          },
          link: leadLink(e.payload.leadId),
        },
      ]),
    );
  }
};

/** `crm.leadReturned`: the former owner hears that the lead went back to the pool. */
const returned: EventHandler<'crm.leadReturned'> = async (events, deps) => {
  await deps.events.transaction((tx) =>
    createMessages(
      tx,
      events.map((e) => ({
        tenantId: e.tenantId,
        userId: e.payload.formerOwnerId,
        category: MessageCategory.customers,
        title: { key: 'crm.leadReturnedTitle' },
        content: { key: 'crm.leadReturned', params: { name: e.payload.name, days: e.payload.days } },
        link: leadLink(e.payload.leadId),
      })),
    ),
  );
};

/** `crm.leadAgain`: the owner of an open lead hears that the customer left his number again (public form). */
const again: EventHandler<'crm.leadAgain'> = async (events, deps) => {
  await deps.events.transaction((tx) =>
    createMessages(
      tx,
      events.map((e) => ({
        tenantId: e.tenantId,
        userId: e.payload.ownerId,
        category: MessageCategory.customers,
        title: { key: 'crm.leadAgainTitle' },
        content: { key: 'crm.leadAgain', params: { name: e.payload.name, phone: e.payload.phone } },
        link: leadLink(e.payload.leadId),
      })),
    ),
  );
};

export function registerCrmSubscribers(): void {
  subscribe('crm.followUpOverdue', CRM_MESSAGES_SUBSCRIBER, overdue, { durable: true });
  subscribe('crm.leadReturned', CRM_MESSAGES_SUBSCRIBER, returned, { durable: true });
  subscribe('crm.leadAgain', CRM_MESSAGES_SUBSCRIBER, again, { durable: true });
}
