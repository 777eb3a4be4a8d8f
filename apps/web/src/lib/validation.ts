import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { VALIDATION_MESSAGES } from '@fleetdesk/contracts/validation';
import { currentLanguage } from './i18n';

type Issue = z.core.$ZodIssue;

/**
 * The text of a zod issue: the contracts' own `v.*` keys come from VALIDATION_MESSAGES (the same text the
 * server answers); zod's built-in checks are translated here.
 */
export function issueMessage(issue: Issue, t: TFunction): string {
  const own = VALIDATION_MESSAGES[issue.message];
  if (own) return own[currentLanguage()];
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? t('common:validation.required')
          : t('common:validation.tooShort', { min: issue.minimum });
      }
      return t('common:validation.tooSmall', { min: issue.minimum });
    case 'too_big':
      return issue.origin === 'string'
        ? t('common:validation.tooLong', { max: issue.maximum })
        : t('common:validation.tooBig', { max: issue.maximum });
    case 'invalid_format':
      return issue.format === 'email' ? t('common:validation.email') : t('common:validation.format');
    case 'invalid_type':
      return t('common:validation.required');
    // A value outside a list: what an empty select or radio group sends (a choice cannot hold anything else).
    case 'invalid_value':
      return t('common:validation.choose');
    default:
      return t('common:validation.format');
  }
}

/** Field -> first message, for a form validated with a contracts schema. */
export function fieldErrors(error: z.ZodError, t: TFunction): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    out[field] ??= issueMessage(issue, t);
  }
  return out;
}

/** An antd Form rule from a zod schema of one field. */
export function zodRule(schema: z.ZodType, t: TFunction) {
  return {
    validator: async (_: unknown, value: unknown) => {
      const result = schema.safeParse(value === '' ? undefined : value);
      if (!result.success) throw new Error(issueMessage(result.error.issues[0]!, t));
    },
  };
}
