import { sql } from 'drizzle-orm';
import type { LeadAssignInput, LeadBatchAnswer, LeadClaimInput, LeadDetail } from '@fleetdesk/contracts/crm';
import { hasPermission, type RequestContext } from '../../core/access.js';
import {
  idArray,
  rawNumber,
  rawNumberOrNull,
  rowsOf,
  type DbOrTx,
  type RawNumber,
  type RawTime,
} from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../core/errors.js';
import { publish } from '../../core/events.js';
import { tenantDays } from '../../core/tenant-time.js';
import { tenantRules } from '../settings/settings.service.js';
import * as repo from './leads.repository.js';
import { checkMaxOwned, checkOwner, getLead, isOpen, lockLead, mayAct } from './leads.service.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** The owner columns of `ids` set to `ownerId` (owner_since now; null for the pool). */
async function setOwner(db: DbOrTx, tenantId: number, ids: readonly number[], ownerId: number | null, now: Date) {
  await rowsOf(
    db,
    sql`update crm_leads set owner_id = ${ownerId}, owner_since = ${ownerId === null ? null : now}::timestamptz,
        version = version + 1, updated_at = ${now}
      where tenant_id = ${tenantId} and id = any(${idArray(ids)})`,
  );
}

/**
 * `crmLead/claim`: the caller takes pool leads. Every lead must be one he sees, open and in the pool (409
 * `crm.notInPool`); at most `crm.claimPerDay` claims per tenant day (409 `crm.claimLimit`) and `crm.maxOwned`
 * open leads (409 `crm.maxOwned`). Owner log `claim` (by the caller).
 */
export async function claimLeads(deps: Deps, ctx: RequestContext, input: LeadClaimInput): Promise<LeadBatchAnswer> {
  const ids = [...new Set(input.ids)];
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    // One claimer at a time per employee: two racing claims must not both pass the day's limit.
    await rowsOf(tx, sql`select pg_advisory_xact_lock(hashtext('crm.claim'), ${ctx.userId}::int)`);
    const leads = await repo.lockLeads(tx, repo.visibleLeads(ctx), ids);
    if (leads.length !== ids.length) throw new NotFoundError('crm.leadNotFound');
    for (const lead of leads) {
      if (lead.ownerId !== null) throw new ConflictError('crm.notInPool', { name: lead.name }, 'crm.notInPool');
      if (!isOpen(lead.state)) throw new ConflictError('crm.notInPool', { name: lead.name }, 'crm.notInPool');
    }
    const [rules, days] = await Promise.all([tenantRules(tx, ctx.tenantId), tenantDays(tx, ctx.tenantId, now)]);
    const used = await repo.claimsBetween(
      tx,
      ctx.tenantId,
      ctx.userId,
      days.startOf(days.today),
      days.startOf(days.plusDays(1)),
    );
    if (used + ids.length > rules.crm.claimPerDay)
      throw new ConflictError('crm.claimLimit', { limit: rules.crm.claimPerDay, used }, 'crm.claimLimit');
    await checkMaxOwned(tx, ctx.tenantId, ctx.userId, ids.length, rules.crm.maxOwned);
    await setOwner(tx, ctx.tenantId, ids, ctx.userId, now);
    await repo.insertOwnerLog(
      tx,
      ctx.tenantId,
      ids.map((leadId) => ({
        leadId,
        action: 'claim' as const,
        fromUser: null,
        toUser: ctx.userId,
        byUser: ctx.userId,
        at: now,
      })),
    );
  });
  return { ids };
}

/**
 * `crmLead/assign` (crm:assign): leads to an employee who may own leads of their rents, or to the pool (null).
 * Won and lost leads keep their owner (409 `crm.closedLead`); `crm.maxOwned` counts the leads he gains.
 */
export async function assignLeads(deps: Deps, ctx: RequestContext, input: LeadAssignInput): Promise<LeadBatchAnswer> {
  const ids = [...new Set(input.ids)];
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const leads = await repo.lockLeads(tx, repo.visibleLeads(ctx), ids);
    if (leads.length !== ids.length) throw new NotFoundError('crm.leadNotFound');
    for (const lead of leads) {
      if (!isOpen(lead.state))
        throw new ConflictError('crm.closedLead', { state: lead.state === 'won' ? '已成交' : '已流失' });
    }
    if (input.ownerId !== null) {
      for (const rentId of new Set(leads.map((l) => l.rentId)))
        await checkOwner(tx, ctx.tenantId, input.ownerId, rentId);
      const rules = await tenantRules(tx, ctx.tenantId);
      const gaining = leads.filter((l) => l.ownerId !== input.ownerId).length;
      await checkMaxOwned(tx, ctx.tenantId, input.ownerId, gaining, rules.crm.maxOwned);
    }
    const moving = leads.filter((l) => l.ownerId !== input.ownerId);
    if (!moving.length) return;
    await setOwner(
      tx,
      ctx.tenantId,
      moving.map((l) => l.id),
      input.ownerId,
      now,
    );
    await repo.insertOwnerLog(
      tx,
      ctx.tenantId,
      moving.map((l) => ({
        leadId: l.id,
        action: 'assign' as const,
        fromUser: l.ownerId,
        toUser: input.ownerId,
        byUser: ctx.userId,
        at: now,
      })),
    );
  });
  return { ids };
}

