import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../core/db.js';
import type { PgliteClient } from '../core/pglite-host.js';
import { findDeviceByImei, findOsmandDevice } from '../modules/gps/ingest.js';
import { demoSecret, osmandKeyHash } from '../modules/gps/identity.js';
import { maintainGpsPartitions } from '../modules/gps/partitions.js';
import { gpsRuntime } from '../modules/gps/runtime.js';
import { maintenance } from '../runtime.js';
import { seedDemo } from '../seed/demo.js';
import { createTestApp, type TestApp } from '../test/harness.js';

/**
 * Readiness to scale out on Citus (docs/operations.md, "Scale out on Citus"), proven without Citus from the
 * migrated schema and from the statements the code runs:
 * - the catalogue: every table with a `tenant_id` column is a tenant table (distributed by `tenant_id`,
 *   co-located), every other one a platform table (a reference table); partitions follow their parent. A tenant
 *   table must keep Citus's rules for co-located distributed tables (keys and unique indexes lead with
 *   `tenant_id`, foreign keys between tenant tables join `tenant_id` to `tenant_id`, no platform table points into
 *   a tenant table, no SET NULL through `tenant_id`, `tenant_id` never null). Known breaches are listed below with
 *   their reason; any other fails.
 * - the statements of docs/operations.md: generated from the catalogue, in an order the foreign keys allow; the
 *   doc must hold exactly them (`CITUS_DOC=write` rewrites its block).
 * - the statements the code runs (embedded database): the demo seed, every schedule once, device sign-in and
 *   position writing, and the GET calls of every area as the demo admin. Each distinct statement that reads or
 *   writes a tenant table must pin `tenant_id` to a value (one shard), unless it is listed below as multi-shard by
 *   design.
 * - GPS positions (PostgreSQL, where they are partitioned): retention drops a month's partition whole, and a
 *   device-day of the replay touches one partition.
 */

const onPostgres = Boolean(inject('postgresTemplate'));
const DOC = fileURLToPath(new URL('../../../../docs/operations.md', import.meta.url));
const BEGIN = '<!-- citus:begin -->';
const END = '<!-- citus:end -->';

// ---------------------------------------------------------------------------------------------------------------
// The catalogue

interface Table {
  name: string;
  tenant: boolean;
  tenantIdNotNull: boolean;
  parent: string | null;
}
interface Constraint {
  table: string;
  name: string;
  type: 'p' | 'u' | 'x' | 'f';
  columns: string[];
  refTable: string | null;
  refColumns: string[];
  onDelete: string;
  onUpdate: string;
  exclusionOps: string[];
  definition: string;
}
interface UniqueIndex {
  table: string;
  name: string;
  /** Key columns in order; '' for an expression. */
  columns: string[];
  definition: string;
}
interface Trigger {
  table: string;
  name: string;
  fn: string;
  notifies: boolean;
}
interface Catalogue {
  tables: Map<string, Table>;
  constraints: Constraint[];
  uniqueIndexes: UniqueIndex[];
  triggers: Trigger[];
}

async function readCatalogue(database: Database): Promise<Catalogue> {
  const q = async <R>(text: string) => (await database.query<R>(text)).rows;
  const tables = await q<{
    name: string;
    parent: string | null;
    has_tenant: boolean;
    tenant_not_null: boolean | null;
  }>(`select c.relname::text as name,
      (select p.relname::text from pg_inherits i join pg_class p on p.oid = i.inhparent where i.inhrelid = c.oid) as parent,
      a.attname is not null as has_tenant, a.attnotnull as tenant_not_null
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    left join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
    where n.nspname = 'public' and c.relkind in ('r', 'p')
    order by c.relname`);
  const constraints = await q<{
    table: string;
    name: string;
    type: Constraint['type'];
    columns: string[];
    ref_table: string | null;
    ref_columns: string[];
    on_delete: string;
    on_update: string;
    exclusion_ops: string[];
    definition: string;
  }>(`select cl.relname::text as table, con.conname::text as name, con.contype::text as type,
      array(select a.attname::text from unnest(con.conkey) with ordinality k(n, i)
        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.i) as columns,
      rc.relname::text as ref_table,
      array(select a.attname::text from unnest(con.confkey) with ordinality k(n, i)
        join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.i) as ref_columns,
      con.confdeltype::text as on_delete, con.confupdtype::text as on_update,
      array(select o.oprname::text from unnest(con.conexclop) with ordinality x(op, i)
        join pg_operator o on o.oid = x.op order by x.i) as exclusion_ops,
      pg_get_constraintdef(con.oid) as definition
    from pg_constraint con join pg_class cl on cl.oid = con.conrelid
    join pg_namespace n on n.oid = cl.relnamespace
    left join pg_class rc on rc.oid = con.confrelid
    where n.nspname = 'public' and con.contype in ('p', 'u', 'x', 'f') and not cl.relispartition
      and con.conparentid = 0
    order by 1, 2`);
  const uniqueIndexes = await q<UniqueIndex>(`select cl.relname::text as table, ic.relname::text as name,
      array(select coalesce(a.attname::text, '') from unnest(i.indkey::int2[]) with ordinality k(n, o)
        left join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.n
        where k.o <= i.indnkeyatts order by k.o) as columns,
      pg_get_indexdef(i.indexrelid) as definition
    from pg_index i join pg_class cl on cl.oid = i.indrelid join pg_class ic on ic.oid = i.indexrelid
    join pg_namespace n on n.oid = cl.relnamespace
    where n.nspname = 'public' and i.indisunique and not cl.relispartition
      and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid and c.conrelid = i.indrelid)
    order by 1, 2`);
  const triggers = await q<{ table: string; name: string; fn: string; notifies: boolean }>(
    `select cl.relname::text as table, t.tgname::text as name, p.proname::text as fn,
      p.prosrc ilike '%pg_notify%' as notifies
    from pg_trigger t join pg_class cl on cl.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
    join pg_namespace n on n.oid = cl.relnamespace
    where n.nspname = 'public' and not t.tgisinternal and not cl.relispartition
    order by 1, 2`,
  );
  const byName = new Map<string, Table>();
  for (const t of tables) {
    byName.set(t.name, {
      name: t.name,
      tenant: t.has_tenant,
      tenantIdNotNull: t.tenant_not_null === true,
      parent: t.parent,
    });
  }
  return {
    tables: byName,
    constraints: constraints.map((c) => ({
      table: c.table,
      name: c.name,
      type: c.type,
      columns: c.columns,
      refTable: c.ref_table,
      refColumns: c.ref_columns,
      onDelete: c.on_delete,
      onUpdate: c.on_update,
      exclusionOps: c.exclusion_ops,
      definition: c.definition,
    })),
    uniqueIndexes,
    triggers,
  };
}

