import { sql, type SQL } from 'drizzle-orm';
import type { Paged } from '@fleetdesk/contracts/common';
import type {
  TeamCar,
  TeamCarsInput,
  TeamCarsQuery,
  TeamDetail,
  TeamInput,
  TeamMember,
  TeamMembersAddInput,
  TeamMembersQuery,
  TeamMove,
  TeamMoveResult,
  TeamMovesQuery,
  TeamNode,
  TeamOption,
  TeamTreeQuery,
  TeamUpdateInput,
} from '@fleetdesk/contracts/teams';
import { rentInScope, type RequestContext } from '../../core/access.js';
import { changedFields } from '../../core/audit.js';
import {
  idArray,
  isUniqueViolation,
  rawIso,
  rawIsoOrNull,
  rawNumber,
  rawNumberOrNull,
  rowsOf,
  type DbOrTx,
  type RawNumber,
  type RawTime,
} from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { offsetOf, page } from '../../core/envelope.js';
import { ConflictError, ForbiddenError, invalidField, NotFoundError } from '../../core/errors.js';
import { containsPattern } from '../../core/like.js';
import './teams.messages.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Ctx = Pick<RequestContext, 'tenantId' | 'rentIds' | 'teamIds' | 'userId'>;

/**
 * The nodes a caller sees: his rents' live nodes; a team leader's sign-in only the nodes he leads and their teams
 * (`ctx.teamIds`, core/auth.ts).
 */
function visible(ctx: Ctx, alias = 'tm'): SQL {
  const a = sql.raw(alias);
  const team = ctx.teamIds ? sql` and ${a}.id = any(${idArray(ctx.teamIds)})` : sql``;
  return sql`${a}.tenant_id = ${ctx.tenantId} and ${a}.rent_id = any(${idArray(ctx.rentIds)})
    and ${a}.deleted_at is null${team}`;
}

/** A node and the nodes under it (a fleet's teams), among the live ones. */
function subtreeOf(ctx: Ctx, teamId: number, withSubteams: boolean): SQL {
  if (!withSubteams) return sql`(${teamId})`;
  return sql`(select s.id from teams s where s.tenant_id = ${ctx.tenantId} and s.deleted_at is null
    and (s.id = ${teamId} or s.parent_id = ${teamId}))`;
}

interface RawNode {
  id: RawNumber;
  rent_id: RawNumber;
  rent_name: string;
  parent_id: RawNumber | null;
  parent_name: string | null;
  kind: TeamNode['kind'];
  name: string;
  leader_user_id: RawNumber | null;
  leader_driver_id: RawNumber | null;
  leader_name: string | null;
  leader_phone: string | null;
  enabled: boolean;
  sort: number;
  remark: string | null;
  members: RawNumber;
  cars: RawNumber;
  version: number;
  created_at: RawTime;
  updated_at: RawTime;
}

const NODE_COLUMNS = sql`tm.id, tm.rent_id, r.name as rent_name, tm.parent_id, p.name as parent_name, tm.kind,
  tm.name, tm.leader_user_id, tm.leader_driver_id, coalesce(lu.name, ld.name) as leader_name,
  coalesce(lu.phone, ld.phone) as leader_phone, tm.enabled, tm.sort, tm.remark, tm.version, tm.created_at,
  tm.updated_at,
  (select count(*) from drivers d where d.tenant_id = tm.tenant_id and d.team_id = tm.id and d.deleted_at is null)
    as members,
  (select count(*) from cars c where c.tenant_id = tm.tenant_id and c.team_id = tm.id and c.deleted_at is null)
    as cars`;
const NODE_FROM = sql`teams tm
  join rents r on r.tenant_id = tm.tenant_id and r.id = tm.rent_id
  left join teams p on p.tenant_id = tm.tenant_id and p.id = tm.parent_id
  left join users lu on lu.tenant_id = tm.tenant_id and lu.id = tm.leader_user_id
  left join drivers ld on ld.tenant_id = tm.tenant_id and ld.id = tm.leader_driver_id`;

/** Depth first: each company's fleets by sort and name, each followed by its teams (`p` is the parent). */
const DEPTH_FIRST = sql`tm.rent_id, coalesce(p.sort, tm.sort), coalesce(p.name, tm.name), coalesce(tm.parent_id, tm.id),
  tm.parent_id nulls first, tm.sort, tm.name, tm.id`;

