import { sql, type SQL } from 'drizzle-orm';
import type { PageQuery } from '@fleetdesk/contracts/common';
import {
  FEEDBACK_PER_HOUR,
  type FeedbackAnswer,
  type FeedbackDeskQuery,
  type FeedbackInput,
  type FeedbackRow,
  type FeedbackState,
} from '@fleetdesk/contracts/feedback';
import type { RequestContext } from '../../core/access.js';
import {
  rawIso,
  rawIsoOrNull,
  rawJson,
  rawNumber,
  rowsOf,
  type RawJson,
  type RawNumber,
  type RawTime,
} from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { offsetOf, page } from '../../core/envelope.js';
import { ForbiddenError, NotFoundError } from '../../core/errors.js';
import { containsPattern } from '../../core/like.js';
import { publish } from '../../core/events.js';
import { consume } from '../../core/rate-limit.js';
import { storedFileUrl } from '../files/files.service.js';
import { isPlatformOperator } from '../identity/user.service.js';

/** The start of a feedback's text, to name it in the sender's message. */
export function excerpt(text: string, max = 30): string {
  const chars = [...text.replace(/\s+/g, ' ')];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('');
}

/** Who reads the platform's feedback: a user of an operator tenant who reads its company settings. */
export const OPERATOR_PERMISSION = 'oaSetting:view';

interface Raw {
  id: RawNumber;
  tenant_id: RawNumber;
  tenant_name: string;
  user_name: string;
  content: string;
  images: RawJson<string[]>;
  contact: string | null;
  page: string | null;
  state: FeedbackState;
  answer: string | null;
  answered_at: RawTime | null;
  created_at: RawTime;
  total?: RawNumber;
}

const SELECT = sql`select f.id, f.tenant_id, t.name as tenant_name, u.name as user_name, f.content, f.images,
    f.contact, f.page, f.state, f.answer, f.answered_at, f.created_at, count(*) over () as total
  from feedback f
  join tenants t on t.id = f.tenant_id
  join users u on u.tenant_id = f.tenant_id and u.id = f.user_id`;

function rowOut(deps: AppDeps, r: Raw): FeedbackRow {
  const tenantId = rawNumber(r.tenant_id);
  return {
    id: rawNumber(r.id),
    tenantId,
    tenantName: r.tenant_name,
    userName: r.user_name,
    content: r.content,
    // Signed with the sender's tenant: the operator opens another tenant's screenshots through these only.
    images: rawJson(r.images, []).map((url) => deps.fileUrls.sign(tenantId, url) ?? url),
    contact: r.contact,
    page: r.page,
    state: r.state,
    answer: r.answer,
    answeredAt: rawIsoOrNull(r.answered_at),
    createdAt: rawIso(r.created_at),
  };
}

async function list(deps: AppDeps, where: SQL, q: PageQuery) {
  const rows = await rowsOf<Raw>(
    deps.db,
    sql`${SELECT} where ${where} order by f.created_at desc, f.id desc limit ${q.pageSize} offset ${offsetOf(q)}`,
  );
  return page(
    rows.map((r) => rowOut(deps, r)),
    rawNumber(rows[0]?.total ?? 0),
    q,
  );
}

/**
 * `rentFeedback`: the caller's note to the platform, with his own screenshots (uploads of type `feedback`), at most
 * `FEEDBACK_PER_HOUR` an hour (429 past it).
 */
export async function sendFeedback(deps: AppDeps, ctx: RequestContext, input: FeedbackInput): Promise<FeedbackRow> {
  const images: string[] = [];
  for (const [i, url] of input.images.entries()) {
    images.push(
      await storedFileUrl(deps.db, deps, ctx.tenantId, url, `images.${i}`, {
        uploadedBy: ctx.userId,
        types: ['feedback'],
      }),
    );
  }
  await consume(deps.db, deps.clock, {
    key: `feedback:user:${ctx.tenantId}:${ctx.userId}`,
    limit: FEEDBACK_PER_HOUR,
    windowSeconds: 3600,
  });
  const [made] = await rowsOf<{ id: RawNumber }>(
    deps.db,
    sql`insert into feedback (tenant_id, user_id, content, images, contact, page, created_at, updated_at)
      values (${ctx.tenantId}, ${ctx.userId}, ${input.content}, ${JSON.stringify(images)}::jsonb,
        ${input.contact || null}, ${input.page || null}, ${deps.clock.now()}, ${deps.clock.now()})
      returning id`,
  );
  const [row] = await rowsOf<Raw>(deps.db, sql`${SELECT} where f.tenant_id = ${ctx.tenantId} and f.id = ${made!.id}`);
  return rowOut(deps, row!);
}

/** The caller's own feedback, newest first, with the answers. */
export function myFeedback(deps: AppDeps, ctx: RequestContext, q: PageQuery) {
  return list(deps, sql`f.tenant_id = ${ctx.tenantId} and f.user_id = ${ctx.userId}`, q);
}

/** The desk's calls are the platform operator's (its users need `OPERATOR_PERMISSION` on the routes besides). */
async function operatorOnly(deps: AppDeps, ctx: RequestContext) {
  if (!(await isPlatformOperator(deps.db, ctx.tenantId))) throw new ForbiddenError('feedback.operatorOnly');
}

/** The operator's desk: every tenant's feedback, newest first. */
export async function feedbackDesk(deps: AppDeps, ctx: RequestContext, q: FeedbackDeskQuery) {
  await operatorOnly(deps, ctx);
  const parts: SQL[] = [sql`true`];
  if (q.state) parts.push(sql`f.state = ${q.state}`);
  if (q.tenantId) parts.push(sql`f.tenant_id = ${q.tenantId}`);
  if (q.keyword) {
    const p = containsPattern(q.keyword);
    parts.push(sql`(f.content ilike ${p} or t.name ilike ${p} or u.name ilike ${p})`);
  }
  return list(deps, sql.join(parts, sql` and `), q);
}

/** The operator answers (the sender reads it in his list) or closes a feedback. */
export async function answerFeedback(
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  input: FeedbackAnswer,
): Promise<FeedbackRow> {
  await operatorOnly(deps, ctx);
  const now = deps.clock.now();
  // The answer and its news to the sender commit together (`feedback.answered`, feedback.subscribers.ts).
  const done = await deps.events.transaction(async (tx) => {
    const [row] = await rowsOf<{ tenant_id: RawNumber; user_id: RawNumber; content: string }>(
      tx,
      sql`update feedback set answer = ${input.answer}, state = ${input.state}, answered_by = ${ctx.name},
          answered_at = ${now}, updated_at = ${now}
        where id = ${id} returning tenant_id, user_id, content`,
    );
    if (row) {
      await publish(tx, {
        tenantId: rawNumber(row.tenant_id),
        name: 'feedback.answered',
        payload: {
          feedbackId: id,
          userId: rawNumber(row.user_id),
          state: input.state,
          excerpt: excerpt(row.content),
          at: now.toISOString(),
        },
      });
    }
    return row;
  });
  if (!done) throw new NotFoundError('feedback.notFound');
  const [row] = await rowsOf<Raw>(deps.db, sql`${SELECT} where f.tenant_id = ${done.tenant_id} and f.id = ${id}`);
  return rowOut(deps, row!);
}
