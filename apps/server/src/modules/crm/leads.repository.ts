import { sql, type SQL } from 'drizzle-orm';
import {
  maskPhone,
  type LeadDetail,
  type LeadExportQuery,
  type LeadLabel,
  type LeadRow,
  type OwnerLogRow,
} from '@fleetdesk/contracts/crm';
import { leadOwnerScope, type RequestContext } from '../../core/access.js';
import {
  idArray,
  rawIso,
  rawIsoOrNull,
  rawNumber,
  rawNumberOrNull,
  rowsOf,
  type DbOrTx,
  type RawJson,
  type RawNumber,
  type RawTime,
} from '../../core/db.js';
import { prefixPattern } from '../../core/like.js';
import type { TenantDays } from '../../core/tenant-time.js';
import { ForbiddenError } from '../../core/errors.js';

/** `state in ('new','following','paused')` of the alias `l`. */
export const OPEN_SQL = sql`l.state in ('new', 'following', 'paused')`;
const DAY_MS = 86_400_000;

/**
 * The leads a caller sees: his tenant, not deleted, in his rents (data scope), and for the `own` scope his own
 * leads plus the pool (`leadOwnerScope`). Every lead query starts here.
 */
export function visibleLeads(ctx: Pick<RequestContext, 'tenantId' | 'rentIds' | 'ownOnly' | 'userId'>): SQL {
  return sql`l.tenant_id = ${ctx.tenantId} and l.deleted_at is null and l.rent_id = any(${idArray(ctx.rentIds)})
    and ${leadOwnerScope(ctx, sql`l.owner_id`)}`;
}

export interface RawLead {
  id: RawNumber;
  kind: LeadRow['kind'];
  name: string;
  company_name: string | null;
  phone: string;
  source: LeadRow['source'];
  intent: LeadRow['intent'];
  state: LeadRow['state'];
  rent_id: RawNumber;
  rent_name: string | null;
  owner_id: RawNumber | null;
  owner_name: string | null;
  owner_since: RawTime | null;
  last_follow_up_at: RawTime | null;
  last_follow_up_text: string | null;
  next_follow_up_at: RawTime | null;
  created_at: RawTime;
  labels: RawJson<LeadLabel[]> | null;
}

const ROW_COLUMNS = sql`l.id, l.kind, l.name, l.company_name, l.phone, l.source, l.intent, l.state, l.rent_id,
  r.short_name as rent_name, l.owner_id, ou.name as owner_name, l.owner_since, l.last_follow_up_at,
  l.last_follow_up_text, l.next_follow_up_at, l.created_at,
  (select json_agg(json_build_object('id', lb.id, 'name', lb.name, 'color', lb.color) order by lb.id)
    from crm_lead_labels cl join labels lb on lb.tenant_id = cl.tenant_id and lb.id = cl.label_id
    where cl.tenant_id = l.tenant_id and cl.lead_id = l.id) as labels`;
const ROW_FROM = sql`crm_leads l
  left join rents r on r.tenant_id = l.tenant_id and r.id = l.rent_id
  left join users ou on ou.tenant_id = l.tenant_id and ou.id = l.owner_id`;

const jsonOf = <T>(v: RawJson<T> | null, empty: T): T =>
  v == null ? empty : typeof v === 'string' ? JSON.parse(v) : v;

