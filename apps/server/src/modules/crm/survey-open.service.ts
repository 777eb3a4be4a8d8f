import { sql } from 'drizzle-orm';
import {
  validateSurveyAnswers,
  type PublicSurvey,
  type Question,
  type SurveyState,
  type SurveySubmission,
} from '@fleetdesk/contracts/surveys';
import {
  isUniqueViolation,
  rawIso,
  rawJson,
  rawNumber,
  rowsOf,
  type RawJson,
  type RawNumber,
  type RawTime,
} from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { BadRequestError, ConflictError, GoneError, NotFoundError } from '../../core/errors.js';
import { consume } from '../../core/rate-limit.js';
import { readSurveyToken, surveyTokenValid } from './survey-token.js';
import './survey.messages.js';

/** Calls of one IP on the open survey address (GET and POST together). */
export const SURVEY_OPEN_PER_IP = { limit: 30, windowSeconds: 600 };
/** Submissions of one invitation. */
export const SURVEY_POSTS_PER_INVITE = { limit: 10, windowSeconds: 3600 };

/** Counts a call of the open survey address against its IP (429 past 30 in 10 minutes). */
export async function countSurveyCall(deps: AppDeps, ip: string): Promise<void> {
  await consume(deps.db, deps.clock, { key: `survey:ip:${ip}`, ...SURVEY_OPEN_PER_IP });
}

interface Invite {
  tenant_id: RawNumber;
  id: RawNumber;
  survey_id: RawNumber;
  name: string;
  expires_at: RawTime;
  opened_at: RawTime | null;
  answered_at: RawTime | null;
  state: SurveyState;
  title: string;
  intro: string | null;
  questions: RawJson<Question[]>;
  tenant_name: string;
}

/**
 * The invitation a link names, proved: a token that is not ours, signed for another survey or tenant, or naming
 * an unknown invite → 404 `survey.linkInvalid`; past its expiry → 410 `survey.linkExpired`; answered → 409
 * `survey.answered`; the survey closed → 410 `survey.closed`.
 */
async function provenInvite(deps: AppDeps, surveyId: number, token: string): Promise<Invite> {
  const claims = readSurveyToken(token);
  if (!claims) throw new NotFoundError('survey.linkInvalid');
  // The token names no tenant: the invite is found by its survey and id among the tenants (their index).
  const [invite] = await rowsOf<Invite>(
    deps.db,
    sql`select i.tenant_id, i.id, i.survey_id, i.name, i.expires_at, i.opened_at, i.answered_at, s.state, s.title,
        s.intro, s.questions, t.name as tenant_name
      from tenants t
      join survey_invites i on i.tenant_id = t.id and i.survey_id = ${surveyId} and i.id = ${claims.inviteId}
      join surveys s on s.tenant_id = i.tenant_id and s.id = i.survey_id and s.deleted_at is null`,
  );
  if (
    !invite ||
    Math.floor(new Date(invite.expires_at).getTime() / 1000) !== claims.exp ||
    !surveyTokenValid(deps.fileUrls, rawNumber(invite.tenant_id), surveyId, claims)
  )
    throw new NotFoundError('survey.linkInvalid');
  if (claims.exp * 1000 <= deps.clock.now().getTime()) throw new GoneError('survey.linkExpired');
  if (invite.answered_at) throw new ConflictError('survey.answered');
  if (invite.state !== 'published')
    throw new GoneError(invite.state === 'closed' ? 'survey.closed' : 'survey.linkInvalid');
  return invite;
}

async function markOpened(deps: AppDeps, invite: Invite): Promise<void> {
  if (invite.opened_at) return;
  await deps.db.execute(
    sql`update survey_invites set opened_at = ${deps.clock.now().toISOString()}
      where tenant_id = ${rawNumber(invite.tenant_id)} and id = ${rawNumber(invite.id)} and opened_at is null`,
  );
}

/** GET of the open link: the survey to answer (the first opening is recorded). */
export async function openSurvey(deps: AppDeps, surveyId: number, token: string): Promise<PublicSurvey> {
  const invite = await provenInvite(deps, surveyId, token);
  await markOpened(deps, invite);
  return {
    tenantName: invite.tenant_name,
    title: invite.title,
    intro: invite.intro,
    name: invite.name,
    questions: rawJson(invite.questions, []),
    expiresAt: rawIso(invite.expires_at),
  };
}

/** The answers as kept: answered questions only, texts trimmed. */
function kept(questions: readonly Question[], answers: SurveySubmission['answers']): SurveySubmission['answers'] {
  const out: SurveySubmission['answers'] = {};
  for (const q of questions) {
    const v = answers[q.id];
    if (v == null || v === '' || (Array.isArray(v) && !v.length)) continue;
    out[q.id] = typeof v === 'string' ? v.trim() : v;
    if (out[q.id] === '') delete out[q.id];
  }
  return out;
}

/**
 * POST of the open link: the answers, checked against the questions (400 with an error per question id), kept
 * once (a second submission, even racing, is 409 `survey.answered`). At most 10 submissions per invite an hour.
 */
export async function submitSurvey(
  deps: AppDeps,
  surveyId: number,
  token: string,
  input: SurveySubmission,
  ip: string,
): Promise<{ ok: true }> {
  const invite = await provenInvite(deps, surveyId, token);
  const tenantId = rawNumber(invite.tenant_id);
  const inviteId = rawNumber(invite.id);
  await consume(deps.db, deps.clock, { key: `survey:invite:${inviteId}`, ...SURVEY_POSTS_PER_INVITE });
  const questions = rawJson(invite.questions, []);
  const errors = validateSurveyAnswers(questions, input.answers);
  const wrong = Object.entries(errors);
  if (wrong.length) {
    throw new BadRequestError(
      'survey.answersInvalid',
      { count: wrong.length },
      wrong.map(([path, message]) => ({ path, message })),
    );
  }
  const now = deps.clock.now().toISOString();
  try {
    await deps.db.transaction(async (tx) => {
      const marked = await rowsOf<{ id: RawNumber }>(
        tx,
        sql`update survey_invites set answered_at = ${now}, opened_at = coalesce(opened_at, ${now})
          where tenant_id = ${tenantId} and id = ${inviteId} and answered_at is null returning id`,
      );
      if (!marked.length) throw new ConflictError('survey.answered');
      await tx.execute(
        sql`insert into survey_answers (tenant_id, survey_id, invite_id, answers, submitted_at, seconds, ip)
          values (${tenantId}, ${surveyId}, ${inviteId}, ${JSON.stringify(kept(questions, input.answers))}::jsonb, ${now},
            ${input.seconds ?? null}, ${ip.slice(0, 64)})`,
      );
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError('survey.answered');
    throw err;
  }
  return { ok: true };
}
