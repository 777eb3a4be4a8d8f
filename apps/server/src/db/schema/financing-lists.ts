import { bigint, pgTable } from 'drizzle-orm/pg-core';
import { bigintRef } from './columns.js';

/**
 * The version of an owner's financing lists (an applicant tenant's, or a financier's across its applicants): a
 * counter that statement triggers on applications, instalments and repayments bump for the `tenant_id` and the
 * `financier_id` of every changed row (migration 0038). The lists keep their totals per filter while it stays
 * (`core/count-cache.ts`, `modules/financing/list-totals.ts`). No foreign key: a trigger writes it.
 */
export const financingListVersions = pgTable('financing_list_versions', {
  ownerId: bigintRef('owner_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
