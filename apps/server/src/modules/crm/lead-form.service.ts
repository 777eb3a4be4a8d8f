import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  LEAD_CONTRACT_KINDS,
  LEAD_CONTRACT_KIND_TITLES,
  LEAD_KINDS,
  LEAD_KIND_TITLES,
  leadFormLink,
  type CrmForm,
  type CrmFormInput,
  type PublicLeadForm,
  type PublicLeadInput,
} from '@fleetdesk/contracts/crm';
import { rentInScope, type RequestContext } from '../../core/access.js';
import {
  isUniqueViolation,
  rawIso,
  rawNumber,
  rawNumberOrNull,
  rowsOf,
  type DbOrTx,
  type RawNumber,
  type RawTime,
} from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { ConflictError, NotFoundError } from '../../core/errors.js';
import { publish } from '../../core/events.js';
import { consume } from '../../core/rate-limit.js';
import { checkOwner } from './leads.service.js';
import './lead-form.messages.js';

/** Submissions of one IP (POST). */
export const FORM_POSTS_PER_IP = { limit: 5, windowSeconds: 600 };
/** Openings of one IP (GET: the page loads its choices). */
export const FORM_VIEWS_PER_IP = { limit: 30, windowSeconds: 600 };
/** Submissions of one form, whoever sends them. */
export const FORM_POSTS_PER_FORM = { limit: 200, windowSeconds: 3600 };

/** A new key: 24 characters of base64url (144 random bits). */
export const newFormKey = (): string => randomBytes(18).toString('base64url');

interface RawForm {
  key: string;
  enabled: boolean;
  rent_id: RawNumber | null;
  rent_name: string | null;
  owner_id: RawNumber | null;
  owner_name: string | null;
  version: RawNumber;
  updated_at: RawTime;
}

async function readForm(db: DbOrTx, tenantId: number): Promise<CrmForm | null> {
  const [f] = await rowsOf<RawForm>(
    db,
    sql`select f.key, f.enabled, f.rent_id, r.name as rent_name, f.owner_id, u.name as owner_name, f.version, f.updated_at
      from crm_forms f
      left join rents r on r.tenant_id = f.tenant_id and r.id = f.rent_id
      left join users u on u.tenant_id = f.tenant_id and u.id = f.owner_id
      where f.tenant_id = ${tenantId}`,
  );
  if (!f) return null;
  return {
    enabled: f.enabled,
    key: f.key,
    path: leadFormLink(f.key),
    rentId: rawNumberOrNull(f.rent_id),
    rentName: f.rent_name,
    ownerId: rawNumberOrNull(f.owner_id),
    ownerName: f.owner_name,
    version: rawNumber(f.version),
    updatedAt: rawIso(f.updated_at),
  };
}

/** The tenant's form, made (switched off, with a fresh key) on the first read. */
export async function getLeadForm(deps: AppDeps, ctx: RequestContext): Promise<CrmForm> {
  const found = await readForm(deps.db, ctx.tenantId);
  if (found) return found;
  await deps.db.execute(
    sql`insert into crm_forms (tenant_id, key, enabled, updated_at) values (${ctx.tenantId}, ${newFormKey()}, false,
      ${deps.clock.now().toISOString()}) on conflict (tenant_id) do nothing`,
  );
  return (await readForm(deps.db, ctx.tenantId))!;
}

/**
 * Saves the form: switched on or off, the rent its leads enter (one of the caller's: 403 otherwise), their owner
 * (`checkOwner`: active, holding `crm:view`, seeing that rent; 400 at `ownerId` otherwise; null: the pool), a new key when `regenerate`
 * (the old address stops at once). 409 `crm.formStale` when the version given moved.
 */
export async function saveLeadForm(
  deps: AppDeps,
  ctx: RequestContext,
  input: CrmFormInput,
): Promise<{ value: CrmForm; before: CrmForm }> {
  rentInScope(ctx, input.rentId);
  const before = await getLeadForm(deps, ctx);
  if (input.version !== undefined && input.version !== before.version) throw new ConflictError('crm.formStale');
  // The owner: one who may own leads of that rent (active, `crm:view`, sees the rent), as for any lead.
  if (input.ownerId != null) await checkOwner(deps.db, ctx.tenantId, input.ownerId, input.rentId);
  const updated = await rowsOf<{ key: string }>(
    deps.db,
    sql`update crm_forms set enabled = ${input.enabled}, rent_id = ${input.rentId}, owner_id = ${input.ownerId},
        key = ${input.regenerate ? newFormKey() : before.key}, updated_by = ${ctx.userId},
        updated_at = ${deps.clock.now().toISOString()}, version = version + 1
      where tenant_id = ${ctx.tenantId} and version = ${before.version} returning key`,
  );
  if (!updated.length) throw new ConflictError('crm.formStale');
  return { value: (await readForm(deps.db, ctx.tenantId))!, before };
}

// ---------------------------------------------------------------- the open form

interface OpenForm {
  tenant_id: RawNumber;
  tenant_name: string;
  rent_id: RawNumber;
  owner_id: RawNumber | null;
}