function toNode(r: RawNode): TeamNode {
  const leaderId = rawNumberOrNull(r.leader_user_id ?? r.leader_driver_id);
  return {
    id: rawNumber(r.id),
    rentId: rawNumber(r.rent_id),
    rentName: r.rent_name,
    parentId: rawNumberOrNull(r.parent_id),
    kind: r.kind,
    name: r.name,
    leader:
      leaderId === null
        ? null
        : {
            kind: r.leader_user_id !== null ? 'employee' : 'driver',
            id: leaderId,
            name: r.leader_name ?? '',
            phone: r.leader_phone,
          },
    enabled: r.enabled,
    sort: r.sort,
    members: rawNumber(r.members),
    cars: rawNumber(r.cars),
    version: r.version,
  };
}

/** `team/tree`: the visible nodes, flat and depth first; a keyword keeps the matches, their fleets and teams. */
export async function teamTree(deps: Deps, ctx: Ctx, q: TeamTreeQuery): Promise<TeamNode[]> {
  rentInScope(ctx, q.rentId);
  const conds: SQL[] = [visible(ctx)];
  if (q.rentId) conds.push(sql`tm.rent_id = ${q.rentId}`);
  if (q.keyword) {
    const like = containsPattern(q.keyword);
    // A match, the fleet of a matching team, and the teams of a matching fleet.
    const match = sql`(m.name ilike ${like} or exists (select 1 from users u where u.tenant_id = m.tenant_id
      and u.id = m.leader_user_id and u.name ilike ${like}) or exists (select 1 from drivers d
      where d.tenant_id = m.tenant_id and d.id = m.leader_driver_id and d.name ilike ${like}))`;
    conds.push(sql`exists (select 1 from teams m where m.tenant_id = tm.tenant_id and m.deleted_at is null
      and (m.id = tm.id or m.id = tm.parent_id or m.parent_id = tm.id) and ${match})`);
  }
  const rows = await rowsOf<RawNode>(
    deps.db,
    sql`select ${NODE_COLUMNS} from ${NODE_FROM} where ${sql.join(conds, sql` and `)}
      order by ${DEPTH_FIRST}`,
  );
  return rows.map(toNode);
}

async function findNode(db: DbOrTx, ctx: Ctx, id: number, lock = false): Promise<RawNode> {
  const [row] = await rowsOf<RawNode>(
    db,
    sql`select ${NODE_COLUMNS} from ${NODE_FROM} where ${visible(ctx)} and tm.id = ${id}
      ${lock ? sql`for update of tm` : sql``}`,
  );
  if (!row) throw new NotFoundError('teams.notFound');
  return row;
}

/** `team/get/:id`: a node with the totals of its subtree. */
export async function getTeam(deps: Deps, ctx: Ctx, id: number): Promise<TeamDetail> {
  const row = await findNode(deps.db, ctx, id);
  const [totals] = await rowsOf<{ members: RawNumber; cars: RawNumber; children: RawNumber }>(
    deps.db,
    sql`select
      (select count(*) from drivers d where d.tenant_id = ${ctx.tenantId} and d.deleted_at is null
        and d.team_id in ${subtreeOf(ctx, id, true)}) as members,
      (select count(*) from cars c where c.tenant_id = ${ctx.tenantId} and c.deleted_at is null
        and c.team_id in ${subtreeOf(ctx, id, true)}) as cars,
      (select count(*) from teams s where s.tenant_id = ${ctx.tenantId} and s.parent_id = ${id}
        and s.deleted_at is null) as children`,
  );
  return {
    ...toNode(row),
    remark: row.remark,
    parentName: row.parent_name,
    membersTotal: rawNumber(totals!.members),
    carsTotal: rawNumber(totals!.cars),
    children: rawNumber(totals!.children),
    createdAt: rawIso(row.created_at),
    updatedAt: rawIso(row.updated_at),
  };
}

