import { MessageCategory } from '@fleetdesk/contracts/messages';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FlowStep } from '@fleetdesk/contracts/approvals';
import { LocalDate, Yuan, yuanToFen } from '@fleetdesk/contracts/common';
import type { DbOrTx, Tx } from '../../core/db.js';
import { ConflictError, ForbiddenError, invalidField, NotFoundError } from '../../core/errors.js';
import { translate } from '../../core/i18n.js';
import { departments, userRoles, users } from '../../db/schema/identity.js';
import {
  approvalCopies,
  approvalHistory,
  departmentHeads,
  approvalRequests,
  approvalTasks,
  type ApprovalFlowDefinition,
  type ApprovalPlanStep,
} from '../../db/schema/office.js';
import { approvalType, type ApprovalTypeDefinition } from './approvals.registry.js';
import { createMessages, markReadAbout } from '../messages/messages.service.js';
import './approvals.messages.js';

/** Message-centre category of approvals. */
export const APPROVAL_MESSAGE_CATEGORY = MessageCategory.approvals;

export type FlowDefinition = ApprovalFlowDefinition;
export type PlanStep = ApprovalPlanStep;

export type RequestRowDb = typeof approvalRequests.$inferSelect;
type FormValues = Record<string, string | number | null>;

export function requestLink(id: number): string {
  return `/oaApproval?id=${id}`;
}

export function typeOrThrow(code: string): ApprovalTypeDefinition {
  const def = approvalType(code);
  if (!def) throw invalidField('businessType', 'approval.typeUnknown');
  return def;
}

/**
 * Checks a form against its type's fields; `complete` also requires the required ones (submission; a draft
 * may be incomplete). Answers the form with only the type's keys, money rounded to fen.
 */
export async function checkForm(
  tx: DbOrTx,
  tenantId: number,
  def: ApprovalTypeDefinition,
  form: FormValues,
  complete: boolean,
  lang: 'zh-CN' | 'en-US',
): Promise<FormValues> {
  const out: FormValues = {};
  for (const key of Object.keys(form)) {
    if (!def.fields.some((f) => f.key === key))
      throw invalidField(`form.${key}`, 'approval.formUnknown', { field: key });
  }
  for (const f of def.fields) {
    const field = f.label[lang];
    const raw = form[f.key];
    const empty = raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');
    if (empty) {
      if (complete && f.required) throw invalidField(`form.${f.key}`, 'approval.formRequired', { field });
      out[f.key] = null;
      continue;
    }
    const bad = () => invalidField(`form.${f.key}`, 'approval.formInvalid', { field });
    switch (f.kind) {
      case 'text':
      case 'textarea': {
        if (typeof raw !== 'string') throw bad();
        const v = raw.trim();
        if (f.max && v.length > f.max)
          throw invalidField(`form.${f.key}`, 'approval.formTooLong', { field, max: f.max });
        out[f.key] = v;
        break;
      }
      case 'number':
      case 'money':
      case 'costCentre': {
        const v = typeof raw === 'number' ? raw : Number(raw);
        if (!Number.isFinite(v) || v < 0) throw bad();
        if (f.kind !== 'money' && !Number.isInteger(v)) throw bad();
        // Money is whole fen (the shared schema: 1e-9 is not 0.00).
        if (f.kind === 'money' && !Yuan.safeParse(v).success) throw bad();
        if (f.kind === 'costCentre' && v < 1) throw bad();
        if (f.max !== undefined && v > f.max)
          throw invalidField(`form.${f.key}`, 'approval.formTooLarge', { field, max: f.max });
        out[f.key] = v;
        break;
      }
      case 'date': {
        // The shared date type: a real calendar day within 1900-2200.
        if (typeof raw !== 'string' || !LocalDate.safeParse(raw).success) throw bad();
        out[f.key] = raw;
        break;
      }
      case 'select': {
        if (typeof raw !== 'string' || !f.options?.some((o) => o.value === raw)) throw bad();
        out[f.key] = raw;
        break;
      }
    }
  }
  if (def.validate) await def.validate(tx as Tx, tenantId, out);
  return out;
}

export function amountFenOf(def: ApprovalTypeDefinition, form: FormValues): number | null {
  if (!def.amountField) return null;
  const v = form[def.amountField];
  return typeof v === 'number' ? yuanToFen(v) : null;
}

