import { sql, type SQL } from 'drizzle-orm';
import { fenToYuan, yuanToFen } from '@fleetdesk/contracts/common';
import {
  LEAD_TRANSITIONS,
  maskPhone,
  type LeadConvertAnswer,
  type LeadConvertInput,
  type LeadCounts,
  type LeadDetail,
  type LeadExportQuery,
  type LeadInput,
  type LeadListQuery,
  type LeadOwner,
  type LeadRow,
  type LeadState,
  type LeadStateInput,
  type LeadUpdateInput,
} from '@fleetdesk/contracts/crm';
import { hasPermission, recipientsOf, rentInScope, type RequestContext } from '../../core/access.js';
import {
  EXPORT_PAGE_ROWS,
  idArray,
  isUniqueViolation,
  rawNumber,
  rowsOf,
  type DbOrTx,
  type RawNumber,
} from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { offsetOf } from '../../core/envelope.js';
import { ConflictError, ForbiddenError, invalidField, NotFoundError } from '../../core/errors.js';
import { tenantDays } from '../../core/tenant-time.js';
import { crmLeads } from '../../db/schema/crm.js';
import { createDriverIn, driverTwin } from '../drivers/drivers.service.js';
import { ensureRentWritable } from '../organisation/rents.service.js';
import { tenantRules } from '../settings/settings.service.js';
import * as repo from './leads.repository.js';
import './crm.messages.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

export const isOpen = (state: LeadState) => state === 'new' || state === 'following' || state === 'paused';

/** 409 `crm.duplicatePhone` with the lead that holds the phone (its id and owner, for the web's link). */
export function duplicatePhone(
  phone: string,
  holder: { id: number; ownerId: number | null; ownerName: string | null },
) {
  return new ConflictError('crm.duplicatePhone', { phone, owner: holder.ownerName ?? '公海' }, 'crm.duplicatePhone', {
    leadId: holder.id,
    ownerId: holder.ownerId,
    ownerName: holder.ownerName,
  });
}

export async function checkPhoneFree(db: DbOrTx, tenantId: number, phone: string, exceptId?: number): Promise<void> {
  const holder = await repo.openLeadWithPhone(db, tenantId, phone, exceptId);
  if (holder) throw duplicatePhone(phone, holder);
}

/** A unique index that refused a write (two requests racing past the check) becomes the same answer. */
async function phoneRace(db: DbOrTx, err: unknown, tenantId: number, phone: string): Promise<never> {
  if (isUniqueViolation(err, 'crm_leads_phone_uq')) {
    const holder = await repo.openLeadWithPhone(db, tenantId, phone);
    throw duplicatePhone(phone, holder ?? { id: 0, ownerId: null, ownerName: null });
  }
  throw err;
}

async function checkLabels(db: DbOrTx, tenantId: number, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found = await repo.customerLabels(db, tenantId, unique);
  if (found.length !== unique.length) throw invalidField('labelIds', 'crm.labelNotFound');
  return unique;
}

/**
 * Employees who may own a lead of `rentId` (or of any of the caller's rents): active users of the tenant who hold
 * `crm:view` (within the plan) and see that rent (`recipientsOf`, the one query of "who may see what").
 */
export async function eligibleOwners(db: DbOrTx, tenantId: number, rentId?: number): Promise<number[]> {
  return (await recipientsOf(db, tenantId, 'crm:view', rentId)).map((r) => r.userId);
}

/** The owner a write names must be one of `eligibleOwners` of the lead's rent (else 400 at `ownerId`). */
export async function checkOwner(db: DbOrTx, tenantId: number, ownerId: number, rentId: number): Promise<void> {
  if (!(await eligibleOwners(db, tenantId, rentId)).includes(ownerId))
    throw invalidField('ownerId', 'crm.ownerNotFound');
}

