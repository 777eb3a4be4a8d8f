import { sql, type SQL } from 'drizzle-orm';
import { MobilePhone } from '@fleetdesk/contracts/common';
import {
  SURVEY_STATE_TITLES,
  surveyLink,
  type InviteListQuery,
  type InviteRow,
  type InviteState,
  type PersonAnswer,
  type PersonAnswersQuery,
  type Question,
  type SurveyDetail,
  type SurveyInput,
  type SurveyListQuery,
  type SurveyRow,
  type SurveySendAnswer,
  type SurveySendInput,
  type SurveyState,
  type SurveyUpdateInput,
} from '@fleetdesk/contracts/surveys';
import { hasPermission, type RequestContext } from '../../core/access.js';
import {
  idArray,
  rawIso,
  rawIsoOrNull,
  rawJson,
  rawNumber,
  rawNumberOrNull,
  rowsOf,
  type RawJson,
  type RawNumber,
  type RawTime,
  type Tx,
} from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../core/errors.js';
import { translate } from '../../core/i18n.js';
import { containsPattern } from '../../core/like.js';
import { offsetOf } from '../../core/envelope.js';
import { tenantRules } from '../settings/settings.service.js';
import { createSystemNotice, purposeTemplate, systemSendingState } from '../sms-notices/sms-notices.service.js';
import { visibleLeads } from './leads.repository.js';
import { surveyToken } from './survey-token.js';
import './survey.messages.js';

/** The SMS notices' source of survey invitations (named on the SMS screens like any batch source). */
export const SURVEY_SMS_SOURCE = 'surveyInvite';
export const SURVEY_SMS_PURPOSE = 'survey.invite';
/** The template invitations use, created with this text the first time (the tenant may change or disable it). */
export const SURVEY_SMS_TEMPLATE = {
  name: '问卷邀请',
  content: '{name}您好，{company}邀请您填写问卷「{survey}」，{days}天内有效：{link}',
};

// ---------------------------------------------------------------- reading

interface RawSurvey {
  id: RawNumber;
  title: string;
  intro: string | null;
  state: SurveyState;
  questions: RawJson<Question[]>;
  invited: RawNumber;
  answered: RawNumber;
  created_by_name: string | null;
  created_at: RawTime;
  updated_at: RawTime;
  published_at: RawTime | null;
  closed_at: RawTime | null;
  version: RawNumber;
}

const SURVEY_COLUMNS = sql`s.id, s.title, s.intro, s.state, s.questions, s.created_at, s.updated_at, s.published_at,
  s.closed_at, s.version, u.name as created_by_name,
  (select count(*) from survey_invites i where i.tenant_id = s.tenant_id and i.survey_id = s.id) as invited,
  (select count(*) from survey_invites i where i.tenant_id = s.tenant_id and i.survey_id = s.id
    and i.answered_at is not null) as answered`;
const SURVEY_FROM = sql`from surveys s left join users u on u.tenant_id = s.tenant_id and u.id = s.created_by`;

function rowOf(r: RawSurvey): SurveyRow {
  return {
    id: rawNumber(r.id),
    title: r.title,
    state: r.state,
    questionCount: rawJson(r.questions, []).length,
    invited: rawNumber(r.invited),
    answered: rawNumber(r.answered),
    createdByName: r.created_by_name,
    createdAt: rawIso(r.created_at),
    updatedAt: rawIso(r.updated_at),
    publishedAt: rawIsoOrNull(r.published_at),
    closedAt: rawIsoOrNull(r.closed_at),
    version: rawNumber(r.version),
  };
}

function detailOf(r: RawSurvey): SurveyDetail {
  return { ...rowOf(r), intro: r.intro, questions: rawJson(r.questions, []) };
}

/** The surveys of the tenant (surveys belong to the company, not to a rent), newest first. */
export async function listSurveys(deps: AppDeps, ctx: RequestContext, q: SurveyListQuery) {
  const where = [sql`s.tenant_id = ${ctx.tenantId}`, sql`s.deleted_at is null`];
  if (q.state) where.push(sql`s.state = ${q.state}`);
  if (q.keyword) where.push(sql`s.title ilike ${containsPattern(q.keyword)}`);
  const cond = sql.join(where, sql` and `);
  const [rows, [count]] = await Promise.all([
    rowsOf<RawSurvey>(
      deps.db,
      sql`select ${SURVEY_COLUMNS} ${SURVEY_FROM} where ${cond} order by s.created_at desc, s.id desc
        limit ${q.pageSize} offset ${offsetOf(q)}`,
    ),
    rowsOf<{ n: RawNumber }>(deps.db, sql`select count(*) as n from surveys s where ${cond}`),
  ]);
  return { rows: rows.map(rowOf), total: rawNumber(count!.n) };
}

