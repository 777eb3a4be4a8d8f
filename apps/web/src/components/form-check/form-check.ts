import type { FormInstance } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { issueMessage } from '../../lib/validation';

/**
 * Checks an input with its contracts schema and shows each problem under its field (cross-field rules too: the
 * issue's path names the field); answers the parsed input, or null when the form shows errors. A choice or a
 * number left empty says "required" (a choice "please choose"), not "the format is not valid". Shared by the
 * maintenance and notarization forms.
 */
export function checked<S extends z.ZodType>(
  form: FormInstance,
  schema: S,
  input: unknown,
  t: TFunction,
  fields?: ReadonlySet<string>,
): z.output<S> | null {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const values = (input ?? {}) as Record<string, unknown>;
  const errors = new Map<string, { name: (string | number)[]; errors: string[] }>();
  for (const issue of result.error.issues) {
    const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
    const top = String(path[0] ?? '');
    if (fields && !fields.has(top)) continue;
    const missing = path.length === 1 && (values[top] === undefined || values[top] === null) && issue.code !== 'custom';
    const name = path.length ? [path[0]!] : [''];
    const key = JSON.stringify(name);
    if (!errors.has(key))
      errors.set(key, {
        name,
        errors: [
          missing
            ? t(issue.code === 'invalid_value' ? 'common:validation.choose' : 'common:validation.required')
            : issueMessage(issue, t),
        ],
      });
  }
  form.setFields([...errors.values()] as never);
  return null;
}
