import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Insurer, InsurerInput } from '@fleetdesk/contracts/compliance';
import type { RequestContext } from '../../core/access.js';
import { isUniqueViolation, rowsOf, type DbOrTx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { BadRequestError, invalidField, NotFoundError } from '../../core/errors.js';
import { defineMessages } from '../../core/i18n.js';

defineMessages({
  'insurers.notFound': { 'zh-CN': '保险公司不存在', 'en-US': 'No such insurer' },
  'insurers.unknown': { 'zh-CN': '请选择本公司的保险公司', 'en-US': "Pick one of the company's insurers" },
  'insurers.disabled': {
    'zh-CN': '保险公司“{name}”已停用，请选择其他保险公司',
    'en-US': 'The insurer "{name}" is disabled; pick another one',
  },
  'insurers.nameTaken': { 'zh-CN': '已有同名的保险公司', 'en-US': 'An insurer of this name exists already' },
  'insurers.shortNameTaken': {
    'zh-CN': '已有同简称的保险公司',
    'en-US': 'An insurer of this short name exists already',
  },
});

interface InsurerRecord {
  id: number | string;
  code: string;
  name: string;
  short_name: string;
  name_en: string;
  enabled: boolean;
}

const toInsurer = (r: InsurerRecord): Insurer => ({
  id: Number(r.id),
  code: r.code,
  name: r.name,
  shortName: r.short_name,
  nameEn: r.name_en,
  enabled: r.enabled,
});

/** The tenant's insurers, the common ones first in their order, then its own as added; disabled ones too. */
export async function listInsurers(db: DbOrTx, tenantId: number): Promise<Insurer[]> {
  const rows = await rowsOf<InsurerRecord>(
    db,
    sql`select id, code, name, short_name, name_en, enabled from insurance_companies
      where tenant_id = ${tenantId} order by sort, id`,
  );
  return rows.map(toInsurer);
}

/** The name of each of the tenant's insurer codes in the caller's language (exports, policy lists). */
export async function insurerNames(db: DbOrTx, tenantId: number, lang: RequestContext['lang']) {
  const list = await listInsurers(db, tenantId);
  return new Map(list.map((i) => [i.code, lang === 'en-US' ? i.nameEn : i.shortName]));
}

/**
 * A code a record is about to name: one of the tenant's insurers, enabled, unless the record names it already
 * (`keep`: a disabled insurer stays on the records that had it). Refused as a field error at `path`.
 */
export async function checkInsurer(
  db: DbOrTx,
  tenantId: number,
  code: string | null | undefined,
  path: string,
  keep?: string | null,
): Promise<void> {
  if (!code) return;
  const [r] = await rowsOf<{ short_name: string; enabled: boolean }>(
    db,
    sql`select short_name, enabled from insurance_companies where tenant_id = ${tenantId} and code = ${code}`,
  );
  if (!r) throw invalidField(path, 'insurers.unknown');
  if (!r.enabled && code !== keep) throw invalidField(path, 'insurers.disabled', { name: r.short_name });
}

function taken(err: unknown): never {
  if (isUniqueViolation(err, 'insurance_companies_name_uq')) throw invalidField('name', 'insurers.nameTaken');
  if (isUniqueViolation(err, 'insurance_companies_short_name_uq'))
    throw invalidField('shortName', 'insurers.shortNameTaken');
  throw err;
}

async function byId(db: DbOrTx, tenantId: number, id: number): Promise<Insurer> {
  const [r] = await rowsOf<InsurerRecord>(
    db,
    sql`select id, code, name, short_name, name_en, enabled from insurance_companies
      where tenant_id = ${tenantId} and id = ${id}`,
  );
  if (!r) throw new NotFoundError('insurers.notFound');
  return toInsurer(r);
}

/** Names compared as the unique indexes compare them; refused before the insert for a clear answer. */
async function checkNames(db: DbOrTx, tenantId: number, input: InsurerInput, exceptId: number | null) {
  const [r] = await rowsOf<{ name: boolean; short: boolean }>(
    db,
    sql`select bool_or(name = ${input.name}) as name, bool_or(short_name = ${input.shortName}) as short
      from insurance_companies where tenant_id = ${tenantId} and id <> ${exceptId ?? 0}
        and (name = ${input.name} or short_name = ${input.shortName})`,
  );
  const errors = [
    ...(r?.name ? [{ path: 'name', message: 'insurers.nameTaken' }] : []),
    ...(r?.short ? [{ path: 'shortName', message: 'insurers.shortNameTaken' }] : []),
  ];
  if (errors.length) throw new BadRequestError(errors[0]!.message, undefined, errors);
}

/** An insurer of the tenant's own, after the common ones; its code is made here and never changes. */
export async function createInsurer(deps: AppDeps, ctx: RequestContext, input: InsurerInput): Promise<Insurer> {
  await checkNames(deps.db, ctx.tenantId, input, null);
  const code = `c-${randomBytes(5).toString('hex')}`;
  const [row] = await rowsOf<{ id: number }>(
    deps.db,
    sql`insert into insurance_companies (tenant_id, code, name, short_name, name_en, sort)
      values (${ctx.tenantId}, ${code}, ${input.name}, ${input.shortName}, ${input.nameEn || input.shortName},
        (select coalesce(max(sort), 0) + 1 from insurance_companies where tenant_id = ${ctx.tenantId}))
      returning id`,
  ).catch(taken);
  return byId(deps.db, ctx.tenantId, Number(row!.id));
}

/** New names for an insurer (common or own); its code, and so every record naming it, stays. */
export async function updateInsurer(
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  input: InsurerInput,
): Promise<Insurer> {
  await byId(deps.db, ctx.tenantId, id);
  await checkNames(deps.db, ctx.tenantId, input, id);
  await deps.db
    .execute(
      sql`update insurance_companies set name = ${input.name}, short_name = ${input.shortName},
        name_en = ${input.nameEn || input.shortName}, updated_at = now() where tenant_id = ${ctx.tenantId} and id = ${id}`,
    )
    .catch(taken);
  return byId(deps.db, ctx.tenantId, id);
}

/** Enables or disables an insurer: disabled, it leaves the pickers and stays on the records naming it. */
export async function setInsurerEnabled(
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  enabled: boolean,
): Promise<Insurer> {
  await byId(deps.db, ctx.tenantId, id);
  await deps.db.execute(sql`update insurance_companies set enabled = ${enabled}, updated_at = now()
    where tenant_id = ${ctx.tenantId} and id = ${id}`);
  return byId(deps.db, ctx.tenantId, id);
}