/** A table's own class, or its parent's (a partition follows its parent). */
function rootOf(cat: Catalogue, name: string): Table | undefined {
  let t = cat.tables.get(name);
  while (t?.parent) t = cat.tables.get(t.parent);
  return t;
}

interface Violation {
  /** `table.constraint` (or `table.tenant_id` for the column): the allowlist's key. */
  key: string;
  why: string;
}

/** Where a tenant table breaks Citus's rules for co-located distributed tables. */
function violations(cat: Catalogue): Violation[] {
  const out: Violation[] = [];
  const isTenant = (name: string | null) => (name ? (rootOf(cat, name)?.tenant ?? false) : false);
  for (const t of cat.tables.values()) {
    if (t.parent || !t.tenant || t.tenantIdNotNull) continue;
    out.push({ key: `${t.name}.tenant_id`, why: 'tenant_id is nullable: Citus refuses NULL in a distribution column' });
  }
  for (const c of cat.constraints) {
    const tenantTable = isTenant(c.table);
    if (c.type !== 'f') {
      if (!tenantTable) continue;
      const kind = { p: 'primary key', u: 'unique constraint', x: 'exclusion constraint' }[c.type];
      if (c.columns[0] !== 'tenant_id') {
        out.push({
          key: `${c.table}.${c.name}`,
          why: `${kind} (${c.columns.join(', ')}) does not lead with tenant_id`,
        });
      } else if (c.type === 'x' && c.exclusionOps[0] !== '=') {
        out.push({ key: `${c.table}.${c.name}`, why: `${kind} compares tenant_id with ${c.exclusionOps[0]}, not =` });
      }
      continue;
    }
    const refTenant = isTenant(c.refTable);
    const fk = `foreign key (${c.columns.join(', ')}) -> ${c.refTable} (${c.refColumns.join(', ')})`;
    if (!tenantTable && refTenant) {
      out.push({ key: `${c.table}.${c.name}`, why: `${fk}: a platform table points into a tenant table` });
      continue;
    }
    if (!tenantTable) continue;
    if (refTenant && !(c.columns[0] === 'tenant_id' && c.refColumns[0] === 'tenant_id')) {
      out.push({ key: `${c.table}.${c.name}`, why: `${fk}: does not join tenant_id = tenant_id first` });
      continue;
    }
    if (c.columns.includes('tenant_id') && (['n', 'd'].includes(c.onDelete) || ['n', 'd', 'c'].includes(c.onUpdate))) {
      out.push({
        key: `${c.table}.${c.name}`,
        why: `${fk}: ON DELETE SET NULL/DEFAULT or ON UPDATE SET NULL/DEFAULT/CASCADE through tenant_id`,
      });
    }
  }
  for (const i of cat.uniqueIndexes) {
    if (!isTenant(i.table) || i.columns[0] === 'tenant_id') continue;
    const on = i.columns.includes('') ? i.definition.replace(/^.* USING \w+ /, '') : `(${i.columns.join(', ')})`;
    out.push({ key: `${i.table}.${i.name}`, why: `unique index ${on} does not lead with tenant_id` });
  }
  return out.sort((a, b) => a.key.localeCompare(b.key));
}

/**
 * Known breaches, each with why it is so and what would fix it. A new breach fails the test; an entry that no
 * longer breaks anything fails too (take it out).
 */
const CAR_CATALOGUE =
  'the shared car catalogue (shipped rows have no tenant, a tenant may add its own): not tenant data. Fix: car_brands, car_series and car_models become reference tables; cars then references reference tables, which Citus allows';
const TOKEN =
  'a token is looked up by its hash before its tenant is known. Fix: tokens that carry their tenant (`<tenant>.<random>`), unique per (tenant_id, hash), looked up with tenant_id';
const SIGN_IN =
  'sign-in by user name or phone across the platform (user names are unique on the platform). Fix: a platform login table (lower(username), phone -> tenant_id, user_id) as a reference table that keeps the uniqueness; users keeps (tenant_id, ...)';
const DEVICE =
  'device sign-in: a tracker names its number (JT/T 808) or secret (OsmAnd) before its tenant is known, and both are unique on the platform. Fix: a platform lookup table (imei, osmand_key_hash -> tenant_id, device_id), a reference table';
const PROVIDER_NUMBER =
  'a provider calls back with our number only (payment order or refund, e-signature flow, notary case). Fix: a platform table of numbers (number -> tenant_id, id), a reference table written with the record, or numbers that carry the tenant';
const NO_TENANT_YET =
  'a record of the platform before (or without) a tenant: the tenant may be unknown when it is written. Fix: a platform table (reference, or kept on the coordinator with citus_add_local_table_to_metadata) without the tenant rule';
const OUTBOX =
  'the outbox (core/events.ts) is keyed by event id and read across tenants. Fix: keep domain_events and domain_event_deliveries on the coordinator (citus_add_local_table_to_metadata, like pg-boss), or key them (tenant_id, id) and (tenant_id, event_id, subscriber) with the foreign key on (tenant_id, event_id)';
const SET_NULL =
  'Citus refuses ON DELETE SET NULL on a foreign key that includes tenant_id (PostgreSQL 15 SET NULL (column) too). Fix: NO ACTION, and the service that deletes the referenced row clears the column first, in the same transaction';

/**
 * Known breaches, each with why it is so and what would fix it. A new breach fails the test; an entry that no
 * longer breaks anything fails too (take it out).
 */