/** `team/options`: the visible enabled nodes for a picker, a team labelled "fleet / team". */
export async function teamOptions(deps: Deps, ctx: Ctx, q: { rentId?: number | undefined }): Promise<TeamOption[]> {
  rentInScope(ctx, q.rentId);
  const rows = await rowsOf<{
    id: RawNumber;
    rent_id: RawNumber;
    parent_id: RawNumber | null;
    kind: TeamNode['kind'];
    name: string;
    parent_name: string | null;
    enabled: boolean;
  }>(
    deps.db,
    sql`select tm.id, tm.rent_id, tm.parent_id, tm.kind, tm.name, p.name as parent_name, tm.enabled
      from teams tm left join teams p on p.tenant_id = tm.tenant_id and p.id = tm.parent_id
      where ${visible(ctx)} ${q.rentId ? sql`and tm.rent_id = ${q.rentId}` : sql``}
      order by ${DEPTH_FIRST}`,
  );
  return rows.map((r) => ({
    id: rawNumber(r.id),
    rentId: rawNumber(r.rent_id),
    parentId: rawNumberOrNull(r.parent_id),
    kind: r.kind,
    label: r.parent_name ? `${r.parent_name} / ${r.name}` : r.name,
    enabled: r.enabled,
  }));
}

// ------------------------------------------------------------------------------------------------ writes

/** The checks of a node's place and leader (both create and update). */
async function checkNode(db: DbOrTx, ctx: Ctx, input: TeamInput, selfId?: number): Promise<void> {
  if (input.parentId !== null) {
    const [parent] = await rowsOf<{ kind: string; rent_id: RawNumber }>(
      db,
      sql`select tm.kind, tm.rent_id from teams tm where ${visible(ctx)} and tm.id = ${input.parentId}`,
    );
    if (!parent || parent.kind !== 'fleet' || rawNumber(parent.rent_id) !== input.rentId || input.parentId === selfId) {
      throw invalidField('parentId', 'teams.parentNotFleet');
    }
  }
  if (input.leaderUserId !== null) {
    const [user] = await rowsOf<{ id: RawNumber }>(
      db,
      sql`select u.id from users u where u.tenant_id = ${ctx.tenantId} and u.id = ${input.leaderUserId}
        and u.status = 'active' and u.user_type = 'manager'
        and (exists (select 1 from user_rents ur where ur.tenant_id = u.tenant_id and ur.user_id = u.id
              and ur.rent_id = ${input.rentId})
          or exists (select 1 from user_roles x join roles ro on ro.tenant_id = x.tenant_id and ro.id = x.role_id
              where x.tenant_id = u.tenant_id and x.user_id = u.id and (ro.all_permissions or ro.data_scope = 'all')))`,
    );
    if (!user) throw invalidField('leaderUserId', 'teams.leaderUserNotFound');
  }
  if (input.leaderDriverId !== null) {
    const [driver] = await rowsOf<{ id: RawNumber }>(
      db,
      sql`select d.id from drivers d where d.tenant_id = ${ctx.tenantId} and d.id = ${input.leaderDriverId}
        and d.rent_id = ${input.rentId} and d.deleted_at is null and d.state in ('prospect', 'active')`,
    );
    if (!driver) throw invalidField('leaderDriverId', 'teams.leaderDriverNotFound');
  }
}

function nameTaken(err: unknown, name: string): never {
  if (isUniqueViolation(err, 'teams_name_uq')) throw invalidField('name', 'teams.nameTaken', { name });
  throw err;
}

const kindOf = (input: TeamInput) => (input.parentId === null ? 'fleet' : 'team');

/** `team/create`: a fleet under its company, or a team under a fleet. A team leader adds teams under his fleets. */
export async function createTeam(deps: Deps, ctx: Ctx, input: TeamInput): Promise<TeamDetail> {
  rentInScope(ctx, input.rentId);
  if (ctx.teamIds && input.parentId === null) throw new ForbiddenError('teams.leaderFleet');
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    await checkNode(tx, ctx, input);
    const [row] = await rowsOf<{ id: RawNumber }>(
      tx,
      sql`insert into teams (tenant_id, rent_id, parent_id, kind, name, leader_user_id, leader_driver_id, enabled,
          sort, remark, created_by, created_at, updated_at)
        values (${ctx.tenantId}, ${input.rentId}, ${input.parentId}, ${kindOf(input)}, ${input.name},
          ${input.leaderUserId}, ${input.leaderDriverId}, ${input.enabled}, ${input.sort}, ${input.remark || null},
          ${ctx.userId}, ${now}, ${now})
        returning id`,
    ).catch((err: unknown) => nameTaken(err, input.name));
    return rawNumber(row!.id);
  });
  // A leader's new team is his at once: it is under a fleet of his (visible), and his session learns it (trigger).
  return getTeam(deps, ctx.teamIds ? { ...ctx, teamIds: [...ctx.teamIds, id] } : ctx, id);
}