/** `crm.maxOwned`: the employee may own `adding` more open leads (null limit: always). */
export async function checkMaxOwned(
  db: DbOrTx,
  tenantId: number,
  userId: number,
  adding: number,
  maxOwned: number | null,
): Promise<void> {
  if (maxOwned == null || adding <= 0) return;
  const owned = await repo.ownedOpen(db, tenantId, userId);
  if (owned + adding > maxOwned) {
    const [u] = await rowsOf<{ name: string }>(
      db,
      sql`select name from users where tenant_id = ${tenantId} and id = ${userId}`,
    );
    throw new ConflictError('crm.maxOwned', { name: u?.name ?? '', limit: maxOwned, owned }, 'crm.maxOwned');
  }
}

/**
 * Whether the caller may change a lead (edit, state, follow-up, convert, release): the `own` scope only his own
 * leads (a pool lead must be claimed first); everyone else any lead he sees.
 */
export function mayAct(ctx: RequestContext, ownerId: number | null): boolean {
  return !ctx.ownOnly || ownerId === ctx.userId;
}

// ---------------------------------------------------------------- list, counts, export

export async function listLeads(
  deps: Deps,
  ctx: RequestContext,
  q: LeadListQuery,
): Promise<{ rows: LeadRow[]; total: number; counts: LeadCounts | null }> {
  rentInScope(ctx, q.rentId);
  const now = deps.clock.now();
  const [days, rules] = await Promise.all([tenantDays(deps.db, ctx.tenantId, now), tenantRules(deps.db, ctx.tenantId)]);
  const visible = repo.visibleLeads(ctx);
  const where = sql.join([visible, ...repo.filterConditions(ctx, q, days, now)], sql` and `);
  const [rows, total, counts] = await Promise.all([
    repo.leadRows(deps.db, where, q, q.pageSize, offsetOf(q)),
    repo.leadTotal(deps.db, where),
    q.withCounts ? leadCounts(deps.db, ctx, visible) : Promise.resolve(null),
  ]);
  return { rows: rows.map((r) => repo.toLeadRow(r, ctx, now, rules.crm.poolDays)), total, counts };
}

async function leadCounts(db: DbOrTx, ctx: RequestContext, visible: SQL): Promise<LeadCounts> {
  const [mine, pool, all] = await Promise.all([
    repo.leadTotal(db, sql`${visible} and l.owner_id = ${ctx.userId}`),
    repo.leadTotal(db, sql`${visible} and l.owner_id is null`),
    ctx.ownOnly ? Promise.resolve(null) : repo.leadTotal(db, visible),
  ]);
  return { mine, pool, all };
}

/** The export's rows, every page (keyset), as the list shows them plus the form's other fields. */
export async function* leadsForExport(deps: Deps, ctx: RequestContext, q: LeadExportQuery) {
  rentInScope(ctx, q.rentId);
  const now = deps.clock.now();
  const [days, rules] = await Promise.all([tenantDays(deps.db, ctx.tenantId, now), tenantRules(deps.db, ctx.tenantId)]);
  const where = sql.join([repo.visibleLeads(ctx), ...repo.filterConditions(ctx, q, days, now)], sql` and `);
  let after: { at: Date | null; id: number } | null = null;
  for (;;) {
    const page = await repo.leadExportPage(deps.db, where, q, after, EXPORT_PAGE_ROWS);
    for (const r of page) {
      yield {
        ...repo.toLeadRow(r, ctx, now, rules.crm.poolDays),
        wantedCar: r.wanted_car,
        budgetYuan: r.budget_fen == null ? null : fenToYuan(rawNumber(r.budget_fen)),
        contractKind: r.contract_kind,
        remark: r.remark,
        lostReason: r.lost_reason,
      };
    }
    if (page.length < EXPORT_PAGE_ROWS) return;
    const last = page[page.length - 1]!;
    after = {
      at: q.followUp
        ? last.next_follow_up_at == null
          ? null
          : new Date(last.next_follow_up_at)
        : new Date(last.created_at),
      id: rawNumber(last.id),
    };
  }
}

// ---------------------------------------------------------------- one lead

