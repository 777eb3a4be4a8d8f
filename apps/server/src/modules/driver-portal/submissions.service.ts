import { and, eq, sql } from 'drizzle-orm';
import type {
  PortalMembership,
  ReviewInput,
  Submission,
  SubmissionKind,
  SubmissionQuery,
  SubmissionState,
} from '@fleetdesk/contracts/driver-portal';
import { teamScope, type RequestContext } from '../../core/access.js';
import {
  idArray,
  isUniqueViolation,
  rawIso,
  rawIsoOrNull,
  rawNumber,
  rowsOf,
  type RawNumber,
  type RawTime,
} from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { ConflictError, NotFoundError } from '../../core/errors.js';
import { publish } from '../../core/events.js';
import { drivers } from '../../db/schema/drivers.js';
import { driversInScope as inScope } from '../drivers/drivers.service.js';
import { markHandledByDriverInTx } from '../violations/violations.service.js';
import { membershipOf } from './levels.service.js';

/**
 * The office's side of what drivers send from the portal (docs/driver-portal.md): the list, and the review that
 * applies an approved document to the driver or marks the violation handled (by the driver himself: no fine is
 * booked to the company).
 */

interface SubmissionRaw {
  id: RawNumber;
  driver_id: RawNumber;
  driver_name: string;
  kind: SubmissionKind;
  details: Record<string, string | null>;
  files: string[];
  note: string | null;
  state: SubmissionState;
  review_note: string | null;
  reviewer: string | null;
  created_at: RawTime;
  reviewed_at: RawTime | null;
}

/** The submissions of the caller's drivers: his rents, and a leader's teams (the shared `teamScope`). */
function scopeSql(ctx: RequestContext) {
  return sql`s.tenant_id = ${ctx.tenantId} and d.rent_id = any(${idArray(ctx.rentIds)}) and d.deleted_at is null
    and ${teamScope(ctx, sql`d.team_id`)}`;
}

export async function listSubmissions(deps: AppDeps, ctx: RequestContext, q: SubmissionQuery, id?: number) {
  const where = sql`${scopeSql(ctx)}
    ${id ? sql`and s.id = ${id}` : sql``}
    ${q.driverId ? sql`and s.driver_id = ${q.driverId}` : sql``}
    ${q.state ? sql`and s.state = ${q.state}` : sql``}`;
  const [rows, [count]] = await Promise.all([
    rowsOf<SubmissionRaw>(
      deps.db,
      sql`select s.id, s.driver_id, d.name as driver_name, s.kind, s.details, s.files, s.note, s.state,
          s.review_note, u.name as reviewer, s.created_at, s.reviewed_at
        from driver_submissions s join drivers d on d.tenant_id = s.tenant_id and d.id = s.driver_id
        left join users u on u.tenant_id = s.tenant_id and u.id = s.reviewed_by
        where ${where} order by s.id desc limit ${q.size} offset ${(q.current - 1) * q.size}`,
    ),
    rowsOf<{ n: RawNumber }>(
      deps.db,
      sql`select count(*) as n from driver_submissions s join drivers d on d.tenant_id = s.tenant_id and d.id = s.driver_id
        where ${where}`,
    ),
  ]);
  const records: Submission[] = rows.map((r) => ({
    id: rawNumber(r.id),
    driverId: rawNumber(r.driver_id),
    driverName: r.driver_name,
    kind: r.kind,
    details: typeof r.details === 'string' ? JSON.parse(r.details) : r.details,
    files: (r.files ?? []).map((f) => deps.fileUrls.sign(ctx.tenantId, f) ?? f),
    note: r.note,
    state: r.state,
    reviewNote: r.review_note,
    reviewedByName: r.reviewer,
    createdAt: rawIso(r.created_at),
    reviewedAt: rawIsoOrNull(r.reviewed_at),
  }));
  return { records, total: rawNumber(count?.n ?? 0) };
}

/** Approves or rejects a pending submission (a rejection needs its reason, which the driver reads). */
export async function reviewSubmission(deps: AppDeps, ctx: RequestContext, input: ReviewInput) {
  const now = deps.clock.now();
  if (!input.approve && !input.note) throw new ConflictError('driverPortal.reasonRequired');
  await deps.events.transaction(async (tx) => {
    const [s] = await rowsOf<SubmissionRaw & { violation_id: RawNumber | null }>(
      tx,
      sql`select s.id, s.driver_id, s.kind, s.details, s.files, s.state, s.violation_id
        from driver_submissions s join drivers d on d.tenant_id = s.tenant_id and d.id = s.driver_id
        where ${scopeSql(ctx)} and s.id = ${input.id} for update of s`,
    );
    if (!s) throw new NotFoundError('driverPortal.submissionNotFound');
    if (s.state !== 'pending') throw new ConflictError('driverPortal.reviewed');
    const driverId = rawNumber(s.driver_id);
    const details = typeof s.details === 'string' ? JSON.parse(s.details) : s.details;
    if (input.approve) {
      const scoped = and(inScope(ctx), eq(drivers.id, driverId));
      if (s.kind === 'licence') {
        await tx
          .update(drivers)
          .set({
            licenceNumber: details.number,
            licenceClass: details.licenceClass,
            licenceExpiry: details.expiry,
            licenceFrontUrl: s.files[0] ?? null,
            licenceBackUrl: s.files[1] ?? null,
            updatedAt: now,
          })
          .where(scoped);
      } else if (s.kind === 'idCard') {
        try {
          await tx
            .update(drivers)
            .set({
              idNumber: details.number,
              idCardFrontUrl: s.files[0] ?? null,
              idCardBackUrl: s.files[1] ?? null,
              updatedAt: now,
            })
            .where(scoped);
        } catch (err) {
          if (isUniqueViolation(err, 'drivers_active_id_uq')) throw new ConflictError('driverPortal.idNumberTaken');
          throw err;
        }
      } else {
        await markHandledByDriverInTx(tx, ctx, rawNumber(s.violation_id), now);
      }
    }
    await tx.execute(
      sql`update driver_submissions set state = ${input.approve ? 'approved' : 'rejected'},
        review_note = ${input.note}, reviewed_by = ${ctx.userId}, reviewed_at = ${now}
        where tenant_id = ${ctx.tenantId} and id = ${input.id}`,
    );
    await publish(tx, {
      tenantId: ctx.tenantId,
      name: 'driver.submissionReviewed',
      payload: { driverId, submissionId: input.id, kind: s.kind, approved: input.approve, note: input.note },
    });
  });
  return (await listSubmissions(deps, ctx, { current: 1, size: 1 }, input.id)).records[0]!;
}

/** A driver's membership as the back office sees it (the driver page's tab). */
export async function driverLevel(deps: AppDeps, ctx: RequestContext, driverId: number): Promise<PortalMembership> {
  const [d] = await deps.db
    .select({ id: drivers.id })
    .from(drivers)
    .where(and(inScope(ctx), eq(drivers.id, driverId), sql`${drivers.deletedAt} is null`));
  if (!d) throw new NotFoundError('driverPortal.driverNotFound');
  return membershipOf(deps, ctx.tenantId, driverId, ctx.lang);
}