/** Whether a step's amount condition lets it apply to a request of this amount (no amount counts as 0). */
export function stepApplies(step: Pick<FlowStep, 'amountAbove' | 'amountUpTo'>, amountFen: number | null): boolean {
  const amount = amountFen ?? 0;
  if (step.amountAbove !== null && !(amount > yuanToFen(step.amountAbove))) return false;
  if (step.amountUpTo !== null && !(amount <= yuanToFen(step.amountUpTo))) return false;
  return true;
}

async function activeUsers(tx: DbOrTx, tenantId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids), eq(users.status, 'active')));
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => found.has(id));
}

async function roleMembers(tx: DbOrTx, tenantId: number, roleId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(userRoles)
    .innerJoin(users, and(eq(users.tenantId, userRoles.tenantId), eq(users.id, userRoles.userId)))
    .where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.roleId, roleId), eq(users.status, 'active')))
    .orderBy(users.id);
  return rows.map((r) => r.id);
}

/**
 * The head of the applicant's department, or of the nearest department above with one, who is not the
 * applicant; the applicant himself when he heads his department and nobody is above him; else null.
 */
export async function departmentHead(
  tx: DbOrTx,
  tenantId: number,
  departmentId: number | null,
  applicantId: number,
): Promise<number | null> {
  if (departmentId === null) return null;
  const all = await tx
    .select({ id: departments.id, parentId: departments.parentId, head: departmentHeads.userId, status: users.status })
    .from(departments)
    .leftJoin(
      departmentHeads,
      and(eq(departmentHeads.tenantId, departments.tenantId), eq(departmentHeads.departmentId, departments.id)),
    )
    .leftJoin(users, and(eq(users.tenantId, departmentHeads.tenantId), eq(users.id, departmentHeads.userId)))
    .where(eq(departments.tenantId, tenantId));
  const byId = new Map(all.map((d) => [d.id, d]));
  const seen = new Set<number>();
  let headsHimself = false;
  for (let d = byId.get(departmentId); d && !seen.has(d.id); d = d.parentId ? byId.get(d.parentId) : undefined) {
    seen.add(d.id);
    if (d.head === applicantId) headsHimself = true;
    else if (d.head && d.status === 'active') return d.head;
  }
  // The head of a top department asks nobody above: the step is his own (and so skipped).
  return headsHimself ? applicantId : null;
}

/**
 * A type that needs a decider other than the applicant (`distinctDecider`) and a plan in which nobody else
 * decides (every step skipped): the second approver decides in a step of his own; none (or only the applicant
 * himself, or someone no longer active) refuses the submission (409).
 */
export async function ensureOtherDecider(
  tx: DbOrTx,
  tenantId: number,
  def: ApprovalTypeDefinition,
  plan: PlanStep[],
  applicantId: number,
  secondApproverId: number | null | undefined,
  lang: 'zh-CN' | 'en-US',
): Promise<PlanStep[]> {
  if (!def.distinctDecider || plan.some((s) => s.state === 'waiting')) return plan;
  const [second] = secondApproverId ? await activeUsers(tx, tenantId, [secondApproverId]) : [];
  if (!second || second === applicantId)
    throw new ConflictError('approval.needsOtherDecider', { type: def.name[lang] });
  return [
    ...plan,
    {
      index: plan.length,
      name: translate(lang, 'approval.secondApproverStep'),
      mode: 'any',
      approverIds: [second],
      state: 'waiting',
    },
  ];
}

/**
 * Resolves a flow's steps for one applicant and amount into the people who approve each: steps whose amount
 * condition does not apply are skipped; the applicant never approves his own request (a step left with only
 * him is skipped); a step with nobody at all is refused (the flow or the organisation needs fixing).
 */
export async function resolvePlan(
  tx: DbOrTx,
  tenantId: number,
  flow: FlowDefinition,
  applicantId: number,
  departmentId: number | null,
  amountFen: number | null,
): Promise<PlanStep[]> {
  const plan: PlanStep[] = [];
  for (const [index, step] of flow.steps.entries()) {
    const base = { index, name: step.name, mode: step.mode };
    if (!stepApplies(step, amountFen)) {
      plan.push({ ...base, approverIds: [], state: 'skipped' });
      continue;
    }
    let ids: number[];
    if (step.kind === 'user') ids = await activeUsers(tx, tenantId, step.userIds);
    else if (step.kind === 'role') ids = await roleMembers(tx, tenantId, step.roleId!);
    else {
      const head = await departmentHead(tx, tenantId, departmentId, applicantId);
      ids = head ? [head] : [];
    }
    if (!ids.length) throw new ConflictError('approval.noApprover', { step: step.name });
    const others = [...new Set(ids)].filter((id) => id !== applicantId);
    plan.push({ ...base, approverIds: others, state: others.length ? 'waiting' : 'skipped' });
  }
  return plan;
}

