import type { QuestionKind } from '@fleetdesk/contracts/surveys';

/** A question as the editor holds it (the contracts' question; options only for single and multiple choice). */
export interface QuestionDraft {
  id: string;
  kind: QuestionKind;
  title: string;
  required: boolean;
  options: string[];
}

export const hasOptions = (kind: QuestionKind) => kind === 'single' || kind === 'multiple';

/** The next free id (`q1`, `q2`, ...): ids stay put when questions move or go, so answers keep their question. */
export function nextQuestionId(questions: readonly { id: string }[]): string {
  const max = questions.reduce((m, q) => Math.max(m, Number(/^q(\d+)$/.exec(q.id)?.[1] ?? 0)), 0);
  return `q${max + 1}`;
}

export function newQuestion(kind: QuestionKind, questions: readonly { id: string }[]): QuestionDraft {
  return { id: nextQuestionId(questions), kind, title: '', required: true, options: hasOptions(kind) ? ['', ''] : [] };
}

/** Moves the question at `index` one place up (-1) or down (+1); out of range leaves the list as it is. */
export function moveQuestion<T>(list: readonly T[], index: number, step: -1 | 1): T[] {
  const to = index + step;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list];
  const out = [...list];
  [out[index], out[to]] = [out[to]!, out[index]!];
  return out;
}

/** A kind change keeps the title; choices get two empty options when they had none, the others lose theirs. */
export function changeKind(q: QuestionDraft, kind: QuestionKind): QuestionDraft {
  return { ...q, kind, options: hasOptions(kind) ? (q.options.length ? q.options : ['', '']) : [] };
}

/** The draft as the contracts' question (options only where they belong, texts trimmed). */
export function questionInput(q: QuestionDraft) {
  const base = { id: q.id, kind: q.kind, title: q.title.trim(), required: q.required };
  return hasOptions(q.kind) ? { ...base, options: q.options.map((o) => o.trim()) } : base;
}

export type AnswerValue = string | string[] | number | undefined;

/** The required questions left unanswered, by id (the page marks them before it sends). */
export function missingAnswers(
  questions: readonly { id: string; required: boolean }[],
  answers: Record<string, AnswerValue>,
): string[] {
  return questions
    .filter((q) => q.required)
    .filter((q) => {
      const a = answers[q.id];
      return (
        a === undefined || a === '' || (Array.isArray(a) && a.length === 0) || (typeof a === 'string' && !a.trim())
      );
    })
    .map((q) => q.id);
}

/** What is wrong with a draft question (keys of the `editor.*` texts); empty when it may be saved. */
export function questionProblems(q: QuestionDraft): { title?: string; options?: string } {
  const out: { title?: string; options?: string } = {};
  const title = q.title.trim();
  if (!title) out.title = 'editor.titleRequired';
  else if (title.length > 100) out.title = 'editor.titleLong';
  if (hasOptions(q.kind)) {
    const options = q.options.map((o) => o.trim());
    if (options.length < 2 || options.length > 10) out.options = 'editor.optionCount';
    else if (options.some((o) => !o)) out.options = 'editor.optionEmpty';
    else if (options.some((o) => o.length > 40)) out.options = 'editor.optionLong';
    else if (new Set(options).size !== options.length) out.options = 'editor.optionTwice';
  }
  return out;
}

/** The problems of every question by id (only those with one). */
export function surveyProblems(
  questions: readonly QuestionDraft[],
): Record<string, { title?: string; options?: string }> {
  const out: Record<string, { title?: string; options?: string }> = {};
  for (const q of questions) {
    const p = questionProblems(q);
    if (p.title || p.options) out[q.id] = p;
  }
  return out;
}
