import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type {
  DecisionInput,
  Flow,
  FlowInput,
  HistoryEntry,
  RequestDetail,
  RequestInput,
  RequestListQuery,
  RequestRow,
  StepState,
} from '@fleetdesk/contracts/approvals';
import { fenToYuan, yuanToFen } from '@fleetdesk/contracts/common';
import type { RequestContext } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { publish } from '../../core/events.js';
import { rowsOf, type DbOrTx, type Tx } from '../../core/db.js';
import { ConflictError, invalidField, NotFoundError } from '../../core/errors.js';
import { page, offsetOf } from '../../core/envelope.js';
import { containsPattern } from '../../core/like.js';
import { departments, roles, users } from '../../db/schema/identity.js';
import {
  approvalCopies,
  approvalFlows,
  approvalFlowVersions,
  approvalHistory,
  approvalRequests,
  approvalTasks,
  departmentHeads,
} from '../../db/schema/office.js';
import { tenantRules } from '../settings/settings.service.js';
import { approvalType, approvalTypes } from './approvals.registry.js';
import {
  addHistory,
  advance,
  amountFenOf,
  checkForm,
  copyTo,
  decide,
  ensureOtherDecider,
  finish,
  lockRequest,
  resolvePlan,
  typeOrThrow,
  type FlowDefinition,
  type RequestRowDb,
} from './engine.js';

export {
  approvalType,
  extendApprovalType,
  registerApprovalType,
  type ApprovalHooks,
  type ApprovalOutcome,
  type ApprovalTypeDefinition,
} from './approvals.registry.js';

type Ctx = Pick<RequestContext, 'tenantId' | 'userId' | 'lang'> & Partial<Pick<RequestContext, 'rentId'>>;

export function listTypes() {
  return approvalTypes();
}

// ---------------------------------------------------------------------------------------------------------
// Flows

async function checkFlowPeople(db: DbOrTx, tenantId: number, input: FlowInput) {
  const userIds = [...new Set([...input.steps.flatMap((s) => s.userIds), ...input.copyUserIds])];
  const found = userIds.length
    ? new Set(
        (
          await db
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.tenantId, tenantId), inArray(users.id, userIds), eq(users.status, 'active')))
        ).map((r) => r.id),
      )
    : new Set<number>();
  for (const [i, s] of input.steps.entries()) {
    const j = s.userIds.findIndex((u) => !found.has(u));
    if (s.kind === 'user' && j >= 0) throw invalidField(`steps.${i}.userIds`, 'approval.userNotFound');
    if (s.kind === 'role') {
      const [role] = await db
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.tenantId, tenantId), eq(roles.id, s.roleId!)));
      if (!role) throw invalidField(`steps.${i}.roleId`, 'approval.roleNotFound');
    }
  }
  if (input.copyUserIds.some((u) => !found.has(u))) throw invalidField('copyUserIds', 'approval.userNotFound');
  typeOrThrow(input.businessType);
}

/** Keeps only what the step's kind uses. */
function definitionOf(input: FlowInput): FlowDefinition {
  return {
    steps: input.steps.map((s) => ({
      ...s,
      userIds: s.kind === 'user' ? s.userIds : [],
      roleId: s.kind === 'role' ? s.roleId : null,
    })),
    copyUserIds: input.copyUserIds,
  };
}

export async function listFlows(db: DbOrTx, tenantId: number): Promise<Flow[]> {
  const rows = await db
    .select({
      id: approvalFlows.id,
      businessType: approvalFlows.businessType,
      name: approvalFlows.name,
      enabled: approvalFlows.enabled,
      version: approvalFlows.version,
      definition: approvalFlowVersions.definition,
      updatedAt: approvalFlows.updatedAt,
      updatedByName: users.name,
    })
    .from(approvalFlows)
    .innerJoin(
      approvalFlowVersions,
      and(
        eq(approvalFlowVersions.tenantId, approvalFlows.tenantId),
        eq(approvalFlowVersions.flowId, approvalFlows.id),
        eq(approvalFlowVersions.version, approvalFlows.version),
      ),
    )
    .leftJoin(users, and(eq(users.tenantId, approvalFlows.tenantId), eq(users.id, approvalFlows.updatedBy)))
    .where(eq(approvalFlows.tenantId, tenantId))
    .orderBy(asc(approvalFlows.id));
  return rows.map(({ definition, updatedAt, ...r }) => ({
    ...r,
    ...definition,
    updatedAt: updatedAt.toISOString(),
  }));
}