const KNOWN_VIOLATIONS: Record<string, string> = {
  'car_brands.car_brands_code_uq': CAR_CATALOGUE,
  'car_brands.car_brands_pkey': CAR_CATALOGUE,
  'car_brands.tenant_id': CAR_CATALOGUE,
  'car_models.car_models_code_uq': CAR_CATALOGUE,
  'car_models.car_models_pkey': CAR_CATALOGUE,
  'car_models.car_models_series_id_car_series_id_fk': CAR_CATALOGUE,
  'car_models.tenant_id': CAR_CATALOGUE,
  'car_series.car_series_brand_id_car_brands_id_fk': CAR_CATALOGUE,
  'car_series.car_series_code_uq': CAR_CATALOGUE,
  'car_series.car_series_pkey': CAR_CATALOGUE,
  'car_series.tenant_id': CAR_CATALOGUE,
  'cars.cars_brand_id_car_brands_id_fk': CAR_CATALOGUE,
  'cars.cars_model_id_car_models_id_fk': CAR_CATALOGUE,
  'cars.cars_series_id_car_series_id_fk': CAR_CATALOGUE,
  'users.users_phone_uq': SIGN_IN,
  'users.users_username_uq': SIGN_IN,
  'oauth_tokens.oauth_tokens_access_uq': TOKEN,
  'oauth_tokens.oauth_tokens_refresh_uq': TOKEN,
  'driver_sessions.driver_sessions_token_uq': `driver portal sessions: ${TOKEN}`,
  'qr_sessions.qr_sessions_pkey': `QR sign-in sessions exist before anyone scans them: ${NO_TENANT_YET}`,
  'qr_sessions.tenant_id': `QR sign-in sessions exist before anyone scans them: ${NO_TENANT_YET}`,
  'gps_devices.gps_devices_imei_uq': DEVICE,
  'gps_devices.gps_devices_osmand_key_uq': DEVICE,
  'orders.orders_no_uq': PROVIDER_NUMBER,
  'order_refunds.order_refunds_no_uq': PROVIDER_NUMBER,
  'esign_flows.esign_flows_no_uq': PROVIDER_NUMBER,
  'esign_flows.esign_flows_provider_uq': PROVIDER_NUMBER,
  'notarizations.notarizations_case_uq': PROVIDER_NUMBER,
  'pay_notifications.pay_notifications_pkey': `payment notifications: ${NO_TENANT_YET}`,
  'pay_notifications.pay_notifications_uq': `payment notifications (deduplicated per provider): ${NO_TENANT_YET}`,
  'pay_notifications.tenant_id': `payment notifications: ${NO_TENANT_YET}`,
  'provider_callbacks.provider_callbacks_kind_provider_callback_key_pk': `e-signature and notary callbacks (deduplicated per provider): ${NO_TENANT_YET}`,
  'provider_callbacks.tenant_id': `e-signature and notary callbacks: ${NO_TENANT_YET}`,
  'sms_messages.sms_messages_pkey':
    'sign-in codes are sent before anyone is signed in (tenant_id null). Fix: their messages in a platform table (or a platform tenant), then (tenant_id, id)',
  'sms_messages.sms_messages_idem_uq':
    'idempotency keys are unique on the platform (they already carry the tenant: sms:<tenant>:<task>:<item>). Fix: unique (tenant_id, idempotency_key)',
  'sms_messages.tenant_id':
    'sign-in codes are sent before anyone is signed in. Fix: their messages in a platform table (or a platform tenant), tenant_id not null',
  'files.files_key_uq':
    'a signed file address names the key only. The key already starts with its tenant (t<tenant>/...). Fix: unique (tenant_id, key), the tenant read from the key',
  'crm_forms.crm_forms_key_uq':
    'the public lead form is opened by its key alone. Fix: a platform table of form keys (key -> tenant_id, form_id), or keys that carry the tenant',
  'domain_events.domain_events_pkey': OUTBOX,
  'domain_event_deliveries.domain_event_deliveries_event_id_subscriber_pk': OUTBOX,
  'domain_event_deliveries.domain_event_deliveries_event_fk': OUTBOX,
  'financing_applications.financing_applications_financier_id_product_id_financing_produc':
    'financing_products and financing_car_types carry the financier (a tenant of its own) as tenant_id, and a rental tenant’s application references the financier’s product: a key across tenants. Fix: financing_products and financing_car_types become reference tables (a financier’s catalogue, read by every applicant), their tenant_id renamed financier_id',
  'approval_requests.approval_requests_tenant_id_department_id_departments_tenant_id': SET_NULL,
  'maintenance_work_orders.maintenance_work_orders_tenant_id_accident_id_accidents_tenant_': SET_NULL,
  'sms_batches.sms_batches_tenant_id_template_id_sms_templates_tenant_id_id_fk': SET_NULL,
  'survey_invites.survey_invites_tenant_id_notice_id_sms_batches_tenant_id_id_fk': SET_NULL,
};

/**
 * Triggers run where the row is: on Citus, on the worker that holds the shard (distributing a table with triggers
 * needs citus.enable_unsafe_triggers = on). Each trigger function of the schema, with what that means for it.
 * A new trigger fails the test until it is looked at and listed.
 */
const TRIGGER_FUNCTIONS: Record<string, string> = {
  announce_session_change:
    'session announcements: pg_notify would run on the worker, and the processes LISTEN on the coordinator. Fix before the move: announce from the application on the coordinator (select pg_notify(...) in the same transaction) or listen on every worker',
  announce_token_change: 'session announcements of one token: as announce_session_change',
  bump_car_list_version:
    'writes car_list_versions (co-located, same tenant: local to the shard); nextval of car_list_version_seq runs on the worker: the version only has to change, check that workers’ sequences never hand out a value twice',
  bump_driver_list_version: 'as bump_car_list_version (driver_list_versions)',
  bump_violation_list_version: 'as bump_car_list_version (violation_list_versions)',
  bump_maintenance_due_version: 'as bump_car_list_version (maintenance_due_versions)',
  bump_financing_list_version:
    'writes financing_list_versions, a platform table keyed by owner (the tenant and the financier): a write to a reference table from a worker on every change. Fix: key it (tenant_id, owner) or read the version differently',
  violation_usage_attribution: 'reads car_usage_periods of the same tenant and car: local to the shard',
  usage_period_attribution: 'updates violations of the same tenant: local to the shard',
  drivers_team_left: 'updates team_members of the same tenant: local to the shard',
  insurance_companies_for_tenant:
    'on tenants (a reference table: fires on every node): inserts the new tenant’s insurance_companies (distributed) with ON CONFLICT DO NOTHING. Fix: create them in the service that creates the tenant',
};

