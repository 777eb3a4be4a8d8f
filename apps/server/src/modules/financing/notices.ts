import { asc, eq } from 'drizzle-orm';
import { fenToYuan } from '@fleetdesk/contracts/common';
import { MessageCategory } from '@fleetdesk/contracts/messages';
import type { DbOrTx } from '../../core/db.js';
import { publish } from '../../core/events.js';
import { rents, tenants } from '../../db/schema/tenancy.js';
import type { ApplicationRow } from './applications.repository.js';
import './financing.messages.js';

/**
 * Message-centre messages to the other side of an application (`reminder.due`, which the messages area turns into
 * one message per user who holds the permission and sees the rent): the financier's reviewers when an application
 * reaches them, the applicant's finance users when the financier decides. In the caller's transaction.
 */
export const applicationLink = (id: number) => `/finance/detail/${id}`;

/** The financier's head-office rent (its first): where its users read the applications' news. */
async function financierRent(tx: DbOrTx, financierId: number): Promise<number | null> {
  const [r] = await tx
    .select({ id: rents.id })
    .from(rents)
    .where(eq(rents.tenantId, financierId))
    .orderBy(asc(rents.id))
    .limit(1);
  return r?.id ?? null;
}

/** An application reached the financier's review: its users with `finance:audit` are told. */
export async function tellFinancier(tx: DbOrTx, app: ApplicationRow): Promise<void> {
  const rentId = await financierRent(tx, app.financierId);
  if (!rentId) return;
  const [tenant] = await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, app.tenantId));
  await publish(tx, {
    tenantId: app.financierId,
    name: 'reminder.due',
    payload: {
      source: 'financing',
      permission: 'finance:audit',
      rentId,
      category: MessageCategory.approvals,
      title: { key: 'financing.notice.toReviewTitle' },
      content: {
        key: 'financing.notice.toReview',
        params: {
          code: app.code,
          company: tenant?.name ?? '',
          financed: fenToYuan(app.quote?.financedFen ?? 0).toFixed(2),
        },
      },
      link: applicationLink(app.id),
    },
  });
}

/** The financier decided: the applicant's users with `finance` who see the rent are told (the state by its title). */
export async function tellApplicant(tx: DbOrTx, app: ApplicationRow, to: string): Promise<void> {
  await publish(tx, {
    tenantId: app.tenantId,
    name: 'reminder.due',
    payload: {
      source: 'financing',
      permission: 'finance',
      rentId: app.rentId,
      category: MessageCategory.approvals,
      title: { key: 'financing.notice.decidedTitle' },
      content: {
        key: 'financing.notice.decided',
        params: { code: app.code, state: { title: 'financingState', value: to } },
      },
      link: applicationLink(app.id),
    },
  });
}