/** A lead as a list shows it at `now` (`poolDays` of the rules: the days before the return to the pool). */
export function toLeadRow(r: RawLead, ctx: Pick<RequestContext, 'userId'>, now: Date, poolDays: number): LeadRow {
  const ownerId = rawNumberOrNull(r.owner_id);
  const open = r.state === 'new' || r.state === 'following' || r.state === 'paused';
  const masked = ownerId === null && open;
  const next = r.next_follow_up_at == null ? null : new Date(r.next_follow_up_at);
  let daysToPool: number | null = null;
  if (ownerId !== null && (r.state === 'new' || r.state === 'following')) {
    const since = Math.max(
      r.owner_since ? new Date(r.owner_since).getTime() : 0,
      r.last_follow_up_at ? new Date(r.last_follow_up_at).getTime() : 0,
    );
    daysToPool = Math.max(0, Math.ceil((since + poolDays * DAY_MS - now.getTime()) / DAY_MS));
  }
  return {
    id: rawNumber(r.id),
    kind: r.kind,
    name: r.name,
    companyName: r.company_name,
    phone: masked && ownerId !== ctx.userId ? maskPhone(r.phone) : r.phone,
    phoneMasked: masked && ownerId !== ctx.userId,
    source: r.source,
    intent: r.intent,
    state: r.state,
    rentId: rawNumber(r.rent_id),
    rentName: r.rent_name,
    ownerId,
    ownerName: r.owner_name,
    lastFollowUpAt: rawIsoOrNull(r.last_follow_up_at),
    lastFollowUpText: r.last_follow_up_text,
    nextFollowUpAt: next ? next.toISOString() : null,
    overdue: open && ownerId !== null && next !== null && next.getTime() < now.getTime(),
    daysToPool,
    createdAt: rawIso(r.created_at),
    labels: jsonOf(r.labels, [] as LeadLabel[]),
  };
}

export type LeadFilter = Omit<LeadExportQuery, 'view'> & { view: LeadExportQuery['view'] };

/** The conditions of the list's filters (after `visibleLeads`). */
export function filterConditions(
  ctx: Pick<RequestContext, 'userId' | 'ownOnly'>,
  f: LeadFilter,
  days: TenantDays,
  now: Date,
): SQL[] {
  const conds: SQL[] = [];
  if (f.view === 'mine') conds.push(sql`l.owner_id = ${ctx.userId}`);
  else if (f.view === 'pool') conds.push(sql`l.owner_id is null`);
  else if (ctx.ownOnly) throw new ForbiddenError('crm.ownScope');
  if (f.state) conds.push(sql`l.state = ${f.state}`);
  if (f.source) conds.push(sql`l.source = ${f.source}`);
  if (f.intent) conds.push(sql`l.intent = ${f.intent}`);
  if (f.ownerId) conds.push(sql`l.owner_id = ${f.ownerId}`);
  if (f.rentId) conds.push(sql`l.rent_id = ${f.rentId}`);
  if (f.keyword) {
    const p = prefixPattern(f.keyword);
    conds.push(sql`(l.name like ${p} or l.company_name like ${p} or l.phone like ${p})`);
  }
  if (f.followUp === 'today') {
    conds.push(
      sql`${OPEN_SQL} and l.next_follow_up_at >= ${days.startOf(days.today)} and l.next_follow_up_at < ${days.startOf(days.plusDays(1))}`,
    );
  } else if (f.followUp === 'overdue') {
    conds.push(sql`${OPEN_SQL} and l.owner_id is not null and l.next_follow_up_at < ${now}`);
  }
  if (f.labelId)
    conds.push(
      sql`exists (select 1 from crm_lead_labels cl where cl.tenant_id = l.tenant_id and cl.lead_id = l.id and cl.label_id = ${f.labelId})`,
    );
  if (f.createdFrom) conds.push(sql`l.created_at >= ${days.startOf(f.createdFrom)}`);
  if (f.createdTo) conds.push(sql`l.created_at < ${days.startOf(days.plusDays(1, f.createdTo))}`);
  return conds;
}

function orderOf(f: LeadFilter): SQL {
  return f.followUp ? sql`l.next_follow_up_at, l.id` : sql`l.created_at desc, l.id desc`;
}

export async function leadRows(db: DbOrTx, where: SQL, f: LeadFilter, limit: number, offset: number) {
  return rowsOf<RawLead>(
    db,
    sql`select ${ROW_COLUMNS} from ${ROW_FROM} where ${where} order by ${orderOf(f)} limit ${limit} offset ${offset}`,
  );
}

export async function leadTotal(db: DbOrTx, where: SQL): Promise<number> {
  const [row] = await rowsOf<{ n: RawNumber }>(db, sql`select count(*) as n from crm_leads l where ${where}`);
  return rawNumber(row!.n);
}

