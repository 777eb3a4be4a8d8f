import type { Access } from '../../../lib/access';

export const CRM_TABS = ['leads', 'followUps', 'funnel', 'surveys', 'settings'] as const;
export type CrmTab = (typeof CRM_TABS)[number];

/** The tabs the user may open: everything reads with `crm:view`; the settings change with `crm:edit`. */
export function crmTabs(access: Pick<Access, 'can'>): CrmTab[] {
  if (!access.can('crm:view')) return [];
  return CRM_TABS.filter((tab) => tab !== 'settings' || access.can('crm:edit'));
}

export { LEAD_VIEWS, type LeadView } from '@fleetdesk/contracts/crm';
