import { sql } from 'drizzle-orm';
import {
  followUpSummary,
  type FollowUpInput,
  type FollowUpListQuery,
  type FollowUpRow,
} from '@fleetdesk/contracts/crm';
import type { RequestContext } from '../../core/access.js';
import { rawIso, rawIsoOrNull, rawNumber, rowsOf, type RawNumber, type RawTime } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { offsetOf } from '../../core/envelope.js';
import { ConflictError, ForbiddenError, invalidField } from '../../core/errors.js';
import { tenantDays } from '../../core/tenant-time.js';
import * as repo from './leads.repository.js';
import { isOpen, lockLead, mayAct } from './leads.service.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

interface RawFollowUp {
  id: RawNumber;
  lead_id: RawNumber;
  lead_name: string;
  lead_company_name: string | null;
  lead_state: FollowUpRow['leadState'];
  user_id: RawNumber;
  user_name: string | null;
  at: RawTime;
  way: FollowUpRow['way'];
  content: string;
  next_step: string | null;
  next_at: RawTime | null;
  created_at: RawTime;
}

const COLUMNS = sql`f.id, f.lead_id, l.name as lead_name, l.company_name as lead_company_name, l.state as lead_state,
  f.user_id, u.name as user_name, f.at, f.way, f.content, f.next_step, f.next_at, f.created_at`;
const FROM = sql`crm_follow_ups f join crm_leads l on l.tenant_id = f.tenant_id and l.id = f.lead_id
  left join users u on u.tenant_id = f.tenant_id and u.id = f.user_id`;

function toRow(r: RawFollowUp): FollowUpRow {
  return {
    id: rawNumber(r.id),
    leadId: rawNumber(r.lead_id),
    leadName: r.lead_name,
    leadCompanyName: r.lead_company_name,
    leadState: r.lead_state,
    userId: rawNumber(r.user_id),
    userName: r.user_name,
    at: rawIso(r.at),
    way: r.way,
    content: r.content,
    nextStep: r.next_step,
    nextAt: rawIsoOrNull(r.next_at),
    createdAt: rawIso(r.created_at),
  };
}

/**
 * `crmFollowUp/create`: a follow-up of an open lead the caller may act on (the `own` scope: his own). It happened
 * at `at` (default now, never in the future); its `nextAt` becomes the lead's next follow-up (none: cleared). The
 * first follow-up of a `new` lead makes it `following`; the lead's last follow-up (time, 60 characters, count)
 * follows, and with it the pool clock.
 */
export async function createFollowUp(deps: Deps, ctx: RequestContext, input: FollowUpInput): Promise<FollowUpRow> {
  const now = deps.clock.now();
  const at = input.at ? new Date(input.at) : now;
  if (at.getTime() > now.getTime() + 60_000) throw invalidField('at', 'crm.followUpFuture');
  const nextAt = input.nextAt ? new Date(input.nextAt) : null;
  if (nextAt && nextAt.getTime() <= at.getTime()) throw invalidField('nextAt', 'crm.nextInPast');
  const id = await deps.db.transaction(async (tx) => {
    const lead = await lockLead(tx, ctx, input.leadId);
    if (!mayAct(ctx, lead.ownerId)) throw new ForbiddenError('crm.notOwner');
    if (!isOpen(lead.state))
      throw new ConflictError('crm.closedLead', { state: lead.state === 'won' ? '已成交' : '已流失' });
    const [row] = await rowsOf<{ id: RawNumber }>(
      tx,
      sql`insert into crm_follow_ups (tenant_id, lead_id, user_id, at, way, content, next_step, next_at, created_at)
        values (${ctx.tenantId}, ${lead.id}, ${ctx.userId}, ${at}, ${input.way}, ${input.content},
          ${input.nextStep || null}, ${nextAt}::timestamptz, ${now})
        returning id`,
    );
    await rowsOf(
      tx,
      sql`update crm_leads l set
          state = case when l.state = 'new' then 'following' else l.state end,
          last_follow_up_text = case when l.last_follow_up_at is null or l.last_follow_up_at <= ${at}::timestamptz
            then ${followUpSummary(input.content)} else l.last_follow_up_text end,
          last_follow_up_at = greatest(l.last_follow_up_at, ${at}::timestamptz),
          follow_up_count = l.follow_up_count + 1,
          next_follow_up_at = ${nextAt}::timestamptz,
          intent = coalesce(${input.intent ?? null}, l.intent),
          version = l.version + 1, updated_at = ${now}
        where l.tenant_id = ${ctx.tenantId} and l.id = ${lead.id}`,
    );
    return rawNumber(row!.id);
  });
  const [row] = await rowsOf<RawFollowUp>(
    deps.db,
    sql`select ${COLUMNS} from ${FROM} where f.tenant_id = ${ctx.tenantId} and f.id = ${id}`,
  );
  return toRow(row!);
}

/**
 * `crmFollowUp/list`: a lead's timeline (newest first), or the caller's own follow-ups (`mine`); with `due` only
 * the ones whose next step is still the lead's next follow-up and falls today (tenant day) or is past.
 */
export async function listFollowUps(
  deps: Deps,
  ctx: RequestContext,
  q: FollowUpListQuery,
): Promise<{ rows: FollowUpRow[]; total: number }> {
  const conds = [sql`f.tenant_id = ${ctx.tenantId}`, repo.visibleLeads(ctx)];
  if (q.leadId) conds.push(sql`f.lead_id = ${q.leadId}`);
  if (q.mine) conds.push(sql`f.user_id = ${ctx.userId}`);
  if (q.due) {
    const now = deps.clock.now();
    const days = await tenantDays(deps.db, ctx.tenantId, now);
    conds.push(sql`${repo.OPEN_SQL} and l.next_follow_up_at = f.next_at`);
    if (q.due === 'today')
      conds.push(sql`f.next_at >= ${days.startOf(days.today)} and f.next_at < ${days.startOf(days.plusDays(1))}`);
    else conds.push(sql`f.next_at < ${now}`);
  }
  const where = sql.join(conds, sql` and `);
  const order = q.due ? sql`f.next_at, f.id` : sql`f.at desc, f.id desc`;
  const [rows, [count]] = await Promise.all([
    rowsOf<RawFollowUp>(
      deps.db,
      sql`select ${COLUMNS} from ${FROM} where ${where} order by ${order} limit ${q.pageSize} offset ${offsetOf(q)}`,
    ),
    rowsOf<{ n: RawNumber }>(deps.db, sql`select count(*) as n from ${FROM} where ${where}`),
  ]);
  return { rows: rows.map(toRow), total: rawNumber(count!.n) };
}