export async function getFlow(db: DbOrTx, tenantId: number, id: number): Promise<Flow> {
  const flow = (await listFlows(db, tenantId)).find((f) => f.id === id);
  if (!flow) throw new NotFoundError('approval.flowNotFound');
  return flow;
}

export async function createFlow(deps: AppDeps, ctx: Ctx, input: FlowInput): Promise<Flow> {
  await checkFlowPeople(deps.db, ctx.tenantId, input);
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: approvalFlows.id })
      .from(approvalFlows)
      .where(and(eq(approvalFlows.tenantId, ctx.tenantId), eq(approvalFlows.businessType, input.businessType)));
    if (taken) {
      const type = typeOrThrow(input.businessType).name[ctx.lang];
      throw invalidField('businessType', 'approval.flowTypeTaken', { type });
    }
    const [flow] = await tx
      .insert(approvalFlows)
      .values({
        tenantId: ctx.tenantId,
        businessType: input.businessType,
        name: input.name,
        enabled: input.enabled,
        version: 1,
        updatedBy: ctx.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: approvalFlows.id });
    await tx.insert(approvalFlowVersions).values({
      tenantId: ctx.tenantId,
      flowId: flow!.id,
      version: 1,
      name: input.name,
      definition: definitionOf(input),
      createdBy: ctx.userId,
      createdAt: now,
    });
    return flow!.id;
  });
  return getFlow(deps.db, ctx.tenantId, id);
}

/** Saves an edit as the flow's next version; requests already running keep the version they started with. */
export async function updateFlow(deps: AppDeps, ctx: Ctx, id: number, input: FlowInput) {
  const before = await getFlow(deps.db, ctx.tenantId, id);
  if (before.businessType !== input.businessType) throw invalidField('businessType', 'approval.typeUnknown');
  await checkFlowPeople(deps.db, ctx.tenantId, input);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [flow] = await tx
      .update(approvalFlows)
      .set({
        name: input.name,
        enabled: input.enabled,
        version: sql`${approvalFlows.version} + 1`,
        updatedBy: ctx.userId,
        updatedAt: now,
      })
      .where(and(eq(approvalFlows.tenantId, ctx.tenantId), eq(approvalFlows.id, id)))
      .returning({ version: approvalFlows.version });
    await tx.insert(approvalFlowVersions).values({
      tenantId: ctx.tenantId,
      flowId: id,
      version: flow!.version,
      name: input.name,
      definition: definitionOf(input),
      createdBy: ctx.userId,
      createdAt: now,
    });
  });
  return { before, after: await getFlow(deps.db, ctx.tenantId, id) };
}

/** Deletes a flow no request has used; one that has been used can only be disabled (409). */
export async function deleteFlow(deps: AppDeps, ctx: Ctx, id: number): Promise<Flow> {
  const flow = await getFlow(deps.db, ctx.tenantId, id);
  const [used] = await deps.db
    .select({ n: count() })
    .from(approvalRequests)
    .innerJoin(
      approvalFlowVersions,
      and(
        eq(approvalFlowVersions.tenantId, approvalRequests.tenantId),
        eq(approvalFlowVersions.id, approvalRequests.flowVersionId),
      ),
    )
    .where(and(eq(approvalRequests.tenantId, ctx.tenantId), eq(approvalFlowVersions.flowId, id)));
  if (used!.n) throw new ConflictError('approval.flowInUse', { count: used!.n });
  await deps.db.delete(approvalFlows).where(and(eq(approvalFlows.tenantId, ctx.tenantId), eq(approvalFlows.id, id)));
  return flow;
}