/** One page of an export (keyset on created_at desc, id desc; or on next_follow_up_at, id). */
export async function leadExportPage(
  db: DbOrTx,
  where: SQL,
  f: LeadFilter,
  after: { at: Date | null; id: number } | null,
  limit: number,
) {
  let keyset = sql`true`;
  if (after && f.followUp) keyset = sql`(l.next_follow_up_at, l.id) > (${after.at}::timestamptz, ${after.id}::bigint)`;
  else if (after) keyset = sql`(l.created_at, l.id) < (${after.at}::timestamptz, ${after.id}::bigint)`;
  return rowsOf<
    RawLead & {
      wanted_car: string | null;
      budget_fen: RawNumber | null;
      contract_kind: string | null;
      remark: string | null;
      lost_reason: string | null;
    }
  >(
    db,
    sql`select ${ROW_COLUMNS}, l.wanted_car, l.budget_fen, l.contract_kind, l.remark, l.lost_reason
      from ${ROW_FROM} where ${where} and ${keyset} order by ${orderOf(f)} limit ${limit}`,
  );
}

export interface RawLeadDetail extends RawLead {
  wanted_car: string | null;
  budget_fen: RawNumber | null;
  contract_kind: LeadDetail['contractKind'];
  lost_reason: string | null;
  follow_up_count: number;
  driver_id: RawNumber | null;
  driver_name: string | null;
  won_at: RawTime | null;
  remark: string | null;
  created_by: RawNumber | null;
  created_by_name: string | null;
  updated_at: RawTime;
  version: number;
}

export async function findLeadDetail(db: DbOrTx, visible: SQL, id: number, lock = false) {
  const [row] = await rowsOf<RawLeadDetail>(
    db,
    sql`select ${ROW_COLUMNS}, l.wanted_car, l.budget_fen, l.contract_kind, l.lost_reason, l.follow_up_count,
        l.driver_id, d.name as driver_name, l.won_at, l.remark, l.created_by, cu.name as created_by_name,
        l.updated_at, l.version
      from ${ROW_FROM}
      left join drivers d on d.tenant_id = l.tenant_id and d.id = l.driver_id
      left join users cu on cu.tenant_id = l.tenant_id and cu.id = l.created_by
      where ${visible} and l.id = ${id} ${lock ? sql`for update of l` : sql``}`,
  );
  return row;
}

/** A lead's state row, locked (the writes' first read). */
export interface LockedLead {
  id: number;
  name: string;
  phone: string;
  state: LeadRow['state'];
  rentId: number;
  ownerId: number | null;
  version: number;
}

export async function lockLeads(db: DbOrTx, visible: SQL, ids: readonly number[]): Promise<LockedLead[]> {
  const rows = await rowsOf<{
    id: RawNumber;
    name: string;
    phone: string;
    state: LeadRow['state'];
    rent_id: RawNumber;
    owner_id: RawNumber | null;
    version: number;
  }>(
    db,
    sql`select l.id, l.name, l.phone, l.state, l.rent_id, l.owner_id, l.version from crm_leads l
      where ${visible} and l.id = any(${idArray(ids)}) order by l.id for update of l`,
  );
  return rows.map((r) => ({
    id: rawNumber(r.id),
    name: r.name,
    phone: r.phone,
    state: r.state,
    rentId: rawNumber(r.rent_id),
    ownerId: rawNumberOrNull(r.owner_id),
    version: r.version,
  }));
}

export async function ownerLog(db: DbOrTx, tenantId: number, leadId: number): Promise<OwnerLogRow[]> {
  const rows = await rowsOf<{
    id: RawNumber;
    action: OwnerLogRow['action'];
    from_user: RawNumber | null;
    from_name: string | null;
    to_user: RawNumber | null;
    to_name: string | null;
    by_user: RawNumber | null;
    by_name: string | null;
    at: RawTime;
  }>(
    db,
    sql`select g.id, g.action, g.from_user, f.name as from_name, g.to_user, t.name as to_name, g.by_user,
        b.name as by_name, g.at
      from crm_owner_log g
      left join users f on f.tenant_id = g.tenant_id and f.id = g.from_user
      left join users t on t.tenant_id = g.tenant_id and t.id = g.to_user
      left join users b on b.tenant_id = g.tenant_id and b.id = g.by_user
      where g.tenant_id = ${tenantId} and g.lead_id = ${leadId} order by g.at desc, g.id desc limit 200`,
  );
  return rows.map((r) => ({
    id: rawNumber(r.id),
    action: r.action,
    fromUserId: rawNumberOrNull(r.from_user),
    fromUserName: r.from_name,
    toUserId: rawNumberOrNull(r.to_user),
    toUserName: r.to_name,
    byUserId: rawNumberOrNull(r.by_user),
    byUserName: r.by_name,
    at: rawIso(r.at),
  }));
}

