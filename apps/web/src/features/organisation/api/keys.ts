/** Every query of the organisation area starts with this key. */
export const organisationKey = ['organisation'] as const;
export const departmentsKey = [...organisationKey, 'departments'] as const;
export const employeesKey = [...organisationKey, 'employees'] as const;
export const rentsKey = [...organisationKey, 'rents'] as const;
export const labelsKey = [...organisationKey, 'labels'] as const;
export const rolesKey = [...organisationKey, 'roles'] as const;