// ---------------------------------------------------------------------------------------------------------
// Department heads

export async function listDepartmentHeads(db: DbOrTx, tenantId: number) {
  return db
    .select({ departmentId: departmentHeads.departmentId, userId: departmentHeads.userId, userName: users.name })
    .from(departmentHeads)
    .innerJoin(users, and(eq(users.tenantId, departmentHeads.tenantId), eq(users.id, departmentHeads.userId)))
    .where(eq(departmentHeads.tenantId, tenantId))
    .orderBy(asc(departmentHeads.departmentId));
}

/** Names (or, with null, removes) the head of a department; he must be an active employee. */
export async function setDepartmentHead(deps: AppDeps, ctx: Ctx, departmentId: number, userId: number | null) {
  const [dept] = await deps.db
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(and(eq(departments.tenantId, ctx.tenantId), eq(departments.id, departmentId)));
  if (!dept) throw new NotFoundError('approval.departmentNotFound');
  if (userId === null) {
    await deps.db
      .delete(departmentHeads)
      .where(and(eq(departmentHeads.tenantId, ctx.tenantId), eq(departmentHeads.departmentId, departmentId)));
    return dept;
  }
  const [u] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, ctx.tenantId), eq(users.id, userId), eq(users.status, 'active')));
  if (!u) throw invalidField('userId', 'approval.userNotFound');
  await deps.db
    .insert(departmentHeads)
    .values({ tenantId: ctx.tenantId, departmentId, userId, updatedAt: deps.clock.now() })
    .onConflictDoUpdate({
      target: [departmentHeads.tenantId, departmentHeads.departmentId],
      set: { userId, updatedAt: deps.clock.now() },
    });
  return dept;
}

// ---------------------------------------------------------------------------------------------------------
// Requests

async function userName(db: DbOrTx, tenantId: number, id: number): Promise<string> {
  const [u] = await db
    .select({ name: users.name })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)));
  return u?.name ?? '';
}

async function applicantDepartment(db: DbOrTx, tenantId: number, userId: number): Promise<number | null> {
  const [u] = await db
    .select({ departmentId: users.departmentId })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  return u?.departmentId ?? null;
}

/** The current enabled flow of a type, with its newest version. */
async function currentFlow(tx: DbOrTx, tenantId: number, businessType: string, lang: 'zh-CN' | 'en-US') {
  const [row] = await tx
    .select({ versionId: approvalFlowVersions.id, definition: approvalFlowVersions.definition })
    .from(approvalFlows)
    .innerJoin(
      approvalFlowVersions,
      and(
        eq(approvalFlowVersions.tenantId, approvalFlows.tenantId),
        eq(approvalFlowVersions.flowId, approvalFlows.id),
        eq(approvalFlowVersions.version, approvalFlows.version),
      ),
    )
    .where(
      and(
        eq(approvalFlows.tenantId, tenantId),
        eq(approvalFlows.businessType, businessType),
        eq(approvalFlows.enabled, true),
      ),
    );
  if (!row) throw new ConflictError('approval.noFlow', { type: typeOrThrow(businessType).name[lang] });
  return { versionId: row.versionId, definition: row.definition };
}

/** The steps a request of this type and amount would walk for the caller, with the approvers' names. */
export async function previewPlan(deps: AppDeps, ctx: Ctx, businessType: string, amount: number | null) {
  typeOrThrow(businessType);
  const flow = await currentFlow(deps.db, ctx.tenantId, businessType, ctx.lang);
  const dept = await applicantDepartment(deps.db, ctx.tenantId, ctx.userId);
  const plan = await resolvePlan(
    deps.db,
    ctx.tenantId,
    flow.definition,
    ctx.userId,
    dept,
    amount === null ? null : yuanToFen(amount),
  );
  const names = await namesOf(
    deps.db,
    ctx.tenantId,
    plan.flatMap((s) => s.approverIds),
  );
  return plan.map((s) => ({
    index: s.index,
    name: s.name,
    mode: s.mode,
    skipped: s.state === 'skipped',
    approvers: s.approverIds.map((id) => ({ userId: id, name: names.get(id) ?? '' })),
  }));
}