/**
 * Tables in an order where every table comes after those it references (ties by name). A cycle of foreign keys
 * (drivers.team_id -> teams, teams.leader_driver_id -> drivers) has no such order: the table of the cycle with the
 * fewest foreign keys still waiting (then by name) goes first, and those keys are `deferred`: dropped before and
 * added again after the tables are distributed.
 */
function fkOrder(names: string[], cat: Catalogue): { order: string[]; deferred: Constraint[] } {
  const set = new Set(names);
  const needs = new Map(names.map((n) => [n, [] as { to: string; fk: Constraint }[]]));
  for (const c of cat.constraints) {
    if (c.type !== 'f' || !c.refTable || c.refTable === c.table) continue;
    const from = rootOf(cat, c.table)?.name;
    const to = rootOf(cat, c.refTable)?.name;
    if (from && to && from !== to && set.has(from) && set.has(to)) needs.get(from)!.push({ to, fk: c });
  }
  const order: string[] = [];
  const deferred: Constraint[] = [];
  const done = new Set<string>();
  const waiting = (n: string) => needs.get(n)!.filter((d) => !done.has(d.to));
  while (order.length < names.length) {
    const left = names.filter((n) => !done.has(n)).sort();
    let next = left.find((n) => waiting(n).length === 0);
    if (!next) {
      // Stalled: every table left waits. Break a cycle: a table all of whose waiting keys lead back to it.
      const reach = (from: string) => {
        const seen = new Set<string>();
        const stack = [from];
        while (stack.length)
          for (const d of waiting(stack.pop()!)) if (!seen.has(d.to) && seen.add(d.to)) stack.push(d.to);
        return seen;
      };
      next = left
        .filter((n) => waiting(n).every((d) => reach(d.to).has(n)))
        .sort((a, b) => waiting(a).length - waiting(b).length || a.localeCompare(b))[0]!;
      deferred.push(...waiting(next).map((d) => d.fk));
    }
    order.push(next);
    done.add(next);
  }
  return { order, deferred };
}

/** The statements that make the migrated schema a Citus schema (docs/operations.md). */
function citusStatements(cat: Catalogue): string[] {
  const parents = [...cat.tables.values()].filter((t) => !t.parent);
  const platform = fkOrder(
    parents.filter((t) => !t.tenant).map((t) => t.name),
    cat,
  );
  const tenant = fkOrder(
    parents.filter((t) => t.tenant).map((t) => t.name),
    cat,
  );
  const deferred = [...platform.deferred, ...tenant.deferred];
  const first = tenant.order[0]!;
  return [
    ...deferred.map((c) => `ALTER TABLE ${c.table} DROP CONSTRAINT ${c.name};`),
    ...platform.order.map((t) => `SELECT create_reference_table('${t}');`),
    `SELECT create_distributed_table('${first}', 'tenant_id');`,
    ...tenant.order
      .slice(1)
      .map((t) => `SELECT create_distributed_table('${t}', 'tenant_id', colocate_with => '${first}');`),
    ...deferred.map((c) => `ALTER TABLE ${c.table} ADD CONSTRAINT ${c.name} ${c.definition};`),
  ];
}

function docBlock(statements: string[]): string {
  return ['```sql', ...statements, '```'].join('\n');
}

/** The tables whose triggers announce session changes (NOTIFY fleetdesk_session). */
const ANNOUNCING_TABLES = [
  'maintenance_workshop_users',
  'memberships',
  'oauth_tokens',
  'rents',
  'role_grants',
  'roles',
  'teams',
  'tenant_permissions',
  'tenants',
  'user_rents',
  'user_roles',
  'users',
];

// ---------------------------------------------------------------------------------------------------------------

let t: TestApp;
let cat: Catalogue;

beforeAll(async () => {
  t = await createTestApp();
  cat = await readCatalogue(t.deps.database);
});
afterAll(async () => t?.close());