export async function getLead(deps: Deps, ctx: RequestContext, id: number, db: DbOrTx = deps.db): Promise<LeadDetail> {
  const now = deps.clock.now();
  const [row, rules] = await Promise.all([
    repo.findLeadDetail(db, repo.visibleLeads(ctx), id),
    tenantRules(db, ctx.tenantId),
  ]);
  if (!row) throw new NotFoundError('crm.leadNotFound');
  const base = repo.toLeadRow(row, ctx, now, rules.crm.poolDays);
  // A pool lead's phone is for whoever may hand it out (crm:assign); the others claim it first.
  if (base.phoneMasked && hasPermission(ctx.permissions, 'crm:assign')) {
    base.phone = row.phone;
    base.phoneMasked = false;
  }
  return {
    ...base,
    wantedCar: row.wanted_car,
    budgetYuan: row.budget_fen == null ? null : fenToYuan(rawNumber(row.budget_fen)),
    contractKind: row.contract_kind,
    ownerSince: row.owner_since == null ? null : new Date(row.owner_since).toISOString(),
    lostReason: row.lost_reason,
    followUpCount: row.follow_up_count,
    driverId: row.driver_id == null ? null : rawNumber(row.driver_id),
    driverName: row.driver_name,
    wonAt: row.won_at == null ? null : new Date(row.won_at).toISOString(),
    remark: row.remark,
    createdById: row.created_by == null ? null : rawNumber(row.created_by),
    createdByName: row.created_by_name,
    updatedAt: new Date(row.updated_at).toISOString(),
    version: row.version,
    ownerLog: await repo.ownerLog(db, ctx.tenantId, id),
    transitions: [...LEAD_TRANSITIONS[row.state]],
  };
}

/** A lead the caller sees, locked; 404 otherwise. */
export async function lockLead(tx: DbOrTx, ctx: RequestContext, id: number): Promise<repo.LockedLead> {
  const [lead] = await repo.lockLeads(tx, repo.visibleLeads(ctx), [id]);
  if (!lead) throw new NotFoundError('crm.leadNotFound');
  return lead;
}

function fieldsOf(input: LeadInput | LeadUpdateInput) {
  return {
    kind: input.kind,
    name: input.name,
    companyName: input.kind === 'company' ? (input.companyName ?? null) : input.companyName || null,
    phone: input.phone,
    source: input.source,
    intent: input.intent,
    wantedCar: input.wantedCar || null,
    budgetFen: input.budgetYuan == null ? null : yuanToFen(input.budgetYuan),
    contractKind: input.contractKind ?? null,
    rentId: input.rentId,
    nextFollowUpAt: input.nextFollowUpAt ? new Date(input.nextFollowUpAt) : null,
    remark: input.remark || null,
  };
}

/**
 * `crmLead/create`: a new lead, owned by the caller (ownerId absent), by another employee (needs crm:assign; one
 * who may see leads of the rent) or in the pool (null); owner log `create`. 409 `crm.duplicatePhone` when an
 * open lead holds the phone; 409 `crm.maxOwned` beyond the owner's limit.
 */
export async function createLead(
  deps: Deps,
  ctx: RequestContext,
  input: LeadInput,
  extra: { importRef?: string; source?: LeadInput['source'] } = {},
): Promise<LeadDetail> {
  rentInScope(ctx, input.rentId);
  const ownerId = input.ownerId === undefined ? ctx.userId : input.ownerId;
  if (ownerId !== null && ownerId !== ctx.userId && !hasPermission(ctx.permissions, 'crm:assign'))
    throw new ForbiddenError('crm.assignForbidden');
  const now = deps.clock.now();
  const id = await deps.db
    .transaction(async (tx) => {
      await ensureRentWritable(tx, ctx, input.rentId, 'rentId');
      if (ownerId !== null && ownerId !== ctx.userId) await checkOwner(tx, ctx.tenantId, ownerId, input.rentId);
      const rules = await tenantRules(tx, ctx.tenantId);
      if (ownerId !== null) await checkMaxOwned(tx, ctx.tenantId, ownerId, 1, rules.crm.maxOwned);
      await checkPhoneFree(tx, ctx.tenantId, input.phone);
      const labelIds = await checkLabels(tx, ctx.tenantId, input.labelIds);
      const [row] = await tx
        .insert(crmLeads)
        .values({
          tenantId: ctx.tenantId,
          ...fieldsOf(input),
          ...(extra.source ? { source: extra.source } : {}),
          ownerId,
          ownerSince: ownerId === null ? null : now,
          state: 'new',
          importRef: extra.importRef ?? null,
          createdBy: ctx.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: crmLeads.id });
      const leadId = row!.id;
      await repo.setLeadLabels(tx, ctx.tenantId, leadId, labelIds);
      await repo.insertOwnerLog(tx, ctx.tenantId, [
        { leadId, action: 'create', fromUser: null, toUser: ownerId, byUser: ctx.userId, at: now },
      ]);
      return leadId;
    })
    .catch((err: unknown) => phoneRace(deps.db, err, ctx.tenantId, input.phone));
  return getLead(deps, ctx, id);
}

