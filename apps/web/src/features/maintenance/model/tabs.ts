import type { Access } from '../../../lib/access';

export const MAINTENANCE_TABS = ['orders', 'due', 'plans', 'workshops', 'reports'] as const;
export type MaintenanceTab = (typeof MAINTENANCE_TABS)[number];

/**
 * The office's elements: a user holding none of them (a workshop's sign-in: view and complete only) works on its
 * work orders and sees nothing else of the area.
 */
const OFFICE = [
  'maintenance:add',
  'maintenance:edit',
  'maintenance:delete',
  'maintenance:export',
  'maintenance:settle',
];

/** The tabs the user may open: the work orders always; the rest for the office, reading needs `maintenance:view`. */
export function maintenanceTabs(access: Pick<Access, 'can'>): MaintenanceTab[] {
  const office = OFFICE.some((code) => access.can(code));
  const view = access.can('maintenance:view');
  return MAINTENANCE_TABS.filter((tab) => {
    if (tab === 'orders') return true;
    if (!office) return false;
    if (tab === 'workshops') return view || access.can('maintenance:edit');
    return view;
  });
}