async function namesOf(db: DbOrTx, tenantId: number, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, unique)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Saves a new request as a draft of the caller's. */
export async function saveDraft(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  ctx: Ctx,
  input: RequestInput,
  tx?: Tx,
  fromArea = false,
): Promise<RequestRowDb> {
  const def = typeOrThrow(input.businessType);
  if (!def.manual && !fromArea) throw invalidField('businessType', 'approval.typeNotManual');
  const db = tx ?? deps.db;
  const form = await checkForm(db, ctx.tenantId, def, input.form, false, ctx.lang);
  const now = deps.clock.now();
  const [row] = await db
    .insert(approvalRequests)
    .values({
      tenantId: ctx.tenantId,
      businessType: input.businessType,
      rentId: ctx.rentId ?? null,
      applicantId: ctx.userId,
      departmentId: await applicantDepartment(db, ctx.tenantId, ctx.userId),
      summary: input.summary,
      amountFen: amountFenOf(def, form),
      form,
      attachments: input.attachments,
      status: 'draft',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

function mustBeApplicant(req: RequestRowDb, ctx: Ctx) {
  if (req.applicantId !== ctx.userId) throw new NotFoundError('approval.requestNotFound');
}

/** Changes a draft, rejected or withdrawn request of the caller's. */
export async function updateDraft(deps: AppDeps, ctx: Ctx, id: number, input: RequestInput) {
  const def = typeOrThrow(input.businessType);
  return deps.db.transaction(async (tx) => {
    const req = await lockRequest(tx, ctx.tenantId, id);
    mustBeApplicant(req, ctx);
    if (!['draft', 'rejected', 'withdrawn'].includes(req.status)) throw new ConflictError('approval.notEditable');
    if (req.businessType !== input.businessType) throw invalidField('businessType', 'approval.typeUnknown');
    const form = await checkForm(tx, ctx.tenantId, def, input.form, false, ctx.lang);
    const [row] = await tx
      .update(approvalRequests)
      .set({
        summary: input.summary,
        form,
        amountFen: amountFenOf(def, form),
        attachments: input.attachments,
        updatedAt: deps.clock.now(),
      })
      .where(and(eq(approvalRequests.tenantId, ctx.tenantId), eq(approvalRequests.id, id)))
      .returning();
    return row!;
  });
}

export async function deleteDraft(deps: AppDeps, ctx: Ctx, id: number) {
  return deps.db.transaction(async (tx) => {
    const req = await lockRequest(tx, ctx.tenantId, id);
    mustBeApplicant(req, ctx);
    if (req.status !== 'draft') throw new ConflictError('approval.notDraft');
    await tx
      .delete(approvalRequests)
      .where(and(eq(approvalRequests.tenantId, ctx.tenantId), eq(approvalRequests.id, id)));
    return req;
  });
}

/**
 * Submits a draft (or resubmits a rejected or withdrawn request): resolves the type's current flow for the
 * applicant and amount, copies it to the flow's copy-to people and opens the first step.
 */
export async function submitInTx(tx: Tx, deps: Pick<AppDeps, 'clock'>, ctx: Ctx, id: number): Promise<RequestRowDb> {
  const req = await lockRequest(tx, ctx.tenantId, id);
  mustBeApplicant(req, ctx);
  if (!['draft', 'rejected', 'withdrawn'].includes(req.status)) throw new ConflictError('approval.notEditable');
  const def = typeOrThrow(req.businessType);
  const form = await checkForm(tx, ctx.tenantId, def, req.form, true, ctx.lang);
  const flow = await currentFlow(tx, ctx.tenantId, req.businessType, ctx.lang);
  const departmentId = await applicantDepartment(tx, ctx.tenantId, req.applicantId);
  const amountFen = amountFenOf(def, form);
  const resolved = await resolvePlan(tx, ctx.tenantId, flow.definition, req.applicantId, departmentId, amountFen);
  const plan = await ensureOtherDecider(
    tx,
    ctx.tenantId,
    def,
    resolved,
    req.applicantId,
    def.distinctDecider ? (await tenantRules(tx, ctx.tenantId)).approvalSecondApproverId : null,
    ctx.lang,
  );
  const now = deps.clock.now();
  const [started] = await tx
    .update(approvalRequests)
    .set({
      status: 'pending',
      form,
      amountFen,
      departmentId,
      flowVersionId: flow.versionId,
      run: req.run + 1,
      plan,
      submittedAt: now,
      decidedAt: null,
      updatedAt: now,
    })
    .where(and(eq(approvalRequests.tenantId, ctx.tenantId), eq(approvalRequests.id, id)))
    .returning();
  await addHistory(tx, ctx.tenantId, id, { action: req.run === 0 ? 'submit' : 'resubmit', actorId: ctx.userId }, now);
  for (const s of plan.filter((p) => p.state === 'skipped')) {
    await addHistory(
      tx,
      ctx.tenantId,
      id,
      { action: 'skip', stepIndex: s.index, stepName: s.name, actorId: null },
      now,
    );
  }
  await copyTo(tx, started!, flow.definition.copyUserIds, now);
  return advance(tx, started!, plan, 0, ctx.userId, await userName(tx, ctx.tenantId, req.applicantId), now);
}

export async function submitRequest(deps: AppDeps, ctx: Ctx, id: number) {
  return deps.events.transaction((tx) => submitInTx(tx, deps, ctx, id));
}

/**
 * For areas: starts an approval about one of their records inside their own transaction (e.g. a settlement
 * sent for approval), as the calling user. The outcome comes back through the type's `onOutcome`.
 */
export async function startApproval(
  tx: Tx,
  deps: Pick<AppDeps, 'clock'>,
  ctx: Ctx,
  input: RequestInput & { businessId: string },
): Promise<RequestRowDb> {
  const draft = await saveDraft({ clock: deps.clock, db: tx as unknown as AppDeps['db'] }, ctx, input, tx, true);
  await tx
    .update(approvalRequests)
    .set({ businessId: input.businessId })
    .where(and(eq(approvalRequests.tenantId, ctx.tenantId), eq(approvalRequests.id, draft.id)));
  return submitInTx(tx, deps, ctx, draft.id);
}

/** The newest request about a business record (areas show its state next to the record). */
export async function findForBusiness(db: DbOrTx, tenantId: number, businessType: string, businessId: string) {
  const [row] = await db
    .select()
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.tenantId, tenantId),
        eq(approvalRequests.businessType, businessType),
        eq(approvalRequests.businessId, businessId),
      ),
    )
    .orderBy(sql`${approvalRequests.id} desc`)
    .limit(1);
  return row;
}