/** `crmLead/update`: the lead's fields as read at `version` (not its owner or state); a won lead stays as it is. */
export async function updateLead(deps: Deps, ctx: RequestContext, input: LeadUpdateInput): Promise<LeadDetail> {
  rentInScope(ctx, input.rentId);
  await deps.db
    .transaction(async (tx) => {
      const lead = await lockLead(tx, ctx, input.id);
      if (!mayAct(ctx, lead.ownerId)) throw new ForbiddenError('crm.notOwner');
      if (lead.version !== input.version) throw new ConflictError('crm.stale');
      if (lead.state === 'won') throw new ConflictError('crm.closedLead', { state: '已成交' });
      if (input.rentId !== lead.rentId) {
        await ensureRentWritable(tx, ctx, input.rentId, 'rentId');
        if (lead.ownerId !== null) await checkOwner(tx, ctx.tenantId, lead.ownerId, input.rentId);
      }
      if (input.phone !== lead.phone && isOpen(lead.state))
        await checkPhoneFree(tx, ctx.tenantId, input.phone, lead.id);
      const labelIds = await checkLabels(tx, ctx.tenantId, input.labelIds);
      await tx
        .update(crmLeads)
        .set({ ...fieldsOf(input), version: lead.version + 1, updatedAt: deps.clock.now() })
        .where(sql`${crmLeads.tenantId} = ${ctx.tenantId} and ${crmLeads.id} = ${lead.id}`);
      await repo.setLeadLabels(tx, ctx.tenantId, lead.id, labelIds);
    })
    .catch((err: unknown) => phoneRace(deps.db, err, ctx.tenantId, input.phone));
  return getLead(deps, ctx, input.id);
}

/** `crmLead/delete/:id` (crm:delete): soft delete; a won lead (linked to its driver) stays. */
export async function deleteLead(deps: Deps, ctx: RequestContext, id: number): Promise<{ id: number }> {
  await deps.db.transaction(async (tx) => {
    const lead = await lockLead(tx, ctx, id);
    if (!mayAct(ctx, lead.ownerId)) throw new ForbiddenError('crm.notOwner');
    if (lead.state === 'won') throw new ConflictError('crm.closedLead', { state: '已成交' });
    await tx
      .update(crmLeads)
      .set({ deletedAt: deps.clock.now(), version: lead.version + 1, updatedAt: deps.clock.now() })
      .where(sql`${crmLeads.tenantId} = ${ctx.tenantId} and ${crmLeads.id} = ${id}`);
  });
  return { id };
}

/** `crmLead/state/:id`: a change of LEAD_TRANSITIONS (lost with its reason; reopening checks the phone again). */
export async function setLeadState(
  deps: Deps,
  ctx: RequestContext,
  id: number,
  input: LeadStateInput,
): Promise<LeadDetail> {
  let phone = '';
  await deps.db
    .transaction(async (tx) => {
      const lead = await lockLead(tx, ctx, id);
      phone = lead.phone;
      if (!mayAct(ctx, lead.ownerId)) throw new ForbiddenError('crm.notOwner');
      if (input.version !== undefined && input.version !== lead.version) throw new ConflictError('crm.stale');
      if (!LEAD_TRANSITIONS[lead.state].includes(input.state))
        throw new ConflictError(
          'crm.transitionRefused',
          { from: lead.state, to: input.state },
          'crm.transitionRefused',
        );
      if (!isOpen(lead.state)) await checkPhoneFree(tx, ctx.tenantId, lead.phone, lead.id);
      await tx
        .update(crmLeads)
        .set({
          state: input.state,
          lostReason: input.state === 'lost' ? input.reason! : null,
          version: lead.version + 1,
          updatedAt: deps.clock.now(),
        })
        .where(sql`${crmLeads.tenantId} = ${ctx.tenantId} and ${crmLeads.id} = ${id}`);
    })
    .catch((err: unknown) => phoneRace(deps.db, err, ctx.tenantId, phone));
  return getLead(deps, ctx, id);
}

