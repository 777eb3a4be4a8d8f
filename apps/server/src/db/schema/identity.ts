import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bigintRef, createdAt, idColumn, inList, tstz, updatedAt } from './columns.js';
import { rents, tenants } from './tenancy.js';

/** Departments of the tenant's staff (the address book), as a tree. */
export const departments = pgTable(
  'departments',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    parentId: bigintRef('parent_id'),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.parentId], foreignColumns: [t.tenantId, t.id] }),
    uniqueIndex('departments_name_uq').on(t.tenantId, t.parentId, t.name),
  ],
);

/** active: signs in; disabled: refused (tokens revoked), may come back; left: gone for good, history kept. */
export const USER_STATUSES = ['active', 'disabled', 'left'] as const;

/** A person who signs in. Usernames and phones are unique across tenants: sign-in names no tenant. */
export const users = pgTable(
  'users',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    username: text('username').notNull(),
    phone: text('phone').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    avatar: text('avatar'),
    passwordHash: text('password_hash').notNull(),
    userType: text('user_type').notNull().default('manager'),
    status: text('status').notNull().default('active'),
    defaultRentId: bigintRef('default_rent_id'),
    departmentId: bigintRef('department_id'),
    /** Job title shown in the address book. */
    title: text('title'),
    /** When the employee left (status `left`); their records and log entries stay. */
    leftAt: tstz('left_at'),
    lastLoginAt: tstz('last_login_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('users_username_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_phone_uq').on(t.phone),
    foreignKey({ columns: [t.tenantId, t.defaultRentId], foreignColumns: [rents.tenantId, rents.id] }),
    foreignKey({ columns: [t.tenantId, t.departmentId], foreignColumns: [departments.tenantId, departments.id] }),
    index('users_department_ix').on(t.tenantId, t.departmentId),
    check('users_status_ck', sql.raw(`status in (${inList(USER_STATUSES)})`)),
  ],
);

/** The rents a user may act in (the `X-Rent-Id` header is checked against these). */
export const userRents = pgTable(
  'user_rents',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    userId: bigintRef('user_id').notNull(),
    rentId: bigintRef('rent_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.rentId] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.rentId], foreignColumns: [rents.tenantId, rents.id] }).onDelete('cascade'),
  ],
);

export const DATA_SCOPES = ['all', 'assigned', 'workshop', 'own', 'team'] as const;

export const roles = pgTable(
  'roles',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    /** Grants everything the tenant's plan allows, including menus added later. */
    allPermissions: boolean('all_permissions').notNull().default(false),
    /** Which rents' records the role sees: `all` of the tenant, or only the rents its users are assigned to. */
    dataScope: text('data_scope').notNull().default('all'),
    builtin: boolean('builtin').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('roles_code_uq').on(t.tenantId, t.code),
    uniqueIndex('roles_name_uq').on(t.tenantId, t.name),
    check('roles_data_scope_ck', sql.raw(`data_scope in (${inList(DATA_SCOPES)})`)),
  ],
);

/** A menu or element code granted by a role. */
export const roleGrants = pgTable(
  'role_grants',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    roleId: bigintRef('role_id').notNull(),
    code: text('code').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.roleId, t.code] }),
    foreignKey({ columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }).onDelete('cascade'),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    userId: bigintRef('user_id').notNull(),
    roleId: bigintRef('role_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.roleId] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }).onDelete('cascade'),
  ],
);

/**
 * Issued tokens. Only SHA-256 hashes are stored. A refresh rotates the pair: the old row is revoked and a new
 * one joins the same family; a revoked refresh token presented again revokes the whole family (theft).
 */
export const oauthTokens = pgTable(
  'oauth_tokens',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    userId: bigintRef('user_id').notNull(),
    clientId: text('client_id').notNull(),
    familyId: text('family_id').notNull(),
    accessHash: text('access_hash').notNull(),
    refreshHash: text('refresh_hash').notNull(),
    accessExpiresAt: tstz('access_expires_at').notNull(),
    refreshExpiresAt: tstz('refresh_expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('oauth_tokens_access_uq').on(t.accessHash),
    uniqueIndex('oauth_tokens_refresh_uq').on(t.refreshHash),
    index('oauth_tokens_family_ix').on(t.familyId),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
  ],
);

export const LOGIN_METHODS = ['password', 'code', 'qr', 'refresh', 'client'] as const;

/** One row per sign-in, completed by `saveLoginInfo` with the client's platform and version. */
export const loginRecords = pgTable(
  'login_records',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    userId: bigintRef('user_id').notNull(),
    /** The token issued by this sign-in; `saveLoginInfo` completes the record of its own token. */
    tokenId: bigintRef('token_id'),
    method: text('method').notNull(),
    platform: text('platform'),
    version: text('version'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('login_records_user_ix').on(t.tenantId, t.userId, t.createdAt),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    check('login_records_method_ck', sql.raw(`method in (${inList(LOGIN_METHODS)})`)),
  ],
);

/** `phoneChange`: confirms an employee's new phone (organisation), never a sign-in or a registration. */
export const CODE_PURPOSES = ['login', 'reset', 'register', 'qr', 'phoneChange', 'driverLogin'] as const;

/** One-time codes (SMS or QR). Pre-sign-in, so a platform table; hashed; 5 minutes; 5 wrong tries. */
export const verifyCodes = pgTable(
  'verify_codes',
  {
    id: idColumn().primaryKey(),
    purpose: text('purpose').notNull(),
    /** Phone number the code was sent to, or the username it was issued for (QR). */
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: tstz('expires_at').notNull(),
    consumedAt: tstz('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('verify_codes_target_ix').on(t.target, t.purpose, t.createdAt),
    check('verify_codes_purpose_ck', sql.raw(`purpose in (${inList(CODE_PURPOSES)})`)),
  ],
);

export const QR_STATES = ['waiting', 'scanned', 'confirmed', 'consumed', 'cancelled'] as const;

/** A desktop's QR sign-in session, confirmed from a signed-in phone. */
export const qrSessions = pgTable(
  'qr_sessions',
  {
    id: text('id').primaryKey(),
    state: text('state').notNull().default('waiting'),
    tenantId: bigintRef('tenant_id'),
    userId: bigintRef('user_id'),
    username: text('username'),
    ip: text('ip'),
    expiresAt: tstz('expires_at').notNull(),
    createdAt: createdAt(),
    confirmedAt: tstz('confirmed_at'),
  },
  () => [check('qr_sessions_state_ck', sql.raw(`state in (${inList(QR_STATES)})`))],
);
