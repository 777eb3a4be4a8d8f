import { sql, type SQL } from 'drizzle-orm';
import { fenToYuan, type LocalText, type Paged } from '@fleetdesk/contracts/common';
import { addMonths } from '@fleetdesk/contracts/dates';
import {
  driverCommission,
  leaderCommission,
  TEAM_STATEMENT_APPROVAL,
  type CommissionRule,
  type CommissionRuleInput,
  type StatementListQuery,
  type TeamStatement,
  type TeamStatementDetail,
} from '@fleetdesk/contracts/team-performance';
import type { RequestContext } from '../../core/access.js';
import {
  idArray,
  rawIso,
  rawIsoOrNull,
  rawNumber,
  rawNumberOrNull,
  rowsOf,
  type DbOrTx,
  type RawNumber,
  type RawTime,
  type Tx,
} from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { offsetOf, page } from '../../core/envelope.js';
import { ConflictError, NotFoundError } from '../../core/errors.js';
import { translate } from '../../core/i18n.js';
import { tenantDays } from '../../core/tenant-time.js';
import { startApproval, type ApprovalOutcome, type ApprovalTypeDefinition } from '../approvals/approvals.service.js';
import { checkCentre, postCost } from '../cost-centres/cost-centres.service.js';
import { addLiveLineInTx } from '../rental-contracts/rental-contracts.service.js';
import { monthOf } from './performance.service.js';
import { getTeam } from './teams.service.js';
import './teams.messages.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Ctx = Pick<RequestContext, 'tenantId' | 'rentIds' | 'teamIds' | 'userId'>;

const t = (zh: string, en: string): LocalText => ({ 'zh-CN': zh, 'en-US': en });

// ------------------------------------------------------------------------------------------------- rules

interface RawRule {
  team_id: RawNumber;
  enabled: boolean;
  flow_target_fen: RawNumber;
  flow_share_permille: number;
  on_time_bonus_fen: RawNumber;
  violation_penalty_fen: RawNumber;
  accident_penalty_fen: RawNumber;
  leader_permille: number;
  cost_centre_id: RawNumber | null;
  updated_at: RawTime | null;
}

const ruleOf = (r: RawRule): Omit<CommissionRuleInput, 'teamId'> => ({
  enabled: r.enabled,
  flowTarget: fenToYuan(rawNumber(r.flow_target_fen)),
  flowSharePct: r.flow_share_permille / 10,
  onTimeBonus: fenToYuan(rawNumber(r.on_time_bonus_fen)),
  violationPenalty: fenToYuan(rawNumber(r.violation_penalty_fen)),
  accidentPenalty: fenToYuan(rawNumber(r.accident_penalty_fen)),
  leaderPct: r.leader_permille / 10,
  costCentreId: rawNumberOrNull(r.cost_centre_id),
});

const NO_RULE: Omit<CommissionRuleInput, 'teamId'> = {
  enabled: false,
  flowTarget: 0,
  flowSharePct: 0,
  onTimeBonus: 0,
  violationPenalty: 0,
  accidentPenalty: 0,
  leaderPct: 0,
  costCentreId: null,
};

async function centreName(db: DbOrTx, tenantId: number, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await rowsOf<{ name: string }>(
    db,
    sql`select name from cost_centres where tenant_id = ${tenantId} and id = ${id}`,
  );
  return row?.name ?? null;
}

async function findRule(db: DbOrTx, tenantId: number, teamId: number): Promise<RawRule | undefined> {
  const [row] = await rowsOf<RawRule>(
    db,
    sql`select * from team_commission_rules where tenant_id = ${tenantId} and team_id = ${teamId}`,
  );
  return row;
}

/** `teamCommission/rule/:teamId`: the node's rule (a node without one: all zero, disabled). */
export async function getRule(deps: Deps, ctx: Ctx, teamId: number): Promise<CommissionRule> {
  const team = await getTeam(deps, ctx, teamId);
  const row = await findRule(deps.db, ctx.tenantId, teamId);
  const terms = row ? ruleOf(row) : NO_RULE;
  return {
    teamId,
    teamName: team.name,
    ...terms,
    costCentreName: await centreName(deps.db, ctx.tenantId, terms.costCentreId),
    updatedAt: row?.updated_at ? rawIso(row.updated_at) : null,
  };
}

