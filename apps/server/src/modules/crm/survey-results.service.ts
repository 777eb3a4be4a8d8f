import { sql } from 'drizzle-orm';
import type { Lang } from '@fleetdesk/contracts/common';
import {
  QUESTION_KIND_TITLES,
  RATING_MAX,
  RATING_MIN,
  type AnswerValue,
  type SurveyDetail,
  type SurveyResults,
} from '@fleetdesk/contracts/surveys';
import type { RequestContext } from '../../core/access.js';
import {
  rawIso,
  rawJson,
  rawNumber,
  rawNumberOrNull,
  rowsOf,
  type RawJson,
  type RawNumber,
  type RawTime,
} from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { localMinute, tenantZone } from '../../core/tenant-time.js';
import { sheetOf, type BookSheet } from '../../core/xlsx.js';
import { getSurvey } from './surveys.service.js';

/** Text answers listed per question in the results (the latest). */
export const RESULT_TEXTS = 50;

const ratio = (n: number, of: number) => (of > 0 ? Math.round((n / of) * 10_000) / 10_000 : null);

/**
 * A survey's results: the totals of its invitations (invited, opened, answered, expired, response rate = answered
 * / invited, average seconds on the page) and per question the submissions that answer it, the count of each
 * option (single, multiple; in the options' order), the count of each score 1-5 and their average (rating), and
 * the latest 50 texts with the answerer's name (text).
 */
export async function surveyResults(deps: AppDeps, ctx: RequestContext, id: number): Promise<SurveyResults> {
  const survey = await getSurvey(deps, ctx, id);
  const db = deps.db;
  const now = deps.clock.now().toISOString();
  const counted = survey.questions.filter((q) => q.kind !== 'text').map((q) => q.id);
  const texts = survey.questions.filter((q) => q.kind === 'text').map((q) => q.id);
  const mine = sql`a.tenant_id = ${ctx.tenantId} and a.survey_id = ${id}`;
  const [[totals], answered, values, textRows] = await Promise.all([
    rowsOf<{
      invited: RawNumber;
      opened: RawNumber;
      answered: RawNumber;
      expired: RawNumber;
      seconds: RawNumber | null;
    }>(
      db,
      sql`select count(*) as invited,
          count(*) filter (where i.opened_at is not null or i.answered_at is not null) as opened,
          count(*) filter (where i.answered_at is not null) as answered,
          count(*) filter (where i.answered_at is null and i.expires_at <= ${now}) as expired,
          (select avg(a.seconds) from survey_answers a where ${mine}) as seconds
        from survey_invites i where i.tenant_id = ${ctx.tenantId} and i.survey_id = ${id}`,
    ),
    rowsOf<{ qid: string; n: RawNumber }>(
      db,
      sql`select e.key as qid, count(*) as n from survey_answers a cross join lateral jsonb_each(a.answers) e
        where ${mine} group by e.key`,
    ),
    counted.length
      ? rowsOf<{ qid: string; value: string; n: RawNumber }>(
          db,
          sql`select e.key as qid, x.v as value, count(*) as n
            from survey_answers a cross join lateral jsonb_each(a.answers) e
            cross join lateral (
              select jsonb_array_elements_text(e.value) as v where jsonb_typeof(e.value) = 'array'
              union all select e.value #>> '{}' where jsonb_typeof(e.value) in ('string', 'number')
            ) x
            where ${mine} and e.key = any(${`{${counted.join(',')}}`}::text[])
            group by e.key, x.v`,
        )
      : Promise.resolve([]),
    texts.length
      ? rowsOf<{ qid: string; text: string; name: string; at: RawTime }>(
          db,
          sql`select qid, text, name, at from (
              select e.key as qid, e.value #>> '{}' as text, i.name, a.submitted_at as at,
                row_number() over (partition by e.key order by a.submitted_at desc, a.id desc) as rn
              from survey_answers a cross join lateral jsonb_each(a.answers) e
              join survey_invites i on i.tenant_id = a.tenant_id and i.id = a.invite_id
              where ${mine} and e.key = any(${`{${texts.join(',')}}`}::text[])
            ) t where rn <= ${RESULT_TEXTS} order by qid, at desc`,
        )
      : Promise.resolve([]),
  ]);
  const count = (qid: string, value: string) =>
    rawNumber(values.find((v) => v.qid === qid && v.value === value)?.n ?? 0);
  const invited = rawNumber(totals!.invited);
  const done = rawNumber(totals!.answered);
  const seconds = rawNumberOrNull(totals!.seconds);
  return {
    surveyId: id,
    totals: {
      invited,
      opened: rawNumber(totals!.opened),
      answered: done,
      expired: rawNumber(totals!.expired),
      responseRate: ratio(done, invited),
      averageSeconds: seconds === null ? null : Math.round(seconds),
    },
    questions: survey.questions.map((q) => {
      const ratings =
        q.kind === 'rating'
          ? Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => ({
              score: RATING_MIN + i,
              count: count(q.id, String(RATING_MIN + i)),
            }))
          : [];
      const scored = ratings.reduce((s, r) => s + r.count, 0);
      return {
        id: q.id,
        kind: q.kind,
        title: q.title,
        answered: rawNumber(answered.find((a) => a.qid === q.id)?.n ?? 0),
        options: q.options.map((option) => ({ option, count: count(q.id, option) })),
        ratings,
        average: scored ? Math.round((ratings.reduce((s, r) => s + r.score * r.count, 0) / scored) * 100) / 100 : null,
        texts: textRows.filter((r) => r.qid === q.id).map((r) => ({ name: r.name, text: r.text, at: rawIso(r.at) })),
      };
    }),
  };
}