/** The enabled form of a key (404 `crm.formInvalid` for an unknown or switched-off one). */
async function openForm(deps: AppDeps, key: string): Promise<OpenForm> {
  const [f] = await rowsOf<OpenForm>(
    deps.db,
    sql`select f.tenant_id, t.name as tenant_name, f.rent_id, f.owner_id
      from crm_forms f join tenants t on t.id = f.tenant_id
      where f.key = ${key} and f.enabled and f.rent_id is not null and t.status = 'active'`,
  );
  if (!f) throw new NotFoundError('crm.formInvalid');
  return f;
}

/** Counts an opening of the public form against its IP. */
export async function countFormView(deps: AppDeps, ip: string): Promise<void> {
  await consume(deps.db, deps.clock, { key: `crmForm:view:${ip}`, ...FORM_VIEWS_PER_IP });
}

/** Counts a submission against its IP (before anything else is read). */
export async function countFormPost(deps: AppDeps, ip: string): Promise<void> {
  await consume(deps.db, deps.clock, { key: `crmForm:ip:${ip}`, ...FORM_POSTS_PER_IP });
}

/** GET of the public form: the company's name and the choices of the page. */
export async function publicLeadForm(deps: AppDeps, key: string): Promise<PublicLeadForm> {
  const f = await openForm(deps, key);
  return {
    tenantName: f.tenant_name,
    enabled: true,
    kinds: LEAD_KINDS.map((value) => ({ value, title: LEAD_KIND_TITLES[value] })),
    contractKinds: LEAD_CONTRACT_KINDS.map((value) => ({ value, title: LEAD_CONTRACT_KIND_TITLES[value] })),
  };
}

type Outcome = 'created' | 'again' | 'honeypot';

/**
 * POST of the public form. A filled honeypot (`website`) is answered as a success and keeps nothing (logged). A
 * phone of an open lead of the tenant keeps nothing either and tells that lead's owner (none for a pool lead).
 * Otherwise a lead: source `onlineForm`, intent `medium`, in the form's rent, owned by the form's owner (or the
 * pool), owner log `create` by nobody. The form takes 200 submissions an hour (429 past them).
 */
export async function submitLeadForm(
  deps: AppDeps,
  key: string,
  input: PublicLeadInput,
  ip: string,
): Promise<{ ok: true; outcome: Outcome }> {
  const form = await openForm(deps, key);
  const tenantId = rawNumber(form.tenant_id);
  await consume(deps.db, deps.clock, { key: `crmForm:form:${tenantId}`, ...FORM_POSTS_PER_FORM });
  if (input.website?.trim()) {
    deps.log.warn({ tenantId, ip }, 'lead form: honeypot filled, nothing kept');
    return { ok: true, outcome: 'honeypot' };
  }
  const ownerId = rawNumberOrNull(form.owner_id);
  const now = deps.clock.now().toISOString();
  const existing = async (db: DbOrTx) =>
    (
      await rowsOf<{ id: RawNumber; owner_id: RawNumber | null; name: string; phone: string }>(
        db,
        sql`select id, owner_id, name, phone from crm_leads where tenant_id = ${tenantId} and phone = ${input.phone}
          and state in ('new', 'following', 'paused') and deleted_at is null`,
      )
    )[0];
  // The lead exists: nothing new is kept; its owner hears of it (`crm.leadAgain`, crm.subscribers.ts).
  const again = async (tx: DbOrTx, found: NonNullable<Awaited<ReturnType<typeof existing>>>) => {
    const owner = rawNumberOrNull(found.owner_id);
    if (owner !== null) {
      await publish(tx, {
        tenantId,
        name: 'crm.leadAgain',
        payload: { leadId: rawNumber(found.id), name: found.name, phone: found.phone, ownerId: owner, at: now },
      });
    }
    return { ok: true as const, outcome: 'again' as const };
  };
  try {
    return await deps.events.transaction(async (tx) => {
      const found = await existing(tx);
      if (found) return again(tx, found);
      const [lead] = await rowsOf<{ id: RawNumber }>(
        tx,
        sql`insert into crm_leads (tenant_id, rent_id, kind, name, company_name, phone, source, intent, wanted_car,
            contract_kind, owner_id, owner_since, state, remark, form_ip, created_by, created_at, updated_at)
          values (${tenantId}, ${rawNumber(form.rent_id)}, ${input.kind}, ${input.name},
            ${input.kind === 'company' ? input.companyName || null : null}, ${input.phone}, 'onlineForm', 'medium',
            ${input.wantedCar || null}, ${input.contractKind ?? null}, ${ownerId}, ${ownerId === null ? null : now}, 'new',
            ${input.message || null}, ${ip.slice(0, 64)}, null, ${now}, ${now})
          returning id`,
      );
      await tx.execute(
        sql`insert into crm_owner_log (tenant_id, lead_id, action, from_user, to_user, by_user, at)
          values (${tenantId}, ${rawNumber(lead!.id)}, 'create', null, ${ownerId}, null, ${now})`,
      );
      return { ok: true as const, outcome: 'created' as const };
    });
  } catch (err) {
    // Two submissions of one phone at once: the second finds the first's lead.
    if (!isUniqueViolation(err)) throw err;
    return deps.events.transaction(async (tx) => {
      const found = await existing(tx);
      if (!found) throw err;
      return again(tx, found);
    });
  }
}