/** `team/update` at `version` (409 `teams.stale`): name, place among the fleets of its company, leader, state. */
export async function updateTeam(
  deps: Deps,
  ctx: Ctx,
  input: TeamUpdateInput,
): Promise<{ team: TeamDetail; changed: Record<string, unknown> }> {
  const before = await deps.db.transaction(async (tx) => {
    const row = await findNode(tx, ctx, input.id, true);
    if (row.version !== input.version) throw new ConflictError('teams.stale');
    if (rawNumber(row.rent_id) !== input.rentId) throw invalidField('rentId', 'teams.rentFixed');
    if (row.kind !== kindOf(input)) throw invalidField('parentId', 'teams.kindFixed');
    await checkNode(tx, ctx, input, input.id);
    await tx
      .execute(
        sql`update teams set parent_id = ${input.parentId}, name = ${input.name},
          leader_user_id = ${input.leaderUserId}, leader_driver_id = ${input.leaderDriverId},
          enabled = ${input.enabled}, sort = ${input.sort}, remark = ${input.remark || null},
          version = version + 1, updated_at = ${deps.clock.now()}
        where tenant_id = ${ctx.tenantId} and id = ${input.id}`,
      )
      .catch((err: unknown) => nameTaken(err, input.name));
    return row;
  });
  const team = await getTeam(deps, ctx, input.id);
  const pick = (n: { name: string; parentId: number | null; enabled: boolean; sort: number; leader: unknown }) => ({
    name: n.name,
    parentId: n.parentId,
    enabled: n.enabled,
    sort: n.sort,
    leader: n.leader,
  });
  return { team, changed: changedFields(pick(toNode(before)), pick(team)) };
}

/** `team/delete/:id`: a node without teams, drivers and cars (soft: its history stays). */
export async function deleteTeam(deps: Deps, ctx: Ctx, id: number): Promise<TeamNode> {
  return deps.db.transaction(async (tx) => {
    const row = await findNode(tx, ctx, id, true);
    const node = toNode(row);
    const [children] = await rowsOf<{ n: RawNumber }>(
      tx,
      sql`select count(*) as n from teams where tenant_id = ${ctx.tenantId} and parent_id = ${id} and deleted_at is null`,
    );
    if (rawNumber(children!.n)) throw new ConflictError('teams.hasChildren', { count: rawNumber(children!.n) });
    if (node.members) throw new ConflictError('teams.hasMembers', { count: node.members });
    if (node.cars) throw new ConflictError('teams.hasCars', { count: node.cars });
    await tx.execute(
      sql`update teams set deleted_at = ${deps.clock.now()}, version = version + 1
        where tenant_id = ${ctx.tenantId} and id = ${id}`,
    );
    return node;
  });
}

// ---------------------------------------------------------------------------------------------- members

interface RawMember {
  driver_id: RawNumber;
  name: string;
  phone: string;
  state: TeamMember['state'];
  team_id: RawNumber;
  team_name: string;
  joined_at: RawTime | null;
  leader: boolean;
}

/** `team/members`: the drivers in a node (and its teams), newest joiners first. */
export async function teamMembers(deps: Deps, ctx: Ctx, q: TeamMembersQuery): Promise<Paged<TeamMember>> {
  await findNode(deps.db, ctx, q.teamId);
  const conds: SQL[] = [
    sql`d.tenant_id = ${ctx.tenantId} and d.deleted_at is null and d.team_id in ${subtreeOf(ctx, q.teamId, q.withSubteams)}`,
  ];
  if (q.keyword) {
    const like = containsPattern(q.keyword);
    conds.push(sql`(d.name ilike ${like} or d.phone ilike ${like})`);
  }
  const where = sql.join(conds, sql` and `);
  const [rows, [count]] = await Promise.all([
    rowsOf<RawMember>(
      deps.db,
      sql`select d.id as driver_id, d.name, d.phone, d.state, d.team_id, tm.name as team_name, m.joined_at,
          (tm.leader_driver_id = d.id) as leader
        from drivers d
        join teams tm on tm.tenant_id = d.tenant_id and tm.id = d.team_id
        left join team_members m on m.tenant_id = d.tenant_id and m.driver_id = d.id and m.left_at is null
        where ${where}
        order by m.joined_at desc nulls last, d.id desc limit ${q.pageSize} offset ${offsetOf(q)}`,
    ),
    rowsOf<{ n: RawNumber }>(deps.db, sql`select count(*) as n from drivers d where ${where}`),
  ]);
  return page(
    rows.map((r) => ({
      driverId: rawNumber(r.driver_id),
      name: r.name,
      phone: r.phone,
      state: r.state,
      teamId: rawNumber(r.team_id),
      teamName: r.team_name,
      joinedAt: rawIso(r.joined_at ?? new Date(0)),
      leader: r.leader === true,
    })),
    rawNumber(count!.n),
    q,
  );
}

