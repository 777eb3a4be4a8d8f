import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import { SmsNoticePaths, type SmsTemplate } from '@fleetdesk/contracts/sms-notices';
import { request } from '../../../lib/request';

export interface TemplateFilters {
  pageNum: number;
  pageSize: number;
  keyword?: string | undefined;
  status?: string | undefined;
}

/** The tenant's SMS templates, last changed first. */
export function getTemplates(f: TemplateFilters): Promise<Paged<SmsTemplate>> {
  return request<Paged<SmsTemplate>>(SmsNoticePaths.templates, { query: { ...f } });
}

export const templatesKey = ['sms-notices', 'templates'] as const;

export const templatesQuery = (f: TemplateFilters) =>
  queryOptions({ queryKey: [...templatesKey, f] as readonly unknown[], queryFn: () => getTemplates(f) });

/** The templates a notice can be written from: every active one (a tenant keeps a few dozen at most). */
export const activeTemplatesQuery = () => templatesQuery({ pageNum: 1, pageSize: 500, status: 'active' });