// ---------------------------------------------------------------- conversion

/**
 * `crmLead/convert/:id` (crm:edit and rentDriver:add): the driver made through the drivers' own create path (its
 * checks), in one transaction with the lead's `won`. A driver holding the phone or the ID number already: 409
 * `crm.driverExists` with that driver. A lead converts once (409 `crm.alreadyWon`).
 */
export async function convertLead(
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  input: LeadConvertInput,
): Promise<LeadConvertAnswer> {
  if (!hasPermission(ctx.permissions, 'rentDriver:add')) throw new ForbiddenError();
  const now = deps.clock.now();
  const driverId = await deps.db.transaction(async (tx) => {
    const lead = await lockLead(tx, ctx, id);
    if (lead.state === 'won') throw new ConflictError('crm.alreadyWon', undefined, 'crm.alreadyWon');
    if (!isOpen(lead.state)) throw new ConflictError('crm.closedLead', { state: '已流失' });
    if (!mayAct(ctx, lead.ownerId)) throw new ForbiddenError('crm.notOwner');
    const twin = await driverTwin(tx, ctx.tenantId, input.phone, input.idNumber);
    if (twin)
      throw new ConflictError('crm.driverExists', { name: twin.name }, 'crm.driverExists', {
        driverId: twin.id,
        driverName: twin.name,
      });
    const newId = await createDriverIn(tx, deps, ctx, { ...input, rentId: input.rentId ?? lead.rentId }, now);
    await tx
      .update(crmLeads)
      .set({ state: 'won', driverId: newId, wonAt: now, version: lead.version + 1, updatedAt: now })
      .where(sql`${crmLeads.tenantId} = ${ctx.tenantId} and ${crmLeads.id} = ${id}`);
    await repo.insertOwnerLog(tx, ctx.tenantId, [
      { leadId: id, action: 'convert', fromUser: lead.ownerId, toUser: lead.ownerId, byUser: ctx.userId, at: now },
    ]);
    return newId;
  });
  return { driverId };
}

// ---------------------------------------------------------------- owners

/** `crmLead/owners`: the employees who may own leads in the caller's rents (or one rent), with their open leads. */
export async function leadOwners(deps: Deps, ctx: RequestContext, rentId?: number): Promise<LeadOwner[]> {
  rentInScope(ctx, rentId);
  const recipients = await recipientsOf(deps.db, ctx.tenantId, 'crm:view', rentId);
  const ids = recipients
    .filter((r) => r.rents === 'all' || r.rents.some((x) => ctx.rentIds.includes(x)))
    .map((r) => r.userId);
  if (ctx.ownOnly) return ids.includes(ctx.userId) ? ownersNamed(deps.db, ctx.tenantId, [ctx.userId]) : [];
  return ownersNamed(deps.db, ctx.tenantId, ids);
}

async function ownersNamed(db: DbOrTx, tenantId: number, ids: number[]): Promise<LeadOwner[]> {
  if (!ids.length) return [];
  const rows = await rowsOf<{ id: RawNumber; name: string; open: RawNumber }>(
    db,
    sql`select u.id, u.name, (select count(*) from crm_leads l where l.tenant_id = u.tenant_id and l.owner_id = u.id
        and l.state in ('new', 'following', 'paused') and l.deleted_at is null) as open
      from users u where u.tenant_id = ${tenantId} and u.id = any(${idArray(ids)}) order by u.name, u.id`,
  );
  return rows.map((r) => ({ id: rawNumber(r.id), name: r.name, openLeads: rawNumber(r.open) }));
}

export { maskPhone };
