import { MessageCategory } from '@fleetdesk/contracts/messages';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../core/db.js';
import { publish } from '../../core/events.js';
import type { TextParams } from '../../core/i18n.js';
import type { AppRow, Caller } from './money.side.js';

/**
 * The money side's steps of an application's life, through the applications side's one `transition` (state check,
 * version, activity row), and what the other side is told (message-centre messages through `reminder.due`).
 */

/** The web page of an application (the link of the messages). */
export const applicationLink = (id: number, tab = 'schedule') => `/finance/application/${id}?tab=${tab}`;

export async function moveApplication(
  tx: Tx,
  caller: Caller | null,
  app: AppRow,
  to: string,
  action: string,
  options: { version?: number; note?: string | null; set?: SQL } = {},
): Promise<AppRow> {
  void tx;
  void caller;
  void app;
  void to;
  void action;
  void options;
  throw new Error('not merged yet');
}

/** An activity row of a money action that changes no state (a payment, a waiver, a deposit return). */
export async function recordActivity(
  tx: Tx,
  caller: Caller | null,
  app: AppRow,
  action: string,
  params: TextParams = {},
  note: string | null = null,
): Promise<void> {
  void tx;
  void caller;
  void app;
  void action;
  void params;
  void note;
}

/** The first rent of a financier's tenant (its head office): where its users are told of the financing news. */
async function financierRent(tx: Tx, financierId: number): Promise<number | null> {
  const [row] = await rowsOf<{ id: number }>(
    tx,
    sql`select id from rents where tenant_id = ${financierId} order by id limit 1`,
  );
  return row ? Number(row.id) : null;
}

/**
 * A message-centre message to the users with `finance` of one side: the applicant's who see the application's
 * rent, or the financier's. `what` names a request waiting for the financier (generic text).
 */
export async function tellSide(
  tx: Tx,
  app: AppRow,
  side: 'applicant' | 'financier',
  text: { title: string; key: string; params: TextParams } | { what: string },
): Promise<void> {
  const tenantId = side === 'applicant' ? app.tenant_id : app.financier_id;
  const rentId = side === 'applicant' ? app.rent_id : await financierRent(tx, app.financier_id);
  if (rentId === null) return;
  const keyed =
    'what' in text
      ? {
          title: { key: 'financingMoney.msg.requestTitle' },
          content: {
            key: 'financingMoney.msg.request',
            params: { code: app.code, what: { title: 'financingAction', value: text.what } },
          },
        }
      : { title: { key: text.title }, content: { key: text.key, params: text.params } };
  await publish(tx, {
    tenantId,
    name: 'reminder.due',
    payload: {
      source: 'financing',
      permission: 'finance',
      rentId,
      category: MessageCategory.bills,
      ...keyed,
      link: applicationLink(app.id),
    },
  });
}