/** The applicant withdraws a pending request: its open tasks close and its messages are retired. */
export async function withdrawRequestInTx(tx: Tx, deps: Pick<AppDeps, 'clock'>, ctx: Ctx, id: number) {
  const req = await lockRequest(tx, ctx.tenantId, id);
  mustBeApplicant(req, ctx);
  if (req.status !== 'pending') throw new ConflictError('approval.notPending');
  const now = deps.clock.now();
  const plan = req.plan.map((s) => (s.state === 'current' ? { ...s, state: 'waiting' as const } : s));
  await addHistory(tx, ctx.tenantId, id, { action: 'withdraw', actorId: ctx.userId }, now);
  return publishDecided(tx, await finish(tx, req, plan, 'withdrawn', ctx.userId, now), ctx.userId, now);
}

export async function withdrawRequest(deps: AppDeps, ctx: Ctx, id: number) {
  return deps.events.transaction((tx) => withdrawRequestInTx(tx, deps, ctx, id));
}

/** `approval.decided` (core/events.ts) when a request has reached its outcome, in the deciding transaction. */
async function publishDecided(tx: Tx, row: RequestRowDb, actorId: number, now: Date): Promise<RequestRowDb> {
  if (row.status === 'approved' || row.status === 'rejected' || row.status === 'withdrawn')
    await publish(tx, {
      tenantId: row.tenantId,
      name: 'approval.decided',
      payload: {
        approvalId: row.id,
        kind: row.businessType,
        result: row.status,
        decidedBy: actorId,
        at: now.toISOString(),
      },
    });
  return row;
}

