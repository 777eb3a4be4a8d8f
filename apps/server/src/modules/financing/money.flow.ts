import { MessageCategory } from '@fleetdesk/contracts/messages';
import type { FinancingState } from '@fleetdesk/contracts/financing';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../core/db.js';
import { tenantDays } from '../../core/tenant-time.js';
import { publish } from '../../core/events.js';
import type { TextParams } from '../../core/i18n.js';
import { activity } from './activity.js';
import { transition } from './applications.service.js';
import { applicationLink } from './notices.js';
import { actorFor, type ApplicationRow, type Side } from './money.side.js';

/**
 * The money side's steps of an application (S4 → S5 → S6 → S7 → S8) through the applications side's one
 * `transition`, its history entries through the one `activity` writer, and what the other side is told
 * (message-centre messages through `reminder.due`).
 */

/** The web page of an application on its schedule tab (the link of the money side's messages). */
export const scheduleLink = (id: number) => `${applicationLink(id)}?tab=schedule`;

/** A step of the money side, its history text `financingMoney.activity.<action>`. */
export async function moveApplication(
  tx: DbOrTx,
  side: Side | null,
  app: ApplicationRow,
  to: FinancingState,
  action: string,
  o: {
    now: Date;
    version?: number;
    note?: string | null;
    set?: Parameters<typeof transition>[4]['set'];
    params?: TextParams;
  },
): Promise<ApplicationRow> {
  return transition(tx, actorFor(side), app, to, {
    action,
    now: o.now,
    version: o.version,
    set: o.set,
    note: o.note ?? null,
    text: { key: `financingMoney.activity.${action}`, params: o.params ?? {} },
  });
}

/** A history entry of a money action that changes no state (a payment, a waiver, a deposit return). */
export async function recordActivity(
  tx: DbOrTx,
  side: Side | null,
  app: ApplicationRow,
  action: string,
  params: TextParams,
  now: Date,
  note: string | null = null,
): Promise<void> {
  await activity(tx, actorFor(side), {
    tenantId: app.tenantId,
    applicationId: app.id,
    action,
    text: { key: `financingMoney.activity.${action}`, params },
    note,
    at: now,
  });
}

/** The first rent of a financier's tenant (its head office): where its users are told of the financing news. */
async function financierRent(tx: DbOrTx, financierId: number): Promise<number | null> {
  const [row] = await rowsOf<{ id: number }>(
    tx,
    sql`select id from rents where tenant_id = ${financierId} order by id limit 1`,
  );
  return row ? Number(row.id) : null;
}

/**
 * A message-centre message to the users with `finance` of one side: the applicant's who see the application's
 * rent, or the financier's. `what` names a request waiting for the financier.
 */
export async function tellSide(
  tx: DbOrTx,
  app: ApplicationRow,
  side: 'applicant' | 'financier',
  text: { title: string; key: string; params: TextParams } | { what: string; params?: TextParams },
): Promise<void> {
  const tenantId = side === 'applicant' ? app.tenantId : app.financierId;
  const rentId = side === 'applicant' ? app.rentId : await financierRent(tx, app.financierId);
  if (rentId === null) return;
  const keyed =
    'what' in text
      ? {
          title: { key: 'financingMoney.msg.requestTitle' },
          content: { key: `financingMoney.msg.request.${text.what}`, params: { code: app.code, ...text.params } },
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
      link: scheduleLink(app.id),
    },
  });
}

/** The settlement told: `financing.settled` and a message to both sides. */
export async function announceSettled(tx: DbOrTx, app: ApplicationRow, how: 'repaid' | 'payoff', now: Date) {
  const date = (await tenantDays(tx, app.tenantId, now)).today;
  await publish(tx, {
    tenantId: app.tenantId,
    name: 'financing.settled',
    payload: {
      applicationId: app.id,
      rentId: app.rentId,
      financierId: app.financierId,
      code: app.code,
      how,
      at: now.toISOString(),
    },
  });
  const text = {
    title: 'financingMoney.msg.settledTitle',
    key: 'financingMoney.msg.settled',
    params: { code: app.code, date },
  };
  await tellSide(tx, app, 'applicant', text);
  await tellSide(tx, app, 'financier', text);
}
