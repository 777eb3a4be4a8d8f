import type { TFunction } from 'i18next';
import { MobilePhone } from '@fleetdesk/contracts/common';
import { issueMessage } from '../../../lib/validation';

/** The contracts' mobile-number rule as a field message (forms behind the sign-in screen only: it brings zod). */
export function mobileError(value: string, t: TFunction): string | null {
  const phone = MobilePhone.safeParse(value);
  return phone.success ? null : issueMessage(phone.error.issues[0]!, t);
}
