import { and, eq } from 'drizzle-orm';
import type { ApprovalSetting } from '@fleetdesk/contracts/approvals';
import type { RequestContext } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { invalidField } from '../../core/errors.js';
import { users } from '../../db/schema/identity.js';
import { approvalRequests, approvalTasks } from '../../db/schema/office.js';
import { tenantRules, updateRules } from '../settings/settings.service.js';
import { createSystemNotice, purposeTemplate, systemSendingState } from '../sms-notices/sms-notices.service.js';
import { approvalType } from './approvals.registry.js';

/**
 * The tenant's approval settings, kept with its rules: the SMS switch (`approvalSms`) and the second approver
 * (`approvalSecondApproverId`).
 */
export async function approvalSetting(deps: AppDeps, tenantId: number): Promise<ApprovalSetting> {
  const rules = await tenantRules(deps, tenantId);
  return { sms: rules.approvalSms ?? false, secondApproverId: rules.approvalSecondApproverId ?? null };
}

/** Saves the settings; a second approver must be an active employee (400 otherwise), left out he stays. */
export async function saveApprovalSetting(
  deps: AppDeps,
  ctx: Pick<RequestContext, 'tenantId' | 'userId'>,
  input: ApprovalSetting,
) {
  if (input.secondApproverId) {
    const [found] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, ctx.tenantId), eq(users.id, input.secondApproverId), eq(users.status, 'active')));
    if (!found) throw invalidField('secondApproverId', 'approval.userNotFound');
  }
  const change = await updateRules(deps, ctx, {
    approvalSms: input.sms,
    ...(input.secondApproverId !== undefined ? { approvalSecondApproverId: input.secondApproverId } : {}),
  });
  return {
    value: { sms: change.value.approvalSms ?? false, secondApproverId: change.value.approvalSecondApproverId ?? null },
    before: change.before,
    after: change.after,
  };
}

const clip = (s: string, max: number) => ([...s].length > max ? `${[...s].slice(0, max - 1).join('')}…` : s);

/** Where a request stands: its run and current step (null when none waits). */
export interface Position {
  run: number;
  step: number | null;
}

export async function positionOf(deps: AppDeps, tenantId: number, requestId: number): Promise<Position | null> {
  const [row] = await deps.db
    .select({ run: approvalRequests.run, step: approvalRequests.currentStep })
    .from(approvalRequests)
    .where(and(eq(approvalRequests.tenantId, tenantId), eq(approvalRequests.id, requestId)));
  return row ?? null;
}

/** The SMS notices' source of these texts (named on the SMS screens like any batch source). */
export const APPROVAL_SMS_SOURCE = 'approvalNotice';
export const APPROVAL_SMS_PURPOSE = 'approval.waiting';
/** The template approval SMS use, created with this text the first time (the tenant may change or disable it). */
export const APPROVAL_SMS_TEMPLATE = {
  name: '审批待办通知',
  content: '{applicant}提交的{type}「{summary}」等待您审批，请登录 Fleetdesk 审批中心处理。',
};

/**
 * The SMS notice to the approvers a request started waiting for, when the tenant asks for it: when the request
 * is pending at another run or step than `before` (a submission, or a decision that moved it on), the open
 * tasks of its current step. Called once the transaction that opened the step is committed, so a rolled-back
 * decision sends nothing, and a decision that leaves the step waiting for others sends nothing again. A failed
 * SMS is logged; the message-centre message stays the record. The texts go as a system notice of the SMS area
 * (the tenant's signature, template, daily quota and price; the batch is listed under the applicant). An area
 * that starts a request in its own transaction calls this after its commit (with `before` null).
 */
export async function smsNewApprovers(deps: AppDeps, tenantId: number, requestId: number, before: Position | null) {
  try {
    if (!(await approvalSetting(deps, tenantId)).sms) return;
    const [req] = await deps.db
      .select({
        status: approvalRequests.status,
        businessType: approvalRequests.businessType,
        summary: approvalRequests.summary,
        applicantId: approvalRequests.applicantId,
        run: approvalRequests.run,
        step: approvalRequests.currentStep,
      })
      .from(approvalRequests)
      .where(and(eq(approvalRequests.tenantId, tenantId), eq(approvalRequests.id, requestId)));
    if (!req || req.status !== 'pending' || req.step === null) return;
    if (before && before.run === req.run && before.step === req.step) return;
    const approvers = await deps.db
      .select({ userId: users.id, phone: users.phone, status: users.status })
      .from(approvalTasks)
      .innerJoin(users, and(eq(users.tenantId, approvalTasks.tenantId), eq(users.id, approvalTasks.approverId)))
      .where(
        and(
          eq(approvalTasks.tenantId, tenantId),
          eq(approvalTasks.requestId, requestId),
          eq(approvalTasks.run, req.run),
          eq(approvalTasks.stepIndex, req.step),
          eq(approvalTasks.open, true),
        ),
      );
    if (!approvers.length) return;
    const [applicant] = await deps.db
      .select({ name: users.name })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.id, req.applicantId)));
    const typeName = approvalType(req.businessType)?.name['zh-CN'] ?? req.businessType;
    const recipients = approvers
      .filter((a) => a.status === 'active' && a.phone)
      .map((a) => ({
        phone: a.phone!,
        variables: { applicant: applicant?.name ?? '', type: typeName, summary: clip(req.summary, 30) },
      }));
    if (!recipients.length) return;
    const template = await purposeTemplate(deps, tenantId, APPROVAL_SMS_PURPOSE, APPROVAL_SMS_TEMPLATE);
    if (template.status !== 'active') return;
    const sending = await systemSendingState(deps, tenantId);
    if (recipients.length > sending.remaining) {
      deps.log.warn({ requestId, recipients: recipients.length }, 'approval SMS: over the daily quota, not sent');
      return;
    }
    const created = await deps.db.transaction(async (tx) => {
      const notice = await createSystemNotice(
        deps,
        tx,
        { tenantId, userId: req.applicantId },
        {
          template,
          source: APPROVAL_SMS_SOURCE,
          recipients,
          signature: sending.signature,
          segmentPriceFen: sending.segmentPriceFen,
          defaults: { company: sending.shortName },
        },
      );
      if (notice.invalid.length)
        deps.log.warn({ requestId, invalid: notice.invalid.length }, 'approval SMS: numbers left out');
      return notice.created;
    });
    if (created) await deps.tasks.dispatch(created.task);
  } catch (err) {
    deps.log.error({ err, requestId }, 'approval SMS: the approvers could not be read');
  }
}
