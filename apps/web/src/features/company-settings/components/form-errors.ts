import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { serverFieldErrors } from '../../../lib/field-failure';
import { issueMessage } from '../../../lib/validation';

export interface FieldError {
  name: (string | number)[];
  errors: string[];
}

/** A contracts schema's issues as antd form fields (nested paths: `reminders.licenceDays`). */
export function schemaErrors(error: z.ZodError, t: TFunction): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    if (seen.has(key) || key === '') continue;
    seen.add(key);
    out.push({
      name: issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
      errors: [issueMessage(issue, t)],
    });
  }
  return out;
}

/** The server's field errors (a 400 naming fields) as antd form fields; an unknown field goes to `fallback`. */
export function serverErrors(error: unknown, known: (name: string[]) => boolean, fallback: string[]): FieldError[] {
  return serverFieldErrors(error).map((f) => {
    const name = f.path.split('.');
    return { name: known(name) ? name : fallback, errors: [f.message] };
  });
}
