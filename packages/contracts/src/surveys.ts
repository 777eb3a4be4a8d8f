import { z } from 'zod';
import { Id, Instant, PageQuery, Version, type LocalText } from './common.js';
import { addValidationMessages } from './validation-registry.js';

/**
 * Surveys (issue 32; docs/crm.md): a survey (问卷) is written as a draft, published, sent by SMS to drivers and
 * leads (one personal link per invitation), answered on a public page, and closed. `validateSurveyAnswers` is the
 * one check of a submission against the questions (server and web).
 */
const base = '/api/ccwadmin';
const open = '/api/open';

export const SurveyPaths = {
  list: `${base}/survey/list`,
  get: `${base}/survey/get/:id`,
  /** POST creates, PUT updates (with id and version; drafts only). */
  save: `${base}/survey/save`,
  delete: `${base}/survey/delete/:id`,
  publish: `${base}/survey/publish/:id`,
  close: `${base}/survey/close/:id`,
  send: `${base}/survey/send/:id`,
  invites: `${base}/survey/invites/:id`,
  results: `${base}/survey/results/:id`,
  export: `${base}/survey/export/:id`,
  /** `?driverId` or `?leadId`: that person's answers (the driver's and the lead's page). */
  answers: `${base}/survey/answers`,
  /** Open (signed link): GET the survey to answer, POST the answers. */
  openSurvey: `${open}/survey/:id/:token`,
} as const;

/** The web address of an invitation (after PUBLIC_URL). */
export const surveyLink = (surveyId: number, token: string): string => `/survey/${surveyId}/${token}`;

export const SURVEY_VALIDATION_MESSAGES = {
  'v.surveyOptions': {
    'zh-CN': '单选和多选题须有 2 至 10 个不重复的选项',
    'en-US': 'A single or multiple choice question needs 2 to 10 different options',
  },
  'v.surveyNoOptions': {
    'zh-CN': '评分题和文本题没有选项',
    'en-US': 'Rating and text questions have no options',
  },
  'v.surveyQuestionIds': {
    'zh-CN': '题目编号重复',
    'en-US': 'Two questions have the same id',
  },
  'v.surveyRecipients': {
    'zh-CN': '请至少选择一位司机或线索客户',
    'en-US': 'Choose at least one driver or lead',
  },
  'v.surveyAnswerRequired': { 'zh-CN': '此题必答', 'en-US': 'This question needs an answer' },
  'v.surveyAnswerOption': { 'zh-CN': '请选择列出的选项', 'en-US': 'Choose one of the listed options' },
  'v.surveyAnswerRating': { 'zh-CN': '评分为 1 至 5 的整数', 'en-US': 'A rating is a whole number from 1 to 5' },
  'v.surveyAnswerText': { 'zh-CN': '最多 500 字', 'en-US': 'At most 500 characters' },
  'v.surveyAnswerUnknown': { 'zh-CN': '问卷中没有这道题', 'en-US': 'The survey has no such question' },
  'v.surveyPerson': {
    'zh-CN': '请指定司机或线索（二选一）',
    'en-US': 'Name a driver or a lead (exactly one of the two)',
  },
} satisfies Record<string, LocalText>;
addValidationMessages(SURVEY_VALIDATION_MESSAGES);

const t = (zh: string, en: string): LocalText => ({ 'zh-CN': zh, 'en-US': en });
const text = (max: number) => z.string().trim().max(max);
const optText = (max: number) => text(max).nullish();

// ---------------------------------------------------------------- enums

export const SURVEY_STATES = ['draft', 'published', 'closed'] as const;
export const SurveyState = z.enum(SURVEY_STATES);
export type SurveyState = z.infer<typeof SurveyState>;
export const SURVEY_STATE_TITLES: Record<SurveyState, LocalText> = {
  draft: t('草稿', 'Draft'),
  published: t('发布中', 'Published'),
  closed: t('已结束', 'Closed'),
};
/** draft → published → closed; only a draft's questions change; a published survey can be sent and answered. */
export const SURVEY_TRANSITIONS: Record<SurveyState, readonly SurveyState[]> = {
  draft: ['published'],
  published: ['closed'],
  closed: [],
};

