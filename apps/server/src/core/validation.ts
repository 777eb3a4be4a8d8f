import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import type { Lang } from '@fleetdesk/contracts/common';
import { VALIDATION_MESSAGES } from '@fleetdesk/contracts/validation';

type Issue = z.core.$ZodIssue;

/** Validates a request part with its zod schema; keeps zod's issues so the error handler can localise them. */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    // With the input on each issue, zod's locales can say what was received.
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    const error = Object.assign(new Error('validation failed'), {
      validation: result.error.issues.map((issue) => ({
        keyword: issue.code,
        instancePath: `/${issue.path.join('/')}`,
        schemaPath: '',
        message: issue.message,
        params: { issue },
      })),
    });
    return { error };
  };

const en = z.locales.en().localeError;
const zh = z.locales.zhCN().localeError;

function localeText(fn: typeof en, issue: Issue): string | undefined {
  const out = fn(issue as never);
  return typeof out === 'string' ? out : out?.message;
}

/** The message of one issue in the caller's language: our `v.*` keys, else zod's own locale. */
export function localiseIssue(issue: Issue, lang: Lang): string {
  const own = VALIDATION_MESSAGES[issue.message];
  if (own) return own[lang];
  if (lang === 'zh-CN' && issue.message === localeText(en, issue)) return localeText(zh, issue) ?? issue.message;
  return issue.message;
}

export interface FieldError {
  path: string;
  message: string;
}

/** Fastify's validation error (from our compiler) as the `errors` list of a 400 answer. */
export function fieldErrors(
  validation: { instancePath: string; message?: string; params?: Record<string, unknown> }[],
  lang: Lang,
): FieldError[] {
  return validation.map((v) => {
    const issue = v.params?.issue as Issue | undefined;
    const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
    return { path, message: issue ? localiseIssue(issue, lang) : (v.message ?? '') };
  });
}