async function findSurvey(db: AppDeps['db'] | Tx, tenantId: number, id: number, lock = false) {
  const [row] = await rowsOf<RawSurvey>(
    db,
    lock
      ? sql`select ${SURVEY_COLUMNS} from surveys s left join users u on u.tenant_id = s.tenant_id and u.id = s.created_by
          where s.tenant_id = ${tenantId} and s.id = ${id} and s.deleted_at is null for update of s`
      : sql`select ${SURVEY_COLUMNS} ${SURVEY_FROM} where s.tenant_id = ${tenantId} and s.id = ${id}
          and s.deleted_at is null`,
  );
  if (!row) throw new NotFoundError('survey.notFound');
  return row;
}

export async function getSurvey(deps: AppDeps, ctx: RequestContext, id: number): Promise<SurveyDetail> {
  return detailOf(await findSurvey(deps.db, ctx.tenantId, id));
}

// ---------------------------------------------------------------- writing

export async function createSurvey(deps: AppDeps, ctx: RequestContext, input: SurveyInput): Promise<SurveyDetail> {
  const now = deps.clock.now();
  const [row] = await rowsOf<{ id: RawNumber }>(
    deps.db,
    sql`insert into surveys (tenant_id, title, intro, state, questions, created_by, created_at, updated_at)
      values (${ctx.tenantId}, ${input.title}, ${input.intro || null}, 'draft', ${JSON.stringify(input.questions)}::jsonb,
        ${ctx.userId}, ${now.toISOString()}, ${now.toISOString()})
      returning id`,
  );
  return getSurvey(deps, ctx, rawNumber(row!.id));
}

/** The questions as compared (jsonb keeps an object's keys in its own order). */
const canonical = (qs: readonly Question[]) =>
  JSON.stringify(qs.map((q) => [q.id, q.kind, q.title, q.required, q.options]));
const sameQuestions = (a: readonly Question[], b: readonly Question[]) => canonical(a) === canonical(b);

/**
 * Changes a survey at the version it was read at (409 `survey.stale` when it moved): a draft entirely; a published
 * one its title and intro only (409 `survey.notDraft` when the questions differ); a closed one not at all.
 */
export async function updateSurvey(
  deps: AppDeps,
  ctx: RequestContext,
  input: SurveyUpdateInput,
): Promise<{ value: SurveyDetail; before: SurveyDetail }> {
  const before = await deps.db.transaction(async (tx) => {
    const s = detailOf(await findSurvey(tx, ctx.tenantId, input.id, true));
    if (s.version !== input.version) throw new ConflictError('survey.stale');
    if (s.state === 'closed') throw new ConflictError('survey.closedEdit');
    if (s.state !== 'draft' && !sameQuestions(s.questions, input.questions)) throw new ConflictError('survey.notDraft');
    await tx.execute(
      sql`update surveys set title = ${input.title}, intro = ${input.intro || null},
        questions = ${JSON.stringify(input.questions)}::jsonb, updated_at = ${deps.clock.now().toISOString()},
        version = version + 1
        where tenant_id = ${ctx.tenantId} and id = ${input.id}`,
    );
    return s;
  });
  return { value: await getSurvey(deps, ctx, input.id), before };
}

/** Deletes a survey no one was invited to (409 `survey.inUse` otherwise: close it instead). */
export async function deleteSurvey(deps: AppDeps, ctx: RequestContext, id: number): Promise<SurveyDetail> {
  return deps.db.transaction(async (tx) => {
    const s = detailOf(await findSurvey(tx, ctx.tenantId, id, true));
    if (s.invited > 0) throw new ConflictError('survey.inUse', { count: s.invited });
    await tx.execute(
      sql`update surveys set deleted_at = ${deps.clock.now().toISOString()}, version = version + 1
        where tenant_id = ${ctx.tenantId} and id = ${id}`,
    );
    return s;
  });
}

