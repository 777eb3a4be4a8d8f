import { queryOptions } from '@tanstack/react-query';
import { SmsNoticePaths } from '@fleetdesk/contracts/sms-notices';
import { request } from '../../../lib/request';

export interface SmsVariable {
  key: string;
  /** In the caller's language. */
  title: string;
  example: string;
}

/** The variables a template may use, as `{key}`. */
export function getVariables(): Promise<SmsVariable[]> {
  return request<SmsVariable[]>(SmsNoticePaths.variables);
}

/** Titles are the server's text: asked for again in another language. */
export const variablesQuery = (lang: string) =>
  queryOptions({
    queryKey: ['sms-notices', 'variables', lang] as readonly unknown[],
    queryFn: getVariables,
    staleTime: Infinity,
  });
