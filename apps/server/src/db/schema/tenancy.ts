import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintRef, createdAt, idColumn, inList, tstz, updatedAt } from './columns.js';

export const TENANT_STATUSES = ['active', 'disabled'] as const;

/** A SaaS customer: a rental group. Platform table (no tenant_id of its own). */
export const tenants = pgTable(
  'tenants',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    code: text('code').notNull(),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    timeZone: text('time_zone').notNull().default('Asia/Shanghai'),
    logo: text('logo'),
    /** Unified social credit code of the business licence, and the licence's image. */
    licenceNo: text('licence_no'),
    licenceImage: text('licence_image'),
    /** How the tenant found us: the id of its registration link (`/register/{id}`). */
    referral: text('referral'),
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tenants_code_uq').on(t.code),
    check('tenants_status_ck', sql.raw(`status in (${inList(TENANT_STATUSES)})`)),
  ],
);

/** A rental company (subsidiary) of a tenant, in one city. */
export const rents = pgTable(
  'rents',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    code: text('code').notNull(),
    city: text('city').notNull(),
    address: text('address'),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    licenceNo: text('licence_no'),
    licenceImage: text('licence_image'),
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('rents_code_uq').on(t.tenantId, t.code),
    check('rents_status_ck', sql.raw(`status in (${inList(TENANT_STATUSES)})`)),
  ],
);

/** The tenant's subscription ("associator" in the spec's calls). One row per tenant. */
export const memberships = pgTable('memberships', {
  tenantId: bigintRef('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  planCode: text('plan_code').notNull(),
  level: integer('level').notNull(),
  startsAt: tstz('starts_at').notNull(),
  expiresAt: tstz('expires_at').notNull(),
  updatedAt: updatedAt(),
});

/** Menu codes the tenant's plan allows; a role can grant nothing outside them. */
export const tenantPermissions = pgTable(
  'tenant_permissions',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    code: text('code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.code] })],
);