function badState(ctx: RequestContext, state: SurveyState, action: 'Publish' | 'Close' | 'Send'): ConflictError {
  return new ConflictError('survey.badState', {
    state: SURVEY_STATE_TITLES[state][ctx.lang],
    action: translate(ctx.lang, `survey.action${action}`),
  });
}

/** draft → published (it can be sent) or published → closed (links answer 410); the version when given. */
export async function moveSurvey(
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  to: 'published' | 'closed',
  version: number | undefined,
): Promise<SurveyDetail> {
  await deps.db.transaction(async (tx) => {
    const s = detailOf(await findSurvey(tx, ctx.tenantId, id, true));
    if (version !== undefined && s.version !== version) throw new ConflictError('survey.stale');
    const from: SurveyState = to === 'published' ? 'draft' : 'published';
    if (s.state !== from) throw badState(ctx, s.state, to === 'published' ? 'Publish' : 'Close');
    const now = deps.clock.now().toISOString();
    await tx.execute(
      sql`update surveys set state = ${to}, updated_at = ${now}, version = version + 1,
        ${to === 'published' ? sql`published_at = ${now}` : sql`closed_at = ${now}`}
        where tenant_id = ${ctx.tenantId} and id = ${id}`,
    );
  });
  return getSurvey(deps, ctx, id);
}

// ---------------------------------------------------------------- sending

interface Person {
  driverId: number | null;
  leadId: number | null;
  name: string;
  phone: string;
}

/** The leads of a call's data scope (leads.repository.ts `visibleLeads`, alias `l`). */
export const leadScope = (ctx: Pick<RequestContext, 'tenantId' | 'rentIds' | 'ownOnly' | 'userId'>): SQL =>
  visibleLeads(ctx);

async function recipientsOf(deps: AppDeps, ctx: RequestContext, input: SurveySendInput) {
  const driverIds = [...new Set(input.driverIds)];
  const leadIds = [...new Set(input.leadIds)];
  const [drivers, leads] = await Promise.all([
    driverIds.length
      ? rowsOf<{ id: RawNumber; name: string; phone: string }>(
          deps.db,
          sql`select d.id, d.name, d.phone from drivers d where d.tenant_id = ${ctx.tenantId}
            and d.id = any(${idArray(driverIds)}) and d.deleted_at is null and d.rent_id = any(${idArray(ctx.rentIds)})
            order by d.id`,
        )
      : Promise.resolve([]),
    leadIds.length
      ? rowsOf<{ id: RawNumber; name: string; phone: string; state: string }>(
          deps.db,
          sql`select l.id, l.name, l.phone, l.state from crm_leads l where ${leadScope(ctx)}
            and l.id = any(${idArray(leadIds)}) order by l.id`,
        )
      : Promise.resolve([]),
  ]);
  if (drivers.length !== driverIds.length || leads.length !== leadIds.length)
    throw new NotFoundError('survey.recipientNotFound');
  const people: Person[] = [];
  const phones = new Set<string>();
  let skipped = 0;
  const add = (p: Person) => {
    const phone = p.phone.replace(/[\s-]/g, '');
    if (!MobilePhone.safeParse(phone).success || phones.has(phone)) return void skipped++;
    phones.add(phone);
    people.push({ ...p, phone });
  };
  for (const d of drivers) add({ driverId: rawNumber(d.id), leadId: null, name: d.name, phone: d.phone ?? '' });
  for (const l of leads) {
    if (l.state === 'lost') skipped++;
    else add({ driverId: null, leadId: rawNumber(l.id), name: l.name, phone: l.phone ?? '' });
  }
  return { people, skipped };
}

/**
 * Sends a published survey (409 `survey.badState` otherwise) to drivers of the caller's rents and leads of his
 * scope (404 when one is not; lost leads, numbers that are not mainland mobiles and a number met twice are
 * skipped): one invite each, valid `days` (default the rule `crm.surveyDays`), and ONE SMS notice of the SMS area
 * carrying each recipient's personal link `${PUBLIC_URL}/survey/{id}/{token}`. Over today's SMS quota: 409
 * `sms.quotaExceeded`, nothing kept.
 */
