import { and, asc, eq } from 'drizzle-orm';
import type { Activity, FinancingSide, FinancingState } from '@fleetdesk/contracts/financing';
import type { Lang } from '@fleetdesk/contracts/common';
import type { DbOrTx } from '../../core/db.js';
import { renderStored, type KeyedText, type TextParams } from '../../core/i18n.js';
import { financingActivities } from '../../db/schema/financing.js';
import './financing.messages.js';

/** Who acts on an application: a user of either side, or the system (a job, an approval's outcome). */
export interface Actor {
  side: FinancingSide;
  userId: number | null;
  name: string | null;
}

/**
 * The one writer of `financing_activities`: an entry of an application's history, in the caller's transaction.
 * Its text is a key with parameters, rendered in the reader's language (`history`).
 */
export async function activity(
  tx: DbOrTx,
  actor: Actor,
  e: {
    tenantId: number;
    applicationId: number;
    action: string;
    from?: FinancingState | null;
    to?: FinancingState | null;
    text: KeyedText;
    note?: string | null;
    at: Date;
  },
): Promise<void> {
  await tx.insert(financingActivities).values({
    tenantId: e.tenantId,
    applicationId: e.applicationId,
    action: e.action,
    fromState: e.from ?? null,
    toState: e.to ?? null,
    side: actor.side,
    actorId: actor.userId,
    actorName: actor.name,
    textKey: e.text.key,
    textParams: (e.text.params ?? {}) as Record<string, string | number>,
    note: e.note ?? null,
    at: e.at,
  });
}

/** The history of an application (the caller has checked that he may read it), oldest first. */
export async function history(db: DbOrTx, tenantId: number, applicationId: number, lang: Lang): Promise<Activity[]> {
  const rows = await db
    .select()
    .from(financingActivities)
    .where(and(eq(financingActivities.tenantId, tenantId), eq(financingActivities.applicationId, applicationId)))
    .orderBy(asc(financingActivities.id));
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    fromState: (r.fromState as FinancingState | null) ?? null,
    toState: (r.toState as FinancingState | null) ?? null,
    side: r.side as FinancingSide,
    actorName: r.actorName,
    text: renderStored(lang, r.textKey, r.textParams as TextParams, r.textKey),
    note: r.note,
    at: r.at.toISOString(),
  }));
}