export const QUESTION_KINDS = ['single', 'multiple', 'rating', 'text'] as const;
export const QuestionKind = z.enum(QUESTION_KINDS);
export type QuestionKind = z.infer<typeof QuestionKind>;
export const QUESTION_KIND_TITLES: Record<QuestionKind, LocalText> = {
  single: t('单选', 'Single choice'),
  multiple: t('多选', 'Multiple choice'),
  rating: t('评分(1-5)', 'Rating (1-5)'),
  text: t('文本', 'Text'),
};
export const CHOICE_KINDS: readonly QuestionKind[] = ['single', 'multiple'];

/** Derived from the invite's times (never stored). */
export const INVITE_STATES = ['sent', 'opened', 'answered', 'expired'] as const;
export const InviteState = z.enum(INVITE_STATES);
export type InviteState = z.infer<typeof InviteState>;
export const INVITE_STATE_TITLES: Record<InviteState, LocalText> = {
  sent: t('已发送', 'Sent'),
  opened: t('已打开', 'Opened'),
  answered: t('已提交', 'Answered'),
  expired: t('已过期', 'Expired'),
};
export function inviteStateOf(
  invite: { answeredAt: string | null; openedAt: string | null; expiresAt: string },
  now: Date,
): InviteState {
  if (invite.answeredAt) return 'answered';
  if (Date.parse(invite.expiresAt) <= now.getTime()) return 'expired';
  return invite.openedAt ? 'opened' : 'sent';
}

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const TEXT_ANSWER_MAX = 500;
export const QUESTIONS_MAX = 50;

// ---------------------------------------------------------------- questions and surveys

export const QuestionId = z.string().regex(/^q\d{1,3}$/);
export const Question = z
  .strictObject({
    id: QuestionId.describe("'q1', 'q2', … (stable: answers refer to it)"),
    kind: QuestionKind,
    title: text(100).min(1),
    required: z.boolean().default(false),
    options: z.array(text(40).min(1)).max(10).default([]),
  })
  .superRefine((q, ctx) => {
    if (CHOICE_KINDS.includes(q.kind)) {
      if (q.options.length < 2 || new Set(q.options).size !== q.options.length)
        ctx.addIssue({ code: 'custom', path: ['options'], message: 'v.surveyOptions' });
    } else if (q.options.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'v.surveyNoOptions' });
    }
  });
export type Question = z.infer<typeof Question>;
const Questions = z
  .array(Question)
  .min(1)
  .max(QUESTIONS_MAX)
  .superRefine((qs, ctx) => {
    const seen = new Set<string>();
    qs.forEach((q, i) => {
      if (seen.has(q.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: 'v.surveyQuestionIds' });
      seen.add(q.id);
    });
  });

const SurveyFields = {
  title: text(60).min(1),
  intro: optText(500),
  questions: Questions,
};
/** `survey/save` POST: a new draft. */
export const SurveyInput = z.strictObject(SurveyFields);
export type SurveyInput = z.infer<typeof SurveyInput>;
/** `survey/save` PUT: a draft changed (a published survey: title and intro only; its questions stay). */
export const SurveyUpdateInput = z.strictObject({ ...SurveyFields, id: Id, version: Version });
export type SurveyUpdateInput = z.infer<typeof SurveyUpdateInput>;