export async function sendSurvey(
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  input: SurveySendInput,
): Promise<SurveySendAnswer> {
  const survey = detailOf(await findSurvey(deps.db, ctx.tenantId, id));
  if (survey.state !== 'published') throw badState(ctx, survey.state, 'Send');
  const { people, skipped } = await recipientsOf(deps, ctx, input);
  if (!people.length) throw new ConflictError('survey.noRecipients');
  const rules = await tenantRules(deps, ctx.tenantId);
  const days = input.days ?? rules.crm?.surveyDays ?? 14;
  const template = await purposeTemplate(deps, ctx.tenantId, SURVEY_SMS_PURPOSE, SURVEY_SMS_TEMPLATE);
  if (template.status !== 'active') throw new ConflictError('survey.templateDisabled');
  const sending = await systemSendingState(deps, ctx.tenantId);
  if (people.length > sending.remaining) {
    throw new ConflictError('sms.quotaExceeded', {
      quota: sending.dailyQuota,
      used: sending.dailyQuota - sending.remaining,
      count: people.length,
    });
  }
  const now = deps.clock.now();
  const exp = Math.floor(now.getTime() / 1000) + days * 86_400;
  const base = deps.config.PUBLIC_URL.replace(/\/+$/, '');
  const created = await deps.db.transaction(async (tx) => {
    const invites = await rowsOf<{ id: RawNumber; phone: string }>(
      tx,
      sql`insert into survey_invites (tenant_id, survey_id, driver_id, lead_id, name, phone, expires_at, sent_at,
          created_by)
        select ${ctx.tenantId}, ${id}, p.driver_id, p.lead_id, p.name, p.phone, ${new Date(exp * 1000).toISOString()},
          ${now.toISOString()}, ${ctx.userId}
        from jsonb_to_recordset(${JSON.stringify(
          people.map((p, i) => ({ i, driver_id: p.driverId, lead_id: p.leadId, name: p.name, phone: p.phone })),
        )}::jsonb) as p(i int, driver_id bigint, lead_id bigint, name text, phone text)
        order by p.i
        returning id, phone`,
    );
    // Each person's invite by the phone (unique among the people sent to).
    const inviteOf = new Map(invites.map((r) => [r.phone, rawNumber(r.id)]));
    const ids = [...inviteOf.values()];
    const notice = await createSystemNotice(deps, tx, ctx, {
      template,
      source: SURVEY_SMS_SOURCE,
      recipients: people.map((p) => ({
        phone: p.phone,
        name: p.name,
        variables: {
          name: p.name,
          survey: survey.title,
          days: String(days),
          link:
            base +
            surveyLink(id, surveyToken(deps.fileUrls, ctx.tenantId, id, { inviteId: inviteOf.get(p.phone)!, exp })),
        },
      })),
      signature: sending.signature,
      segmentPriceFen: sending.segmentPriceFen,
      defaults: { company: sending.shortName },
    });
    if (notice.created) {
      await tx.execute(
        sql`update survey_invites set notice_id = ${notice.created.batchId}
          where tenant_id = ${ctx.tenantId} and id = any(${idArray(ids)})`,
      );
    }
    return { count: ids.length, notice: notice.created };
  });
  if (created.notice) await deps.tasks.dispatch(created.notice.task);
  return { invites: created.count, skipped, noticeId: created.notice?.batchId ?? null };
}

// ---------------------------------------------------------------- invites

/** The state of an invite as SQL (`InviteState`: answered, expired, opened, sent). */
function inviteStateSql(now: Date): SQL {
  return sql`case when i.answered_at is not null then 'answered'
    when i.expires_at <= ${now.toISOString()} then 'expired'
    when i.opened_at is not null then 'opened' else 'sent' end`;
}

