import { queryOptions } from '@tanstack/react-query';
import { SmsNoticePaths, type SmsSettings } from '@fleetdesk/contracts/sms-notices';
import { request } from '../../../lib/request';

/** Signature, daily quota and use today, price of a segment, and the gateway (sandbox or not). */
export function getSettings(): Promise<SmsSettings> {
  return request<SmsSettings>(SmsNoticePaths.settings);
}

export const settingsKey = ['sms-notices', 'settings'] as const;

export const settingsQuery = () =>
  queryOptions({ queryKey: settingsKey as readonly unknown[], queryFn: getSettings, staleTime: 10_000 });