/** A node that takes drivers or cars: visible and enabled. */
async function openNode(tx: DbOrTx, ctx: Ctx, teamId: number): Promise<TeamNode> {
  const node = toNode(await findNode(tx, ctx, teamId, true));
  if (!node.enabled) throw new ConflictError('teams.disabled', { name: node.name });
  return node;
}

/**
 * The drivers named, locked, of the node's company and in the caller's sight (a team leader: the drivers of his
 * nodes); an id outside is 400 at `driverIds`.
 */
async function lockDrivers(tx: DbOrTx, ctx: Ctx, rentId: number, ids: readonly number[]) {
  const team = ctx.teamIds ? sql` and d.team_id = any(${idArray(ctx.teamIds)})` : sql``;
  const rows = await rowsOf<{ id: RawNumber; name: string; state: string; team_id: RawNumber | null }>(
    tx,
    sql`select d.id, d.name, d.state, d.team_id from drivers d
      where d.tenant_id = ${ctx.tenantId} and d.id = any(${idArray(ids)}) and d.rent_id = ${rentId}
        and d.rent_id = any(${idArray(ctx.rentIds)}) and d.deleted_at is null${team}
      order by d.id for update`,
  );
  const found = new Set(rows.map((r) => rawNumber(r.id)));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw invalidField('driverIds', 'teams.driversNotFound', { ids: missing.join(', ') });
  return rows.map((r) => ({ id: rawNumber(r.id), name: r.name, state: r.state, teamId: rawNumberOrNull(r.team_id) }));
}

/** Ends the open stays of `driverIds` and, with `teamId`, opens one there; `drivers.team_id` follows. */
async function moveDrivers(
  tx: DbOrTx,
  ctx: Ctx,
  now: Date,
  driverIds: readonly number[],
  teamId: number | null,
  reason: string | null,
): Promise<void> {
  if (!driverIds.length) return;
  const ids = idArray(driverIds);
  await tx.execute(
    sql`update team_members set left_at = greatest(${now}, joined_at), leave_reason = ${reason}, left_by = ${ctx.userId}
      where tenant_id = ${ctx.tenantId} and driver_id = any(${ids}) and left_at is null`,
  );
  if (teamId !== null) {
    await tx.execute(
      sql`insert into team_members (tenant_id, team_id, driver_id, joined_at, join_reason, joined_by)
        select ${ctx.tenantId}, ${teamId}, x, ${now}, ${reason}, ${ctx.userId} from unnest(${ids}) as x`,
    );
  }
  await tx.execute(sql`update drivers set team_id = ${teamId} where tenant_id = ${ctx.tenantId} and id = any(${ids})`);
}

/** `team/members/add`: the drivers join the node (leaving the one they were in, with the history of the move). */
export async function addMembers(deps: Deps, ctx: Ctx, input: TeamMembersAddInput): Promise<TeamMoveResult> {
  return deps.db.transaction(async (tx) => {
    const node = await openNode(tx, ctx, input.teamId);
    const drivers = await lockDrivers(tx, ctx, node.rentId, input.driverIds);
    const refused = drivers.filter((d) => d.state === 'left' || d.state === 'blacklisted');
    if (refused.length) {
      throw new ConflictError('teams.driversNotEligible', { names: refused.map((d) => d.name).join('、') });
    }
    const moving = drivers.filter((d) => d.teamId !== node.id).map((d) => d.id);
    await moveDrivers(tx, ctx, deps.clock.now(), moving, node.id, input.reason || null);
    return { moved: moving.length, unchanged: drivers.length - moving.length };
  });
}

