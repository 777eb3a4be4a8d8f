/** Query keys of the company settings screen. */
export const companySettingsKey = ['company-settings'] as const;
// Roles, their details and the permission tree live under the shared roles key (lib/organisation-lists.ts).
export { rolesKey } from '../../../lib/organisation-lists';