export const SurveyRow = z.object({
  id: Id,
  title: z.string(),
  state: SurveyState,
  questionCount: z.number().int(),
  invited: z.number().int(),
  answered: z.number().int(),
  createdByName: z.string().nullable(),
  createdAt: Instant,
  updatedAt: Instant,
  publishedAt: Instant.nullable(),
  closedAt: Instant.nullable(),
  version: Version,
});
export type SurveyRow = z.infer<typeof SurveyRow>;
export const SurveyDetail = SurveyRow.extend({
  intro: z.string().nullable(),
  questions: z.array(Question),
});
export type SurveyDetail = z.infer<typeof SurveyDetail>;

export const SurveyListQuery = PageQuery.extend({
  state: SurveyState.optional(),
  keyword: text(30).optional().describe('part of the title'),
});
export type SurveyListQuery = z.infer<typeof SurveyListQuery>;

/** publish / close / delete bodies. */
export const SurveyVersionInput = z.strictObject({ version: Version.optional() });
export type SurveyVersionInput = z.infer<typeof SurveyVersionInput>;

// ---------------------------------------------------------------- sending and invites

/** `survey/send/:id` (crm:send): drivers in the caller's rents and leads in scope (not lost); phone-less ones skipped. */
export const SurveySendInput = z
  .strictObject({
    driverIds: z.array(Id).max(500).default([]),
    leadIds: z.array(Id).max(500).default([]),
    days: z.number().int().min(1).max(90).optional().describe('link validity; default crm.surveyDays'),
  })
  .superRefine((v, ctx) => {
    if (v.driverIds.length + v.leadIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['driverIds'], message: 'v.surveyRecipients' });
  });
export type SurveySendInput = z.infer<typeof SurveySendInput>;
export const SurveySendAnswer = z.object({
  invites: z.number().int(),
  skipped: z.number().int().describe('recipients without a phone'),
  noticeId: Id.nullable().describe('the SMS notice that carries the links'),
});
export type SurveySendAnswer = z.infer<typeof SurveySendAnswer>;

export const InviteRow = z.object({
  id: Id,
  driverId: Id.nullable(),
  leadId: Id.nullable(),
  name: z.string(),
  phone: z.string(),
  state: InviteState,
  sentAt: Instant.nullable(),
  openedAt: Instant.nullable(),
  answeredAt: Instant.nullable(),
  expiresAt: Instant,
  noticeId: Id.nullable(),
  createdByName: z.string().nullable(),
});
export type InviteRow = z.infer<typeof InviteRow>;
export const InviteListQuery = PageQuery.extend({ state: InviteState.optional() });
export type InviteListQuery = z.infer<typeof InviteListQuery>;

// ---------------------------------------------------------------- answers and results

/** One answer: an option (single), options (multiple), 1-5 (rating), a text. */
export const AnswerValue = z.union([
  z.string().max(TEXT_ANSWER_MAX * 2),
  z.array(z.string().max(100)).max(10),
  z.number(),
]);
export type AnswerValue = z.infer<typeof AnswerValue>;
export const Answers = z.record(QuestionId, AnswerValue);
export type Answers = z.infer<typeof Answers>;

/**
 * The answers checked against the questions: a message key per question id that is wrong (empty: fine).
 * Unanswered optional questions may be absent, null-ish, '' or [].
 */
export function validateSurveyAnswers(
  questions: readonly Question[],
  answers: Record<string, unknown>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const known = new Set(questions.map((q) => q.id));
  for (const id of Object.keys(answers)) if (!known.has(id)) errors[id] = 'v.surveyAnswerUnknown';
  for (const q of questions) {
    const v = answers[q.id];
    const empty = v == null || v === '' || (Array.isArray(v) && v.length === 0);
    if (empty) {
      if (q.required) errors[q.id] = 'v.surveyAnswerRequired';
      continue;
    }
    switch (q.kind) {
      case 'single':
        if (typeof v !== 'string' || !q.options.includes(v)) errors[q.id] = 'v.surveyAnswerOption';
        break;
      case 'multiple':
        if (
          !Array.isArray(v) ||
          v.some((o) => typeof o !== 'string' || !q.options.includes(o)) ||
          new Set(v).size !== v.length
        )
          errors[q.id] = 'v.surveyAnswerOption';
        break;
      case 'rating':
        if (typeof v !== 'number' || !Number.isInteger(v) || v < RATING_MIN || v > RATING_MAX)
          errors[q.id] = 'v.surveyAnswerRating';
        break;
      case 'text':
        if (typeof v !== 'string' || Array.from(v.trim()).length > TEXT_ANSWER_MAX) errors[q.id] = 'v.surveyAnswerText';
        break;
    }
  }
  return errors;
}