/** `team/members/remove`: the drivers of the node (or of its teams) leave it; others are left as they are. */
export async function removeMembers(deps: Deps, ctx: Ctx, input: TeamMembersAddInput): Promise<TeamMoveResult> {
  return deps.db.transaction(async (tx) => {
    const node = toNode(await findNode(tx, ctx, input.teamId, true));
    const drivers = await lockDrivers(tx, ctx, node.rentId, input.driverIds);
    const [sub] = await rowsOf<{ ids: RawNumber[] }>(
      tx,
      sql`select array_agg(s.id) as ids from teams s where s.id in ${subtreeOf(ctx, node.id, true)}
        and s.tenant_id = ${ctx.tenantId}`,
    );
    const inNode = new Set((sub?.ids ?? []).map(Number));
    const leaving = drivers.filter((d) => d.teamId !== null && inNode.has(d.teamId)).map((d) => d.id);
    await moveDrivers(tx, ctx, deps.clock.now(), leaving, null, input.reason || null);
    return { moved: leaving.length, unchanged: drivers.length - leaving.length };
  });
}

/** `team/moves`: the stays of drivers in nodes (of one node and its teams, or of one driver), newest first. */
export async function teamMoves(deps: Deps, ctx: Ctx, q: TeamMovesQuery): Promise<Paged<TeamMove>> {
  if (q.teamId) await findNode(deps.db, ctx, q.teamId);
  const conds: SQL[] = [sql`m.tenant_id = ${ctx.tenantId}`, visible(ctx)];
  if (q.teamId) conds.push(sql`m.team_id in ${subtreeOf(ctx, q.teamId, true)}`);
  if (q.driverId) conds.push(sql`m.driver_id = ${q.driverId}`);
  const where = sql.join(conds, sql` and `);
  const from = sql`team_members m join teams tm on tm.tenant_id = m.tenant_id and tm.id = m.team_id
    join drivers d on d.tenant_id = m.tenant_id and d.id = m.driver_id`;
  const [rows, [count]] = await Promise.all([
    rowsOf<{
      id: RawNumber;
      driver_id: RawNumber;
      driver_name: string;
      team_id: RawNumber;
      team_name: string;
      joined_at: RawTime;
      join_reason: string | null;
      joined_by: string | null;
      left_at: RawTime | null;
      leave_reason: string | null;
      left_by: string | null;
    }>(
      deps.db,
      sql`select m.id, m.driver_id, d.name as driver_name, m.team_id, tm.name as team_name, m.joined_at,
          m.join_reason, ju.name as joined_by, m.left_at, m.leave_reason, lu.name as left_by
        from ${from}
        left join users ju on ju.tenant_id = m.tenant_id and ju.id = m.joined_by
        left join users lu on lu.tenant_id = m.tenant_id and lu.id = m.left_by
        where ${where}
        order by greatest(m.joined_at, coalesce(m.left_at, m.joined_at)) desc, m.id desc
        limit ${q.pageSize} offset ${offsetOf(q)}`,
    ),
    rowsOf<{ n: RawNumber }>(deps.db, sql`select count(*) as n from ${from} where ${where}`),
  ]);
  return page(
    rows.map((r) => ({
      id: rawNumber(r.id),
      driverId: rawNumber(r.driver_id),
      driverName: r.driver_name,
      teamId: rawNumber(r.team_id),
      teamName: r.team_name,
      joinedAt: rawIso(r.joined_at),
      joinReason: r.join_reason,
      joinedBy: r.joined_by,
      leftAt: rawIsoOrNull(r.left_at),
      leaveReason: r.leave_reason,
      leftBy: r.left_by,
    })),
    rawNumber(count!.n),
    q,
  );
}

// ------------------------------------------------------------------------------------------------- cars

