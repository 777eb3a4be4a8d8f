import { MessageCategory } from '@fleetdesk/contracts/messages';
import { sql } from 'drizzle-orm';
import { recipientsOf } from '../../core/access.js';
import { idArray, rowsOf } from '../../core/db.js';
import { subscribe, type DomainEvent, type EventHandler } from '../../core/events.js';
import { yuanText } from '../payments/payments.service.js';
import { createMessagesForRecipients } from './messages.service.js';
import { sendSmsCopies } from './messages.sms.js';

/** The durable subscriber that turns reminders into message-centre messages (keep the name: deliveries key it). */
export const MESSAGE_REMINDERS_SUBSCRIBER = 'messages.reminders';
/** `bill.overdue` and `payment.received` as messages of category bills (keep the names). */
export const MESSAGE_BILLS_SUBSCRIBER = 'messages.bills';
/** The SMS copies of the messages whose readers chose their category (keep the name). */
export const MESSAGE_SMS_SUBSCRIBER = 'messages.smsCopies';
/** Who is told of a bill's news: those who may see contracts in its rent. */
export const BILL_PERMISSION = 'rentContract:view';

/** A bill's page: its contract's bills tab with the bill picked out (web `entityPath.bill`). */
export const billLink = (contractId: number, lineId: number) =>
  `/rentContract/detail/${contractId}?tab=bills&bill=${lineId}`;

function groupBy<T>(list: readonly T[], key: (x: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const x of list) {
    const k = key(x);
    const g = groups.get(k);
    if (g) g.push(x);
    else groups.set(k, [x]);
  }
  return [...groups.values()];
}

/**
 * `reminder.due`: one message per reminder to each active user of the tenant who holds its permission (within
 * the plan) and sees its rent (`recipientsOf`), through `createMessages`, per tenant and permission.
 */
const remindersToMessages: EventHandler<'reminder.due'> = async (events, deps) => {
  for (const list of groupBy(events, (e) => `${e.tenantId}:${e.payload.permission}`)) {
    const { tenantId } = list[0]!;
    const recipients = await recipientsOf(deps.db, tenantId, list[0]!.payload.permission);
    await deps.events.transaction((tx) =>
      createMessagesForRecipients(
        tx,
        tenantId,
        recipients,
        list.map(({ payload: p }) => ({
          rentId: p.rentId,
          category: p.category,
          title: p.title,
          content: p.content,
          link: p.link,
        })),
      ),
    );
  }
};

/** `bill.overdue`: a message of category bills to each user who sees the contract's rent, linking the bill. */
const overdueBills: EventHandler<'bill.overdue'> = async (events, deps) => {
  for (const list of groupBy(events, (e) => String(e.tenantId))) {
    const { tenantId } = list[0]!;
    const recipients = await recipientsOf(deps.db, tenantId, BILL_PERMISSION);
    await deps.events.transaction((tx) =>
      createMessagesForRecipients(
        tx,
        tenantId,
        recipients,
        list.map(({ payload: p }) => ({
          rentId: p.rentId,
          category: MessageCategory.bills,
          title: { key: 'messages.billOverdueTitle' },
          content: {
            key: 'messages.billOverdue',
            params: {
              number: p.number,
              driver: p.driver ?? '-',
              period: p.period ?? '-',
              amount: yuanText(p.outstandingFen),
              date: p.dueDate,
            },
          },
          link: billLink(p.contractId, p.lineId),
        })),
      ),
    );
  }
};

/**
 * `payment.received`: a message of category bills to each user who sees the contract's rent, except the one who
 * recorded the payment (he knows), linking the bill.
 */
const paymentsReceived: EventHandler<'payment.received'> = async (events, deps) => {
  for (const list of groupBy(events, (e) => String(e.tenantId))) {
    const { tenantId } = list[0]!;
    const numbers = new Map(
      (
        await rowsOf<{ id: number; number: string }>(
          deps.db,
          sql`select id, number from rental_contracts
            where tenant_id = ${tenantId} and id = any(${idArray(list.map((e) => e.payload.contractId))})`,
        )
      ).map((r) => [Number(r.id), r.number]),
    );
    const recipients = await recipientsOf(deps.db, tenantId, BILL_PERMISSION);
    await deps.events.transaction(async (tx) => {
      for (const { payload: p } of list)
        await createMessagesForRecipients(
          tx,
          tenantId,
          recipients.filter((r) => r.userId !== p.by),
          [
            {
              rentId: p.rentId,
              category: MessageCategory.bills,
              title: { key: 'messages.paymentReceivedTitle' },
              content: {
                key: p.lineState === 'paid' ? 'messages.paymentReceived' : 'messages.paymentReceivedPartial',
                params: {
                  number: numbers.get(p.contractId) ?? String(p.contractId),
                  amount: yuanText(p.amountFen),
                  date: p.paidDate,
                },
              },
              link: billLink(p.contractId, p.lineId),
            },
          ],
        );
    });
  }
};

const smsCopies: EventHandler<'message.smsDue'> = async (events, deps) => {
  for (const list of groupBy(events, (e: DomainEvent<'message.smsDue'>) => String(e.tenantId)))
    await sendSmsCopies(
      deps,
      list[0]!.tenantId,
      list.flatMap((e) => e.payload.messageIds),
    );
};

/** Subscribes the message centre's handlers (once per process; again does nothing). */
export function registerMessagesSubscribers(): void {
  subscribe('reminder.due', MESSAGE_REMINDERS_SUBSCRIBER, remindersToMessages, { durable: true });
  subscribe('bill.overdue', MESSAGE_BILLS_SUBSCRIBER, overdueBills, { durable: true });
  subscribe('payment.received', MESSAGE_BILLS_SUBSCRIBER, paymentsReceived, { durable: true });
  subscribe('message.smsDue', MESSAGE_SMS_SUBSCRIBER, smsCopies, { durable: true });
}