const L = {
  name: { 'zh-CN': '姓名', 'en-US': 'Name' },
  phone: { 'zh-CN': '手机号', 'en-US': 'Mobile' },
  who: { 'zh-CN': '对象', 'en-US': 'Who' },
  driver: { 'zh-CN': '司机', 'en-US': 'Driver' },
  lead: { 'zh-CN': '线索客户', 'en-US': 'Lead' },
  submittedAt: { 'zh-CN': '提交时间', 'en-US': 'Submitted' },
  seconds: { 'zh-CN': '用时（秒）', 'en-US': 'Seconds' },
  question: { 'zh-CN': '题目', 'en-US': 'Question' },
  kind: { 'zh-CN': '题型', 'en-US': 'Kind' },
  choice: { 'zh-CN': '选项 / 分数', 'en-US': 'Option / score' },
  count: { 'zh-CN': '人数', 'en-US': 'Count' },
  share: { 'zh-CN': '占比', 'en-US': 'Share' },
  average: { 'zh-CN': '平均分', 'en-US': 'Average' },
  invited: { 'zh-CN': '已邀请', 'en-US': 'Invited' },
  opened: { 'zh-CN': '已打开', 'en-US': 'Opened' },
  answeredTotal: { 'zh-CN': '已提交', 'en-US': 'Answered' },
  expired: { 'zh-CN': '已过期', 'en-US': 'Expired' },
  rate: { 'zh-CN': '回收率', 'en-US': 'Response rate' },
  sheets: {
    answers: { 'zh-CN': '答卷', 'en-US': 'Answers' },
    summary: { 'zh-CN': '汇总', 'en-US': 'Summary' },
  },
} as const;

interface AnswerLine {
  name: string;
  phone: string;
  driver: boolean;
  at: string;
  seconds: number | null;
  answers: Record<string, AnswerValue>;
}