/** `team/cars`: the cars a node (and its teams) runs, by plate. */
export async function teamCars(deps: Deps, ctx: Ctx, q: TeamCarsQuery): Promise<Paged<TeamCar>> {
  await findNode(deps.db, ctx, q.teamId);
  const conds: SQL[] = [
    sql`c.tenant_id = ${ctx.tenantId} and c.deleted_at is null and c.team_id in ${subtreeOf(ctx, q.teamId, q.withSubteams)}`,
  ];
  if (q.keyword) conds.push(sql`c.plate ilike ${containsPattern(q.keyword)}`);
  const where = sql.join(conds, sql` and `);
  const [rows, [count]] = await Promise.all([
    rowsOf<{
      id: RawNumber;
      plate: string;
      model: string | null;
      status: TeamCar['status'];
      team_id: RawNumber;
      team_name: string;
    }>(
      deps.db,
      sql`select c.id, c.plate, cm.name as model, c.status, c.team_id, tm.name as team_name
        from cars c
        join teams tm on tm.tenant_id = c.tenant_id and tm.id = c.team_id
        left join car_models cm on cm.id = c.model_id
        where ${where} order by c.plate, c.id limit ${q.pageSize} offset ${offsetOf(q)}`,
    ),
    rowsOf<{ n: RawNumber }>(deps.db, sql`select count(*) as n from cars c where ${where}`),
  ]);
  return page(
    rows.map((r) => ({
      carId: rawNumber(r.id),
      plate: r.plate,
      model: r.model,
      status: r.status,
      teamId: rawNumber(r.team_id),
      teamName: r.team_name,
    })),
    rawNumber(count!.n),
    q,
  );
}

async function lockCars(tx: DbOrTx, ctx: Ctx, rentId: number, ids: readonly number[]) {
  const team = ctx.teamIds ? sql` and c.team_id = any(${idArray(ctx.teamIds)})` : sql``;
  const rows = await rowsOf<{ id: RawNumber; plate: string; status: string; team_id: RawNumber | null }>(
    tx,
    sql`select c.id, c.plate, c.status, c.team_id from cars c
      where c.tenant_id = ${ctx.tenantId} and c.id = any(${idArray(ids)}) and c.rent_id = ${rentId}
        and c.rent_id = any(${idArray(ctx.rentIds)}) and c.deleted_at is null${team}
      order by c.id for update`,
  );
  const found = new Set(rows.map((r) => rawNumber(r.id)));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw invalidField('carIds', 'teams.carsNotFound', { ids: missing.join(', ') });
  return rows.map((r) => ({
    id: rawNumber(r.id),
    plate: r.plate,
    status: r.status,
    teamId: rawNumberOrNull(r.team_id),
  }));
}

/** `team/cars/add`: the node runs the cars (taken from the node that ran them). */
export async function addCars(deps: Deps, ctx: Ctx, input: TeamCarsInput): Promise<TeamMoveResult> {
  return deps.db.transaction(async (tx) => {
    const node = await openNode(tx, ctx, input.teamId);
    const cars = await lockCars(tx, ctx, node.rentId, input.carIds);
    const refused = cars.filter((c) => c.status === 'sold' || c.status === 'scrapped');
    if (refused.length) {
      throw new ConflictError('teams.carsNotEligible', { plates: refused.map((c) => c.plate).join('、') });
    }
    const moving = cars.filter((c) => c.teamId !== node.id).map((c) => c.id);
    if (moving.length) {
      await tx.execute(
        sql`update cars set team_id = ${node.id} where tenant_id = ${ctx.tenantId} and id = any(${idArray(moving)})`,
      );
    }
    return { moved: moving.length, unchanged: cars.length - moving.length };
  });
}

/** `team/cars/remove`: the cars of the node (or of its teams) leave it. */
export async function removeCars(deps: Deps, ctx: Ctx, input: TeamCarsInput): Promise<TeamMoveResult> {
  return deps.db.transaction(async (tx) => {
    const node = toNode(await findNode(tx, ctx, input.teamId, true));
    const cars = await lockCars(tx, ctx, node.rentId, input.carIds);
    const [sub] = await rowsOf<{ ids: RawNumber[] }>(
      tx,
      sql`select array_agg(s.id) as ids from teams s where s.id in ${subtreeOf(ctx, node.id, true)}
        and s.tenant_id = ${ctx.tenantId}`,
    );
    const inNode = new Set((sub?.ids ?? []).map(Number));
    const leaving = cars.filter((c) => c.teamId !== null && inNode.has(c.teamId)).map((c) => c.id);
    if (leaving.length) {
      await tx.execute(
        sql`update cars set team_id = null where tenant_id = ${ctx.tenantId} and id = any(${idArray(leaving)})`,
      );
    }
    return { moved: leaving.length, unchanged: cars.length - leaving.length };
  });
}