/** `teamCommission/rule` (PUT): sets a node's rule; the cost centre must be one of the tenant's, enabled. */
export async function saveRule(deps: Deps, ctx: Ctx, input: CommissionRuleInput): Promise<CommissionRule> {
  await getTeam(deps, ctx, input.teamId);
  await deps.db.transaction(async (tx) => {
    if (input.costCentreId !== null) await checkCentre(tx, ctx.tenantId, input.costCentreId, 'costCentreId');
    const v = sql`${input.enabled}, ${Math.round(input.flowTarget * 100)}, ${Math.round(input.flowSharePct * 10)},
      ${Math.round(input.onTimeBonus * 100)}, ${Math.round(input.violationPenalty * 100)},
      ${Math.round(input.accidentPenalty * 100)}, ${Math.round(input.leaderPct * 10)}, ${input.costCentreId},
      ${ctx.userId}, ${deps.clock.now()}`;
    await tx.execute(
      sql`insert into team_commission_rules (tenant_id, team_id, enabled, flow_target_fen, flow_share_permille,
          on_time_bonus_fen, violation_penalty_fen, accident_penalty_fen, leader_permille, cost_centre_id, updated_by,
          updated_at)
        values (${ctx.tenantId}, ${input.teamId}, ${v})
        on conflict (tenant_id, team_id) do update set enabled = excluded.enabled,
          flow_target_fen = excluded.flow_target_fen, flow_share_permille = excluded.flow_share_permille,
          on_time_bonus_fen = excluded.on_time_bonus_fen, violation_penalty_fen = excluded.violation_penalty_fen,
          accident_penalty_fen = excluded.accident_penalty_fen, leader_permille = excluded.leader_permille,
          cost_centre_id = excluded.cost_centre_id, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
    );
  });
  return getRule(deps, ctx, input.teamId);
}

// ------------------------------------------------------------------------------------------- statements

interface RawStatement {
  id: RawNumber;
  team_id: RawNumber;
  team_name: string;
  rent_id: RawNumber;
  month: string;
  state: TeamStatement['state'];
  rule: Omit<CommissionRuleInput, 'teamId'>;
  drivers: number;
  flow_fen: RawNumber;
  reward_fen: RawNumber;
  penalty_fen: RawNumber;
  net_fen: RawNumber;
  leader_name: string | null;
  leader_fen: RawNumber;
  approval_id: RawNumber | null;
  computed_at: RawTime;
  decided_at: RawTime | null;
}

const STATEMENT = sql`select s.id, s.team_id, tm.name as team_name, s.rent_id, s.month, s.state, s.rule, s.drivers,
    s.flow_fen, s.reward_fen, s.penalty_fen, s.net_fen, coalesce(lu.name, ld.name) as leader_name, s.leader_fen,
    s.approval_id, s.computed_at, s.decided_at
  from team_statements s
  join teams tm on tm.tenant_id = s.tenant_id and tm.id = s.team_id
  left join users lu on lu.tenant_id = s.tenant_id and lu.id = s.leader_user_id
  left join drivers ld on ld.tenant_id = s.tenant_id and ld.id = s.leader_driver_id`;

function toStatement(r: RawStatement): TeamStatement {
  return {
    id: rawNumber(r.id),
    teamId: rawNumber(r.team_id),
    teamName: r.team_name,
    month: r.month,
    state: r.state,
    drivers: r.drivers,
    flow: fenToYuan(rawNumber(r.flow_fen)),
    reward: fenToYuan(rawNumber(r.reward_fen)),
    penalty: fenToYuan(rawNumber(r.penalty_fen)),
    net: fenToYuan(rawNumber(r.net_fen)),
    leaderName: r.leader_name,
    leaderCommission: fenToYuan(rawNumber(r.leader_fen)),
    approvalId: rawNumberOrNull(r.approval_id),
    computedAt: rawIso(r.computed_at),
    decidedAt: rawIsoOrNull(r.decided_at),
  };
}

/** The statements a caller sees: of his rents' nodes (a leader: his nodes). */
function visibleStatements(ctx: Ctx): SQL {
  const team = ctx.teamIds ? sql` and s.team_id = any(${idArray(ctx.teamIds)})` : sql``;
  return sql`s.tenant_id = ${ctx.tenantId} and s.rent_id = any(${idArray(ctx.rentIds)})${team}`;
}

export async function listStatements(deps: Deps, ctx: Ctx, q: StatementListQuery): Promise<Paged<TeamStatement>> {
  const conds: SQL[] = [visibleStatements(ctx)];
  if (q.teamId) conds.push(sql`s.team_id = ${q.teamId}`);
  if (q.month) conds.push(sql`s.month = ${q.month}`);
  if (q.state) conds.push(sql`s.state = ${q.state}`);
  const where = sql.join(conds, sql` and `);
  const [rows, [count]] = await Promise.all([
    rowsOf<RawStatement>(
      deps.db,
      sql`${STATEMENT} where ${where} order by s.month desc, tm.name, s.id limit ${q.pageSize} offset ${offsetOf(q)}`,
    ),
    rowsOf<{ n: RawNumber }>(deps.db, sql`select count(*) as n from team_statements s where ${where}`),
  ]);
  return page(rows.map(toStatement), rawNumber(count!.n), q);
}

async function findStatement(db: DbOrTx, ctx: Ctx, id: number, lock = false): Promise<RawStatement> {
  const [row] = await rowsOf<RawStatement>(
    db,
    sql`${STATEMENT} where ${visibleStatements(ctx)} and s.id = ${id} ${lock ? sql`for update of s` : sql``}`,
  );
  if (!row) throw new NotFoundError('teams.statementNotFound');
  return row;
}

export async function getStatement(deps: Deps, ctx: Ctx, id: number): Promise<TeamStatementDetail> {
  const row = await findStatement(deps.db, ctx, id);
  const lines = await rowsOf<{
    driver_id: RawNumber;
    name: string;
    team_name: string | null;
    flow_fen: RawNumber;
    rent_lines: number;
    on_time_lines: number;
    violations: number;
    accidents: number;
    share_fen: RawNumber;
    bonus_fen: RawNumber;
    penalty_fen: RawNumber;
    net_fen: RawNumber;
    contract_id: RawNumber | null;
    contract_no: string | null;
    bill_line_id: RawNumber | null;
  }>(
    deps.db,
    sql`select l.driver_id, d.name, tm.name as team_name, l.flow_fen, l.rent_lines, l.on_time_lines, l.violations,
        l.accidents, l.share_fen, l.bonus_fen, l.penalty_fen, l.net_fen, l.contract_id, k.number as contract_no, l.bill_line_id
      from team_statement_lines l
      join drivers d on d.tenant_id = l.tenant_id and d.id = l.driver_id
      left join teams tm on tm.tenant_id = l.tenant_id and tm.id = l.team_id
      left join rental_contracts k on k.tenant_id = l.tenant_id and k.id = l.contract_id
      where l.tenant_id = ${ctx.tenantId} and l.statement_id = ${id}
      order by l.net_fen desc, d.name, l.driver_id`,
  );
  return {
    ...toStatement(row),
    rule: row.rule,
    costCentreName: await centreName(deps.db, ctx.tenantId, row.rule.costCentreId),
    lines: lines.map((l) => ({
      driverId: rawNumber(l.driver_id),
      name: l.name,
      teamName: l.team_name,
      flow: fenToYuan(rawNumber(l.flow_fen)),
      rentLines: l.rent_lines,
      onTimeLines: l.on_time_lines,
      violations: l.violations,
      accidents: l.accidents,
      share: fenToYuan(rawNumber(l.share_fen)),
      bonus: fenToYuan(rawNumber(l.bonus_fen)),
      penalty: fenToYuan(rawNumber(l.penalty_fen)),
      net: fenToYuan(rawNumber(l.net_fen)),
      contractId: rawNumberOrNull(l.contract_id),
      contractNo: l.contract_no,
      billLineId: rawNumberOrNull(l.bill_line_id),
    })),
  };
}

/**
 * Computes (or computes again) a node's statement of a month, in the caller's transaction: the drivers now in
 * the node and in its teams that have no enabled rule of their own, each with `driverCommission` of his month, and
 * the leader's commission on their total flow. A pending or approved statement is not touched (409). Answers the
 * statement's id, or null when the node has no enabled rule.
 */
export async function computeInTx(
  tx: Tx,
  tenantId: number,
  teamId: number,
  month: string,
  now: Date,
): Promise<number | null> {
  const [node] = await rowsOf<{
    rent_id: RawNumber;
    leader_user_id: RawNumber | null;
    leader_driver_id: RawNumber | null;
  }>(
    tx,
    sql`select rent_id, leader_user_id, leader_driver_id from teams
      where tenant_id = ${tenantId} and id = ${teamId} and deleted_at is null for update`,
  );
  const rule = await findRule(tx, tenantId, teamId);
  if (!node || !rule?.enabled) return null;
  const terms = ruleOf(rule);
  const [held] = await rowsOf<{ id: RawNumber; state: string }>(
    tx,
    sql`select id, state from team_statements where tenant_id = ${tenantId} and team_id = ${teamId} and month = ${month}
      for update`,
  );
  if (held && (held.state === 'pending' || held.state === 'approved')) {
    throw new ConflictError('teams.statementLocked', { month });
  }
  const who = sql`d.tenant_id = ${tenantId} and d.deleted_at is null and (d.team_id = ${teamId}
    or d.team_id in (select c.id from teams c where c.tenant_id = ${tenantId} and c.parent_id = ${teamId}
      and c.deleted_at is null and not exists (select 1 from team_commission_rules r
        where r.tenant_id = c.tenant_id and r.team_id = c.id and r.enabled)))`;
  const months = await monthOf(tx, tenantId, who, month, now);
  const lines = months.map((m) => {
    const flowFen = Math.round(m.flow * 100);
    return { m, flowFen, c: driverCommission({ ...m, flowFen }, terms) };
  });
  const flowFen = lines.reduce((s, l) => s + l.flowFen, 0);
  const rewardFen = lines.reduce((s, l) => s + l.c.rewardFen, 0);
  const penaltyFen = lines.reduce((s, l) => s + l.c.penaltyFen, 0);
  const values = sql`${lines.length}, ${flowFen}, ${rewardFen}, ${penaltyFen}, ${rewardFen - penaltyFen},
    ${node.leader_user_id}, ${node.leader_driver_id}, ${leaderCommission(flowFen, terms.leaderPct)}`;
  let id: number;
  if (held) {
    id = rawNumber(held.id);
    await tx.execute(
      sql`update team_statements set (state, rule, drivers, flow_fen, reward_fen, penalty_fen, net_fen, leader_user_id,
          leader_driver_id, leader_fen, approval_id, computed_at, decided_at)
        = ('draft', ${JSON.stringify(terms)}::jsonb, ${values}, null, ${now}, null)
        where tenant_id = ${tenantId} and id = ${id}`,
    );
    await tx.execute(sql`delete from team_statement_lines where tenant_id = ${tenantId} and statement_id = ${id}`);
  } else {
    const [row] = await rowsOf<{ id: RawNumber }>(
      tx,
      sql`insert into team_statements (tenant_id, team_id, rent_id, month, state, rule, drivers, flow_fen, reward_fen,
          penalty_fen, net_fen, leader_user_id, leader_driver_id, leader_fen, computed_at)
        values (${tenantId}, ${teamId}, ${rawNumber(node.rent_id)}, ${month}, 'draft', ${JSON.stringify(terms)}::jsonb,
          ${values}, ${now})
        returning id`,
    );
    id = rawNumber(row!.id);
  }
  if (lines.length) {
    await tx.execute(
      sql`insert into team_statement_lines (tenant_id, statement_id, driver_id, team_id, flow_fen, rent_lines,
          on_time_lines, violations, accidents, share_fen, bonus_fen, penalty_fen, net_fen)
        values ${sql.join(
          lines.map(
            ({ m, flowFen: f, c }) =>
              sql`(${tenantId}, ${id}, ${m.driverId}, ${m.teamId}, ${f}, ${m.rentLines}, ${m.onTimeLines},
                ${m.violations}, ${m.accidents}, ${c.shareFen}, ${c.bonusFen}, ${c.penaltyFen}, ${c.netFen})`,
          ),
          sql`, `,
        )}`,
    );
  }
  return id;
}

/** `teamStatement/compute`: a node's statement of a finished month, by hand (draft or rejected ones again). */
export async function computeStatement(
  deps: Deps,
  ctx: Ctx,
  input: { teamId: number; month: string },
): Promise<TeamStatementDetail> {
  await getTeam(deps, ctx, input.teamId);
  const today = (await tenantDays(deps.db, ctx.tenantId, deps.clock.now())).today;
  if (input.month >= today.slice(0, 7)) throw new ConflictError('teams.statementMonthOpen', { month: input.month });
  const id = await deps.db.transaction((tx) =>
    computeInTx(tx as Tx, ctx.tenantId, input.teamId, input.month, deps.clock.now()),
  );
  if (id === null) throw new ConflictError('teams.noRule');
  return getStatement(deps, ctx, id);
}

/** `teamStatement/submit/:id`: a draft (or rejected) statement goes for approval (type `teamStatement`). */
export async function submitStatement(
  deps: AppDeps,
  ctx: Ctx & Pick<RequestContext, 'lang'>,
  id: number,
): Promise<TeamStatement> {
  await deps.events.transaction(async (tx) => {
    const s = await findStatement(tx, ctx, id, true);
    if (s.state !== 'draft' && s.state !== 'rejected') throw new ConflictError('teams.statementNotDraft');
    const summary = translate('zh-CN', 'teams.statementSummary', {
      team: s.team_name,
      month: s.month,
      net: fenToYuan(rawNumber(s.net_fen)).toFixed(2),
      leader: fenToYuan(rawNumber(s.leader_fen)).toFixed(2),
    });
    // Pending first: a flow that decides at once (no step applies) runs the outcome inside startApproval.
    await tx.execute(
      sql`update team_statements set state = 'pending' where tenant_id = ${ctx.tenantId} and id = ${id}`,
    );
    const request = await startApproval(
      tx,
      deps,
      { tenantId: ctx.tenantId, userId: ctx.userId, lang: ctx.lang, rentId: rawNumber(s.rent_id) },
      {
        businessType: TEAM_STATEMENT_APPROVAL,
        businessId: String(id),
        summary,
        form: {
          team: s.team_name,
          month: s.month,
          drivers: s.drivers,
          net: fenToYuan(rawNumber(s.net_fen)),
          leaderCommission: fenToYuan(rawNumber(s.leader_fen)),
        },
        attachments: [],
      },
    );
    await tx.execute(
      sql`update team_statements set approval_id = ${request.id} where tenant_id = ${ctx.tenantId} and id = ${id}`,
    );
  });
  return toStatement(await findStatement(deps.db, ctx, id));
}

/**
 * The outcome of a `teamStatement` request: approved, each driver's net becomes a `teamReward` line of his live
 * contract (the newest signed one), due with his next unpaid rent (else today), as a negative amount when it is a
 * reward; the leader's commission is posted to the rule's cost centre (once per statement). Rejected: the
 * statement can be computed again; withdrawn: back to draft.
 */
async function onStatementOutcome({ tx, request, outcome, actorId, now }: ApprovalOutcome): Promise<void> {
  if (!request.businessId) return;
  const tenantId = request.tenantId;
  const id = Number(request.businessId);
  const [s] = await rowsOf<{
    state: string;
    rent_id: RawNumber;
    month: string;
    leader_fen: RawNumber;
    rule: CommissionRuleInput;
    team_name: string;
  }>(
    tx,
    sql`select s.state, s.rent_id, s.month, s.leader_fen, s.rule, tm.name as team_name from team_statements s
      join teams tm on tm.tenant_id = s.tenant_id and tm.id = s.team_id
      where s.tenant_id = ${tenantId} and s.id = ${id} for update of s`,
  );
  if (!s || s.state !== 'pending') return;
  if (outcome !== 'approved') {
    await tx.execute(
      sql`update team_statements set state = ${outcome === 'rejected' ? 'rejected' : 'draft'},
          decided_at = ${outcome === 'rejected' ? now : null}
        where tenant_id = ${tenantId} and id = ${id}`,
    );
    return;
  }
  const days = await tenantDays(tx, tenantId, now);
  const rents = (await rowsOf<{ id: RawNumber }>(tx, sql`select id from rents where tenant_id = ${tenantId}`)).map(
    (r) => rawNumber(r.id),
  );
  const ctx = { tenantId, userId: actorId, rentIds: rents };
  const lines = await rowsOf<{
    driver_id: RawNumber;
    net_fen: RawNumber;
    contract_id: RawNumber | null;
    due: string | null;
  }>(
    tx,
    sql`select l.driver_id, l.net_fen, k.id as contract_id,
        (select min(p.due_date)::text from rental_payment_lines p where p.tenant_id = k.tenant_id and p.contract_id = k.id
          and p.type = 'rent' and p.valid and p.state in ('unpaid', 'partial') and p.due_date >= ${days.today}::date) as due
      from team_statement_lines l
      left join lateral (select k.id, k.tenant_id from rental_contracts k where k.tenant_id = l.tenant_id
        and k.driver_id = l.driver_id and k.state = 'signed' order by k.id desc limit 1) k on true
      where l.tenant_id = ${tenantId} and l.statement_id = ${id} and l.net_fen <> 0`,
  );
  for (const l of lines) {
    if (l.contract_id === null) continue;
    const net = rawNumber(l.net_fen);
    const { lineId } = await addLiveLineInTx(
      tx,
      ctx,
      rawNumber(l.contract_id),
      {
        type: 'teamReward',
        dueDate: l.due ?? days.today,
        amount: fenToYuan(-net),
        remark: translate('zh-CN', 'teams.statementLineRemark', { team: s.team_name, month: s.month }),
      },
      { key: 'teams.statementContractGone' },
    );
    await tx.execute(
      sql`update team_statement_lines set contract_id = ${rawNumber(l.contract_id)}, bill_line_id = ${lineId}
        where tenant_id = ${tenantId} and statement_id = ${id} and driver_id = ${rawNumber(l.driver_id)}`,
    );
  }
  const leaderFen = rawNumber(s.leader_fen);
  if (leaderFen > 0 && s.rule.costCentreId !== null) {
    await postCost(
      tx,
      tenantId,
      {
        centreId: s.rule.costCentreId,
        category: 'other',
        sourceType: 'teamStatement',
        sourceId: String(id),
        amountFen: leaderFen,
        occurredOn: days.today,
        description: translate('zh-CN', 'teams.leaderCostRemark', { team: s.team_name, month: s.month }),
        createdBy: actorId,
      },
      'costCentreId',
    );
  }
  await tx.execute(
    sql`update team_statements set state = 'approved', decided_at = ${now} where tenant_id = ${tenantId} and id = ${id}`,
  );
}

export const TEAM_STATEMENT_TYPE: ApprovalTypeDefinition = {
  code: TEAM_STATEMENT_APPROVAL,
  name: t('车队月度结算审批', 'Fleet monthly statement'),
  area: 'teams',
  manual: false,
  amountField: 'net',
  fields: [
    { key: 'team', label: t('车队/小组', 'Fleet or team'), kind: 'text', required: true, max: 60 },
    { key: 'month', label: t('月份', 'Month'), kind: 'text', required: true, max: 7 },
    { key: 'drivers', label: t('司机数', 'Drivers'), kind: 'number', required: true, max: 100_000 },
    {
      key: 'net',
      label: t('司机奖惩合计（元）', "Drivers' net (yuan)"),
      kind: 'money',
      required: true,
      max: 100_000_000,
    },
    {
      key: 'leaderCommission',
      label: t('队长提成（元）', "Leader's commission (yuan)"),
      kind: 'money',
      required: true,
      max: 100_000_000,
    },
  ],
  onOutcome: onStatementOutcome,
};

/**
 * The monthly job's work for one tenant: last month's statements of every node with an enabled rule that has
 * none yet (computed as drafts for a manager to check and send). Answers how many were made.
 */
export async function computeLastMonth(deps: AppDeps, tenantId: number, now: Date): Promise<number> {
  const today = (await tenantDays(deps.db, tenantId, now)).today;
  const month = addMonths(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
  const nodes = await rowsOf<{ team_id: RawNumber }>(
    deps.db,
    sql`select r.team_id from team_commission_rules r join teams tm on tm.tenant_id = r.tenant_id and tm.id = r.team_id
      where r.tenant_id = ${tenantId} and r.enabled and tm.deleted_at is null
        and not exists (select 1 from team_statements s where s.tenant_id = r.tenant_id and s.team_id = r.team_id
          and s.month = ${month})
      order by r.team_id`,
  );
  let made = 0;
  for (const n of nodes) {
    const id = await deps.db.transaction((tx) => computeInTx(tx as Tx, tenantId, rawNumber(n.team_id), month, now));
    if (id !== null) made++;
  }
  return made;
}