/** The open lead holding a phone (not `exceptId`), with its owner's name. */
export async function openLeadWithPhone(db: DbOrTx, tenantId: number, phone: string, exceptId?: number) {
  const [row] = await rowsOf<{ id: RawNumber; owner_id: RawNumber | null; owner_name: string | null; name: string }>(
    db,
    sql`select l.id, l.owner_id, u.name as owner_name, l.name from crm_leads l
      left join users u on u.tenant_id = l.tenant_id and u.id = l.owner_id
      where l.tenant_id = ${tenantId} and l.phone = ${phone} and ${OPEN_SQL} and l.deleted_at is null
        ${exceptId ? sql`and l.id <> ${exceptId}` : sql``}
      limit 1`,
  );
  return row
    ? { id: rawNumber(row.id), ownerId: rawNumberOrNull(row.owner_id), ownerName: row.owner_name, name: row.name }
    : undefined;
}

/** Open leads an employee owns now. */
export async function ownedOpen(db: DbOrTx, tenantId: number, userId: number): Promise<number> {
  const [row] = await rowsOf<{ n: RawNumber }>(
    db,
    sql`select count(*) as n from crm_leads l
      where l.tenant_id = ${tenantId} and l.owner_id = ${userId} and ${OPEN_SQL} and l.deleted_at is null`,
  );
  return rawNumber(row!.n);
}

/** `claim` rows of an employee in [from, to) (the claim limit's tenant day). */
export async function claimsBetween(
  db: DbOrTx,
  tenantId: number,
  userId: number,
  from: Date,
  to: Date,
): Promise<number> {
  const [row] = await rowsOf<{ n: RawNumber }>(
    db,
    sql`select count(*) as n from crm_owner_log
      where tenant_id = ${tenantId} and by_user = ${userId} and action = 'claim'
        and at >= ${from}::timestamptz and at < ${to}::timestamptz`,
  );
  return rawNumber(row!.n);
}

export async function insertOwnerLog(
  db: DbOrTx,
  tenantId: number,
  rows: readonly {
    leadId: number;
    action: OwnerLogRow['action'];
    fromUser: number | null;
    toUser: number | null;
    byUser: number | null;
    at: Date;
  }[],
): Promise<void> {
  if (!rows.length) return;
  await rowsOf(
    db,
    sql`insert into crm_owner_log (tenant_id, lead_id, action, from_user, to_user, by_user, at)
      select ${tenantId}, x.lead_id, x.action, x.from_user, x.to_user, x.by_user, x.at
      from jsonb_to_recordset(${JSON.stringify(
        rows.map((r) => ({
          lead_id: r.leadId,
          action: r.action,
          from_user: r.fromUser,
          to_user: r.toUser,
          by_user: r.byUser,
          at: r.at.toISOString(),
        })),
      )}::jsonb) as x(lead_id bigint, action text, from_user bigint, to_user bigint, by_user bigint, at timestamptz)`,
  );
}

/** Customer labels of the tenant among `ids` (the ones that exist). */
export async function customerLabels(db: DbOrTx, tenantId: number, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await rowsOf<{ id: RawNumber }>(
    db,
    sql`select id from labels where tenant_id = ${tenantId} and kind = 'customer' and id = any(${idArray(ids)})`,
  );
  return rows.map((r) => rawNumber(r.id));
}

export async function setLeadLabels(db: DbOrTx, tenantId: number, leadId: number, labelIds: readonly number[]) {
  await rowsOf(db, sql`delete from crm_lead_labels where tenant_id = ${tenantId} and lead_id = ${leadId}`);
  if (labelIds.length)
    await rowsOf(
      db,
      sql`insert into crm_lead_labels (tenant_id, lead_id, label_id)
        select ${tenantId}, ${leadId}, unnest(${idArray(labelIds)})`,
    );
}