/** `crmLead/release/:id`: the owner (or one who may assign) puts an open lead back into the pool. */
export async function releaseLead(deps: Deps, ctx: RequestContext, id: number): Promise<LeadDetail> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const lead = await lockLead(tx, ctx, id);
    if (lead.ownerId === null) throw new ConflictError('crm.notInPool', { name: lead.name }, 'crm.inPool');
    if (lead.ownerId !== ctx.userId && (!hasPermission(ctx.permissions, 'crm:assign') || !mayAct(ctx, lead.ownerId)))
      throw new ForbiddenError('crm.notOwner');
    if (!isOpen(lead.state))
      throw new ConflictError('crm.closedLead', { state: lead.state === 'won' ? '已成交' : '已流失' });
    await setOwner(tx, ctx.tenantId, [id], null, now);
    await repo.insertOwnerLog(tx, ctx.tenantId, [
      { leadId: id, action: 'release', fromUser: lead.ownerId, toUser: null, byUser: ctx.userId, at: now },
    ]);
  });
  return getLead(deps, ctx, id);
}

// ---------------------------------------------------------------- the job's part

/**
 * Returns to the pool every owned lead of the tenant in `new` or `following` whose owner has not followed it up
 * for `crm.poolDays` days since max(owner_since, last_follow_up_at); owner log `return` (by nobody) and one
 * `crm.leadReturned` event per lead (its former owner is told). Answers the leads returned.
 */
export async function returnStaleLeads(db: DbOrTx, tenantId: number, poolDays: number, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - poolDays * 86_400_000);
  const rows = await rowsOf<{ id: RawNumber; name: string; rent_id: RawNumber; owner_id: RawNumber }>(
    db,
    sql`with stale as (
        select l.id, l.owner_id from crm_leads l
        where l.tenant_id = ${tenantId} and l.deleted_at is null and l.owner_id is not null
          and l.state in ('new', 'following')
          and greatest(l.owner_since, l.last_follow_up_at) <= ${cutoff}::timestamptz
        for update of l
      )
      update crm_leads l set owner_id = null, owner_since = null, version = l.version + 1, updated_at = ${now}
      from stale where l.tenant_id = ${tenantId} and l.id = stale.id
      returning l.id, l.name, l.rent_id, stale.owner_id`,
  );
  if (!rows.length) return 0;
  await repo.insertOwnerLog(
    db,
    tenantId,
    rows.map((r) => ({
      leadId: rawNumber(r.id),
      action: 'return' as const,
      fromUser: rawNumber(r.owner_id),
      toUser: null,
      byUser: null,
      at: now,
    })),
  );
  await publish(
    db,
    ...rows.map((r) => ({
      tenantId,
      name: 'crm.leadReturned' as const,
      payload: {
        leadId: rawNumber(r.id),
        name: r.name,
        rentId: rawNumber(r.rent_id),
        formerOwnerId: rawNumber(r.owner_id),
        days: poolDays,
        at: now.toISOString(),
      },
    })),
  );
  return rows.length;
}

/**
 * Marks the overdue follow-ups of the tenant's owned open leads as reminded (`follow_up_reminded_at` takes the
 * due time, so each due time is told once) and publishes one `crm.followUpOverdue` per lead.
 */
export async function remindOverdue(db: DbOrTx, tenantId: number, now: Date): Promise<number> {
  const rows = await rowsOf<{
    id: RawNumber;
    name: string;
    rent_id: RawNumber;
    owner_id: RawNumber | null;
    next_follow_up_at: RawTime;
  }>(
    db,
    sql`update crm_leads l set follow_up_reminded_at = l.next_follow_up_at
      where l.tenant_id = ${tenantId} and l.deleted_at is null and l.owner_id is not null
        and l.state in ('new', 'following', 'paused')
        and l.next_follow_up_at <= ${now}::timestamptz
        and l.follow_up_reminded_at is distinct from l.next_follow_up_at
      returning l.id, l.name, l.rent_id, l.owner_id, l.next_follow_up_at`,
  );
  if (!rows.length) return 0;
  await publish(
    db,
    ...rows.map((r) => ({
      tenantId,
      name: 'crm.followUpOverdue' as const,
      payload: {
        leadId: rawNumber(r.id),
        name: r.name,
        rentId: rawNumber(r.rent_id),
        ownerId: rawNumberOrNull(r.owner_id)!,
        dueAt: new Date(r.next_follow_up_at).toISOString(),
      },
    })),
  );
  return rows.length;
}