/** A decision inside the caller's transaction (the demo seed; areas deciding for a user). */
/** A decision as the API takes it (`step` named); the demo seed, deciding in order, may leave the step out. */
type Decision = Omit<DecisionInput, 'step'> & { step?: number };

export async function decideInTx(tx: Tx, deps: Pick<AppDeps, 'clock'>, ctx: Ctx, id: number, input: Decision) {
  const now = deps.clock.now();
  const row = await decide(
    tx,
    ctx.tenantId,
    id,
    ctx.userId,
    input.decision,
    input.comment,
    input.step,
    (applicantId) => userName(tx, ctx.tenantId, applicantId),
    now,
  );
  return publishDecided(tx, row, ctx.userId, now);
}

export async function decideRequest(deps: AppDeps, ctx: Ctx, id: number, input: Decision) {
  const row = await deps.events.transaction((tx) => decideInTx(tx, deps, ctx, id, input));
  await afterOutcome(deps, row, ctx.userId);
  return row;
}

/** The type's `afterOutcome`, once the final decision has committed; a failure is logged only. */
async function afterOutcome(deps: AppDeps, row: RequestRowDb, actorId: number): Promise<void> {
  if (row.status !== 'approved' && row.status !== 'rejected') return;
  const def = approvalType(row.businessType);
  if (!def?.afterOutcome) return;
  try {
    await def.afterOutcome(deps, {
      outcome: row.status,
      actorId,
      now: deps.clock.now(),
      request: {
        id: row.id,
        tenantId: row.tenantId,
        businessType: row.businessType,
        businessId: row.businessId,
        rentId: row.rentId,
        applicantId: row.applicantId,
        departmentId: row.departmentId,
        summary: row.summary,
        amountFen: row.amountFen,
        form: row.form,
      },
    });
  } catch (err) {
    deps.log.warn({ err, requestId: row.id, type: row.businessType }, 'approval afterOutcome failed');
  }
}

// ---------------------------------------------------------------------------------------------------------
// Reading