export async function addHistory(
  tx: Tx,
  tenantId: number,
  requestId: number,
  entry: {
    action: (typeof approvalHistory.$inferInsert)['action'];
    stepIndex?: number | null;
    stepName?: string | null;
    actorId: number | null;
    comment?: string | null;
  },
  now: Date,
) {
  await tx.insert(approvalHistory).values({
    tenantId,
    requestId,
    action: entry.action,
    stepIndex: entry.stepIndex ?? null,
    stepName: entry.stepName ?? null,
    actorId: entry.actorId,
    comment: entry.comment || null,
    createdAt: now,
  });
}

/** Marks read the approval messages of a request that these users no longer need to act on. */
async function retireMessages(tx: Tx, tenantId: number, requestId: number, userIds: number[], now: Date) {
  await markReadAbout(
    tx,
    { tenantId, userIds, category: APPROVAL_MESSAGE_CATEGORY, link: requestLink(requestId) },
    now,
  );
}

/** Closes the open tasks of a request (another approver decided the step, rejection, withdrawal). */
async function closeOpenTasks(tx: Tx, req: RequestRowDb, now: Date) {
  const closed = await tx
    .update(approvalTasks)
    .set({ open: false })
    .where(
      and(eq(approvalTasks.tenantId, req.tenantId), eq(approvalTasks.requestId, req.id), eq(approvalTasks.open, true)),
    )
    .returning({ approverId: approvalTasks.approverId });
  await retireMessages(
    tx,
    req.tenantId,
    req.id,
    closed.map((c) => c.approverId),
    now,
  );
}

export interface Applicant {
  name: string;
}

/**
 * Moves the request to the first step from `from` that is still waiting: opens its approvers' tasks and
 * sends each a message. With no step left the request is approved (and its area's handler runs).
 */
export async function advance(
  tx: Tx,
  req: RequestRowDb,
  plan: PlanStep[],
  from: number,
  actorId: number,
  applicantName: string,
  now: Date,
): Promise<RequestRowDb> {
  const next = plan.find((s) => s.index >= from && s.state === 'waiting');
  if (!next) return finish(tx, req, plan, 'approved', actorId, now);
  next.state = 'current';
  await tx.insert(approvalTasks).values(
    next.approverIds.map((approverId) => ({
      tenantId: req.tenantId,
      requestId: req.id,
      run: req.run,
      stepIndex: next.index,
      approverId,
      createdAt: now,
    })),
  );
  // The message's texts as keys (approvals.messages.ts): the type through its name in the reader's language.
  await createMessages(
    tx,
    next.approverIds.map((userId) => ({
      tenantId: req.tenantId,
      userId,
      category: APPROVAL_MESSAGE_CATEGORY,
      title: { key: 'approval.message.title', params: { type: { title: 'approvalType', value: req.businessType } } },
      content: {
        key: 'approval.message.content',
        params: { applicant: applicantName, summary: req.summary, step: next.name },
      },
      link: requestLink(req.id),
      createdAt: now,
    })),
  );
  const [row] = await tx
    .update(approvalRequests)
    .set({ plan, currentStep: next.index, updatedAt: now })
    .where(and(eq(approvalRequests.tenantId, req.tenantId), eq(approvalRequests.id, req.id)))
    .returning();
  return row!;
}

/** Records the final outcome and runs the owning area's handler in the same transaction. */
export async function finish(
  tx: Tx,
  req: RequestRowDb,
  plan: PlanStep[],
  outcome: 'approved' | 'rejected' | 'withdrawn',
  actorId: number,
  now: Date,
): Promise<RequestRowDb> {
  await closeOpenTasks(tx, req, now);
  if (outcome !== 'withdrawn')
    await addHistory(tx, req.tenantId, req.id, { action: 'finish', actorId: null, comment: outcome }, now);
  const [row] = await tx
    .update(approvalRequests)
    .set({
      status: outcome,
      plan,
      currentStep: null,
      decidedAt: outcome === 'withdrawn' ? null : now,
      updatedAt: now,
    })
    .where(and(eq(approvalRequests.tenantId, req.tenantId), eq(approvalRequests.id, req.id)))
    .returning();
  const def = approvalType(req.businessType);
  if (def?.onOutcome) {
    await def.onOutcome({
      tx,
      outcome,
      actorId,
      now,
      request: {
        id: row!.id,
        tenantId: row!.tenantId,
        businessType: row!.businessType,
        businessId: row!.businessId,
        rentId: row!.rentId,
        applicantId: row!.applicantId,
        departmentId: row!.departmentId,
        summary: row!.summary,
        amountFen: row!.amountFen,
        form: row!.form,
      },
    });
  }
  return row!;
}

