/** Every query of the organisation area starts with this key. */
export const organisationKey = ['organisation'] as const;
export const employeesKey = [...organisationKey, 'employees'] as const;
// The rents, roles, departments and labels are the tenant's lists shared with other areas (lib/organisation-lists.ts).
export { departmentsKey, labelsKey, rentsKey, rolesKey } from '../../../lib/organisation-lists';