export const OptionCount = z.object({ option: z.string(), count: z.number().int() });
export const RatingCount = z.object({ score: z.number().int(), count: z.number().int() });
export const TextAnswer = z.object({ name: z.string(), text: z.string(), at: Instant });
export const QuestionResult = z.object({
  id: QuestionId,
  kind: QuestionKind,
  title: z.string(),
  answered: z.number().int().describe('submissions that answer it'),
  options: z.array(OptionCount).describe('single / multiple: count per option, in the options order'),
  ratings: z.array(RatingCount).describe('rating: count per score 1-5'),
  average: z.number().nullable().describe('rating: the average score'),
  texts: z.array(TextAnswer).describe('text: the latest 50 with the answerer’s name'),
});
export type QuestionResult = z.infer<typeof QuestionResult>;
export const SurveyResults = z.object({
  surveyId: Id,
  totals: z.object({
    invited: z.number().int(),
    opened: z.number().int(),
    answered: z.number().int(),
    expired: z.number().int(),
    responseRate: z.number().nullable().describe('answered / invited (0-1)'),
    averageSeconds: z.number().nullable(),
  }),
  questions: z.array(QuestionResult),
});
export type SurveyResults = z.infer<typeof SurveyResults>;

/** `survey/answers?driverId|leadId`: a person's submitted answers, newest first. */
export const PersonAnswersQuery = z.object({ driverId: Id.optional(), leadId: Id.optional() }).superRefine((v, ctx) => {
  if ((v.driverId == null) === (v.leadId == null))
    ctx.addIssue({ code: 'custom', path: ['driverId'], message: 'v.surveyPerson' });
});
export type PersonAnswersQuery = z.infer<typeof PersonAnswersQuery>;
export const PersonAnswer = z.object({
  surveyId: Id,
  surveyTitle: z.string(),
  inviteId: Id,
  submittedAt: Instant,
  items: z.array(
    z.object({
      questionId: QuestionId,
      kind: QuestionKind,
      title: z.string(),
      answer: AnswerValue.nullable(),
    }),
  ),
});
export type PersonAnswer = z.infer<typeof PersonAnswer>;

// ---------------------------------------------------------------- the public page

export const SurveyLinkParams = z.object({ id: Id, token: z.string().min(10).max(200) });
export type SurveyLinkParams = z.infer<typeof SurveyLinkParams>;
/** GET `/api/open/survey/:id/:token` (404 survey.linkInvalid, 410 survey.linkExpired / survey.closed, 409 survey.answered). */
export const PublicSurvey = z.object({
  tenantName: z.string(),
  title: z.string(),
  intro: z.string().nullable(),
  name: z.string().describe('the invited person (greeting)'),
  questions: z.array(Question),
  expiresAt: Instant,
});
export type PublicSurvey = z.infer<typeof PublicSurvey>;
/** POST `/api/open/survey/:id/:token`: 400 with field errors keyed by question id (validateSurveyAnswers). */
export const SurveySubmission = z.strictObject({
  answers: Answers,
  seconds: z.number().int().min(0).max(86_400).optional().describe('time spent on the page'),
});
export type SurveySubmission = z.infer<typeof SurveySubmission>;
export const SurveySubmissionAnswer = z.object({ ok: z.literal(true) });
export type SurveySubmissionAnswer = z.infer<typeof SurveySubmissionAnswer>;