describe('the schema', () => {
  it('classifies every table: tenant tables (distributed by tenant_id) and platform tables (reference)', async ({
    annotate,
  }) => {
    const parents = [...cat.tables.values()].filter((x) => !x.parent);
    const tenant = parents.filter((x) => x.tenant).map((x) => x.name);
    const platform = parents.filter((x) => !x.tenant).map((x) => x.name);
    expect(platform).toContain('tenants');
    expect(tenant).toEqual(expect.arrayContaining(['cars', 'rents', 'users', 'gps_positions']));
    // Partitions (PostgreSQL: GPS positions by month) follow their parent, which is a tenant table.
    for (const p of [...cat.tables.values()].filter((x) => x.parent)) expect(rootOf(cat, p.name)?.tenant).toBe(true);
    await annotate(`${tenant.length} tenant tables, ${platform.length} platform tables`);
  });

  it('breaks no rule of co-located distributed tables beyond the known breaches', () => {
    const found = violations(cat);
    const unknown = found.filter((v) => !(v.key in KNOWN_VIOLATIONS));
    const stale = Object.keys(KNOWN_VIOLATIONS).filter((k) => !found.some((v) => v.key === k));
    expect(unknown.map((v) => `${v.key}: ${v.why}`)).toEqual([]);
    expect(stale, 'listed as known but no longer a breach: take them out').toEqual([]);
  });

  it('has only known triggers (they run on the shard: session announcements need a change)', () => {
    const fns = [...new Set(cat.triggers.map((x) => x.fn))].sort();
    expect(fns.filter((f) => !(f in TRIGGER_FUNCTIONS))).toEqual([]);
    expect(Object.keys(TRIGGER_FUNCTIONS).filter((f) => !fns.includes(f))).toEqual([]);
    // The announcements of the session cache (core/session-cache.ts, migration 0007): every table they watch.
    const announcing = [...new Set(cat.triggers.filter((x) => x.notifies).map((x) => x.table))].sort();
    expect(announcing).toEqual(ANNOUNCING_TABLES);
  });

  it('docs/operations.md holds the statements that distribute the schema', async () => {
    const block = docBlock(citusStatements(cat));
    const doc = await readFile(DOC, 'utf8');
    const from = doc.indexOf(BEGIN);
    const to = doc.indexOf(END);
    expect(from, `${BEGIN} ... ${END} in docs/operations.md`).toBeGreaterThanOrEqual(0);
    expect(to).toBeGreaterThan(from);
    const current = doc.slice(from + BEGIN.length, to).trim();
    if (current !== block && process.env.CITUS_DOC === 'write') {
      await writeFile(DOC, `${doc.slice(0, from + BEGIN.length)}\n${block}\n${doc.slice(to)}`);
      return;
    }
    expect(current, `paste between the markers (or run with CITUS_DOC=write):\n${block}`).toBe(block);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The statements the code runs (embedded database)

/**
 * Statements that touch tenant tables without pinning `tenant_id` to one value, on purpose: each runs on every
 * shard (or, for a batch of several tenants' rows, is split by Citus per shard). Keyed by a pattern of the
 * statement's text (whitespace folded, lower case, quotes dropped), with the reason.
 */
type Phase = 'seed' | 'schedules' | 'gps' | 'calls';
interface MultiShard {
  pattern: RegExp;
  reason: string;
  /** The phases it may be seen in (a statement of a schedule must not turn up in a request). */
  in: Phase[];
  /** Citus refuses it as it is (a multi-shard FOR UPDATE): to be rewritten before the move. */
  refusedByCitus?: true;
}
const SWEEP: Phase[] = ['seed', 'schedules'];
const MULTI_SHARD: MultiShard[] = [
  {
    pattern: /^select distinct tenant_id from [a-z_]+\b/,
    reason:
      'per-tenant schedules find the tenants with work (one read of every shard a run, in the worker), then work tenant by tenant with tenant_id',
    in: SWEEP,
  },
  {
    pattern: /^select tenant_id from tenant_settings where rules -> 'teams' -> 'platformaccounts'/,
    reason: 'teams.flowSync, daily: the tenants with a platform account',
    in: SWEEP,
  },
  {
    pattern: /^select tenant_id, id from task_progress where \(task_progress\.state in /,
    reason: 'core.resumeTasks, every minute in the worker: tasks of any tenant whose lease ran out',
    in: SWEEP,
  },
  {
    pattern:
      /^(with e as \( insert into domain_events \(tenant_id, name, payload, created_at\) select x\.t, |select subscriber, event_id from domain_event_deliveries where delivered_at is null |delete from domain_events e where e\.created_at < |select id, tenant_id, name, payload, created_at from domain_events where id = any\(|update domain_event_deliveries set .* where subscriber = \$\d+ and event_id = any\()/,
    reason:
      'the outbox (core/events.ts): publish writes a commit’s events from arrays (a GPS batch holds several tenants), deliveries are claimed by event ids, events.sweep every minute reads and purges across tenants',
    in: ['seed', 'schedules', 'gps', 'calls'],
  },
  {
    pattern: /^delete from qr_sessions where qr_sessions\.expires_at < /,
    reason:
      'identity.purgeCodes, every minute: expired QR sign-in sessions (a platform table in all but its nullable tenant_id)',
    in: SWEEP,
  },
  {
    pattern:
      /^(select tenant_id, id, order_no, .* from orders where |select order_refunds\.tenant_id, order_refunds\.id, order_refunds\.refund_no, .* from order_refunds inner join orders )/,
    reason:
      'payments.unpaidOrders and payments.refunds, every minute: unpaid orders past their time and refunds still processing, of every tenant',
    in: SWEEP,
  },
  {
    pattern: /^delete from pay_notifications where \(pay_notifications\.notify_id like 'rejected-%' /,
    reason: 'payments.refusedNotifications, every minute: counts of refused notifications (tenant unknown by nature)',
    in: SWEEP,
  },
  {
    pattern: /^delete from gps_positions where fix_time < \$1$/,
    reason: 'gps.partitions on the embedded database (one plain table); on PostgreSQL whole months are dropped',
    in: SWEEP,
  },
  {
    pattern:
      /^with due as \( select tenant_id, id, status from gps_commands where status in \('queued', 'sent'\) and queued_at < \$1 for update skip locked \)/,
    reason:
      'gps.expireCommands, every minute: commands of every tenant past 24 h. Citus refuses FOR UPDATE across shards: loop over the tenants with queued commands (select distinct tenant_id) and lock per tenant',
    in: SWEEP,
    refusedByCitus: true,
  },
  {
    pattern:
      /^(select rc\.tenant_id, rc\.id, rc\.command_id from gps_risk_cases rc join gps_commands g on g\.tenant_id = rc\.tenant_id |select rc\.tenant_id, rc\.id, rc\.device_id, s\.actor_id, s\.at as approved_at, |select rc\.tenant_id, rc\.id, rc\.evidence, k\.group_no from gps_risk_cases rc join rental_contracts k on k\.tenant_id = rc\.tenant_id |select distinct on \(k\.tenant_id, k\.car_id\) .* from unnest\(\$1::int8\[\], \$2::int8\[\]\) as x\(tenant_id, car_id\) join rental_contracts k on k\.tenant_id = x\.tenant_id )/,
    reason:
      'gps.risk, every minute: open risk cases, approved fuel cuts and their answers across tenants, and the contracts of a batch of cars (several tenants); joins are co-located on tenant_id',
    in: SWEEP,
  },
  {
    pattern:
      /^(select tenant_id, id, rent_id, created_by from ts_trips where state = 'reserved' |select tenant_id, id from ts_trips where state = 'inuse' )/,
    reason: 'timeShare.minutely: reservations past their time and live trips, of every tenant',
    in: SWEEP,
  },
  {
    pattern: /^select tenant_id, id from esign_flows where state = 'signing' and expires_at <= /,
    reason: 'esign.expire, hourly: flows past their expiry, of every tenant',
    in: SWEEP,
  },
  {
    pattern:
      /^select tenant_id, id, imei, auth_code, protocol, terminal_imei from gps_devices where (imei = \$1|osmand_key_hash = \$1 and protocol = 'osmand')$/,
    reason:
      'device sign-in (modules/gps/ingest.ts findDeviceByImei, findOsmandDevice): a tracker names its number or secret before its tenant is known. Fix: a platform lookup table (imei, osmand_key_hash -> tenant_id, device_id) as a reference table, then every read of gps_devices by (tenant_id, id)',
    in: ['gps'],
  },
  {
    pattern:
      /^(with stored as \(insert into gps_positions \(tenant_id,|update gps_devices d set rejected_future = .* from unnest\(|select d\.tenant_id, d\.id, .* from unnest\(\$1::int8\[\], \$2::int8\[\]\) as k\(tenant_id, device_id\) join gps_devices d on |with events as \( insert into gps_events )/,
    reason:
      'the GPS writer and event pipeline: one statement per batch of positions (up to 1,000 from many trackers of several tenants, every 100 ms); rows carry tenant_id, Citus splits the batch per shard',
    in: ['seed', 'gps'],
  },
  {
    pattern:
      /^select users\.tenant_id, users\.id, .* from users inner join tenants on tenants\.id = users\.tenant_id where \(lower\(users\.username\) = lower\(\$1\) or users\.phone = \$2\)/,
    reason:
      'sign-in by user name or phone (identity): the tenant is not known yet. Fix: a platform login table (lower(username), phone -> tenant_id, user_id), a reference table',
    in: ['calls'],
  },
  {
    pattern:
      /^select t\.id as token_id, t\.tenant_id, .* from oauth_tokens t join users u .* where t\.access_hash = \$1$/,
    reason:
      'the session statement (core/auth.ts): a token is looked up by its hash, once per token and SESSION_CACHE_SECONDS. Fix: tokens that carry their tenant (`<tenant>.<random>`), looked up by (tenant_id, access_hash)',
    in: ['calls'],
  },
  {
    pattern:
      /^select car_models\.code, car_models\.id, car_series\.id, car_series\.code, car_brands\.id, car_brands\.code, /,
    reason:
      'the demo seed reads the shared car catalogue (rows without tenant; see the known breaches: reference tables)',
    in: ['seed'],
  },
];

/** Folds a statement to the text it is compared by: one space between words, lower case, no double quotes. */
const fold = (text: string) => text.replace(/\s+/g, ' ').replace(/"/g, '').trim().toLowerCase();

/** The tables a statement reads or writes (FROM, JOIN, UPDATE, INSERT INTO, DELETE FROM, USING), without schema public. */
function tablesOf(folded: string): string[] {
  const out = new Set<string>();
  for (const m of folded.matchAll(
    /\b(?:from|join|update|into|using)\s+(?:only\s+)?(?:([a-z_][a-z0-9_]*)\.)?([a-z_][a-z0-9_]*)/g,
  )) {
    if (m[1] && m[1] !== 'public') continue;
    out.add(m[2]!);
  }
  return [...out];
}

const VALUE = String.raw`(?:\$\d+|\d+|'\d+')(?:::[a-z0-9_]+)?`;

/** The expressions of a list at depth 0 (`a, f(b, c), d` -> three). */
function splitList(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < list.length; i++) {
    const ch = list[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      out.push(list.slice(from, i).trim());
      from = i + 1;
    }
  }
  out.push(list.slice(from).trim());
  return out;
}

/**
 * Whether a statement goes to one shard: `tenant_id` compared with one value (a parameter or a literal), directly
 * or through the tenant's row (`tenants t ... t.id = $1`, joined on `tenant_id = t.id`: Citus infers the value);
 * or an INSERT whose rows carry one tenant (`values` naming `tenant_id`, or `select $1, ...` into it).
 */
function pinsTenant(folded: string): boolean {
  if (new RegExp(String.raw`\btenant_id\s*(?:=\s*${VALUE}|in\s*\(\s*${VALUE}\s*\))`).test(folded)) return true;
  if (new RegExp(String.raw`${VALUE}\s*=\s*(?:[a-z_][a-z0-9_]*\.)?tenant_id\b`).test(folded)) return true;
  const tenantRow =
    /\b(?:from|join) tenants(?: (?:as )?(?!where|left|right|inner|join|on|order|limit)([a-z_][a-z0-9_]*))?/.exec(
      folded,
    );
  if (tenantRow) {
    const alias = tenantRow[1] ?? 'tenants';
    const pinned = new RegExp(String.raw`\b${alias}\.id\s*=\s*${VALUE}`).test(folded);
    const joined = new RegExp(String.raw`tenant_id\s*=\s*${alias}\.id\b|\b${alias}\.id\s*=\s*[a-z_0-9.]*tenant_id\b`);
    if (pinned && joined.test(folded)) return true;
  }
  const insert = /^insert into [a-z0-9_.]+ \(([^)]*)\) (values|select) (.*)$/.exec(folded);
  if (insert) {
    const at = splitList(insert[1]!).indexOf('tenant_id');
    if (at >= 0 && insert[2] === 'values') return true;
    const selected = at >= 0 ? splitList(insert[3]!.split(/ from /)[0]!)[at] : undefined;
    if (selected && new RegExp(String.raw`^${VALUE}$`).test(selected)) return true;
  }
  return false;
}

describe.skipIf(onPostgres)('the statements the code runs (embedded database)', () => {
  const seen = new Map<string, Set<Phase>>();
  let phase: Phase | null = null;
  let calls: Record<number, string[]> = {};
  const record = (text: unknown) => {
    if (!phase || typeof text !== 'string') return;
    let folded = fold(text);
    // A prepared statement is recorded by its PREPARE (`database.prepared`); its EXECUTEs carry no text of their own.
    if (folded.startsWith('execute ')) return;
    folded = folded.replace(/^prepare [a-z0-9_]+ as /, '');
    const phases = seen.get(folded) ?? new Set<Phase>();
    phases.add(phase);
    seen.set(folded, phases);
  };

  /** Records every statement sent to the embedded database: `query`, `exec` and those of transactions. */
  function listen(client: PgliteClient): void {
    type Fn = (...args: unknown[]) => unknown;
    const c = client as unknown as Record<'query' | 'exec' | 'transaction', Fn>;
    const wrap = (target: Record<string, unknown>, name: 'query' | 'exec') => {
      const original = (target[name] as Fn).bind(target);
      target[name] = (...args: unknown[]) => {
        record(args[0]);
        return original(...args);
      };
    };
    wrap(c, 'query');
    wrap(c, 'exec');
    const transaction = c.transaction.bind(c);
    c.transaction = (fn: unknown) =>
      transaction(async (tx: Record<string, unknown>) => {
        wrap(tx, 'query');
        wrap(tx, 'exec');
        return (fn as Fn)(tx);
      });
  }

  beforeAll(async () => {
    listen(t.deps.database.pglite!);
    // The demo seed on an empty copy: every table but the permission catalogue emptied (as after migrating).
    const keep = new Set(['sys_menus', 'sys_elements']);
    const tables = [...cat.tables.values()].filter((x) => !x.parent && !keep.has(x.name)).map((x) => x.name);
    await t.deps.database.query(`truncate table ${tables.join(', ')} restart identity cascade`);
    phase = 'seed';
    const seeded = await seedDemo(t.deps.db, t.clock, { passwordLogN: t.config.PASSWORD_SCRYPT_LOG_N });
    expect(seeded.seeded).toBe(true);

    // Every schedule once, as the worker runs them, and what their events set off.
    phase = 'schedules';
    await maintenance(t.deps);
    await t.deps.events.settled();

    // The GPS gateway: a tracker signs in by its number (JT/T 808) or secret (OsmAnd) before its tenant is known,
    // then its positions are written in a batch.
    phase = 'gps';
    expect(await findDeviceByImei(t.deps, '644960770001')).not.toBeNull();
    expect(await findOsmandDevice(t.deps, osmandKeyHash(demoSecret('osmand', '913800138000001')))).not.toBeNull();
    const at = Math.floor(t.clock.now().getTime() / 1000) - 60;
    const osmand = await t.request('GET', '/api/gps/osmand', {
      query: { id: demoSecret('osmand', '913800138000001'), lat: 30.31, lon: 120.21, timestamp: at },
    });
    expect(osmand.statusCode).toBe(200);
    await gpsRuntime(t.deps).writer.flush();
    await t.deps.events.settled();

    // The calls of every area as the demo admin: every GET of the API document (lists first; a detail takes an id
    // its area's list answered).
    phase = 'calls';
    calls = await callEveryGet(t);
    await t.deps.events.settled();
    phase = null;
  });

  it('called the areas: most GETs answered 200', async ({ annotate }) => {
    const all = Object.values(calls).flat().length;
    const ok = calls[200]?.length ?? 0;
    const others = Object.entries(calls).filter(([status]) => status !== '200');
    await annotate(
      `${ok} of ${all} GET calls answered 200; ${others.map(([s, u]) => `${s}: ${u.join(' ')}`).join('; ')}`,
    );
    expect(ok).toBeGreaterThan(all * 0.8);
  });

  it('pins tenant_id in every statement on a tenant table, but those multi-shard by design', async ({ annotate }) => {
    const tenantTables = new Set(
      [...cat.tables.values()].filter((x) => rootOf(cat, x.name)?.tenant).map((x) => x.name),
    );
    let onTenant = 0;
    const used = new Map<RegExp, number>();
    const refused: string[] = [];
    for (const [text, phases] of seen) {
      const touched = tablesOf(text).filter((x) => tenantTables.has(x));
      if (!touched.length) continue;
      onTenant++;
      if (pinsTenant(text)) continue;
      const known = MULTI_SHARD.find((m) => m.pattern.test(text) && [...phases].every((p) => m.in.includes(p)));
      const locks = /\bfor (?:no key )?(?:update|share)\b/.test(text);
      if (known && (!locks || known.refusedByCitus)) {
        used.set(known.pattern, (used.get(known.pattern) ?? 0) + 1);
        continue;
      }
      refused.push(`[${[...phases].join(',')}] ${touched.join(',')}: ${text.slice(0, 400)}`);
    }
    const allowlisted = [...used.values()].reduce((a, b) => a + b, 0);
    await annotate(
      `${seen.size} distinct statements, ${onTenant} on tenant tables: ${onTenant - allowlisted - refused.length} pin tenant_id, ${allowlisted} multi-shard by design (${used.size} of ${MULTI_SHARD.length} patterns seen)`,
    );
    expect(refused).toEqual([]);
  });
});

interface Schema {
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  default?: unknown;
}
interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        security?: Record<string, unknown>[];
        parameters?: { in: string; name: string; required?: boolean; schema?: Schema }[];
      }
    >
  >;
}

/** Calls that answer a stream or a file rather than records (their statements are a list's). */
const NOT_CALLED = /stream|export|download|pdf|print|qrcode|template|\/files?\//i;

async function callEveryGet(t: TestApp): Promise<Record<number, string[]>> {
  const doc = (await t.request('GET', '/api/openapi.json')).json() as OpenApi;
  const ops = Object.entries(doc.paths)
    .filter(([p, o]) => o.get?.security?.some((s) => 'bearer' in s) && !NOT_CALLED.test(p))
    .map(([p, o]) => ({ path: p, params: o.get!.parameters ?? [] }));
  const ids = new Map<string, number>();
  // The records of an area (`/api/ccwadmin/rentCar/...`): a detail takes an id its list answered.
  const area = (p: string) => p.split('/').slice(0, 4).join('/');
  const harvest = (p: string, body: unknown) => {
    const visit = (v: unknown, depth: number): number | undefined => {
      if (depth > 4 || v === null || typeof v !== 'object') return undefined;
      if (!Array.isArray(v) && typeof (v as { id?: unknown }).id === 'number') return (v as { id: number }).id;
      for (const x of Object.values(v)) {
        const found = visit(x, depth + 1);
        if (found !== undefined) return found;
      }
      return undefined;
    };
    const id = visit((body as { data?: unknown })?.data, 0);
    if (id !== undefined && !ids.has(area(p))) ids.set(area(p), id);
  };
  const now = t.clock.now();
  const dayBefore = new Date(now.getTime() - 86_400_000);
  /** A value its schema takes: a period ends now and starts a day before. */
  const valueOf = (name: string, s: Schema): string => {
    const end = /^(to|end)/i.test(name);
    if (s.format === 'date-time') return (end ? now : dayBefore).toISOString();
    if (s.format === 'date') return (end ? now : dayBefore).toISOString().slice(0, 10);
    if (s.pattern === String.raw`^\d{4}-(0[1-9]|1[0-2])$`) return now.toISOString().slice(0, 7);
    return String(s.default ?? s.enum?.[0] ?? (s.type === 'integer' || s.type === 'number' ? 1 : 'x'));
  };
  const byStatus: Record<number, string[]> = {};
  const withoutPath = ops.filter((o) => !o.params.some((p) => p.in === 'path'));
  const withPath = ops.filter((o) => o.params.some((p) => p.in === 'path'));
  for (const op of [...withoutPath, ...withPath]) {
    let url = op.path;
    for (const p of op.params.filter((x) => x.in === 'path'))
      url = url.replace(`{${p.name}}`, String(ids.get(area(op.path)) ?? 1));
    const query: Record<string, string> = {};
    for (const p of op.params.filter((x) => x.in === 'query' && x.required))
      query[p.name] = valueOf(p.name, p.schema ?? {});
    const res = await t.request('GET', url, { as: 'admin', query });
    (byStatus[res.statusCode] ??= []).push(url);
    if (res.statusCode === 200 && res.headers['content-type']?.toString().includes('json'))
      harvest(op.path, res.json());
  }
  return byStatus;
}

// ---------------------------------------------------------------------------------------------------------------
// GPS positions: monthly partitions (PostgreSQL; the embedded database keeps one plain table)

const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month, 1));
const partitionOf = (d: Date) => `gps_positions_y${d.getUTCFullYear()}m${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

describe.runIf(onPostgres)('GPS positions, partitioned by month (PostgreSQL)', () => {
  const q = async <R>(text: string, params: unknown[] = []) => (await t.deps.database.query<R>(text, params)).rows;
  let start: Date;
  let device: { id: number; tenant_id: number };
  let lastMonth: Date;
  let thisMonth: Date;

  beforeAll(async () => {
    start = t.clock.now();
    lastMonth = monthStart(start.getUTCFullYear(), start.getUTCMonth() - 1);
    thisMonth = monthStart(start.getUTCFullYear(), start.getUTCMonth());
    await maintainGpsPartitions(t.deps);
    device = (
      await q<{ id: number; tenant_id: number }>(`select id, tenant_id from gps_devices where imei = $1`, [
        '644960770001',
      ])
    )[0]!;
    const insert = `insert into gps_positions (tenant_id, device_id, fix_time, server_time, lat, lon)
      values ($1, $2, $3, $3, 30.25, 120.16)`;
    // A position on the 15th of last month and one in this month.
    await q(insert, [device.tenant_id, device.id, new Date(lastMonth.getTime() + 14.5 * 86_400_000).toISOString()]);
    await q(insert, [device.tenant_id, device.id, new Date(thisMonth.getTime() + 3_600_000).toISOString()]);
  });
  afterAll(() => t.clock.set(start));

  it('a device-day of the replay (track) reads one partition', async () => {
    const sent: { text: string; values: unknown[] }[] = [];
    const pool = t.deps.database.pool! as unknown as { query: (...args: unknown[]) => unknown };
    const query = pool.query.bind(pool);
    pool.query = (...args: unknown[]) => {
      const [a, b] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
      if (typeof a === 'string') sent.push({ text: a, values: b ?? [] });
      else if (a && typeof a.text === 'string') sent.push({ text: a.text, values: a.values ?? b ?? [] });
      return query(...args);
    };
    const day = new Date(lastMonth.getTime() + 14 * 86_400_000);
    let res;
    try {
      res = await t.request('GET', `/api/ccwgps/deviceStatus/route/${device.id}`, {
        as: 'admin',
        query: { from: day.toISOString(), to: new Date(day.getTime() + 86_399_000).toISOString() },
      });
    } finally {
      pool.query = query;
    }
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.points).toHaveLength(1);
    const positions = sent.find((s) => /from gps_positions where tenant_id = /.test(s.text));
    expect(positions, 'the replay reads gps_positions by tenant, device and time').toBeDefined();
    const [plan] = await q<{ 'QUERY PLAN': unknown }>(`explain (format json) ${positions!.text}`, positions!.values);
    const scanned = new Set<string>();
    const walk = (node: unknown) => {
      if (!node || typeof node !== 'object') return;
      const n = node as Record<string, unknown>;
      if (typeof n['Relation Name'] === 'string') scanned.add(n['Relation Name']);
      for (const v of Object.values(n)) if (typeof v === 'object') walk(v);
    };
    walk(plan!['QUERY PLAN']);
    expect([...scanned]).toEqual([partitionOf(lastMonth)]);
  });

  it('retention drops a month past GPS_RETENTION_MONTHS whole (the partition, not its rows one by one)', async () => {
    const children = async () =>
      (
        await q<{ name: string }>(
          `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
           join pg_class p on p.oid = i.inhparent where p.relname = 'gps_positions'`,
        )
      ).map((r) => r.name);
    expect(await children()).toEqual(expect.arrayContaining([partitionOf(lastMonth), partitionOf(thisMonth)]));
    const sent: string[] = [];
    const database = t.deps.database;
    const query = database.query;
    database.query = ((text: string, params?: unknown[]) => {
      sent.push(text);
      return query.call(database, text, params);
    }) as Database['query'];
    // The retention (months) past last month but not past this month.
    t.clock.set(monthStart(lastMonth.getUTCFullYear(), lastMonth.getUTCMonth() + t.config.GPS_RETENTION_MONTHS + 1));
    let result;
    try {
      result = await maintainGpsPartitions(t.deps);
    } finally {
      database.query = query;
    }
    expect(result.dropped).toContain(partitionOf(lastMonth));
    expect(result.dropped).not.toContain(partitionOf(thisMonth));
    const left = await children();
    expect(left).not.toContain(partitionOf(lastMonth));
    expect(left).toContain(partitionOf(thisMonth));
    const [gone] = await q<{ oid: string | null }>(`select to_regclass($1)::text as oid`, [partitionOf(lastMonth)]);
    expect(gone!.oid).toBeNull();
    expect(sent).toContain(`drop table ${partitionOf(lastMonth)}`);
    expect(sent.filter((s) => /delete from gps_positions\b(?!_default)/.test(s))).toEqual([]);
    // This month's position is still there.
    const [kept] = await q<{ n: number }>(
      `select count(*)::int as n from gps_positions where device_id = $1 and fix_time = $2`,
      [device.id, new Date(thisMonth.getTime() + 3_600_000).toISOString()],
    );
    expect(kept!.n).toBe(1);
  });
});