/** A survey's invitations, newest first, with their derived state (filter `state`). */
export async function listInvites(deps: AppDeps, ctx: RequestContext, id: number, q: InviteListQuery) {
  await findSurvey(deps.db, ctx.tenantId, id);
  const now = deps.clock.now();
  const where = [sql`i.tenant_id = ${ctx.tenantId}`, sql`i.survey_id = ${id}`];
  if (q.state) where.push(sql`${inviteStateSql(now)} = ${q.state}`);
  const cond = sql.join(where, sql` and `);
  const [rows, [count]] = await Promise.all([
    rowsOf<{
      id: RawNumber;
      driver_id: RawNumber | null;
      lead_id: RawNumber | null;
      name: string;
      phone: string;
      state: InviteState;
      sent_at: RawTime | null;
      opened_at: RawTime | null;
      answered_at: RawTime | null;
      expires_at: RawTime;
      notice_id: RawNumber | null;
      created_by_name: string | null;
    }>(
      deps.db,
      sql`select i.id, i.driver_id, i.lead_id, i.name, i.phone, ${inviteStateSql(now)} as state, i.sent_at, i.opened_at,
          i.answered_at, i.expires_at, i.notice_id, u.name as created_by_name
        from survey_invites i left join users u on u.tenant_id = i.tenant_id and u.id = i.created_by
        where ${cond} order by i.id desc limit ${q.pageSize} offset ${offsetOf(q)}`,
    ),
    rowsOf<{ n: RawNumber }>(deps.db, sql`select count(*) as n from survey_invites i where ${cond}`),
  ]);
  return {
    rows: rows.map((r): InviteRow => ({
      id: rawNumber(r.id),
      driverId: rawNumberOrNull(r.driver_id),
      leadId: rawNumberOrNull(r.lead_id),
      name: r.name,
      phone: r.phone,
      state: r.state,
      sentAt: rawIsoOrNull(r.sent_at),
      openedAt: rawIsoOrNull(r.opened_at),
      answeredAt: rawIsoOrNull(r.answered_at),
      expiresAt: rawIso(r.expires_at),
      noticeId: rawNumberOrNull(r.notice_id),
      createdByName: r.created_by_name,
    })),
    total: rawNumber(count!.n),
  };
}

// ---------------------------------------------------------------- a person's answers

/**
 * A driver's (in the caller's rents) or a lead's (in his scope; the CRM permission needed) submitted answers,
 * newest first, each question with its answer (null: left out). 404 when the person is not found in scope.
 */
export async function personAnswers(
  deps: AppDeps,
  ctx: RequestContext,
  q: PersonAnswersQuery,
): Promise<PersonAnswer[]> {
  if (q.leadId != null) {
    if (!hasPermission(ctx.permissions, 'crm:view')) throw new ForbiddenError('survey.forbiddenLead');
    const [lead] = await rowsOf<{ id: RawNumber }>(
      deps.db,
      sql`select l.id from crm_leads l where ${leadScope(ctx)} and l.id = ${q.leadId}`,
    );
    if (!lead) throw new NotFoundError();
  } else {
    const [driver] = await rowsOf<{ id: RawNumber }>(
      deps.db,
      sql`select d.id from drivers d where d.tenant_id = ${ctx.tenantId} and d.id = ${q.driverId!}
        and d.deleted_at is null and d.rent_id = any(${idArray(ctx.rentIds)})`,
    );
    if (!driver) throw new NotFoundError();
  }
  const person = q.leadId != null ? sql`i.lead_id = ${q.leadId}` : sql`i.driver_id = ${q.driverId!}`;
  const rows = await rowsOf<{
    survey_id: RawNumber;
    title: string;
    questions: RawJson<Question[]>;
    invite_id: RawNumber;
    submitted_at: RawTime;
    answers: RawJson<Record<string, unknown>>;
  }>(
    deps.db,
    sql`select s.id as survey_id, s.title, s.questions, i.id as invite_id, a.submitted_at, a.answers
      from survey_answers a
      join survey_invites i on i.tenant_id = a.tenant_id and i.id = a.invite_id
      join surveys s on s.tenant_id = a.tenant_id and s.id = a.survey_id
      where a.tenant_id = ${ctx.tenantId} and ${person} and s.deleted_at is null
      order by a.submitted_at desc, a.id desc limit 100`,
  );
  return rows.map((r) => {
    const answers = rawJson(r.answers, {});
    return {
      surveyId: rawNumber(r.survey_id),
      surveyTitle: r.title,
      inviteId: rawNumber(r.invite_id),
      submittedAt: rawIso(r.submitted_at),
      items: rawJson(r.questions, []).map((question) => ({
        questionId: question.id,
        kind: question.kind,
        title: question.title,
        answer: (answers[question.id] as PersonAnswer['items'][number]['answer'] | undefined) ?? null,
      })),
    };
  });
}

/** An invitation's personal link token, for another area that shows the link (the driver portal). */
export { surveyToken };