/** Locks the request row: decisions, withdrawals and submissions of one request happen one after another. */
export async function lockRequest(tx: Tx, tenantId: number, id: number): Promise<RequestRowDb> {
  const [row] = await tx
    .select()
    .from(approvalRequests)
    .where(and(eq(approvalRequests.tenantId, tenantId), eq(approvalRequests.id, id)))
    .for('update');
  if (!row) throw new NotFoundError('approval.requestNotFound');
  return row;
}

/**
 * One approver's decision on the current step. Only an open task of the caller in the current step counts;
 * the request row is locked first, so of two approvers deciding at once the second sees the first's result.
 * The decision names its step (`stepIndex`): one for a step that is no longer current is refused (409), so
 * that a person named in two consecutive steps does not decide both with one request sent twice.
 */
export async function decide(
  tx: Tx,
  tenantId: number,
  id: number,
  userId: number,
  decision: 'approved' | 'rejected',
  comment: string,
  stepIndex: number | undefined,
  applicantName: (applicantId: number) => Promise<string>,
  now: Date,
): Promise<RequestRowDb> {
  const req = await lockRequest(tx, tenantId, id);
  if (req.status !== 'pending' || req.currentStep === null) throw new ConflictError('approval.notPending');
  if (stepIndex !== undefined && stepIndex !== req.currentStep) throw new ConflictError('approval.stepNotCurrent');
  const mine = await tx
    .select()
    .from(approvalTasks)
    .where(
      and(
        eq(approvalTasks.tenantId, tenantId),
        eq(approvalTasks.requestId, id),
        eq(approvalTasks.run, req.run),
        eq(approvalTasks.stepIndex, req.currentStep),
        eq(approvalTasks.approverId, userId),
      ),
    );
  const task = mine[0];
  if (!task) throw new ForbiddenError('approval.notApprover');
  if (task.decision) throw new ConflictError('approval.alreadyDecided');
  if (!task.open) throw new ConflictError('approval.stepDecided');
  const updated = await tx
    .update(approvalTasks)
    .set({ open: false, decision, comment: comment || null, decidedAt: now })
    .where(and(eq(approvalTasks.tenantId, tenantId), eq(approvalTasks.id, task.id), eq(approvalTasks.open, true)))
    .returning({ id: approvalTasks.id });
  if (!updated.length) throw new ConflictError('approval.stepDecided');
  await retireMessages(tx, tenantId, id, [userId], now);
  const plan = req.plan;
  const step = plan.find((s) => s.index === req.currentStep)!;
  await addHistory(
    tx,
    tenantId,
    id,
    {
      action: decision === 'approved' ? 'approve' : 'reject',
      stepIndex: step.index,
      stepName: step.name,
      actorId: userId,
      comment,
    },
    now,
  );
  if (decision === 'rejected') {
    step.state = 'rejected';
    return finish(tx, req, plan, 'rejected', userId, now);
  }
  if (step.mode === 'all') {
    const [left] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(approvalTasks)
      .where(
        and(
          eq(approvalTasks.tenantId, tenantId),
          eq(approvalTasks.requestId, id),
          eq(approvalTasks.run, req.run),
          eq(approvalTasks.stepIndex, step.index),
          eq(approvalTasks.open, true),
        ),
      );
    if (Number(left!.n) > 0) {
      const [row] = await tx
        .update(approvalRequests)
        .set({ updatedAt: now })
        .where(and(eq(approvalRequests.tenantId, tenantId), eq(approvalRequests.id, id)))
        .returning();
      return row!;
    }
  } else {
    await closeOpenTasks(tx, req, now);
  }
  step.state = 'done';
  return advance(tx, req, plan, step.index + 1, userId, await applicantName(req.applicantId), now);
}

/** Copies a submitted request to the flow's copy-to people (not the applicant). */
export async function copyTo(tx: Tx, req: RequestRowDb, userIds: number[], now: Date) {
  const ids = (await activeUsers(tx, req.tenantId, userIds)).filter((u) => u !== req.applicantId);
  if (!ids.length) return;
  await tx
    .insert(approvalCopies)
    .values(ids.map((userId) => ({ tenantId: req.tenantId, requestId: req.id, userId, createdAt: now })))
    .onConflictDoNothing();
}
