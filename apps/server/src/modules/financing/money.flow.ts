import { MessageCategory } from '@fleetdesk/contracts/messages';
import { sql, type SQL } from 'drizzle-orm';
import { FINANCING_STATE_TITLES } from '@fleetdesk/contracts/financing';
import { rowsOf, type Tx } from '../../core/db.js';
import { ConflictError } from '../../core/errors.js';
import { financingActivities } from '../../db/schema/index.js';
import { publish } from '../../core/events.js';
import type { TextParams } from '../../core/i18n.js';
import { normalise, type AppRow, type Caller } from './money.side.js';

/**
 * The money side's steps of an application's life, through the applications side's one `transition` (state check,
 * version, activity row), and what the other side is told (message-centre messages through `reminder.due`).
 */

/** The web page of an application (the link of the messages). */
export const applicationLink = (id: number, tab = 'schedule') => `/finance/application/${id}?tab=${tab}`;

/** The money side's moves (the rest of the table is the applications side's). */
const MONEY_MOVES: Record<string, { from: string; to: string }> = {
  loanApply: { from: 'S4', to: 'S5' },
  loanConfirm: { from: 'S5', to: 'S6' },
  disburse: { from: 'S6', to: 'S7' },
  settle: { from: 'S7', to: 'S8' },
  payoff: { from: 'S7', to: 'S8' },
};

/**
 * One step of the application (S4 → S5 → S6 → S7 → S8): refuses a wrong state (409 `error.financing.state`) or a
 * stale version (409 `error.financing.version`), bumps the version, sets the step's time, and writes the activity
 * row, in the caller's transaction (the application row locked by the caller).
 */
export async function moveApplication(
  tx: Tx,
  caller: Caller | null,
  app: AppRow,
  to: string,
  action: string,
  options: { version?: number; note?: string | null; set?: SQL; params?: TextParams } = {},
): Promise<AppRow> {
  const move = MONEY_MOVES[action];
  if (!move || move.to !== to) throw new Error(`financing: no money move ${action} to ${to}`);
  if (app.state !== move.from)
    throw new ConflictError('error.financing.state', { state: stateTitle(app.state, caller?.ctx.lang ?? 'zh-CN') });
  if (options.version !== undefined && options.version !== app.version)
    throw new ConflictError('error.financing.version');
  const rows = await rowsOf<AppRow>(
    tx,
    sql`update financing_applications set state = ${to}, version = version + 1, updated_at = now()
        ${options.set ? sql`, ${options.set}` : sql``}
      where tenant_id = ${app.tenant_id} and id = ${app.id} and state = ${move.from}
      returning tenant_id, id, rent_id, financier_id, product_id, code, state, version, plate, vin, car_type_name,
        quote, conditions, submitted_at, disbursed_at, settled_at`,
  );
  if (!rows[0]) throw new ConflictError('error.financing.state', { state: app.state });
  await recordActivity(tx, caller, app, action, options.params ?? {}, options.note ?? null, { from: move.from, to });
  return normalise(rows[0]);
}

function stateTitle(state: string, lang: 'zh-CN' | 'en-US'): string {
  return FINANCING_STATE_TITLES[state as keyof typeof FINANCING_STATE_TITLES]?.[lang] ?? state;
}

/** An activity row of a money action (with the state change of a move), keyed text `financingMoney.activity.*`. */
export async function recordActivity(
  tx: Tx,
  caller: Caller | null,
  app: AppRow,
  action: string,
  params: TextParams = {},
  note: string | null = null,
  states: { from: string; to: string } | null = null,
): Promise<void> {
  await tx.insert(financingActivities).values({
    tenantId: app.tenant_id,
    applicationId: app.id,
    action,
    fromState: states?.from ?? null,
    toState: states?.to ?? null,
    side: caller?.side ?? 'system',
    actorId: caller?.ctx.userId ?? null,
    actorName: caller?.ctx.name ?? null,
    textKey: `financingMoney.activity.${action}`,
    textParams: params as Record<string, string | number>,
    note,
  });
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
  text: { title: string; key: string; params: TextParams } | { what: string; params?: TextParams },
): Promise<void> {
  const tenantId = side === 'applicant' ? app.tenant_id : app.financier_id;
  const rentId = side === 'applicant' ? app.rent_id : await financierRent(tx, app.financier_id);
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
      link: applicationLink(app.id),
    },
  });
}