interface ListRow {
  id: number;
  business_type: string;
  business_id: string | null;
  summary: string;
  amount_fen: number | string | null;
  status: RequestRow['status'];
  applicant_id: number;
  applicant_name: string;
  department_name: string | null;
  current_step: string | null;
  submitted_at: Date | string | null;
  decided_at: Date | string | null;
  created_at: Date | string;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function toRow(r: ListRow): RequestRow {
  return {
    id: Number(r.id),
    businessType: r.business_type,
    businessId: r.business_id,
    summary: r.summary,
    amount: r.amount_fen === null ? null : fenToYuan(Number(r.amount_fen)),
    status: r.status,
    applicantId: Number(r.applicant_id),
    applicantName: r.applicant_name,
    departmentName: r.department_name,
    currentStep: r.current_step,
    submittedAt: iso(r.submitted_at),
    decidedAt: iso(r.decided_at),
    createdAt: iso(r.created_at)!,
  };
}

/**
 * The approval centre's boxes: started by me, waiting for me (an open task of mine, newest to reach me
 * first), handled by me (a decision of mine), copied to me. The page is read first (a waiting box walks the
 * approver's open tasks by index and stops at the page), then its rows are joined, and the total is counted
 * apart: a window count would join and sort every request of the box.
 */
export async function listRequests(db: DbOrTx, ctx: Ctx, q: RequestListQuery) {
  const t = ctx.tenantId;
  const me = ctx.userId;
  const filters = [sql`r.tenant_id = ${t}`];
  // Copies and decisions are about submitted requests; drafts are the applicant's own business (an open task
  // is always of a pending request).
  if (q.box === 'handled' || q.box === 'copied') filters.push(sql`r.status <> 'draft'`);
  if (q.status) filters.push(sql`r.status = ${q.status}`);
  if (q.businessType) filters.push(sql`r.business_type = ${q.businessType}`);
  const byName = q.keyword ? sql`join users u on u.tenant_id = r.tenant_id and u.id = r.applicant_id` : sql``;
  if (q.keyword)
    filters.push(sql`(r.summary ilike ${containsPattern(q.keyword)} or u.name ilike ${containsPattern(q.keyword)})`);
  const where = sql.join(filters, sql` and `);
  let from: SQL;
  let order: SQL;
  if (q.box === 'waiting') {
    from = sql`approval_tasks k join approval_requests r on r.tenant_id = k.tenant_id and r.id = k.request_id ${byName}
      where k.tenant_id = ${t} and k.approver_id = ${me} and k.open and ${where}`;
    order = sql`k.created_at desc, k.id desc`;
  } else {
    const box = {
      mine: sql`r.applicant_id = ${me}`,
      handled: sql`exists (select 1 from approval_tasks k where k.tenant_id = r.tenant_id and k.request_id = r.id
        and k.approver_id = ${me} and k.decision is not null)`,
      copied: sql`exists (select 1 from approval_copies c where c.tenant_id = r.tenant_id and c.request_id = r.id
        and c.user_id = ${me})`,
    }[q.box];
    from = sql`approval_requests r ${byName} where ${box} and ${where}`;
    order = sql`coalesce(r.submitted_at, r.created_at) desc, r.id desc`;
  }
  const ids = (
    await rowsOf<{ id: number }>(
      db,
      sql`select r.id from ${from} order by ${order} limit ${q.pageSize} offset ${offsetOf(q)}`,
    )
  ).map((r) => Number(r.id));
  const unfiltered = q.box === 'waiting' && filters.length === 1;
  // Unfiltered, the waiting box's total is the approver's open tasks: an index-only count.
  const [count] = await rowsOf<{ n: number }>(
    db,
    unfiltered
      ? sql`select count(*)::int as n from approval_tasks k where k.tenant_id = ${t} and k.approver_id = ${me} and k.open`
      : sql`select count(*)::int as n from ${from}`,
  );
  if (!ids.length) return page([], Number(count!.n), q);
  const rows = await rowsOf<ListRow>(
    db,
    sql`select r.id, r.business_type, r.business_id, r.summary, r.amount_fen, r.status, r.applicant_id,
        u.name as applicant_name, d.name as department_name,
        case when r.current_step is null then null else r.plan -> r.current_step ->> 'name' end as current_step,
        r.submitted_at, r.decided_at, r.created_at
      from approval_requests r
      join users u on u.tenant_id = r.tenant_id and u.id = r.applicant_id
      left join departments d on d.tenant_id = r.tenant_id and d.id = r.department_id
      where r.tenant_id = ${t} and r.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return page(
    ids.map((id) => toRow(byId.get(id)!)),
    Number(count!.n),
    q,
  );
}

/** How many requests wait for the caller's decision (the header's badge). */
export async function waitingCount(db: DbOrTx, ctx: Ctx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(approvalTasks)
    .where(
      and(
        eq(approvalTasks.tenantId, ctx.tenantId),
        eq(approvalTasks.approverId, ctx.userId),
        eq(approvalTasks.open, true),
      ),
    );
  return Number(row!.n);
}

/**
 * A request in full. Visible to its applicant, to anyone who has or had a task in it, and to those it was
 * copied to; to anyone else it does not exist (404).
 */
export async function getRequest(db: DbOrTx, ctx: Ctx, id: number): Promise<Omit<RequestDetail, 'files'>> {
  const [req] = await db
    .select()
    .from(approvalRequests)
    .where(and(eq(approvalRequests.tenantId, ctx.tenantId), eq(approvalRequests.id, id)));
  if (!req) throw new NotFoundError('approval.requestNotFound');
  const tasks = await db
    .select()
    .from(approvalTasks)
    .where(and(eq(approvalTasks.tenantId, ctx.tenantId), eq(approvalTasks.requestId, id)))
    .orderBy(asc(approvalTasks.id));
  const copies = await db
    .select({ userId: approvalCopies.userId })
    .from(approvalCopies)
    .where(and(eq(approvalCopies.tenantId, ctx.tenantId), eq(approvalCopies.requestId, id)));
  const me = ctx.userId;
  const involved =
    req.applicantId === me || tasks.some((k) => k.approverId === me) || copies.some((c) => c.userId === me);
  if (!involved || (req.status === 'draft' && req.applicantId !== me))
    throw new NotFoundError('approval.requestNotFound');
  const history = await db
    .select()
    .from(approvalHistory)
    .where(and(eq(approvalHistory.tenantId, ctx.tenantId), eq(approvalHistory.requestId, id)))
    .orderBy(asc(approvalHistory.id));
  const plan = req.plan;
  const names = await namesOf(db, ctx.tenantId, [
    req.applicantId,
    ...tasks.map((k) => k.approverId),
    ...copies.map((c) => c.userId),
    ...plan.flatMap((s) => s.approverIds),
    ...history.flatMap((h) => (h.actorId ? [h.actorId] : [])),
  ]);
  const [dept] = req.departmentId
    ? await rowsOf<{ name: string }>(
        db,
        sql`select name from departments where tenant_id = ${ctx.tenantId} and id = ${req.departmentId}`,
      )
    : [];
  const [flow] = req.flowVersionId
    ? await db
        .select({ name: approvalFlowVersions.name, version: approvalFlowVersions.version })
        .from(approvalFlowVersions)
        .where(and(eq(approvalFlowVersions.tenantId, ctx.tenantId), eq(approvalFlowVersions.id, req.flowVersionId)))
    : [];
  const runTasks = tasks.filter((k) => k.run === req.run);
  const steps: StepState[] = plan.map((s) => {
    const stepTasks = runTasks.filter((k) => k.stepIndex === s.index);
    const ids = stepTasks.length ? stepTasks.map((k) => k.approverId) : s.approverIds;
    return {
      index: s.index,
      name: s.name,
      mode: s.mode,
      state: s.state,
      approvers: ids.map((userId) => {
        const k = stepTasks.find((x) => x.approverId === userId);
        return {
          userId,
          name: names.get(userId) ?? '',
          decision: k?.decision ?? null,
          comment: k?.comment ?? null,
          decidedAt: k?.decidedAt ? k.decidedAt.toISOString() : null,
        };
      }),
    };
  });
  const historyOut: HistoryEntry[] = history.map((h) => ({
    action: h.action,
    stepIndex: h.stepIndex,
    stepName: h.stepName,
    actorName: h.actorId ? (names.get(h.actorId) ?? null) : null,
    comment: h.comment,
    at: h.createdAt.toISOString(),
  }));
  const currentName = req.currentStep === null ? null : (plan.find((s) => s.index === req.currentStep)?.name ?? null);
  return {
    id: req.id,
    businessType: req.businessType,
    businessId: req.businessId,
    summary: req.summary,
    amount: req.amountFen === null ? null : fenToYuan(req.amountFen),
    status: req.status,
    applicantId: req.applicantId,
    applicantName: names.get(req.applicantId) ?? '',
    departmentName: dept?.name ?? null,
    currentStep: currentName,
    submittedAt: req.submittedAt?.toISOString() ?? null,
    decidedAt: req.decidedAt?.toISOString() ?? null,
    createdAt: req.createdAt.toISOString(),
    form: req.form,
    attachments: req.attachments,
    flowName: flow?.name ?? null,
    flowVersion: flow?.version ?? null,
    steps,
    copies: copies.map((c) => ({ userId: c.userId, name: names.get(c.userId) ?? '' })),
    history: historyOut,
    canDecide: req.status === 'pending' && runTasks.some((k) => k.approverId === me && k.open),
    canWithdraw: req.status === 'pending' && req.applicantId === me,
    canEdit: ['draft', 'rejected', 'withdrawn'].includes(req.status) && req.applicantId === me,
  };
}
