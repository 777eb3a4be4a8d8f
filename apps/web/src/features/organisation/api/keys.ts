/** Every query of the organisation area starts with this key. */
export const organisationKey = ['organisation'] as const;
export const departmentsKey = [...organisationKey, 'departments'] as const;
export const employeesKey = [...organisationKey, 'employees'] as const;
// The rents and roles are the tenant's lists shared with other areas (lib/organisation-lists.ts).
export { labelsKey, rentsKey, rolesKey } from '../../../lib/organisation-lists';