/** Every submission of a survey (oldest first), for the export. */
async function answerLines(deps: AppDeps, ctx: RequestContext, id: number): Promise<AnswerLine[]> {
  const rows = await rowsOf<{
    name: string;
    phone: string;
    driver_id: RawNumber | null;
    submitted_at: RawTime;
    seconds: RawNumber | null;
    answers: RawJson<Record<string, AnswerValue>>;
  }>(
    deps.db,
    sql`select i.name, i.phone, i.driver_id, a.submitted_at, a.seconds, a.answers
      from survey_answers a join survey_invites i on i.tenant_id = a.tenant_id and i.id = a.invite_id
      where a.tenant_id = ${ctx.tenantId} and a.survey_id = ${id} order by a.submitted_at, a.id`,
  );
  return rows.map((r) => ({
    name: r.name,
    phone: r.phone,
    driver: r.driver_id != null,
    at: rawIso(r.submitted_at),
    seconds: rawNumberOrNull(r.seconds),
    answers: rawJson(r.answers, {}),
  }));
}

/** The workbook of a survey: sheet "answers" (one row per submission, a column per question), sheet "summary". */
export async function surveyWorkbook(
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
): Promise<{ survey: SurveyDetail; sheets: BookSheet[] }> {
  const lang: Lang = ctx.lang;
  const [survey, results, lines, zone] = await Promise.all([
    getSurvey(deps, ctx, id),
    surveyResults(deps, ctx, id),
    answerLines(deps, ctx, id),
    tenantZone(deps.db, ctx.tenantId),
  ]);
  const show = (v: AnswerValue | undefined) => (v === undefined ? '' : Array.isArray(v) ? v.join('、') : v);
  const answers = sheetOf<AnswerLine>(
    L.sheets.answers[lang],
    [
      { header: L.name[lang], width: 12, value: (r) => r.name },
      { header: L.phone[lang], width: 14, value: (r) => r.phone },
      { header: L.who[lang], width: 10, value: (r) => (r.driver ? L.driver[lang] : L.lead[lang]) },
      { header: L.submittedAt[lang], width: 18, value: (r) => localMinute(zone, new Date(r.at)) },
      { header: L.seconds[lang], width: 10, value: (r) => r.seconds },
      ...survey.questions.map((q) => ({
        header: `${q.id}. ${q.title}`,
        width: q.kind === 'text' ? 40 : 20,
        value: (r: AnswerLine) => show(r.answers[q.id]),
      })),
    ],
    lines,
  );
  type SummaryLine = {
    question: string;
    kind: string;
    choice: string | number;
    count: number | null;
    share: number | null;
  };
  const summary: SummaryLine[] = [
    { question: L.invited[lang], kind: '', choice: '', count: results.totals.invited, share: null },
    { question: L.opened[lang], kind: '', choice: '', count: results.totals.opened, share: null },
    { question: L.answeredTotal[lang], kind: '', choice: '', count: results.totals.answered, share: null },
    { question: L.expired[lang], kind: '', choice: '', count: results.totals.expired, share: null },
    { question: L.rate[lang], kind: '', choice: '', count: null, share: results.totals.responseRate },
  ];
  for (const q of results.questions) {
    const head = `${q.id}. ${q.title}`;
    const kind = QUESTION_KIND_TITLES[q.kind][lang];
    for (const o of q.options)
      summary.push({ question: head, kind, choice: o.option, count: o.count, share: ratio(o.count, q.answered) });
    for (const r of q.ratings)
      summary.push({ question: head, kind, choice: r.score, count: r.count, share: ratio(r.count, q.answered) });
    if (q.kind === 'rating')
      summary.push({ question: head, kind, choice: L.average[lang], count: null, share: q.average });
    if (q.kind === 'text') summary.push({ question: head, kind, choice: '', count: q.answered, share: null });
  }
  const summarySheet = sheetOf<SummaryLine>(
    L.sheets.summary[lang],
    [
      { header: L.question[lang], width: 36, value: (r) => r.question },
      { header: L.kind[lang], width: 12, value: (r) => r.kind },
      { header: L.choice[lang], width: 20, value: (r) => r.choice },
      { header: L.count[lang], width: 10, value: (r) => r.count },
      { header: L.share[lang], width: 10, value: (r) => r.share },
    ],
    summary,
  );
  return { survey, sheets: [answers, summarySheet] };
}
