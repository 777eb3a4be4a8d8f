import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { VEHICLE_VALIDATION_MESSAGES } from '@fleetdesk/contracts/vehicles';
import { currentLanguage } from '../../../lib/i18n';
import { issueMessage } from '../../../lib/validation';

const OWN: Record<string, { 'zh-CN': string; 'en-US': string }> = VEHICLE_VALIDATION_MESSAGES;

/**
 * The text of a zod issue of a vehicle schema. The area's `v.*` messages are read from the vehicles contracts
 * directly: the shared table they join may be another module instance in the build (see the report note).
 */
export function vehicleIssueText(issue: z.core.$ZodIssue, t: TFunction): string {
  return OWN[issue.message]?.[currentLanguage()] ?? issueMessage(issue, t);
}

/** An antd rule from the schema of one field. */
export function vehicleRule(schema: z.ZodType, t: TFunction) {
  return {
    validator: async (_: unknown, value: unknown) => {
      const result = schema.safeParse(value === '' ? undefined : value);
      if (!result.success) throw new Error(vehicleIssueText(result.error.issues[0]!, t));
    },
  };
}
